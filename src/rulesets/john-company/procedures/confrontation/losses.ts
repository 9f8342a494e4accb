/**
 * Each side's stands lost in a Confrontation as the result row gives them (Part 4, Confrontation /
 * Close Combat Results Table), rounded as the facts ask and capped at the stands it has.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { oddD6 } from '../../../../core/random/rolls.ts';
import type { RuleRef, Trace } from '../../../../core/rules/trace.ts';
import type { StandLoss } from '../../tables/confrontation.ts';
import { jc4, musterDefault } from '../../vocabulary.ts';
import { type ConfrontationFacts, type ConfrontationSide, SIDE_LABEL } from './facts.ts';
import { DEFAULT_LOSS_ROUNDING, describeRounding, ratioLoss } from './loss-rounding.ts';

/** The results table every loss, status and move is read from. */
export const RESULTS_RULE = jc4('Resolving Confrontation', 'Confrontation / Close Combat Results Table');

function lossLabel(loss: StandLoss): string {
  switch (loss.kind) {
    case 'none':
      return 'no stands';
    case 'one-in':
      return `1 stand in ${loss.n}`;
    case 'odd-d6':
      return '1d6, odd = 1 stand';
  }
}

/** Stands one side loses under `loss`, never more than it has. Its loss die (if any) is thrown under `key`. */
export function sideLoss(
  side: ConfrontationSide,
  loss: StandLoss,
  own: number,
  opponent: number,
  facts: ConfrontationFacts,
  dice: DiceSource,
  trace: Trace | undefined,
): number {
  if (loss.kind === 'none') return 0;
  const key = side === 'charger' ? 'chargerLoss' : 'targetLoss';
  let lost: number;
  let rule: RuleRef = RESULTS_RULE;
  if (loss.kind === 'odd-d6') lost = dice.roll(oddD6, key);
  else {
    const rounding = facts.lossRounding ?? DEFAULT_LOSS_ROUNDING;
    const basis = facts.lossBasis === 'opponent' ? opponent : own;
    lost = ratioLoss(basis, loss.n, rounding, dice, key);
    if (trace)
      rule = musterDefault(
        'Confrontation: stands lost "1 in N"',
        `${facts.lossBasis === 'opponent' ? "opponent's" : 'own'} stands, ${describeRounding(rounding)}`,
      );
  }
  const capped = lost > own;
  if (capped) lost = own;
  if (trace) {
    const basis = facts.lossBasis === 'opponent' ? opponent : own;
    const rolled =
      loss.kind === 'odd-d6' ||
      ((facts.lossRounding ?? DEFAULT_LOSS_ROUNDING) === 'remainder-chance' && basis % loss.n !== 0);
    const label = `${SIDE_LABEL[side]} loses ${lossLabel(loss)}${loss.kind === 'one-in' ? ` of ${basis}` : ''}${capped ? ` (all its ${own})` : ''}`;
    trace.add(rolled ? { rule, label, value: lost, roll: key } : { rule, label, value: lost });
  }
  return lost;
}
