import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { Prng, seedRng } from '../../core/random/prng.ts';
import { oddsOf } from '../../core/rules/run.ts';
import { fire } from '../../rulesets/honour-and-fortitude/procedures/fire.ts';
import { LOSER_WORDS, meleeRound } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import { FIRING_RANGES } from '../../rulesets/honour-and-fortitude/tables/ranges.ts';
import type { Player } from '../engine/battle.ts';
import type { HfCommand } from './commands.ts';
import { centreOf } from './geometry.ts';
import { objectiveHolders } from './legal.ts';
import { allowance, fireFactsFor, meleeFactsFor } from './rules.ts';
import { type HfUnit, isFighting } from './state.ts';
import type { HfView } from './view.ts';

/**
 * The computer opponent: plays from its view and the legal commands, using the exact odds of the
 * rules. It attacks where the melee odds favour it, fires every unit at the target where it expects
 * the most casualties, advances on the objectives it does not hold (the side that wins at the turn
 * limit holds its ground instead), forms column to march and line to fight, and answers an attack by
 * the response with the best odds. A seeded PRNG breaks ties.
 */

type Odds = { readonly win: number; readonly lose: number };

/** Exact odds are pure functions of the facts: each is worked out once per distinct facts (caches capped). */
const meleeCache = new Map<string, Odds>();
const fireCache = new Map<string, number>();
const CACHE_LIMIT = 20_000;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The exact chance that a round of melee beats the defender, and that it beats the attacker. */
export function meleeOdds(view: HfView, attacker: HfUnit, defender: HfUnit, counterAttack: boolean): Odds {
  const facts = meleeFactsFor(view, attacker, defender, 1, { attacker: true, defender: counterAttack });
  const key = JSON.stringify(facts);
  let odds = meleeCache.get(key);
  if (!odds) {
    const loser = oddsOf(meleeRound, facts).find((v) => v.name === 'Loser')!.outcomes;
    const p = (who: string) => loser.filter((o) => o.outcome === who).reduce((s, o) => s + o.probability, 0);
    odds = remember(meleeCache, key, { win: p(LOSER_WORDS.defender), lose: p(LOSER_WORDS.attacker) });
  }
  return odds;
}

