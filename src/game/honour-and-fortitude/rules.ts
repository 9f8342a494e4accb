import { angleBetween, bearing } from '../../core/geometry/angles.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import type {
  FireFacts,
  FireSituationModifierId,
} from '../../rulesets/honour-and-fortitude/procedures/fire.ts';
import type { MeleeFacts } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import {
  movementColumnOf,
  resolveMovement,
} from '../../rulesets/honour-and-fortitude/procedures/movement-allowance.ts';
import { troopClassOf } from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import type { MeleeAdvantageId } from '../../rulesets/honour-and-fortitude/tables/melee.ts';
import type { MoraleModifierId } from '../../rulesets/honour-and-fortitude/tables/morale.ts';
import { rangeBandAt } from '../../rulesets/honour-and-fortitude/tables/ranges.ts';
import type { Ground, MovementColumn, OrderState } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import { centreOf, coverOf, isDeep, quarterOf } from './geometry.ts';
import { canSee } from './sight.ts';
import { type HfFormation, type HfGameState, type HfUnit, isFighting, orderOf } from './state.ts';

/**
 * The facts each Honour & Fortitude procedure needs, read from the table (docs/rules/honour-and-fortitude.md,
 * "The whole battle"): movement allowances, fire, melee and morale modifiers. Pure functions of the units.
 */

/** Enemies within this many inches count for "enemy to flank / rear" (Muster's reading). */
export const THREAT_RANGE = 12;
/** Friendly routers within this many inches: "friends in rout", and the 12" of the rout test trigger. */
export const ROUT_RANGE = 12;
/** Friendly units within this many inches support (H&F QRS, Morale). */
export const SUPPORT_RANGE = 8;
/** A General is present with a unit within this many inches of the unit he rides with (Muster's reading). */
export const GENERAL_RANGE = 6;
/** Attackers stop this far from the enemy (H&F QRS, Attacks); other moves may not end closer. */
export const ATTACK_STANDOFF = 6;
/** A target is in a firer's arc within this many degrees of its facing, from its centre (Muster's reading). */
export const FIRE_ARC = 60;

type Units = Readonly<Record<string, HfUnit>>;

/** The Movement table row for a unit in a formation. */
export function troopClassIn(unit: HfUnit, formation: HfFormation) {
  return troopClassOf(unit.ratings, unit.arm, formation);
}

/** The column a unit moves in: its state's, or Plodders. Routers move as Aggressive (Run!). */
export function columnOf(unit: HfUnit): MovementColumn {
  if (unit.ratings.plodders) return 'plodders';
  if (unit.condition === 'routing') return 'aggressive';
  return movementColumnOf(unit.condition);
}

/** Inches and resulting order for a unit moving over `ground` in `formation`, from a given column. */
export function allowance(
  unit: HfUnit,
  formation: HfFormation,
  ground: Ground,
  column: MovementColumn = columnOf(unit),
) {
  return resolveMovement(
    {
      troopClass: troopClassIn(unit, formation),
      column,
      ground,
      mounted: unit.arm !== 'infantry',
      skirmishers: formation === 'skirmish',
    },
    undefined,
  );
}

/** The slower of a unit's move in its old and new formation (Muster's reading for a change of formation). */
export function moveAllowance(
  unit: HfUnit,
  formation: HfFormation,
  ground: Ground,
): { inches: number; order: OrderState } {
  const now = allowance(unit, unit.formation, ground);
  const then = allowance(unit, formation, ground);
  return now.inches <= then.inches ? now : then;
}

/** Figures that fire: for guns every gunner; otherwise the front rank of stands (two ranks of figures). */
export function firersOf(unit: HfUnit): number {
  if (unit.arm === 'artillery') return unit.figures;
  const front = unit.stands.filter((s) => s.rank === 0).length;
  return Math.min(unit.figures, front * unit.figuresPerStand);
}

/** Figures in the front rank for melee: half a foot stand's figures (two ranks), all of a mounted or gun stand's. */
export function frontRankFigures(unit: HfUnit): number {
  const front = unit.stands.filter((s) => s.rank === 0 && s.kind !== 'limber').length;
  const perStand = unit.arm === 'infantry' ? Math.ceil(unit.figuresPerStand / 2) : unit.figuresPerStand;
  return Math.max(1, Math.min(unit.figures, front * perStand));
}

