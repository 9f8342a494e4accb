import { type OddsReport, oddsOf } from '../../../core/rules/run.ts';
import type { UnitId } from '../../../core/table/model.ts';
import { chargeTest } from '../../../rulesets/john-company/procedures/charge-test.ts';
import type { ConfrontationFacts } from '../../../rulesets/john-company/procedures/confrontation/facts.ts';
import { confrontation } from '../../../rulesets/john-company/procedures/confrontation/index.ts';
import { artilleryFire } from '../../../rulesets/john-company/procedures/fire/artillery.ts';
import { smallArmsFire } from '../../../rulesets/john-company/procedures/fire/small-arms.ts';
import {
  prepareReactionTest,
  type ReactionFacts,
  reactionRow,
  reactionTest,
  withOrders,
} from '../../../rulesets/john-company/procedures/reaction-test.ts';
import type { NegativeReactionModifierId } from '../../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { Leadership, ResolveStatus } from '../../../rulesets/john-company/vocabulary.ts';
import { type Situation, sameContent } from './situation.ts';

/**
 * The exact odds the computer opponent weighs: of a charge (will it go in, and who wins the
 * Confrontation), of fire (the stands it should cost the target, and what that does to the target's
 * next Reaction Test) and of a unit's next Reaction Test, from John Company's own procedures (`oddsOf`)
 * on the facts the virtual table derives from what the side can see.
 */

/** A charge's prospects: it goes in, then wins, ties (a Recoil) or loses the Confrontation. */
export interface ChargeOdds {
  /** The charger's Step 4 test lets it go in (a Charge row result with the Charge Bonus). */
  readonly goesIn: number;
  /** Given it goes in: the charger wins, and the target loses. */
  readonly win: number;
  /** Given it goes in: the target wins. */
  readonly lose: number;
  /** Given it goes in: stands each side is expected to lose in the Confrontation. */
  readonly chargerLoss: number;
  readonly targetLoss: number;
}

/** The statuses with which a charger goes in (the Charge rows move only at Steady or better). */
export const GOING_IN: readonly ResolveStatus[] = ['Resolute', 'Confident', 'Steady'];

/**
 * The Confrontation's facts when a charger goes in at `status` (`chargeOdds`, and the charge counter's
 * preview in plan.ts): the table's facts for the pair as they stand, with the whole Charge Bonus straight
 * ("charging") and, when `targetFires`, the target's volley given.
 */
export function goingIn(
  table: ConfrontationFacts,
  status: ResolveStatus,
  targetFires: boolean,
): ConfrontationFacts {
  return {
    charger: {
      ...table.charger,
      status,
      modifiers: [...(table.charger.modifiers ?? []), { id: 'charging' }],
    },
    target: table.target,
    ...(targetFires ? { targetGaveFire: true } : {}),
  };
}

/**
 * Memo of exact odds by facts: the enumeration is exact but not cheap, and the same facts recur from
 * decision to decision. Bounded: cleared when full. It only saves work; answers do not depend on it.
 */
const MEMO_LIMIT = 4096;
const memo = new Map<string, OddsReport[]>();

function memoOdds<F>(def: Parameters<typeof oddsOf<F, unknown>>[0], facts: F): OddsReport[] {
  return memoOddsBy(`${def.id}:${JSON.stringify(facts)}`, def, facts);
}

/** `memoOdds` under `key`, which must hold everything the odds of `def` for `facts` depend on. */
function memoOddsBy<F>(key: string, def: Parameters<typeof oddsOf<F, unknown>>[0], facts: F): OddsReport[] {
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    found = oddsOf(def, facts);
    memo.set(key, found);
  }
  return found;
}

/**
 * What a Reaction Test's exact odds depend on, as a key: its row, and the numbers of the prepared test
 * (`prepareReactionTest`: whether it tests, its level untested, else its totals before and after the
 * cap at 20 and the dice added and taken away). The prepared test throws the same dice as the facts'
 * `resolveReactionTest` and gives the same result on every throw (a property test of reaction-test.ts
 * checks it), so facts with the same key give the same enumeration, path by path, and the same odds
 * bit for bit. Facts that differ only in which modifiers make up the same totals share a key.
 */
