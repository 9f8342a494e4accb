import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { d6 } from '../../core/random/rolls.ts';
import { type FireFacts, fire } from '../../rulesets/honour-and-fortitude/procedures/fire.ts';
import { meleeRound } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import { moraleTest } from '../../rulesets/honour-and-fortitude/procedures/morale-test.ts';
import { resolveExplosion } from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import { EXPLOSION_RADIUS } from '../../rulesets/honour-and-fortitude/tables/casualties.ts';
import type { MoraleResult } from '../../rulesets/honour-and-fortitude/tables/morale.ts';
import { GENERAL_FALLS } from '../../rulesets/honour-and-fortitude/tables/reconstruction.ts';
import type { MovementColumn, OrderState } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import type { Edge } from '../scenario/schema.ts';
import type { Draft, Throw } from './draft.ts';
import { ahead, centreOf, layout, layoutAfterLosses, MIN_GAP, onTable, standsApart } from './geometry.ts';
import {
  allowance,
  fireFactsFor,
  type MoraleOccasion,
  meleeFactsFor,
  moraleModifiers,
  ROUT_RANGE,
} from './rules.ts';
import { type HfGameState, type HfUnit, isFighting } from './state.ts';

/**
 * The consequences of fire, melee and morale on a draft state (H&F QRS, Firing, Melees, Morale, and
 * Muster's reconstruction of Retire, Panic! and Run!).
 */

/** The facing that looks away from a base edge, into the table. */
export const FACING_FROM_EDGE: Readonly<Record<Edge, number>> = { south: 90, north: 270, west: 0, east: 180 };

/** Results that let a unit carry on with what it was doing. */
export function carriesOn(result: MoraleResult): boolean {
  return result.startsWith('become-') || result === 'obey-orders';
}

const ORDER_RANK: Readonly<Record<OrderState, number>> = { 'good-order': 0, disordered: 1, confused: 2 };
export const worseOrder = (a: OrderState, b: OrderState): OrderState =>
  ORDER_RANK[b] > ORDER_RANK[a] ? b : a;

/** Whether the unit's stands are clear of every other unit's on the table. */
export function clearOfOthers(
  units: Readonly<Record<string, HfUnit>>,
  id: string,
  stands: HfUnit['stands'],
): boolean {
  for (const other of Object.values(units)) {
    if (other.gone || other.id === id) continue;
    if (!standsApart(stands, other.stands, MIN_GAP)) return false;
  }
  return true;
}

/** Ends any melee the unit is in (both sides). */
function breakMelee(d: Draft, unit: HfUnit): void {
  if (unit.meleeWith !== null) {
    const other = d.units[unit.meleeWith];
    if (other?.meleeWith === unit.id) d.update(other.id, { meleeWith: null, meleeRounds: 0 });
    d.update(unit.id, { meleeWith: null, meleeRounds: 0 });
  }
}

/**
 * Moves a unit `inches` in `direction` and turns it to `facing`, as far as it can without touching
 * another unit (trying shorter moves inch by inch). A router whose move would carry it off the table
 * leaves it; others stop at the edge.
 */
export function fallBack(
  d: Draft,
  id: string,
  direction: number,
  facing: number,
  inches: number,
  how: 'retire' | 'panic' | 'run',
): void {
  const unit = d.unit(id);
  const origin = how === 'retire' ? { x: unit.x, y: unit.y } : centreOf(unit.stands);
  const { width, depth } = d.base.scenario;
  for (let go = inches; go >= 0; go -= 1) {
    const to = ahead(origin.x, origin.y, direction, go);
    const stands = layout({ ...unit, ...to, facing }, d.base.scenario.basing);
    if (!stands) continue;
    if (!onTable(stands, width, depth)) {
      if (how === 'retire') continue;
      breakMelee(d, unit);
      d.update(id, { gone: true, attacking: null });
      d.emit({ type: 'left-the-table', unit: id });
      return;
    }
    if (!clearOfOthers(d.units, id, stands)) continue;
    if (go === 0 && how === 'retire') return;
    d.update(id, { ...to, facing, stands, moved: true });
    d.emit({ type: 'fell-back', unit: id, how, inches: go });
    return;
  }
}

function compulsoryInches(unit: HfUnit, column: MovementColumn): number {
  return allowance(unit, unit.formation, 'open', column).inches;
}

/** A routing unit runs (or a panicking one flees) towards its own base edge. */
export function flee(d: Draft, id: string, how: 'panic' | 'run'): void {
  const unit = d.unit(id);
  const edge = d.base.scenario.sides.find((s) => s.id === unit.side)!.baseEdge;
  const away = (FACING_FROM_EDGE[edge] + 180) % 360;
  const column = how === 'panic' ? d.base.scenario.compulsory.panic : d.base.scenario.compulsory.run;
  fallBack(d, id, away, away, compulsoryInches(unit, column), how);
}

/**
 * A morale test on the table: the procedure with the modifiers the table gives, and its result
 * applied. Returns the result. A Panic! makes friends of no better Morale within 12" test in turn.
 */