/** Whether `target` lies in `firer`'s arc: a stand centre within 60° of its facing. */
export function inArc(firer: HfUnit, target: HfUnit): boolean {
  const c = centreOf(firer.stands);
  return target.stands.some((s) => angleBetween(firer.facing, bearing(c.x, c.y, s.x, s.y)) <= FIRE_ARC);
}

/** The fire procedure's facts for `firer` shooting at `target`, or undefined if it may not. */
export function fireFactsFor(
  state: Pick<HfGameState, 'scenario'>,
  units: Units,
  firer: HfUnit,
  target: HfUnit,
  options: { defensive?: boolean } = {},
): FireFacts | undefined {
  const weapon = firer.ratings.weapon;
  if (weapon === null || firer.formation === 'limbered' || !isFighting(firer) || target.gone)
    return undefined;
  const inches = groupDistance(firer.stands, target.stands);
  if (!options.defensive) {
    if (rangeBandAt(weapon, inches) === undefined || !inArc(firer, target)) return undefined;
    if (!canSee({ scenario: state.scenario, units }, firer, target)) return undefined;
  }
  const modifiers: AppliedModifier<FireSituationModifierId>[] = [];
  const order = orderOf(firer);
  if (order === 'disordered') modifiers.push({ id: 'firers-disordered' });
  if (order === 'confused') modifiers.push({ id: 'firers-confused' });
  if (firer.moved && !options.defensive) modifiers.push({ id: 'firers-moving' });
  if (isDeep(target.formation)) modifiers.push({ id: 'deep-target' });
  if (
    target.formation === 'skirmish' ||
    target.formation === 'open-line' ||
    target.formation === 'open-column'
  )
    modifiers.push({ id: 'open-order-target' });
  const cover = coverOf(state.scenario.terrain, target.stands);
  if (cover === 'soft') modifiers.push({ id: 'target-in-soft-cover' });
  if (cover === 'hard') modifiers.push({ id: 'target-in-hard-cover' });
  return {
    weapon,
    firers: firersOf(firer),
    moraleAndDrill: firer.ratings.morale + firer.ratings.drill,
    // Defensive fire is at close range (H&F QRS, Attacks).
    inches: options.defensive ? 0 : Math.round(inches * 100) / 100,
    modifiers,
  };
}

/**
 * Whether a unit may attack, or counter-attack (H&F QRS, Attacks and Melees): foot and horse, not guns.
 * The sheet's attacks are made by troops who close to melee; gunners appear in it only as a disadvantage
 * of those caught fighting at their guns, and the guns' own part is to fire (Muster's reading).
 */
export function mayAttack(unit: Pick<HfUnit, 'arm'>): boolean {
  return unit.arm !== 'artillery';
}

/** Why a morale test is taken, and what the occasion adds. */
export interface MoraleOccasion {
  readonly reason:
    | 'declaring-attack'
    | 'receiving-attack'
    | 'fire'
    | 'lost-melee'
    | 'friends-rout'
    | 'explosion'
    | 'c-in-c-fell'
    | 'rally';
  readonly artillery?: boolean;
  readonly elephants?: boolean;
}

