import type { Point } from '../../core/geometry/points.ts';
import type { DiceSource } from '../../core/random/dice.ts';
import { type MoveResult, resolveMove } from '../../rulesets/macduff/procedures/movement.ts';
import type { MacduffFormation } from '../../rulesets/macduff/vocabulary.ts';
import type { ScenarioBasing } from '../scenario/schema.ts';
import { layout, onTable, overlapsOthers } from './geometry.ts';
import type { Readable } from './queries.ts';
import type { Anchor, MdUnit } from './state.ts';

/**
 * How far a unit's move may carry it along a line (5, 7): the run clear of other units and the table's
 * edge (shared by the move itself and by the moves offered), and the most and least its move roll allows
 * over the ground of the line.
 */

/** Units advance in steps this long when checking their path is clear (then the last step is refined). */
const PATH_STEP_INCHES = 0.5;

/**
 * How far along the line from the unit's anchor toward `to` (at most `inches`) it can go, ending facing
 * `facing`: every point of the way passable (`passable`: on the table and clear of enemies; it may pass
 * through friends, Muster's reading) and the end free (`free`: clear of every unit). Undefined if it
 * has no room even to take up that facing where it stands.
 */
export function clearRun(
  unit: Pick<MdUnit, 'anchor'>,
  to: Point,
  inches: number,
  facing: number,
  passable: (at: Anchor) => boolean,
  free: (at: Anchor) => boolean,
): number | undefined {
  const dx = to.x - unit.anchor.x;
  const dy = to.y - unit.anchor.y;
  const length = Math.hypot(dx, dy);
  const at = (d: number): Anchor => ({
    x: unit.anchor.x + (length === 0 ? 0 : (dx / length) * d),
    y: unit.anchor.y + (length === 0 ? 0 : (dy / length) * d),
    facing,
  });
  if (!passable(at(0))) return undefined;
  const want = Math.min(inches, length);
  let lo = 0;
  while (lo < want) {
    const next = Math.min(want, lo + PATH_STEP_INCHES);
    if (!passable(at(next))) {
      let hi = next;
      for (let i = 0; i < 8; i++) {
        const mid = (lo + hi) / 2;
        if (passable(at(mid))) lo = mid;
        else hi = mid;
      }
      break;
    }
    lo = next;
  }
  for (let d = lo; d > 0; d -= PATH_STEP_INCHES) if (free(at(d))) return d;
  return free(at(0)) ? 0 : undefined;
}

/** Whether the unit laid out in `formation` at `anchor` is on the table and clear of every unit but `except`. */
export function fitsOn(
  s: Pick<Readable, 'table'>,
  basing: ScenarioBasing,
  unit: MdUnit,
  formation: MacduffFormation,
  anchor: Anchor,
  except: readonly string[],
): boolean {
  const stands = layout(unit, formation, anchor, basing);
  return (
    stands !== undefined && onTable(s.table, stands) && !overlapsOthers(s.table, stands, [unit.id, ...except])
  );
}

/** The unit's friends still on the table (its own side's units but itself), whom its move may pass through. */
export function friendsOf(s: Readable, unit: MdUnit): string[] {
  return Object.values(s.units)
    .filter((u) => u.side === unit.side && u.offTable === undefined && s.table.units[u.id] !== undefined)
    .map((u) => u.id);
}

/** Dice that always throw their highest (`best`) or lowest total. */
const extremeDice = (best: boolean): DiceSource => ({
  roll: (spec) => {
    const values = spec.outcomes().map((o) => o.value);
    return best ? Math.max(...values) : Math.min(...values);
  },
});

/** The move a roll of the unit's highest or lowest total allows along the line of `facts` (its ground, obstacles). */
export function extremeMove(facts: Parameters<typeof resolveMove>[0], best: boolean): MoveResult {
  return resolveMove(facts, extremeDice(best));
}

/**
 * The farthest the unit could get along the line toward `to`, ending facing `facing`, on its best roll
 * (`allowance`, already walked over the ground): the run clear of units and the table's edge, or
 * undefined when it has no room to take up that facing.
 */
export function farthestRun(
  s: Readable,
  unit: MdUnit,
  to: Point,
  allowance: number,
  facing: number,
): number | undefined {
  const basing = s.scenario.basing;
  const friends = friendsOf(s, unit);
  return clearRun(
    unit,
    to,
    allowance,
    facing,
    (at) => fitsOn(s, basing, unit, unit.formation, at, friends),
    (at) => fitsOn(s, basing, unit, unit.formation, at, []),
  );
}