export function reactionOddsKey(facts: ReactionFacts): string {
  const p = prepareReactionTest(facts);
  const row = reactionRow(facts.formation, facts.orders);
  if (!p.tested) return `reaction-test ${row} untested ${p.untestedLevel}`;
  const dice = `${p.positiveDice?.id ?? '-'} ${p.negativeDice?.id ?? '-'}`;
  return `reaction-test ${row} ${p.beforeCap} ${p.capAt20 ? 'capped' : 'uncapped'} ${p.afterCap} ${dice}`;
}

/** The exact odds of a Reaction Test (`memoOdds`, by `reactionOddsKey`). */
function reactionOdds(facts: ReactionFacts): OddsReport[] {
  return memoOddsBy(reactionOddsKey(facts), reactionTest, facts);
}

function probability(report: OddsReport | undefined, outcome: string | number): number {
  let p = 0;
  for (const o of report?.outcomes ?? []) if (o.outcome === outcome) p += o.probability;
  return p;
}

function expectation(report: OddsReport | undefined): number {
  let e = 0;
  for (const o of report?.outcomes ?? []) if (typeof o.outcome === 'number') e += o.outcome * o.probability;
  return e;
}

function view(reports: readonly OddsReport[], name: string): OddsReport | undefined {
  return reports.find((r) => r.name === name);
}

/**
 * The odds of `charger` charging `target` now: its Step 4 charge test on the reaction facts the table
 * gives it, then, for each status it may go in with, the Confrontation on the table's facts with the
 * whole Charge Bonus straight ("charging") and the target's volley. The target's status is the one it
 * shows now (it tests again when the charge arrives, so this is the best case for the target).
 */
export function chargeOdds(sit: Situation, charger: UnitId, target: UnitId): ChargeOdds {
  const facts = sit.facts();
  const unit = reactionFactsOf(sit, charger);
  const test = memoOdds(chargeTest, { role: 'charger' as const, unit });
  const statuses = view(test, 'Resolve Status');
  const derived = facts.confrontation(charger, target);
  const volley = sit.view.units[target]?.profile.weapon !== undefined;
  let goesIn = 0;
  let win = 0;
  let lose = 0;
  let chargerLoss = 0;
  let targetLoss = 0;
  for (const status of GOING_IN) {
    const p = probability(statuses, status);
    if (p <= 0) continue;
    const odds = memoOdds(confrontation, goingIn(derived.facts, status, volley));
    goesIn += p;
    const winner = view(odds, 'Winner');
    win += p * probability(winner, 'charger');
    lose += p * probability(winner, 'target');
    chargerLoss += p * expectation(view(odds, 'Stands lost by the charger'));
    targetLoss += p * expectation(view(odds, 'Stands lost by the target'));
  }
  if (goesIn <= 0) return { goesIn: 0, win: 0, lose: 0, chargerLoss: 0, targetLoss: 0 };
  return {
    goesIn,
    win: win / goesIn,
    lose: lose / goesIn,
    chargerLoss: chargerLoss / goesIn,
    targetLoss: targetLoss / goesIn,
  };
}

/**
 * The table's Reaction Test facts of a unit but its orders and the occasion (each test sets its own),
 * derived once per table facts (they depend on nothing else): the opponent asks for the same unit's at
 * many candidate commands. Facts equal to the unit's last (`sameContent`) are given as that same
 * object, so answers kept by object (`answerOf`) carry over from one table to the next, where most
 * units' facts do not change; other facts equal to ones given before, for any unit, are given as the
 * first such object (`interned`), so units and tables with the same facts share their answers.
 */
const reactionMemo = new WeakMap<object, Map<UnitId, UnitReactionFacts>>();

type UnitReactionFacts = Omit<ReactionFacts, 'orders' | 'occasion'>;

/** Each unit's Reaction Test facts as last given by `reactionFactsOf`. */
const lastReaction = new Map<UnitId, UnitReactionFacts>();