/** The morale modifiers that apply to `unit` on the table (H&F QRS, Morale). */
export function moraleModifiers(
  state: Pick<HfGameState, 'scenario' | 'generals'>,
  units: Units,
  unit: HfUnit,
  occasion: MoraleOccasion,
): AppliedModifier<MoraleModifierId>[] {
  const mods: AppliedModifier<MoraleModifierId>[] = [];
  const order = orderOf(unit);
  if (order === 'disordered') mods.push({ id: 'in-disorder' });
  const lossFifths = Math.floor((5 * (unit.startFigures - unit.figures)) / unit.startFigures);
  if (lossFifths > 0) mods.push({ id: 'each-20-percent-loss', count: Math.min(5, lossFifths) });
  let friendsInRout = false;
  let flank = false;
  let rear = false;
  let supports = false;
  for (const other of Object.values(units)) {
    if (other.gone || other.id === unit.id) continue;
    if (other.side === unit.side) {
      if (other.condition === 'routing') {
        if (!friendsInRout && groupDistance(unit.stands, other.stands, ROUT_RANGE) <= ROUT_RANGE)
          friendsInRout = true;
      } else if (!supports && groupDistance(unit.stands, other.stands, SUPPORT_RANGE) <= SUPPORT_RANGE)
        supports = true;
    } else if (other.condition !== 'routing' && (!flank || !rear)) {
      if (groupDistance(unit.stands, other.stands, THREAT_RANGE) > THREAT_RANGE) continue;
      const c = centreOf(other.stands);
      const q = quarterOf(unit, c.x, c.y);
      if (q === 'flank') flank = true;
      if (q === 'rear') rear = true;
    }
  }
  if (friendsInRout) mods.push({ id: 'friends-in-rout' });
  if (flank) mods.push({ id: 'enemy-to-flank' });
  if (occasion.artillery) mods.push({ id: 'under-artillery-fire' });
  if (order === 'confused') mods.push({ id: 'in-confusion' });
  if (rear) mods.push({ id: 'enemy-to-rear' });
  if (occasion.elephants) mods.push({ id: 'facing-charging-elephants' });
  if (generalPresent(state, units, unit)) mods.push({ id: 'general-present' });
  const cover = coverOf(state.scenario.terrain, unit.stands);
  if (unit.formation === 'square' || cover === 'soft') mods.push({ id: 'in-square-or-soft-cover' });
  if (supports) mods.push({ id: 'supports-within-8' });
  if (cover === 'hard') mods.push({ id: 'in-hard-cover' });
  return mods;
}

/** Whether one of the side's Generals rides with a unit within 6" of this one. */
export function generalPresent(state: Pick<HfGameState, 'generals'>, units: Units, unit: HfUnit): boolean {
  for (const g of state.generals) {
    if (g.side !== unit.side || g.with === null) continue;
    if (g.with === unit.id) return true;
    const host = units[g.with];
    if (host && !host.gone && groupDistance(host.stands, unit.stands, GENERAL_RANGE) <= GENERAL_RANGE)
      return true;
  }
  return false;
}

/** The melee procedure's facts for a round between two units (H&F QRS, Melees). */
export function meleeFactsFor(
  state: Pick<HfGameState, 'scenario'>,
  attacker: HfUnit,
  defender: HfUnit,
  round: number,
  charging: { readonly attacker: boolean; readonly defender: boolean },
): MeleeFacts {
  const a = frontRankFigures(attacker);
  const d = frontRankFigures(defender);
  const side = (me: HfUnit, them: HfUnit, charges: boolean) => {
    const adv: AppliedModifier<MeleeAdvantageId>[] = [];
    if (charges && round === 1 && me.arm === 'infantry') adv.push({ id: 'charging-infantry' });
    if (me.ratings.elephant) adv.push({ id: 'elephant' });
    if (me.ratings.heavyCavalry) adv.push({ id: 'heavy-cavalry' });
    if (me.arm === 'infantry' && me.ratings.bayonets && orderOf(me) === 'good-order')
      adv.push({ id: 'good-order-infantry-bayonets' });
    if (round === 1 && me.ratings.morale > them.ratings.morale) adv.push({ id: 'higher-morale-first-round' });
    if (round > 1 && me.ratings.drill > them.ratings.drill) adv.push({ id: 'higher-drill-later-rounds' });
    if (me.condition === 'heroic') adv.push({ id: 'heroic' });
    const order = orderOf(me);
    if (order === 'disordered') adv.push({ id: 'in-disorder' });
    if (order === 'confused') adv.push({ id: 'in-confusion' });
    const cover = coverOf(state.scenario.terrain, them.stands);
    if (cover === 'soft') adv.push({ id: 'enemy-in-soft-cover' });
    if (cover === 'hard') adv.push({ id: 'enemy-in-hard-cover' });
    if (me.arm === 'artillery') adv.push({ id: 'gunners' });
    return adv;
  };
  return {
    attacker: { figures: Math.min(a, d + 2), advantages: side(attacker, defender, charging.attacker) },
    defender: { figures: Math.min(d, a + 2), advantages: side(defender, attacker, charging.defender) },
  };
}
