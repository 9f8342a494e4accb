import { moveRateOf, resolveMove } from '../../rulesets/macduff/procedures/movement.ts';
import { fireOptionAllowed } from '../../rulesets/macduff/procedures/small-arms-fire.ts';
import { ARTILLERY_TABLE } from '../../rulesets/macduff/tables/artillery.ts';
import { CAVALRY_CHARGE_BONUS_INCHES, COLUMN_BONUS_INCHES } from '../../rulesets/macduff/tables/movement.ts';
import {
  FIRE_OPTIONS,
  FIRE_OPTIONS_TABLE,
  type FireOption,
  SMALL_ARMS_TABLE,
} from '../../rulesets/macduff/tables/small-arms.ts';
import { isArtillery, isCavalry } from '../../rulesets/macduff/vocabulary.ts';
import { inArc, unitDistance, unitsSeeEachOther } from './geometry.ts';
import type { MdGameState, MdUnit } from './state.ts';

/**
 * Questions about a state the rules, the legal commands and the computer all ask: what a unit may fire
 * at, charge, or answer a charge with. They read only what a side's view also holds.
 */
export type Readable = Pick<MdGameState, 'units' | 'table' | 'turn' | 'scenario'>;

/** Targets must be within 45 degrees of straight ahead (8.1, 9.1). */
export const FIRE_ARC_DEGREES = 45;
/** A charger wheels up to 45 degrees, then goes straight in (6.1). */
export const CHARGE_ARC_DEGREES = 45;
/** Shot and shell: beyond 6 feet no gun can hit (a d6 must reach the range in feet, with at most +1). */
export const SHOT_MAX_INCHES = 84;
/** Stands this close are in contact. */
export const CONTACT_INCHES = 0.5;

export function isOnTable(s: Readable, id: string): boolean {
  return s.units[id] !== undefined && s.units[id]!.offTable === undefined && s.table.units[id] !== undefined;
}

export function enemiesOf(s: Readable, unit: MdUnit): MdUnit[] {
  return Object.values(s.units).filter(
    (u) => u.side !== unit.side && isOnTable(s, u.id) && !(u.concealed && u.side !== unit.side),
  );
}

export function distanceBetween(s: Readable, a: string, b: string): number {
  return unitDistance(s.table, a, b);
}

/** The farthest a unit can shoot: its small arm's long range, 84" shot for field guns, 24" for a machine gun. */
export function maxRange(s: Readable, unit: MdUnit): number {
  if (unit.ratings.guns > 0)
    return unit.ratings.troop === 'machine-gun' ? ARTILLERY_TABLE.machineGun.range.inches : SHOT_MAX_INCHES;
  if (!unit.ratings.smallArm) return 0;
  return weaponRanges(s, unit).long;
}

export function weaponRanges(s: Readable, unit: MdUnit): { close: number; long: number } {
  const cls = unit.ratings.smallArm ?? 'smoothbore-musket';
  return s.scenario.overrides.smallArmRanges?.[cls] ?? SMALL_ARMS_TABLE.rows[cls];
}

/** Whether a unit is able to fire at all now (loaded, unlimbered, heavy guns on their turn). */
export function loaded(s: Readable, unit: MdUnit): boolean {
  if (unit.mustRallyToFire || unit.smoke >= 2 || unit.mustRally) return false;
  if (unit.ratings.guns > 0) {
    if (unit.formation === 'limbered' || unit.figures === 0 || unit.guns === 0) return false;
    return unit.ratings.troop !== 'heavy-gun' || unit.lastFiredTurn < s.turn - 1;
  }
  if (!unit.ratings.smallArm) return false;
  return !(unit.ratings.troop === 'heavy-cavalry');
}

/**
 * The enemy a unit must fire at (8.1): the nearest visible enemy within 45 degrees of its front and in
 * range; undefined if none.
 */
export function fireTarget(s: Readable, unit: MdUnit): MdUnit | undefined {
  const reach = maxRange(s, unit);
  let best: MdUnit | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const e of enemiesOf(s, unit)) {
    const d = distanceBetween(s, unit.id, e.id);
    if (d > reach || d >= bestD) continue;
    if (!inArc(unit.anchor, s.table.units[e.id]!.stands, FIRE_ARC_DEGREES)) continue;
    if (!unitsSeeEachOther(s.table, unit.id, e.id)) continue;
    best = e;
    bestD = d;
  }
  return best;
}