function reactionFactsOf(sit: Situation, unit: UnitId): UnitReactionFacts {
  const facts = sit.facts();
  let byUnit = reactionMemo.get(facts);
  if (!byUnit) {
    byUnit = new Map();
    reactionMemo.set(facts, byUnit);
  }
  let f = byUnit.get(unit);
  if (!f) {
    const { orders: _orders, occasion: _occasion, ...fresh } = facts.reaction(unit).facts;
    const last = lastReaction.get(unit);
    if (last !== undefined && sameContent(last, fresh)) f = last;
    else {
      f = internedFacts(fresh);
      lastReaction.set(unit, f);
    }
    byUnit.set(unit, f);
  }
  return f;
}

/**
 * Reaction Test facts given by `reactionFactsOf`, by content (JSON). Bounded: cleared when full. It
 * only saves work; answers do not depend on it.
 */
const interned = new Map<string, UnitReactionFacts>();

/** The first facts given with the same content as `f` (`f` itself when none is known). */
function internedFacts(f: UnitReactionFacts): UnitReactionFacts {
  const key = JSON.stringify(f);
  const known = interned.get(key);
  if (known !== undefined) return known;
  if (interned.size >= MEMO_LIMIT) interned.clear();
  interned.set(key, f);
  return f;
}

/**
 * Answers of `steadyChance` and `expectedFailure` by the unit's Reaction Test facts (the object
 * `reactionFactsOf` gives) and a key holding every other thing they depend on.
 */
const answers = new WeakMap<UnitReactionFacts, Map<string, number>>();

function answerOf(f: UnitReactionFacts, key: string, work: () => number): number {
  let byKey = answers.get(f);
  if (!byKey) {
    byKey = new Map();
    answers.set(f, byKey);
  }
  let found = byKey.get(key);
  if (found === undefined) {
    found = work();
    byKey.set(key, found);
  }
  return found;
}

/** What the unit's next test takes from its view besides its table facts (`nextTestFacts`), as a key. */
function seenKey(sit: Situation, unit: UnitId): string {
  const u = sit.view.units[unit];
  return u ? `${u.friendsFallingBackSeen} ${u.friendsRoutingSeen}` : '';
}

type NegativeModifiers = NonNullable<ReactionFacts['negative']>;

/**
 * The unit's Reaction Test facts as its next test would take them: the table's (fire and stands lost
 * since its last test, enemies on its flanks, ...) and the friends it has seen fall back, be forced back
 * or rout since then (negatives 2 and 10; the view shows the counts), with `extra` negatives added
 * (each merged into its entry: counts add up).
 */
function nextTestFacts(
  sit: Situation,
  unit: UnitId,
  extra: readonly { readonly id: NegativeReactionModifierId; readonly count?: number }[] = [],
): Omit<ReactionFacts, 'orders' | 'occasion'> {
  const f = reactionFactsOf(sit, unit);
  const u = sit.view.units[unit];
  const seen: { id: NegativeReactionModifierId; count: number }[] = [];
  if (u && u.friendsFallingBackSeen > 0)
    seen.push({ id: 'friends-seen-falling-back', count: u.friendsFallingBackSeen });
  if (u && u.friendsRoutingSeen > 0)
    seen.push({ id: 'friends-seen-forced-back-or-routing', count: u.friendsRoutingSeen });
  if (seen.length === 0 && extra.length === 0) return f;
  const negative: NegativeModifiers[number][] = [...(f.negative ?? [])];
  for (const m of [...seen, ...extra]) {
    const i = negative.findIndex((n) => n.id === m.id);
    if (i < 0) negative.push(m);
    else if (m.count !== undefined) negative[i] = { id: m.id, count: (negative[i]!.count ?? 1) + m.count };
  }
  return { ...f, negative };
}

/**
 * The chance that the unit tests Steady or better on its next activation with orders of `orders` type
 * (the facts of its next test as they stand now): only then does it carry out an order. Below Steady it
 * falls back, is forced back or routs, with orders or without. `general`: as if a General of that
 * Leadership were in contact with it instead.
 */