export function testMorale(
  d: Draft,
  id: string,
  occasion: MoraleOccasion,
  tested = new Set<string>(),
): MoraleResult {
  const unit = d.unit(id);
  tested.add(id);
  const r = d.throwFor(
    moraleTest,
    {
      condition: unit.condition,
      morale: unit.ratings.morale,
      modifiers: moraleModifiers(d.base, d.units, unit, occasion),
    },
    (t) => `${t.result} ${t.condition}`,
  );
  d.update(id, { condition: r.condition });
  d.emit({
    type: 'morale-tested',
    unit: id,
    reason: occasion.reason,
    modified: r.modified,
    result: r.result,
    condition: r.condition,
  });
  switch (r.result) {
    case 'halt':
      d.update(id, { orders: 'hold', attacking: null });
      break;
    case 'retire': {
      const u = d.update(id, { orders: 'hold', attacking: null });
      breakMelee(d, u);
      fallBack(
        d,
        id,
        (u.facing + 180) % 360,
        u.facing,
        compulsoryInches(u, d.base.scenario.compulsory.retire),
        'retire',
      );
      break;
    }
    case 'panic': {
      const u = d.update(id, { attacking: null, orders: 'hold', routedOnTurn: d.base.turn });
      breakMelee(d, u);
      flee(d, id, 'panic');
      friendsTest(d, d.unit(id), tested);
      break;
    }
    case 'halt-disordered':
    case 'halt-confused':
      d.update(id, {
        orders: 'hold',
        disorder: worseOrder(unit.disorder, r.result === 'halt-disordered' ? 'disordered' : 'confused'),
      });
      break;
    default:
      break;
  }
  return r.result;
}

/** Friendly units within 12" of a new router, of no better Morale than it, test (H&F QRS, Morale). */
function friendsTest(d: Draft, router: HfUnit, tested: Set<string>): void {
  for (const other of Object.values(d.units)) {
    if (other.side !== router.side || tested.has(other.id) || !isFighting(other)) continue;
    if (other.ratings.morale > router.ratings.morale) continue;
    if (groupDistance(router.stands, other.stands, ROUT_RANGE) > ROUT_RANGE) continue;
    if (!isFighting(d.unit(other.id))) continue;
    testMorale(d, other.id, { reason: 'friends-rout' }, tested);
  }
}

/**
 * The Generals riding with a unit run their risk (Muster's reading of "if the C in C falls",
 * `GENERAL_FALLS`): a d6 each, falling at or under the occasion's number. A fallen General is out of the
 * battle; when the C-in-C falls, every unit of his side still fighting tests morale (H&F QRS, Morale).
 */
export function riskToGenerals(d: Draft, unitId: string, occasion: 'lost-melee' | 'unit-destroyed'): void {
  const fallsAtMost = occasion === 'lost-melee' ? GENERAL_FALLS.lostMelee : GENERAL_FALLS.unitDestroyed;
  for (const g of d.generals) {
    if (g.fallen || g.with !== unitId) continue;
    const fell = d.throwFor(GENERAL_RISK, { general: g.id, fallsAtMost }, String);
    d.emit({
      type: 'general-at-risk',
      general: g.id,
      unit: unitId,
      occasion,
      fell,
      commanderInChief: g.commanderInChief,
    });
    if (!fell) continue;
    d.generals = d.generals.map((x) => (x.id === g.id ? { ...x, with: null, fallen: true } : x));
    if (!g.commanderInChief) continue;
    const tested = new Set<string>();
    for (const u of Object.values(d.units))
      if (u.side === g.side && !tested.has(u.id) && isFighting(d.unit(u.id)))
        testMorale(d, u.id, { reason: 'c-in-c-fell' }, tested);
  }
}

/** A General's risk: a d6, falling at or under `fallsAtMost`. */
const GENERAL_RISK: Throw<{ general: string; fallsAtMost: number }, boolean> = {
  resolve: (facts, dice) => dice.roll(d6, `general-${facts.general}`) <= facts.fallsAtMost,
};

/**
 * Removes figures (gunners) from a unit; at none it is destroyed. Stands shrink with it, from the rear,
 * never into another unit's ground (`layoutAfterLosses`).
 */
export function takeLosses(d: Draft, id: string, figures: number): void {
  if (figures <= 0) return;
  const unit = d.unit(id);
  const left = Math.max(0, unit.figures - figures);
  if (left === 0) {
    breakMelee(d, unit);
    d.update(id, { figures: 0, gone: true, attacking: null });
    d.emit({ type: 'destroyed', unit: id });
    riskToGenerals(d, id, 'unit-destroyed');
    return;
  }
  const others = Object.values(d.units)
    .filter((u) => u.id !== id && !u.gone)
    .map((u) => u.stands);
  const stands = layoutAfterLosses(unit, left, d.base.scenario.basing, others);
  d.update(id, { figures: left, stands });
}