/** The exact expected casualties of `firer`'s fire at `target`. */
export function expectedCasualties(view: HfView, firer: HfUnit, target: HfUnit): number {
  const facts = fireFactsFor(view, view.units, firer, target);
  if (!facts) return 0;
  const key = JSON.stringify(facts);
  let expected = fireCache.get(key);
  if (expected === undefined) {
    const casualties = oddsOf(fire, facts).find((v) => v.name === 'Casualties')!.outcomes;
    expected = remember(
      fireCache,
      key,
      casualties.reduce((s, o) => s + Number(o.outcome) * o.probability, 0),
    );
  }
  return expected;
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function enemiesOf(view: HfView, unit: HfUnit): HfUnit[] {
  return Object.values(view.units).filter((u) => u.side !== unit.side && isFighting(u));
}

/** Whether the unit has an enemy within its long range already (so it should stand and shoot). */
function inFiringRange(view: HfView, unit: HfUnit): boolean {
  const w = unit.ratings.weapon;
  return w !== null && nearestEnemyGap(view, unit) <= FIRING_RANGES.rows[w].long;
}

/** Where a unit heads: the nearest objective its side does not hold (a defender: only those the enemy holds), else the nearest enemy. */
function goalOf(
  view: HfView,
  unit: HfUnit,
  defensive: boolean,
): { x: number; y: number; objective: boolean } | undefined {
  const held = objectiveHolders(view);
  let best: { x: number; y: number } | undefined;
  view.scenario.objectives.forEach((o, i) => {
    if (held[i] === unit.side || (defensive && held[i] === undefined)) return;
    if (!best || distance(o.position, unit) < distance(best, unit)) best = o.position;
  });
  if (best) return { ...(best as { x: number; y: number }), objective: true };
  if (defensive) return undefined;
  let nearest: HfUnit | undefined;
  for (const e of enemiesOf(view, unit))
    if (!nearest || distance(centreOf(e.stands), unit) < distance(centreOf(nearest.stands), unit))
      nearest = e;
  return nearest ? { ...centreOf(nearest.stands), objective: false } : undefined;
}

const nearestGaps = new WeakMap<object, Map<string, number>>();

/** Inches from the unit to the nearest enemy standing (cached per table of units). */
function nearestEnemyGap(view: HfView, unit: HfUnit): number {
  let byUnit = nearestGaps.get(view.units);
  if (!byUnit) {
    byUnit = new Map();
    nearestGaps.set(view.units, byUnit);
  }
  let gap = byUnit.get(unit.id);
  if (gap === undefined) {
    gap = Math.min(...enemiesOf(view, unit).map((e) => groupDistance(unit.stands, e.stands)));
    byUnit.set(unit.id, gap);
  }
  return gap;
}

function scoreMove(view: HfView, command: Extract<HfCommand, { type: 'move' }>, defensive: boolean): number {
  const unit = view.units[command.unit]!;
  if (unit.condition === 'cowed') return -1;
  const nearestEnemy = nearestEnemyGap(view, unit);
  if (command.formation !== unit.formation) {
    if (unit.arm === 'artillery')
      return command.formation === 'unlimbered' && nearestEnemy < 30
        ? 2
        : nearestEnemy > 40 && !defensive
          ? 0.5
          : -1;
    if (command.formation === 'column') return nearestEnemy > 24 && !defensive ? 1 : -1;
    return nearestEnemy <= 18 ? 2 : -1;
  }
  if (unit.formation === 'limbered' && nearestEnemy < 30) return -1;
  const goal = goalOf(view, unit, defensive);
  if (!goal) return -1;
  const reach = Math.max(1, allowance(unit, unit.formation, 'open').inches);
  const gain = distance(unit, goal) - distance(command, goal);
  if (gain <= 0.5) return -1;
  // In range of an enemy a unit stands and shoots, unless it is closing on an objective.
  if (inFiringRange(view, unit) && unit.formation !== 'limbered')
    return unit.arm !== 'artillery' && goal.objective ? gain / reach : -1;
  return (3 * gain) / reach;
}

function scoreAttack(view: HfView, command: Extract<HfCommand, { type: 'attack' }>): number {
  const unit = view.units[command.unit]!;
  const target = view.units[command.target]!;
  if (unit.condition === 'cowed' || unit.arm === 'artillery') return -1;
  const odds = meleeOdds(view, unit, target, false);
  const edge = odds.win - odds.lose;
  return edge > 0.15 ? 4 + 10 * edge + (target.arm === 'artillery' ? 2 : 0) : -1;
}

/** The computer opponent for Honour & Fortitude (`seed` breaks ties). */
export function honourAndFortitudeComputer(seed: number): Player<HfView, HfCommand> {
  const rng = new Prng(seedRng(seed));
  return (view, legal) => {
    if (legal.length === 0) throw new Error('no legal command to choose from');
    if (view.phase.kind === 'response') return respondWell(view, legal);
    const me = typeof view.viewer === 'string' ? view.viewer : '';
    const defensive = view.scenario.victory.atTurnLimit === me;
    let best: HfCommand | undefined;
    let bestScore = 0;
    for (const c of legal) {
      let score: number;
      if (c.type === 'fire') score = 1 + expectedCasualties(view, view.units[c.unit]!, view.units[c.target]!);
      else if (c.type === 'attack') score = scoreAttack(view, c);
      else if (c.type === 'move') score = scoreMove(view, c, defensive);
      else continue;
      score += rng.int(1000) / 1e6;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    return best ?? legal.find((c) => c.type === 'end-movement' || c.type === 'end-firing') ?? legal[0]!;
  };
}

function respondWell(view: HfView, legal: readonly HfCommand[]): HfCommand {
  if (view.phase.kind !== 'response') return legal[0]!;
  const attacker = view.units[view.phase.attacker]!;
  const defender = view.units[view.phase.defender]!;
  const open = new Set(legal.map((c) => (c.type === 'respond' ? c.choice : '')));
  const pick = (choice: string) => legal.find((c) => c.type === 'respond' && c.choice === choice)!;
  // The odds as the defender sees them: its counter-attack makes it the charging side.
  const counter = meleeOdds(view, defender, attacker, true);
  if (counter.win >= counter.lose && open.has('counter-attack')) return pick('counter-attack');
  if (open.has('fire')) return pick('fire');
  if (open.has('change-face')) return pick('change-face');
  const stand = meleeOdds(view, attacker, defender, false);
  if (stand.win > 0.6 && open.has('retire')) return pick('retire');
  return pick('stand');
}
