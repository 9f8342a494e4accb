import { type OddsReport, oddsOf } from '../../../core/rules/run.ts';
import type { UnitId } from '../../../core/table/model.ts';
import { chargeTest } from '../../../rulesets/john-company/procedures/charge-test.ts';
import type { ConfrontationFacts } from '../../../rulesets/john-company/procedures/confrontation/facts.ts';
import { confrontation } from '../../../rulesets/john-company/procedures/confrontation/index.ts';
import { artilleryFire, artilleryOddsKey } from '../../../rulesets/john-company/procedures/fire/artillery.ts';
import { smallArmsFire } from '../../../rulesets/john-company/procedures/fire/small-arms.ts';
import {
  type ReactionFacts,
  reactionOddsKey,
  reactionTest,
  withOrders,
} from '../../../rulesets/john-company/procedures/reaction-test.ts';
import type { NegativeReactionModifierId } from '../../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { Leadership, ResolveStatus } from '../../../rulesets/john-company/vocabulary.ts';
import type { Situation } from './situation.ts';

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

/**
 * `memoOdds` by the facts object itself (the odds of `def` for facts given again as the same object,
 * as the table's facts give a fire's once per table and carry them over): no key to build. Facts are
 * never changed in place, so the object's odds are those of its content. A new object's odds are kept
 * under `key`, when given (it must hold everything the odds depend on, as `memoOddsBy` asks), else
 * under its content.
 */
function memoOddsOf<F extends object>(
  def: Parameters<typeof oddsOf<F, unknown>>[0],
  facts: F,
  key?: (facts: F) => string,
): OddsReport[] {
  let byObject = oddsByObject.get(def.id);
  if (!byObject) {
    byObject = new WeakMap();
    oddsByObject.set(def.id, byObject);
  }
  let found = byObject.get(facts);
  if (!found) {
    found = key ? memoOddsBy(`${def.id}:${key(facts)}`, def, facts) : memoOdds(def, facts);
    byObject.set(facts, found);
  }
  return found;
}

/** `memoOddsOf`'s odds, per procedure (its id), by facts object. */
const oddsByObject = new Map<string, WeakMap<object, OddsReport[]>>();

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

/** The exact odds of a Reaction Test (`memoOdds`, by `reactionOddsKey`). */
function reactionOdds(facts: ReactionFacts): OddsReport[] {
  return memoOddsBy(`reaction-test ${reactionOddsKey(facts)}`, reactionTest, facts);
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
  const test = chargerTestOdds(unit);
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

/** The odds of a charger's Step 4 test on its Reaction Test facts (`reactionFactsOf`), by that object. */
function chargerTestOdds(unit: UnitReactionFacts): OddsReport[] {
  let found = chargerTests.get(unit);
  if (!found) {
    found = memoOdds(chargeTest, { role: 'charger' as const, unit });
    chargerTests.set(unit, found);
  }
  return found;
}

const chargerTests = new WeakMap<UnitReactionFacts, OddsReport[]>();

/**
 * The table's Reaction Test facts of a unit but its orders and the occasion (each test sets its own),
 * derived once per table facts (they depend on nothing else): the opponent asks for the same unit's at
 * many candidate commands. Facts equal to the unit's last (`sameUnitFacts`) are given as that same
 * object, so answers kept by object (`answerOf`) carry over from one table to the next, where most
 * units' facts do not change; other facts equal to ones given before, for any unit, are given as the
 * first such object (`interned`), so units and tables with the same facts share their answers.
 */
const reactionMemo = new WeakMap<object, Map<UnitId, UnitReactionFacts>>();

export type UnitReactionFacts = Omit<ReactionFacts, 'orders' | 'occasion'>;

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
    const derived = facts.reaction(unit).facts;
    const last = lastReaction.get(unit);
    if (last !== undefined && sameUnitFacts(last, derived)) f = last;
    else {
      f = internedFacts(derived);
      lastReaction.set(unit, f);
    }
    byUnit.set(unit, f);
  }
  return f;
}

/**
 * How `sameUnitFacts` compares each field of a unit's Reaction Test facts: as a value, or as a list of
 * modifiers. Every field is listed (the type requires it), so a field added to the facts is compared.
 */
