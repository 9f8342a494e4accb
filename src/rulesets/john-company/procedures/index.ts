import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { caracole } from './caracole.ts';
import { chargeTest } from './charge-test.ts';
import { commandersEvent } from './commanders-event.ts';
import { confrontation } from './confrontation/index.ts';
import { counterBattery, postBattleGunDamage } from './counter-battery.ts';
import { defendersVolley } from './defenders-volley.ts';
import { artilleryFire } from './fire/artillery.ts';
import { rangeBand } from './fire/range-band.ts';
import { smallArmsFire } from './fire/small-arms.ts';
import { generalMovement } from './general-movement.ts';
import { movementAllowance } from './movement-allowance/index.ts';
import { officerCasualty } from './officer-casualty.ts';
import { ordersDraw } from './orders-draw.ts';
import { pursuitCatch } from './pursuit.ts';
import { rallyTest } from './rally-test.ts';
import { reactionTest } from './reaction-test.ts';
import { regainControl } from './regain-control.ts';
import { replacementOfficer } from './replacement-officer.ts';
import { skirmishersCaught } from './skirmishers-caught.ts';
import { unitEvent } from './unit-event/index.ts';

/** Every John Company procedure a referee can resolve, in the order of the sequence of play. */
export const JOHN_COMPANY_PROCEDURES: readonly AnyProcedure[] = [
  ordersDraw,
  commandersEvent,
  unitEvent,
  reactionTest,
  chargeTest,
  movementAllowance,
  generalMovement,
  rangeBand,
  smallArmsFire,
  artilleryFire,
  counterBattery,
  defendersVolley,
  confrontation,
  caracole,
  skirmishersCaught,
  pursuitCatch,
  rallyTest,
  regainControl,
  officerCasualty,
  replacementOfficer,
  postBattleGunDamage,
];
