import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { canister, machineGun, shotAndShell } from './artillery-fire.ts';
import { casualtiesProcedure } from './casualties.ts';
import { spotting } from './concealment.ts';
import { controlCheck } from './control-check.ts';
import { breach, demolition } from './engineering.ts';
import { melee } from './melee.ts';
import { casualtyRecovery, surrender } from './morale.ts';
import { movement } from './movement.ts';
import { personalityRoll } from './personality.ts';
import { smallArmsFire } from './small-arms-fire.ts';

/** Every MacDuff procedure a referee can resolve, in the order of the rules. */
export const MACDUFF_PROCEDURES: readonly AnyProcedure[] = [
  controlCheck,
  personalityRoll,
  movement,
  spotting,
  smallArmsFire,
  canister,
  shotAndShell,
  machineGun,
  breach,
  casualtiesProcedure,
  melee,
  surrender,
  casualtyRecovery,
  demolition,
];
