import type { UnitId } from '../../core/table/model.ts';
import { resolveChargeTest } from '../../rulesets/john-company/procedures/charge-test.ts';
import type { ConfrontationResult } from '../../rulesets/john-company/procedures/confrontation/facts.ts';
import { resolvePursuitCatch } from '../../rulesets/john-company/procedures/pursuit.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { mustPursue } from './charges.ts';
import { confront } from './confrontation.ts';
import type { Draft } from './draft.ts';
import { advanceOn, mandatoryMove, recoil } from './moves.ts';
import { isActive, reactionBase, recordTest, removeStands, standsOf, unitDistance } from './units.ts';

/**
 * After a Confrontation's events (Part 4, Confrontation results; Part 3, Pursue): the winner, the
 * mandatory moves of both sides, and the winner's pursuit, which may catch the beaten unit or meet a new
 * enemy and fight again.
 */

/** The results of a Confrontation between `c` (the charger) and `t`, after its events. */
export function confrontationOutcome(
  d: Draft,
  c: UnitId,
  t: UnitId,
  r: ConfrontationResult,
  o: { readonly remaining: number; readonly depth: number },
): void {
  const sides = [
    { id: c, other: t, out: r.charger },
    { id: t, other: c, out: r.target },
  ];
  const winner = r.winner === 'charger' ? c : r.winner === 'target' ? t : undefined;
  if (winner !== undefined && isActive(d, winner)) d.patchUnit(winner, { wonConfrontationTurn: d.turn });
  for (const s of sides) {
    if (!isActive(d, s.id)) continue;
    const move = s.out.move;
    if (move === 'recoil') recoil(d, s.id, s.other, s.out.recoilInches);
    else if (move !== 'none') mandatoryMove(d, s.id, move, s.other);
  }
  if (winner === undefined) return;
  const loser = winner === c ? t : c;
  if (!isActive(d, winner) || !isActive(d, loser)) return;
  if (r.pursuit === 'this-turn' && winner === c && mustPursue(d, c) && o.remaining > 0 && o.depth < 1)
    pursue(d, c, loser, o.remaining, o.depth + 1);
  else if (r.pursuit !== 'none' && MOVEMENT_RATES.troops[d.unit(winner).profile.troop].arm !== 'artillery')
    d.patchUnit(winner, { pursuing: loser });
}

/**
 * A pursuer goes after a beaten unit (Part 3, Pursue; Part 4, pursuit): straight at it with the inches
 * it has; if it catches a unit that Fell Back there is a new Confrontation, if it catches one Forced
 * Back or Routing, 1d6 of its stands are removed.
 */
export function pursue(d: Draft, p: UnitId, fleeing: UnitId, inches: number, depth: number): void {
  const res = advanceOn(d, p, fleeing, inches, 'mandatory', 'pursuit');
  if (!res?.contact || !isActive(d, p) || !isActive(d, fleeing)) {
    if (mustPursue(d, p) && isActive(d, fleeing) && isActive(d, p)) d.patchUnit(p, { pursuing: fleeing });
    if (isActive(d, p) && depth <= 1) newEnemy(d, p, fleeing, depth);
    return;
  }
  const f = d.unit(fleeing);
  const fleeingMove = f.routing ? 'rout' : f.mandatoryMove === 'fall-back' ? 'fall-back' : 'forced-back';
  const run = d.run((dice, trace) =>
    resolvePursuitCatch({ fleeingMove, fleeingStands: standsOf(d, fleeing) }, dice, trace),
  );
  if (run.value.next === 'confrontation') {
    if (depth <= 1) confront(d, p, fleeing, { caughtEvading: false, straight: false, remaining: 0, depth });
    return;
  }
  d.emit({
    type: 'charge-ended',
    visibleTo: 'all',
    unit: p,
    target: fleeing,
    outcome: 'stands-removed',
    standsLost: run.value.standsLost,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  removeStands(d, fleeing, run.value.standsLost, 'pursuit');
  if (isActive(d, fleeing) && mustPursue(d, p)) d.patchUnit(p, { pursuing: fleeing });
}

/** Confrontation range: a pursuer this close to another enemy may meet it (Part 3, Mandatory Moves). */
const CONFRONTATION_RANGE = 2;

/**
 * A pursuer that has come within 2" of another enemy (Part 3, Mandatory Moves: the only case of a
 * second Reaction Test in a turn): it tests as Disordered ('meeting-new-enemy'); Steady or better, the
 * new Confrontation is fought at once. Skirmishers are never met this way (they may not confront).
 */
function newEnemy(d: Draft, p: UnitId, fleeing: UnitId, depth: number): void {
  const me = d.tableUnit(p);
  let best: { id: UnitId; dist: number } | undefined;
  for (const e of Object.values(d.table().units)) {
    if (e.side === me.side || e.id === fleeing || e.formation === 'skirmish-order') continue;
    const dist = unitDistance(me, e, CONFRONTATION_RANGE);
    if (dist <= CONFRONTATION_RANGE && (!best || dist < best.dist)) best = { id: e.id, dist };
  }
  if (!best) return;
  const enemy = best.id;
  const run = d.run((dice, trace) =>
    resolveChargeTest({ role: 'meeting-new-enemy', unit: reactionBase(d, p) }, dice, trace),
  );
  const test = recordTest(d, p, run.value.test);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: p,
    occasion: 'meeting-new-enemy',
    test,
    goesAhead: run.value.goesAhead,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  if (!run.value.goesAhead) return;
  const res = advanceOn(d, p, enemy, best.dist + 0.05, 'mandatory', 'pursuit');
  if (res?.contact && isActive(d, p) && isActive(d, enemy))
    confront(d, p, enemy, { caughtEvading: false, straight: false, remaining: 0, depth: depth + 1 });
}