const UNIT_FACTS_FIELDS: { readonly [K in keyof UnitReactionFacts]-?: 'value' | 'modifiers' } = {
  resolveLevel: 'value',
  origin: 'value',
  mayExceed20: 'value',
  formation: 'value',
  lastStatus: 'value',
  resolveAdjustments: 'modifiers',
  positive: 'modifiers',
  negative: 'modifiers',
  generalInContact: 'value',
};
const VALUE_FIELDS = (Object.keys(UNIT_FACTS_FIELDS) as (keyof UnitReactionFacts)[]).filter(
  (k) => UNIT_FACTS_FIELDS[k] === 'value',
);
const MODIFIER_FIELDS = (Object.keys(UNIT_FACTS_FIELDS) as (keyof UnitReactionFacts)[]).filter(
  (k) => UNIT_FACTS_FIELDS[k] === 'modifiers',
) as ('resolveAdjustments' | 'positive' | 'negative')[];

/**
 * Whether `b` holds the same Reaction Test facts as `a`, orders and occasion aside: the same values
 * (a field left out is the same as one given as undefined, as the procedure reads them), the same
 * modifiers in the same order with the same counts.
 */
function sameUnitFacts(a: UnitReactionFacts, b: ReactionFacts): boolean {
  for (const k of VALUE_FIELDS) if (a[k] !== b[k]) return false;
  for (const k of MODIFIER_FIELDS) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (x === undefined || y === undefined || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i]!.id !== y[i]!.id || x[i]!.count !== y[i]!.count) return false;
  }
  return true;
}

/**
 * Reaction Test facts given by `reactionFactsOf`, by content (`contentKey`). Bounded: cleared when
 * full. It only saves work; answers do not depend on it.
 */
const interned = new Map<string, UnitReactionFacts>();

/**
 * The first facts given with the same content as `derived`, orders and occasion aside (a copy of
 * `derived` without them when none is known; the copy is made only then).
 */
function internedFacts(derived: ReactionFacts): UnitReactionFacts {
  const key = contentKey(derived);
  const known = interned.get(key);
  if (known !== undefined) return known;
  const { orders: _orders, occasion: _occasion, ...fresh } = derived;
  if (interned.size >= MEMO_LIMIT) interned.clear();
  interned.set(key, fresh);
  return fresh;
}

/**
 * A key that two unit facts share exactly when `sameUnitFacts` finds them the same and each modifier
 * list is given in both or in neither: every value (numbers, and names from the rules' vocabularies,
 * which hold none of the separators), then each modifier list as its ids and counts ('-' when not
 * given). Built by hand: `JSON.stringify` cost several times as much.
 */
export function contentKey(f: UnitReactionFacts): string {
  let key = '';
  for (const k of VALUE_FIELDS) key += `${f[k]}|`;
  for (const k of MODIFIER_FIELDS) {
    const list = f[k];
    if (list === undefined) key += '-';
    else for (const m of list) key += `${m.id}*${m.count},`;
    key += '|';
  }
  return key;
}

/**
 * Answers of `steadyChance` and `expectedFailure`, each by the unit's Reaction Test facts (the object
 * `reactionFactsOf` gives) and a key holding every other thing it depends on (`answerKey`).
 */
interface Answers {
  readonly steady: Map<string, number>;
  readonly failure: Map<string, number>;
  readonly contact: Map<string, ContactChances>;
  /** `failureUnderFire`'s, by the report of the stands the fire should cost. */
  readonly underFire: WeakMap<OddsReport, Map<string, number>>;
}

const answers = new WeakMap<UnitReactionFacts, Answers>();

function answersOf(f: UnitReactionFacts): Answers {
  let found = answers.get(f);
  if (!found) {
    found = { steady: new Map(), failure: new Map(), contact: new Map(), underFire: new WeakMap() };
    answers.set(f, found);
  }
  return found;
}

/**
 * A key of `answers`: `head` (the answer's own terms, without spaces) and what the unit's next test
 * takes from its view besides its table facts (`nextTestFacts`: the friends it has seen fall back, be
 * forced back or rout), then each of `extra` as its id and count.
 */
