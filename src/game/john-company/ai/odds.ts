import { type OddsReport, oddsOf } from '../../../core/rules/run.ts';
import type { UnitId } from '../../../core/table/model.ts';
import { chargeTest } from '../../../rulesets/john-company/procedures/charge-test.ts';
import {
  type ConfrontationFacts,
  confrontation,
} from '../../../rulesets/john-company/procedures/confrontation.ts';
import { artilleryFire, smallArmsFire } from '../../../rulesets/john-company/procedures/fire.ts';
import { reactionTest, withOrders } from '../../../rulesets/john-company/procedures/reaction-test.ts';
import type { Leadership, ResolveStatus } from '../../../rulesets/john-company/vocabulary.ts';
import type { Situation } from './situation.ts';

/**
 * The exact odds the computer opponent weighs: of a charge (will it go in, and who wins the
 * Confrontation) and of fire (the stands it should cost the target), from John Company's own procedures
 * (`oddsOf`) on the facts the virtual table derives from what the side can see.
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
const GOING_IN: readonly ResolveStatus[] = ['Resolute', 'Confident', 'Steady'];

/**
 * Memo of exact odds by facts: the enumeration is exact but not cheap, and the same facts recur from
 * decision to decision. Bounded: cleared when full. It only saves work; answers do not depend on it.
 */
const MEMO_LIMIT = 4096;
const memo = new Map<string, OddsReport[]>();

function memoOdds<F>(def: Parameters<typeof oddsOf<F, unknown>>[0], facts: F): OddsReport[] {
  const key = `${def.id}:${JSON.stringify(facts)}`;
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    found = oddsOf(def, facts);
    memo.set(key, found);
  }
  return found;
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
  const { orders: _orders, occasion: _occasion, ...unit } = facts.reaction(charger).facts;
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
    const f: ConfrontationFacts = {
      charger: {
        ...derived.facts.charger,
        status,
        modifiers: [...(derived.facts.charger.modifiers ?? []), { id: 'charging' }],
      },
      target: derived.facts.target,
      ...(volley ? { targetGaveFire: true } : {}),
    };
    const odds = memoOdds(confrontation, f);
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
 * The chance that the unit tests Steady or better on its next activation with orders of `orders` type
 * (the reaction facts the table gives it now): only then does it carry out an order. Below Steady it
 * falls back, is forced back or routs, with orders or without. `general`: as if a General of that
 * Leadership were in contact with it instead.
 */
export function steadyChance(
  sit: Situation,
  unit: UnitId,
  orders: 'defend' | 'advance',
  general?: Leadership,
): number {
  const f = sit.facts().reaction(unit).facts;
  const facts =
    general === undefined
      ? withOrders(f, orders, 'activation')
      : withOrders(f, orders, 'activation', { generalInContact: general });
  const odds = memoOdds(reactionTest, facts);
  const status = view(odds, 'Resolve Status');
  return GOING_IN.reduce((p, s) => p + probability(status, s), 0);
}

/** Stands `firer` is expected to take from `target` if it fires now (0 if the table says it cannot). */
export function expectedFireLoss(sit: Situation, firer: UnitId, target: UnitId): number {
  const fire = sit.fireFacts().fire(firer, target);
  if (!fire) return 0;
  const odds =
    fire.kind === 'small-arms' ? memoOdds(smallArmsFire, fire.facts) : memoOdds(artilleryFire, fire.facts);
  return expectation(view(odds, 'Stands lost by the target'));
}
