/**
 * Each side's Modified Resolve Level (Part 4, Determining Modified Resolve Level; Confrontation
 * Tactical Modifiers): its Resolve Level, the tactical modifiers in table order (the derived ones
 * precomputed), then its Random Factor.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { randomFactor } from '../../../../core/random/rolls.ts';
import { type AppliedModifier, applyModifiers } from '../../../../core/rules/modifiers.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  CONFRONTATION_MODIFIERS,
  type ConfrontationModifierId,
  MAX_ADDITIONAL_STANDS_BONUS,
  STANDS_PER_ADDITIONAL_POINT,
  STATUS_MODIFIER_IDS,
} from '../../tables/confrontation.ts';
import { statusRank } from '../../tables/reaction-table.ts';
import { jc4, RESOLVE_STATUSES } from '../../vocabulary.ts';
import {
  type ConfrontationFacts,
  type ConfrontationSide,
  type ConfrontationSideFacts,
  SIDE_LABEL,
} from './facts.ts';

/**
 * Derived modifiers in table order (defender gave fire, additional stands, cavalry not squared up,
 * status), precomputed for every combination so the no-trace path allocates nothing.
 */
const DERIVED_LISTS: readonly (readonly AppliedModifier<ConfrontationModifierId>[])[] = (() => {
  const lists: AppliedModifier<ConfrontationModifierId>[][] = [];
  for (let s = 0; s < RESOLVE_STATUSES.length; s++)
    for (let extra = 0; extra <= MAX_ADDITIONAL_STANDS_BONUS; extra++)
      for (let fire = 0; fire < 2; fire++)
        for (let square = 0; square < 2; square++) {
          const list: AppliedModifier<ConfrontationModifierId>[] = [];
          if (fire) list.push({ id: 'defender-gave-fire' });
          if (extra) list.push({ id: 'additional-stands', count: extra });
          if (square) list.push({ id: 'cavalry-not-squared-up' });
          list.push({ id: STATUS_MODIFIER_IDS[RESOLVE_STATUSES[s]!] });
          lists[derivedIndex(s, extra, fire === 1, square === 1)] = list;
        }
  return lists;
})();

function derivedIndex(statusIndex: number, extra: number, gaveFire: boolean, notSquaredUp: boolean): number {
  return (
    ((statusIndex * (MAX_ADDITIONAL_STANDS_BONUS + 1) + extra) * 2 + (gaveFire ? 1 : 0)) * 2 +
    (notSquaredUp ? 1 : 0)
  );
}

/**
 * "Each 3 additional stands": +1 per full 3 stands by which a side's total exceeds the other's, at
 * most +5. Positive: the charger's count; negative: the target's.
 */
export function additionalStandsBonus(chargerSideStands: number, targetSideStands: number): number {
  const more = chargerSideStands - targetSideStands;
  const count = Math.min(
    MAX_ADDITIONAL_STANDS_BONUS,
    Math.floor(Math.abs(more) / STANDS_PER_ADDITIONAL_POINT),
  );
  return more < 0 ? -count : count;
}

const EMPTY: readonly never[] = [];

/** The rule every Modified Resolve Level step cites. */
export const LEVEL_RULE = jc4('Determining Modified Resolve Level');

const RANDOM_FACTOR_RULE = jc4('Confrontation Tactical Modifiers', '14 random factor');

/** Confrontation modifiers are all fixed points: a source that must never be asked for a die. */
const NO_DICE: DiceSource = {
  roll: () => {
    throw new Error('confrontation tactical modifiers throw no dice');
  },
};

/** One side's Resolve Level plus its tactical modifiers, in table order (everything but the Random Factor). */
function levelBeforeRandomFactor(
  side: ConfrontationSide,
  unit: ConfrontationSideFacts,
  extra: number,
  gaveFire: boolean,
  notSquaredUp: boolean,
  trace: Trace | undefined,
): number {
  let total = unit.resolveLevel;
  const derived = DERIVED_LISTS[derivedIndex(statusRank(unit.status), extra, gaveFire, notSquaredUp)]!;
  const own = unit.modifiers ?? EMPTY;
  if (trace) {
    trace.add({ rule: LEVEL_RULE, label: `${SIDE_LABEL[side]}: Resolve Level`, total });
    // One list, which applyModifiers puts in the table's order, so the steps read in the text's order.
    return applyModifiers(CONFRONTATION_MODIFIERS, [...own, ...derived], total, NO_DICE, trace);
  }
  total = applyModifiers(CONFRONTATION_MODIFIERS, own, total, NO_DICE);
  return applyModifiers(CONFRONTATION_MODIFIERS, derived, total, NO_DICE);
}

/** Both sides' levels before their Random Factors: the dice-free part of a confrontation. */
export interface LevelsBeforeRandomFactor {
  readonly charger: number;
  readonly target: number;
}

/** Both sides' levels before their Random Factors, traced when `trace` is given. */
export function levelsBeforeRandomFactor(
  facts: ConfrontationFacts,
  trace: Trace | undefined,
): LevelsBeforeRandomFactor {
  const charger = facts.charger;
  const target = facts.target;
  const extra = additionalStandsBonus(
    charger.sideStands ?? charger.stands,
    target.sideStands ?? target.stands,
  );
  trace?.add({
    rule: jc4('Confrontation Tactical Modifiers', '5 each 3 additional stands'),
    label: `Stands: charger's side ${charger.sideStands ?? charger.stands}, target's side ${target.sideStands ?? target.stands}`,
    value: extra === 0 ? 'no bonus' : `+${Math.abs(extra)} to the ${extra > 0 ? 'charger' : 'target'}`,
  });
  const gaveFire = facts.targetGaveFire === true;
  const notSquaredUp = gaveFire && charger.cavalryDidNotSquareUp === true;
  return {
    charger: levelBeforeRandomFactor('charger', charger, Math.max(extra, 0), false, notSquaredUp, trace),
    target: levelBeforeRandomFactor('target', target, extra < 0 ? -extra : 0, gaveFire, false, trace),
  };
}

/** Adds a side's Random Factor to its level. */
export function withRandomFactor(
  side: ConfrontationSide,
  base: number,
  dice: DiceSource,
  trace: Trace | undefined,
): number {
  const key = side === 'charger' ? 'chargerRandomFactor' : 'targetRandomFactor';
  const rf = dice.roll(randomFactor, key);
  const total = base + rf;
  trace?.add({
    rule: RANDOM_FACTOR_RULE,
    label: `${SIDE_LABEL[side]}: Random Factor, giving the final Modified Resolve Level`,
    delta: rf,
    total,
    roll: key,
  });
  return total;
}