export function steadyChance(
  sit: Situation,
  unit: UnitId,
  orders: 'defend' | 'advance',
  general?: Leadership,
): number {
  const key = `steady ${orders} ${general ?? ''} ${seenKey(sit, unit)}`;
  return answerOf(reactionFactsOf(sit, unit), key, () => steadyChanceNow(sit, unit, orders, general));
}

function steadyChanceNow(
  sit: Situation,
  unit: UnitId,
  orders: 'defend' | 'advance',
  general: Leadership | undefined,
): number {
  const f = nextTestFacts(sit, unit);
  const facts =
    general === undefined
      ? withOrders(f, orders, 'activation')
      : withOrders(f, orders, 'activation', { generalInContact: general });
  const odds = reactionOdds(facts);
  const status = view(odds, 'Resolve Status');
  return GOING_IN.reduce((p, s) => p + probability(status, s), 0);
}

/**
 * What a status below Steady costs an army, in stands' worth: a Fall Back (-1 on the tests of every
 * friend who sees it, and Shaken after), a Forced Back (Disordered, -3 on theirs), a Rout (the unit
 * counts as broken for army morale and -3 on its friends' tests every turn it runs).
 */
const FAILURE_COST: Readonly<Record<ResolveStatus, number>> = {
  Resolute: 0,
  Confident: 0,
  Steady: 0,
  Shaken: 1,
  Wavering: 2.5,
  Panicked: 5,
};

/**
 * What the unit's next Reaction Test is expected to cost its army (`FAILURE_COST`), with `extra`
 * negatives, or with a General of `general` Leadership in contact. 0 when nothing obliges it to test.
 */
export function expectedFailure(
  sit: Situation,
  unit: UnitId,
  extra: readonly { readonly id: NegativeReactionModifierId; readonly count?: number }[] = [],
  general?: Leadership,
): number {
  const key = `failure ${general ?? ''} ${JSON.stringify(extra)} ${seenKey(sit, unit)}`;
  return answerOf(reactionFactsOf(sit, unit), key, () => expectedFailureNow(sit, unit, extra, general));
}

function expectedFailureNow(
  sit: Situation,
  unit: UnitId,
  extra: readonly { readonly id: NegativeReactionModifierId; readonly count?: number }[],
  general: Leadership | undefined,
): number {
  const f = nextTestFacts(sit, unit, extra);
  const facts =
    general === undefined
      ? withOrders(f, 'defend', 'activation')
      : withOrders(f, 'defend', 'activation', { generalInContact: general });
  const odds = reactionOdds(facts);
  const status = view(odds, 'Resolve Status');
  let cost = 0;
  for (const o of status?.outcomes ?? [])
    cost += o.probability * (FAILURE_COST[o.outcome as ResolveStatus] ?? 0);
  return cost;
}

/**
 * What `firer` firing at `target` now is worth: the stands the target is expected to lose (each worth
 * `perStand`), plus how much more its next Reaction Test is expected to cost its army (`FAILURE_COST`)
 * once it has been under fire and lost those stands (negatives 1, 4 and 6: a unit not yet fired on
 * since its last test must now test). 0 if the table says it cannot fire.
 */
export function fireWorth(sit: Situation, firer: UnitId, target: UnitId, perStand = 1): number {
  const fire = sit.fireFacts().fire(firer, target);
  if (!fire) return 0;
  const odds =
    fire.kind === 'small-arms' ? memoOdds(smallArmsFire, fire.facts) : memoOdds(artilleryFire, fire.facts);
  const lost = view(odds, 'Stands lost by the target');
  const underFire: NegativeReactionModifierId =
    fire.kind === 'small-arms' ? 'target-of-small-arms-fire' : 'target-of-artillery-fire';
  const before = expectedFailure(sit, target, []);
  let after = 0;
  for (const o of lost?.outcomes ?? []) {
    const k = typeof o.outcome === 'number' ? o.outcome : 0;
    const extra = [
      { id: underFire },
      ...(k > 0 ? [{ id: 'stands-lost-since-last-check' as const, count: k }] : []),
    ];
    after += o.probability * expectedFailure(sit, target, extra);
  }
  return perStand * expectation(lost) + after - before;
}