/** A regular in close order that has not fired since it rallied (8.4 c). */
export function freshCloseOrderRegular(unit: MdUnit): boolean {
  return (
    unit.ratings.troop === 'regular-infantry' &&
    (unit.formation === 'line' || unit.formation === 'column' || unit.formation === 'square') &&
    !unit.firedSinceRally
  );
}

/** The fire options open to a unit (8.4-8.7); guns simply fire. */
export function fireOptions(unit: MdUnit): FireOption[] {
  if (unit.ratings.guns > 0) return ['stand'];
  const weapon = unit.ratings.smallArm;
  if (!weapon) return [];
  return FIRE_OPTIONS.filter((o) => fireOptionAllowed(weapon, o, freshCloseOrderRegular(unit)));
}

/**
 * The fire option a skirmisher uses to fire and retreat (6.2): the first of its options that lets it
 * move half afterwards (8.4-8.6); undefined if it cannot fire now or has none.
 */
export function fireAndEvadeOption(s: Readable, unit: MdUnit): FireOption | undefined {
  if (unit.formation !== 'skirmish' || !loaded(s, unit)) return undefined;
  return fireOptions(unit).find((o) => FIRE_OPTIONS_TABLE.rows[o].moveHalf);
}

/** The most a unit could move on its best roll, charging (for what it might reach). */
export function bestReach(unit: MdUnit): number {
  const rate = moveRateOf(unit.ratings.troop);
  let inches = rate.inches + 6 * rate.dice;
  if (isCavalry(unit.ratings.troop)) inches += CAVALRY_CHARGE_BONUS_INCHES;
  if (unit.ratings.troop === 'regular-infantry' && unit.formation === 'column') inches += COLUMN_BONUS_INCHES;
  return inches;
}

/** Whether a unit may charge at all: foot and horse, not in square or shattered (6.1). */
export function mayCharge(unit: MdUnit): boolean {
  return (
    !isArtillery(unit.ratings.troop) && unit.formation !== 'square' && !unit.shattered && !unit.mustRally
  );
}

/** Enemies a unit could reach with a charge: in sight, within 45 degrees, within its best move. */
export function chargeTargets(s: Readable, unit: MdUnit): MdUnit[] {
  if (!mayCharge(unit)) return [];
  const reach = bestReach(unit);
  return enemiesOf(s, unit)
    .map((e) => ({ e, d: distanceBetween(s, unit.id, e.id) }))
    .filter(({ e, d }) => d <= reach && inArc(unit.anchor, s.table.units[e.id]!.stands, CHARGE_ARC_DEGREES))
    .filter(({ e }) => unitsSeeEachOther(s.table, unit.id, e.id))
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map(({ e }) => e);
}

/**
 * Whether a charged unit may react (6.2): not rallying, not shattered, and either not yet acted, or it
 * passed, or it reserved its fire (6.3, which lets it fire when charged although it has acted).
 */
export function mayReact(unit: MdUnit): boolean {
  return !unit.mustRally && !unit.shattered && (!unit.activated || unit.passed || unit.reservedFire);
}

/** A unit whose only answer to a charge is its reserved fire (6.3): it acted, did not pass, and held its fire. */
export function onlyReservedFire(unit: MdUnit): boolean {
  return unit.activated && !unit.passed && unit.reservedFire;
}

/** A unit's move allowance on a given roll of its dice (for the computer's estimates). */
export function averageMove(unit: MdUnit): number {
  const rate = moveRateOf(unit.ratings.troop, unit.formation === 'limbered' ? 'limbered' : 'manhandled');
  return resolveMove(
    {
      troop: unit.ratings.troop,
      formation: unit.formation,
      gunMove: unit.formation === 'limbered' ? 'limbered' : 'manhandled',
      charging: false,
      ground: 'open',
      crossesLinearObstacle: false,
      retiringFacingEnemy: false,
      changesFormation: false,
      fired: false,
    },
    { roll: () => Math.round(3.5 * rate.dice) },
  ).inches;
}