function answerKey(
  sit: Situation,
  unit: UnitId,
  head: string,
  extra: readonly { readonly id: NegativeReactionModifierId; readonly count?: number }[] = [],
): string {
  const u = sit.view.units[unit];
  let key = u ? `${head} ${u.friendsFallingBackSeen} ${u.friendsRoutingSeen}` : `${head} - -`;
  for (const m of extra) key += ` ${m.id} ${m.count ?? ''}`;
  return key;
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
  const byKey = answersOf(reactionFactsOf(sit, unit)).steady;
  const key = answerKey(sit, unit, `${orders}/${general ?? ''}`);
  let found = byKey.get(key);
  if (found === undefined) {
    found = steadyChanceNow(sit, unit, orders, general);
    byKey.set(key, found);
  }
  return found;
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

/** What a General in contact changes in a unit's next Reaction Test (`contactChances`). */
export interface ContactChances {
  /** The rise in its chance of Steady or better (`steadyChance`). */
  readonly steadier: number;
  /** The fall in what the test is expected to cost its army (`expectedFailure`). */
  readonly safer: number;
}

/**
 * What a General of `general` Leadership in contact with the unit changes in its next test, against
 * the facts as they stand: `steadyChance` with `orders`, with him less without, and `expectedFailure`
 * with `extra` negatives, without him less with. Kept with the unit's facts like the two answers it is
 * made of (the same numbers, asked once: a General weighs every unit he might touch at each decision).
 */
export function contactChances(
  sit: Situation,
  unit: UnitId,
  orders: 'defend' | 'advance',
  general: Leadership,
  extra: readonly { readonly id: NegativeReactionModifierId; readonly count?: number }[],
): ContactChances {
  const byKey = answersOf(reactionFactsOf(sit, unit)).contact;
  const key = answerKey(sit, unit, `${orders}/${general}`, extra);
  let found = byKey.get(key);
  if (found === undefined) {
    found = {
      steadier: steadyChance(sit, unit, orders, general) - steadyChance(sit, unit, orders),
      safer: expectedFailure(sit, unit, extra) - expectedFailure(sit, unit, extra, general),
    };
    byKey.set(key, found);
  }
  return found;
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
  const byKey = answersOf(reactionFactsOf(sit, unit)).failure;
  const key = answerKey(sit, unit, general ?? '', extra);
  let found = byKey.get(key);
  if (found === undefined) {
    found = expectedFailureNow(sit, unit, extra, general);
    byKey.set(key, found);
  }
  return found;
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
    fire.kind === 'small-arms'
      ? memoOddsOf(smallArmsFire, fire.facts)
      : memoOddsOf(artilleryFire, fire.facts, artilleryOddsKey);
  const lost = view(odds, 'Stands lost by the target');
  const underFire: NegativeReactionModifierId =
    fire.kind === 'small-arms' ? 'target-of-small-arms-fire' : 'target-of-artillery-fire';
  const before = expectedFailure(sit, target, []);
  const after = lost ? failureUnderFire(sit, target, lost, underFire) : 0;
  return perStand * expectation(lost) + after - before;
}

/**
 * What the target's next test is expected to cost once under fire of `underFire`'s kind and having
 * lost the stands `lost` gives the odds of (`expectedFailure` for each count, by its probability):
 * kept with the target's Reaction Test facts by that report (a report is never changed), so the many
 * fires at one target, and the same fire from one decision to the next, add it up once.
 */
function failureUnderFire(
  sit: Situation,
  target: UnitId,
  lost: OddsReport,
  underFire: NegativeReactionModifierId,
): number {
  const byReport = answersOf(reactionFactsOf(sit, target)).underFire;
  let byKey = byReport.get(lost);
  if (!byKey) {
    byKey = new Map();
    byReport.set(lost, byKey);
  }
  const key = answerKey(sit, target, underFire);
  let after = byKey.get(key);
  if (after === undefined) {
    after = 0;
    for (const o of lost.outcomes) {
      const k = typeof o.outcome === 'number' ? o.outcome : 0;
      const extra = [
        { id: underFire },
        ...(k > 0 ? [{ id: 'stands-lost-since-last-check' as const, count: k }] : []),
      ];
      after += o.probability * expectedFailure(sit, target, extra);
    }
    byKey.set(key, after);
  }
  return after;
}