/**
 * The fire procedure's facts for `firerId` shooting at `targetId` on a table of units, or undefined if it
 * may not fire: what `fireAt` resolves with, so a command's checks and odds preview (apply.ts, odds.ts)
 * use exactly the facts its fire is rolled with.
 */
export function fireFactsAt(
  state: Pick<HfGameState, 'scenario'>,
  units: Readonly<Record<string, HfUnit>>,
  firerId: string,
  targetId: string,
  defensive: boolean,
): FireFacts | undefined {
  return fireFactsFor(state, units, units[firerId]!, units[targetId]!, { defensive });
}

/** One unit fires at another (H&F QRS, Firing): casualties, explosions, and the target's morale test. */
export function fireAt(d: Draft, firerId: string, targetId: string, defensive: boolean): number {
  const firer = d.unit(firerId);
  const target = d.unit(targetId);
  // Sight is cached by the record of units: give it one that stays as it is now.
  const facts = fireFactsAt(d.base, d.sharedUnits(), firerId, targetId, defensive);
  if (!facts) return 0;
  const r = d.throwFor(fire, facts, (f) => `${f.hits} ${f.casualties}`);
  if (!defensive) d.update(firerId, { fired: true });
  d.emit({
    type: 'fired',
    unit: firerId,
    target: targetId,
    band: r.band,
    hits: r.hits,
    casualties: r.casualties,
    defensive,
  });
  takeLosses(d, targetId, r.casualties);
  const artillery = firer.arm === 'artillery';
  if (artillery && target.arm === 'artillery' && r.hits > 0 && !d.unit(targetId).gone) {
    const guns = d.unit(targetId).stands.filter((s) => s.kind === 'gun').length;
    const blast = resolveExplosion({ piecesHit: Math.max(1, Math.min(r.hits, guns)) }, d.dice);
    if (blast.explosions > 0) {
      d.emit({ type: 'ammunition-exploded', unit: targetId, explosions: blast.explosions });
      takeLosses(d, targetId, blast.gunnersLost);
      const site = d.unit(targetId);
      const tested = new Set<string>();
      for (const other of Object.values(d.units))
        if (
          isFighting(other) &&
          !tested.has(other.id) &&
          groupDistance(site.stands, other.stands, EXPLOSION_RADIUS) <= EXPLOSION_RADIUS
        )
          if (isFighting(d.unit(other.id)))
            testMorale(d, other.id, { reason: 'explosion', artillery: true }, tested);
    }
  }
  const after = d.unit(targetId);
  if (r.casualties > 0 && isFighting(after)) testMorale(d, targetId, { reason: 'fire', artillery });
  return r.casualties;
}

/**
 * One round of melee (H&F QRS, Melees): the procedure, kills removed, the loser Disordered or Confused
 * and testing morale; if it carries on (or nobody lost) the melee goes on next turn, otherwise a
 * halted loser gives ground as if retiring (Muster's reading) and the melee ends.
 */
export function fightRound(
  d: Draft,
  attackerId: string,
  defenderId: string,
  round: number,
  charging: { attacker: boolean; defender: boolean },
): void {
  const attacker = d.unit(attackerId);
  const defender = d.unit(defenderId);
  const r = d.throwFor(
    meleeRound,
    meleeFactsFor(d.base, attacker, defender, round, charging),
    (m) => `${m.loser} ${m.loserOrder} ${m.attacker.kills} ${m.defender.kills}`,
  );
  d.emit({
    type: 'melee-round',
    attacker: attackerId,
    defender: defenderId,
    round,
    attackerPoints: r.attacker.points,
    defenderPoints: r.defender.points,
    attackerLost: r.defender.kills,
    defenderLost: r.attacker.kills,
    loser: r.loser,
  });
  takeLosses(d, attackerId, r.defender.kills);
  takeLosses(d, defenderId, r.attacker.kills);
  const a = d.unit(attackerId);
  const b = d.unit(defenderId);
  if (a.gone || b.gone) {
    breakMelee(d, a);
    breakMelee(d, b);
    return;
  }
  d.update(attackerId, { meleeWith: defenderId, meleeRounds: round });
  d.update(defenderId, { meleeWith: attackerId, meleeRounds: round });
  if (r.loser === 'none') return;
  const loserId = r.loser === 'attacker' ? attackerId : defenderId;
  const loser = d.unit(loserId);
  d.update(loserId, { disorder: worseOrder(loser.disorder, r.loserOrder) });
  riskToGenerals(d, loserId, 'lost-melee');
  if (!isFighting(d.unit(loserId))) {
    breakMelee(d, d.unit(loserId));
    return;
  }
  const result = testMorale(d, loserId, { reason: 'lost-melee' });
  if (carriesOn(result)) return;
  const after = d.unit(loserId);
  breakMelee(d, after);
  if (result === 'halt' && isFighting(after))
    fallBack(
      d,
      loserId,
      (after.facing + 180) % 360,
      after.facing,
      compulsoryInches(after, d.base.scenario.compulsory.retire),
      'retire',
    );
}
