import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { artilleryFire } from './artillery-fire.ts';
import { combat } from './combat.ts';
import { commandRoll } from './command-roll.ts';
import { commanderLoss } from './commander-loss.ts';
import { dpointsProcedure, redress } from './dpoints.ts';
import { infantryFire } from './infantry-fire.ts';
import { morale } from './morale.ts';
import { movement } from './movement.ts';

/** Every command-point procedure a referee can resolve, in the order of the turn sequence. */
export const COMMAND_POINTS_PROCEDURES: readonly AnyProcedure[] = [
  morale,
  commandRoll,
  movement,
  redress,
  artilleryFire,
  infantryFire,
  combat,
  dpointsProcedure,
  commanderLoss,
];
