/**
 * The stands of a unit that can fire at a target and the range they fire at (Part 4, Troops And
 * Figures Able To Fire; Angle Of Fire): the front rank (two ranks for bows and javelins) for small
 * arms, the guns whose arc holds the target for artillery.
 */
import { toRadians } from '../../../../core/geometry/angles.ts';
import { BOX_STRIDE, frontFaceOverlap } from '../../../../core/geometry/rectangles.ts';
import { boxMeetsSector } from '../../../../core/geometry/sectors.ts';
import { EPSILON } from '../../../../core/geometry/segments.ts';
import type { RangedWeapon } from '../../procedures/fire/range-band.ts';
import { SMALL_ARMS_WEAPON_DEFS } from '../../tables/small-arms.ts';
import type { JohnCompanySight } from '../line-of-sight.ts';
import { maximumRange, standFrontDistance } from './distances.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Artillery fires within 30 degrees either side of straight ahead (Part 4, Angle Of Fire). */
export const ARTILLERY_ARC_DEGREES = 30;
const ARTILLERY_HALF_ARC = toRadians(ARTILLERY_ARC_DEGREES);

/** The stands of a unit that can fire at a target, and the range they fire at. */
export interface FiringStands {
  /** Small arms: firing stands of the front rank; artillery: the crew stands of the guns that bear. */
  readonly frontRank: number;
  /** Bows and javelins: firing stands of the second rank (0 otherwise). */
  readonly secondRank: number;
  /** Artillery: the gun models that bear (0 for small arms). */
  readonly guns: number;
  /** Stand indices (in the firer) that fire: for artillery, the guns. */
  readonly stands: readonly number[];
  /** Shortest range from a firing stand's front face to a target stand it fires at (Infinity when none). */
  readonly distance: number;
}

export interface FiringOptions {
  /**
   * Checks each firing stand's line of sight, skirmish screens included (`firesIndex`); without it every
   * line is taken as clear.
   */
  readonly sight?: JohnCompanySight;
}

/** The crew stands serving gun `gunId`. */
function crewsOf(u: UnitGeometry, gunId: string): number {
  let n = 0;
  for (const s of u.unit.stands) if (s.kind === 'crew' && s.serves === gunId) n++;
  return n;
}

/**
 * The ranks that fire with each small arm (`SMALL_ARMS_WEAPON_DEFS`); no entry for artillery. A `Map`,
 * so that asking with one weapon after another is one kind of lookup for the optimising compiler (an
 * object's property named by a different string each time is compiled again for each new name).
 */
const SMALL_ARM_RANKS: ReadonlyMap<RangedWeapon, number> = new Map(
  Object.values(SMALL_ARMS_WEAPON_DEFS).map((d) => [d.id, d.ranks]),
);

/** Whether `target` stand `j` is in the sight of `firer` stand `i` (every line is clear without a sight). */
function sees(
  sight: JohnCompanySight | undefined,
  firer: UnitGeometry,
  i: number,
  target: UnitGeometry,
  j: number,
): boolean {
  return (
    !sight ||
    sight.firesIndex(
      sight.index.standIndex(firer.unit.stands[i]!.id),
      sight.index.standIndex(target.unit.stands[j]!.id),
    )
  );
}

/**
 * Which stands of `firer` can fire at `target` with `weapon` (Part 4, Troops And Figures Able To Fire;
 * Angle Of Fire), measuring to the target's gun models when it has any:
 * - small arms: stands of the front rank (the first two for bows and javelins) whose front face's
 *   projection straight ahead overlaps some part of a target stand, within the weapon's extreme range
 *   and (with a sight) seeing that stand; a second-rank stand sees with the front-rank stand of its
 *   file, if there is one; a battery with a small arm (Zambureks, swivel guns) aims from its gun models'
 *   front faces the same way and fires with their crew stands;
 * - artillery (deployed only): each gun of the front rank whose 60-degree arc (30 either side of its
 *   facing, from the middle of its front edge) holds some part of a target stand within range and in
 *   sight; its crew stands are the stands firing.
 */
export function firingStands(
  firer: UnitGeometry,
  weapon: RangedWeapon,
  target: UnitGeometry,
  options: FiringOptions = {},
): FiringStands {
  const measured = target.measured;
  const reach = maximumRange(weapon) + EPSILON;
  const sight = options.sight;
  const stands: number[] = [];
  let distance = Number.POSITIVE_INFINITY;
  const ranks = SMALL_ARM_RANKS.get(weapon);
  if (ranks === undefined) {
    if (firer.formation !== 'artillery-deployed')
      return { frontRank: 0, secondRank: 0, guns: 0, stands, distance };
    let crews = 0;
    for (let i = 0; i < firer.count; i++) {
      const gun = firer.unit.stands[i]!;
      if (gun.kind !== 'gun' || firer.firingRank[i] !== 0) continue;
      const b = i * BOX_STRIDE;
      const c = firer.boxes[b + 2]!;
      const s = firer.boxes[b + 3]!;
      const apexX = firer.boxes[b]! + c * firer.boxes[b + 5]!;
      const apexY = firer.boxes[b + 1]! + s * firer.boxes[b + 5]!;
      let best = Number.POSITIVE_INFINITY;
      for (let j = 0; j < target.count; j++) {
        if (!measured[j]) continue;
        if (!boxMeetsSector(apexX, apexY, c, s, ARTILLERY_HALF_ARC, target.boxes, j * BOX_STRIDE)) continue;
        const d = standFrontDistance(firer, i, target, j);
        if (d <= reach && d < best && sees(sight, firer, i, target, j)) best = d;
      }
      if (best === Number.POSITIVE_INFINITY) continue;
      stands.push(i);
      if (best < distance) distance = best;
      crews += crewsOf(firer, gun.id);
    }
    return { frontRank: crews, secondRank: 0, guns: stands.length, stands, distance };
  }
  let frontRank = 0;
  let secondRank = 0;
  for (let i = 0; i < firer.count; i++) {
    const rank = firer.firingRank[i]!;
    if (rank >= ranks) continue;
    const st = firer.unit.stands[i]!;
    // A battery's crews and limbers fire through their guns (below).
    if (st.kind === 'limber' || (st.kind === 'crew' && st.serves !== undefined)) continue;
    // A second-rank stand sees with the front-rank stand of its file, where there is one.
    let eye = i;
    if (rank === 1)
      for (let k = 0; k < firer.count; k++)
        if (firer.firingRank[k] === 0 && firer.unit.stands[k]!.file === st.file) eye = k;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < target.count; j++) {
      if (!measured[j]) continue;
      if (frontFaceOverlap(st, target.unit.stands[j]!) <= EPSILON) continue;
      const d = standFrontDistance(firer, i, target, j);
      if (d <= reach && d < best && sees(sight, firer, eye, target, j)) best = d;
    }
    if (best === Number.POSITIVE_INFINITY) continue;
    stands.push(i);
    if (best < distance) distance = best;
    // A gun model with a small arm (Zambureks, swivel guns) fires with its crew stands.
    const firing = st.kind === 'gun' ? crewsOf(firer, st.id) : 1;
    if (rank === 0) frontRank += firing;
    else secondRank += firing;
  }
  return { frontRank, secondRank, guns: 0, stands, distance };
}
