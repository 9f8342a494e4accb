import { z } from 'zod';
import { tallyByPrefixClass } from '../../../core/odds/prefix-classes.ts';
import type { OddsTally } from '../../../core/odds/tally.ts';
import type { DiceSource } from '../../../core/random/dice.ts';
import { defineRoll, eventDie, oddD6, type RollSpec, randomFactor } from '../../../core/random/rolls.ts';
import { type AppliedModifier, applyModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { OddsShortcut } from '../../../core/rules/run.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { RuleRef, Trace } from '../../../core/rules/trace.ts';
import {
  CONFRONTATION_MODIFIERS,
  CONFRONTATION_RESULTS,
  CONFRONTATION_ROW_IDS,
  type ConfrontationModifierId,
  type ConfrontationRow,
  type ConfrontationRowId,
  confrontationRowFor,
  type LoserColumn,
  loserColumnFor,
  MAX_ADDITIONAL_STANDS_BONUS,
  RECOIL_SEPARATION_INCHES,
  STANDS_PER_ADDITIONAL_POINT,
  STATUS_MODIFIER_IDS,
  type StandLoss,
} from '../tables/confrontation.ts';
import { MOVEMENT_RESULTS, statusRank } from '../tables/reaction-table.ts';
import { jc3, jc4, musterDefault, RESOLVE_STATUSES, type ResolveStatus } from '../vocabulary.ts';

/**
 * How a "1 in N" loss is rounded: floor(S/N) (Muster's default), to the nearest (halves up), up, or
 * floor(S/N) plus one more stand when a dN shows the remainder (S mod N) or less, so that the
 * expected loss is exactly S/N. See docs/rules/john-company/confrontation.md.
 */
export const LOSS_ROUNDINGS = ['floor', 'nearest', 'ceil', 'remainder-chance'] as const;
export type LossRounding = (typeof LOSS_ROUNDINGS)[number];
export const DEFAULT_LOSS_ROUNDING: LossRounding = 'floor';

const remainderDice = new Map<number, RollSpec>();
/** One die numbered 1..n, read as 1 (one more stand lost) when it shows `remainder` or less, else 0. */
export function remainderDie(n: number, remainder: number): RollSpec {
  const cacheKey = n * 1000 + remainder;
  let spec = remainderDice.get(cacheKey);
  if (!spec) {
    spec = defineRoll({
      id: `d${n}-at-most-${remainder}`,
      label: `1d${n} (one more stand on ${remainder === 1 ? '1' : `1-${remainder}`})`,
      dice: [{ min: 1, max: n, name: `d${n}` }],
      combine: (f) => (f[0]! <= remainder ? 1 : 0),
      draw: (p) => (p.int(n) < remainder ? 1 : 0),
    });
    remainderDice.set(cacheKey, spec);
  }
  return spec;
}

/**
 * Stands lost at "1 in `n`" of `stands`, rounded as `rounding`. Only 'remainder-chance' throws a die
 * (under `key`), and only when the division leaves a remainder.
 */
export function ratioLoss(
  stands: number,
  n: number,
  rounding: LossRounding,
  dice: DiceSource,
  key: string,
): number {
  const whole = Math.floor(stands / n);
  const remainder = stands - whole * n;
  if (remainder === 0 || rounding === 'floor') return whole;
  if (rounding === 'ceil') return whole + 1;
  if (rounding === 'nearest') return 2 * remainder >= n ? whole + 1 : whole;
  return whole + dice.roll(remainderDie(n, remainder), key);
}

export function describeRounding(rounding: LossRounding): string {
  switch (rounding) {
    case 'floor':
      return 'rounded down';
    case 'nearest':
      return 'rounded to the nearest, halves up';
    case 'ceil':
      return 'rounded up';
    case 'remainder-chance':
      return 'rounded down, the remainder a chance of one more';
  }
}

/** The optional `lossRounding` fact, as every procedure with "1 in N" losses takes it. */
export const lossRoundingSchema = z
  .enum(LOSS_ROUNDINGS)
  .optional()
  .describe(
    'How a "1 in N" loss is rounded: floor (default: whole stands only), nearest (halves up), ceil, or remainder-chance (floor, plus one more stand if a dN shows the remainder or less)',
  );

export type ConfrontationSide = 'charger' | 'target';

export interface ConfrontationSideFacts {
  /** The unit's Resolve Level (its rating). */
  readonly resolveLevel: number;
  /** Its current Resolve Status (from this turn's Reaction Test): modifier 13. */
  readonly status: ResolveStatus;
  /** Its current stands: "1 in N" losses are worked out from these. */
  readonly stands: number;
  /** All stands of its side in this Confrontation (default: `stands`), for "each 3 additional stands". */
  readonly sideStands?: number;
  /** The other tactical modifiers that apply to it (the derived ones are worked out by Muster). */
  readonly modifiers?: readonly AppliedModifier<ConfrontationModifierId>[];
}

export interface ConfrontationFacts {
  readonly charger: ConfrontationSideFacts & {
    /** Charging cavalry did not square up (its contacting stands did not all touch at once). */
    readonly cavalryDidNotSquareUp?: boolean;
  };
  readonly target: ConfrontationSideFacts & {
    /** Defending walls, buildings, earthworks or fortifications, or in Square: holds on a Recoil. */
    readonly defendingWorksOrSquare?: boolean;
  };
  /** The target fired a Defenders' Volley (hits or not): +1 to it, and -2 to cavalry that did not square up. */
  readonly targetGaveFire?: boolean;
  /** The target tried to evade and the charger caught it: automatic Close Combat Rout, target the loser. */
  readonly targetCaughtEvading?: boolean;
  /** Rounding of "1 in N" losses (default 'floor'). */
  readonly lossRounding?: LossRounding;
  /** Whose stands "1 in N" counts: the unit's own (default) or the opposing unit's. */
  readonly lossBasis?: 'own' | 'opponent';
  /**
   * Both sides' final Modified Resolve Levels, when the referee has already worked them out at the
   * table (every modifier and the Random Factors included): Muster then reads the result from them and
   * throws only the Event Dice and any loss die.
   */
  readonly finalLevels?: { readonly charger: number; readonly target: number };
}

/** A side's mandatory move: none, moving apart after a Recoil, or the loser's Fall Back, Forced Back or Rout. */
export type ConfrontationMove = 'none' | 'recoil' | 'fall-back' | 'forced-back' | 'rout';

export interface ConfrontationSideOutcome {
  /** Its final Modified Resolve Level; null when the target was caught evading (no levels compared). */
  readonly level: number | null;
  readonly standsLost: number;
  readonly standsLeft: number;
  /** Its Resolve Status after the result (the winner keeps its own). */
  readonly status: ResolveStatus;
  readonly move: ConfrontationMove;
  /** Inches it moves back on a Recoil (0 otherwise, and for a defender that holds). */
  readonly recoilInches: number;
  /** Disordered by its mandatory move (Forced Back, Rout). */
  readonly disordered: boolean;
  /** Its Event Die gave an Event (resolved before its mandatory move). */
  readonly event: boolean;
}

export interface ConfrontationResult {
  readonly row: ConfrontationRowId;
  readonly kind: 'close-combat' | 'confrontation';
  readonly caughtEvading: boolean;
  /** The side with the higher level; 'none' on a tie (a Recoil). */
  readonly winner: ConfrontationSide | 'none';
  /** Higher level minus lower; null when the target was caught evading. */
  readonly difference: number | null;
  /** The sub-column read, by the loser's final level; null when caught evading. */
  readonly column: LoserColumn | null;
  /**
   * When the winner may pursue a loser that fell back, was forced back or routed: at once for a charger
   * winning a Confrontation result (with movement left), otherwise from next turn; none after a Recoil.
   */
  readonly pursuit: 'none' | 'this-turn' | 'next-turn';
  readonly charger: ConfrontationSideOutcome;
  readonly target: ConfrontationSideOutcome;
}

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
const EVENT_ON_1 = eventDie(1);
const EVENT_ON_1_OR_2 = eventDie(2);
const SIDE_LABEL: Readonly<Record<ConfrontationSide, string>> = { charger: 'Charger', target: 'Target' };
const LEVEL_RULE = jc4('Determining Modified Resolve Level');
const RESULTS_RULE = jc4('Resolving Confrontation', 'Confrontation / Close Combat Results Table');
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
interface LevelsBeforeRandomFactor {
  readonly charger: number;
  readonly target: number;
}

function levelsBeforeRandomFactor(
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
function withRandomFactor(
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
function sideLoss(
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

const NO_MOVE_INCHES = 0;

function outcome(
  level: number | null,
  stands: number,
  standsLost: number,
  status: ResolveStatus,
  move: ConfrontationMove,
  recoilInches: number,
  event: boolean,
): ConfrontationSideOutcome {
  return {
    level,
    standsLost,
    standsLeft: stands - standsLost,
    status,
    move,
    recoilInches,
    disordered:
      move === 'forced-back' || move === 'rout' ? MOVEMENT_RESULTS[move].disordered === true : false,
    event,
  };
}

/**
 * A John Company Confrontation (Part 4, "Resolving Confrontation" and "Determining Modified Resolve
 * Level"): each side's Resolve Level plus its tactical modifiers in the text's order (the +1 per 3
 * additional stands from both sides' totals, defender gave fire, cavalry not squared up, and its
 * Resolve Status worked out by Muster) and its Random Factor; the higher level wins (a tie is a
 * Recoil); the difference, read in the sub-column of the loser's level, gives the row: stands lost,
 * new statuses and mandatory moves. Each side's Event Die gives an Event on 1 for a Confrontation
 * result, on 1-2 for Close Combat. A target caught evading is an automatic Close Combat Rout.
 *
 * Throw order: charger's Random Factor, target's Random Factor, charger's Event Die, target's Event
 * Die, then the charger's loss die and the target's loss die where the row calls for one.
 */
export function resolveConfrontation(
  facts: ConfrontationFacts,
  dice: DiceSource,
  trace?: Trace,
): ConfrontationResult {
  return resolveWithLevels(facts, dice, trace, undefined);
}

/**
 * The confrontation's dice-free work (every tactical modifier) done once: the returned resolver gives
 * exactly what `resolveConfrontation(facts, dice)` gives. Used by the exact odds and Monte Carlo runs.
 */
export function prepareConfrontation(facts: ConfrontationFacts): (dice: DiceSource) => ConfrontationResult {
  const levels =
    facts.targetCaughtEvading === true || facts.finalLevels
      ? undefined
      : levelsBeforeRandomFactor(facts, undefined);
  return (dice) => resolveWithLevels(facts, dice, undefined, levels);
}

const RANDOM_FACTORS: readonly RollSpec[] = [randomFactor, randomFactor];
const WINNER_INDEX: Readonly<Record<ConfrontationSide | 'none', number>> = { charger: 0, target: 1, none: 2 };
const ROW_INDEX = Object.fromEntries(CONFRONTATION_ROW_IDS.map((id, i) => [id, i])) as Readonly<
  Record<ConfrontationRowId, number>
>;

/**
 * The confrontation's exact odds (its `OddsShortcut`): after the two Random Factors, every throw (the Event
 * Dice, the loss dice) and every odds view depends on the final levels only through the winner and the
 * result row, so the sub-tree after the Random Factors is enumerated once per (winner, row) met, not once
 * per pair (`tallyByPrefixClass`). A test compares it with the enumeration of every path.
 */
function tallyConfrontationOdds(facts: ConfrontationFacts, tally: OddsTally<ConfrontationResult>): void {
  if (facts.targetCaughtEvading === true || facts.finalLevels) {
    tallyByPrefixClass(tally, [], () => 0, prepareConfrontation(facts));
    return;
  }
  const levels = levelsBeforeRandomFactor(facts, undefined);
  tallyByPrefixClass(
    tally,
    RANDOM_FACTORS,
    (rf) => {
      const chargerLevel = levels.charger + rf[0]!;
      const targetLevel = levels.target + rf[1]!;
      const winner = winnerOf(chargerLevel, targetLevel);
      const row = rowFor(winner, chargerLevel, targetLevel);
      return WINNER_INDEX[winner] * CONFRONTATION_ROW_IDS.length + ROW_INDEX[row];
    },
    (dice) => resolveWithLevels(facts, dice, undefined, levels),
  );
}

function winnerOf(chargerLevel: number, targetLevel: number): ConfrontationSide | 'none' {
  return chargerLevel > targetLevel ? 'charger' : chargerLevel < targetLevel ? 'target' : 'none';
}

/** Higher level minus lower (0 on a tie). */
function marginOf(winner: ConfrontationSide | 'none', chargerLevel: number, targetLevel: number): number {
  return winner === 'charger' ? chargerLevel - targetLevel : targetLevel - chargerLevel;
}

/** The loser's final level; on a tie both levels are equal, so either is "the loser's". */
function loserLevelOf(winner: ConfrontationSide | 'none', chargerLevel: number, targetLevel: number): number {
  return winner === 'charger' ? targetLevel : chargerLevel;
}

/** The result row: the winner's margin, read in the sub-column of the loser's level. */
function rowFor(
  winner: ConfrontationSide | 'none',
  chargerLevel: number,
  targetLevel: number,
): ConfrontationRowId {
  return confrontationRowFor(
    marginOf(winner, chargerLevel, targetLevel),
    loserColumnFor(loserLevelOf(winner, chargerLevel, targetLevel)),
  );
}

function resolveWithLevels(
  facts: ConfrontationFacts,
  dice: DiceSource,
  trace: Trace | undefined,
  prepared: LevelsBeforeRandomFactor | undefined,
): ConfrontationResult {
  const charger = facts.charger;
  const target = facts.target;
  let chargerLevel: number | null = null;
  let targetLevel: number | null = null;
  let winner: ConfrontationSide | 'none';
  let difference: number | null = null;
  let column: LoserColumn | null = null;
  let rowId: ConfrontationRowId;
  const caughtEvading = facts.targetCaughtEvading === true;

  if (caughtEvading) {
    rowId = 'close-combat-rout';
    winner = 'charger';
    trace?.add({
      rule: jc4('Confrontation', 'evading target caught'),
      label: 'Target caught while evading: automatic result, the target loses',
      value: CONFRONTATION_RESULTS.rows[rowId].label,
    });
  } else {
    if (facts.finalLevels) {
      // The referee's own final levels: no modifier is added and no Random Factor thrown.
      chargerLevel = facts.finalLevels.charger;
      targetLevel = facts.finalLevels.target;
      trace?.add({
        rule: LEVEL_RULE,
        label: 'Final Modified Resolve Levels as the referee worked them out (charger, target)',
        value: `${chargerLevel}, ${targetLevel}`,
      });
    } else {
      // Both sides' modified levels, then their Random Factors (thrown together, the charger's read first).
      const levels = prepared ?? levelsBeforeRandomFactor(facts, trace);
      chargerLevel = withRandomFactor('charger', levels.charger, dice, trace);
      targetLevel = withRandomFactor('target', levels.target, dice, trace);
    }
    winner = winnerOf(chargerLevel, targetLevel);
    difference = marginOf(winner, chargerLevel, targetLevel);
    column = loserColumnFor(loserLevelOf(winner, chargerLevel, targetLevel));
    rowId = confrontationRowFor(difference, column);
    if (trace) {
      trace.add({
        rule: jc4('Determining Modified Resolve Level', 'winner and difference'),
        label:
          winner === 'none'
            ? `Levels equal (${chargerLevel}): no winner`
            : `${SIDE_LABEL[winner]} wins, ${chargerLevel} v ${targetLevel}: difference`,
        value: difference,
      });
      trace.add({
        rule: jc4(
          'Resolving Confrontation',
          `loser ${column === '16-and-above' ? '16 and above' : '15 and below'}`,
        ),
        label: `Loser's level ${loserLevelOf(winner, chargerLevel, targetLevel)}: column ${column}`,
        value: CONFRONTATION_RESULTS.rows[rowId].label,
      });
    }
  }
  const row: ConfrontationRow = CONFRONTATION_RESULTS.rows[rowId];

  // Event Dice: thrown with each side's Random Factor; read once the result's kind is known.
  const closeCombat = row.kind === 'close-combat';
  const eventSpec = closeCombat ? EVENT_ON_1_OR_2 : EVENT_ON_1;
  const chargerEvent = dice.roll(eventSpec, 'chargerEventDie') === 1;
  const targetEvent = dice.roll(eventSpec, 'targetEventDie') === 1;
  if (trace) {
    const rule = musterDefault(
      'Confrontation: the Event Die',
      closeCombat ? 'close combat: 1-2' : 'confrontation: 1',
    );
    trace.add({
      rule,
      label: 'Charger Event Die gives an Event',
      value: chargerEvent,
      roll: 'chargerEventDie',
    });
    trace.add({ rule, label: 'Target Event Die gives an Event', value: targetEvent, roll: 'targetEventDie' });
  }

  // Stand losses, charger first.
  const chargerLost = sideLoss(
    'charger',
    winner === 'target' ? row.loserLoss : row.winnerLoss,
    charger.stands,
    target.stands,
    facts,
    dice,
    trace,
  );
  const targetLost = sideLoss(
    'target',
    winner === 'charger' ? row.loserLoss : row.winnerLoss,
    target.stands,
    charger.stands,
    facts,
    dice,
    trace,
  );

  let chargerOutcome: ConfrontationSideOutcome;
  let targetOutcome: ConfrontationSideOutcome;
  if (row.recoil) {
    const holds = target.defendingWorksOrSquare === true;
    const half = RECOIL_SEPARATION_INCHES / 2;
    chargerOutcome = outcome(
      chargerLevel,
      charger.stands,
      chargerLost,
      row.status,
      'recoil',
      holds ? RECOIL_SEPARATION_INCHES : half,
      chargerEvent,
    );
    targetOutcome = outcome(
      targetLevel,
      target.stands,
      targetLost,
      row.status,
      holds ? 'none' : 'recoil',
      holds ? NO_MOVE_INCHES : half,
      targetEvent,
    );
    if (trace) {
      trace.add({ rule: RESULTS_RULE, label: 'Both sides take the new Resolve Status', value: row.status });
      trace.add({
        rule: holds
          ? jc4('Resolving Confrontation', 'note: defenders of works or squares do not recoil')
          : musterDefault('Confrontation: moving 3" apart on a Recoil'),
        label: holds
          ? 'Target defends works or is in square: it holds, the charger moves back'
          : 'Both move back an equal share until 3" apart',
        value: holds ? `charger ${RECOIL_SEPARATION_INCHES}"` : `${half}" each`,
      });
    }
  } else {
    const chargerWon = winner === 'charger';
    chargerOutcome = outcome(
      chargerLevel,
      charger.stands,
      chargerLost,
      chargerWon ? charger.status : row.status,
      chargerWon ? 'none' : row.move,
      NO_MOVE_INCHES,
      chargerEvent,
    );
    targetOutcome = outcome(
      targetLevel,
      target.stands,
      targetLost,
      chargerWon ? row.status : target.status,
      chargerWon ? row.move : 'none',
      NO_MOVE_INCHES,
      targetEvent,
    );
    if (trace) {
      trace.add({
        rule: RESULTS_RULE,
        label: `${chargerWon ? 'Target' : 'Charger'} (loser): new Resolve Status and mandatory move`,
        value: `${row.status}, ${MOVE_TEXT[row.move]}`,
      });
      trace.add({
        rule: jc3('Mandatory Moves', '4 pursue'),
        label: `${chargerWon ? 'Charger' : 'Target'} (winner) keeps its status; it may pursue`,
        value: !closeCombat && chargerWon ? 'this turn' : 'next turn',
      });
    }
  }

  return {
    row: rowId,
    kind: row.kind,
    caughtEvading,
    winner,
    difference,
    column,
    pursuit: row.recoil ? 'none' : !closeCombat && winner === 'charger' ? 'this-turn' : 'next-turn',
    charger: chargerOutcome,
    target: targetOutcome,
  };
}

const DERIVED: Readonly<Record<string, string>> = {
  'additional-stands': 'give stands (and sideStands) for both sides instead',
  'defender-gave-fire': 'give targetGaveFire instead',
  'cavalry-not-squared-up': 'give charger.cavalryDidNotSquareUp and targetGaveFire instead',
  'status-resolute': 'give status instead',
  'status-confident': 'give status instead',
  'status-steady': 'give status instead',
  'status-shaken': 'give status instead',
  'status-wavering': 'give status instead',
  'status-panicked': 'give status instead',
};

const sideShape = {
  resolveLevel: z.number().int().min(1).max(30).describe("The unit's Resolve Level (its rating)"),
  status: z
    .enum(RESOLVE_STATUSES)
    .describe(
      "Its current Resolve Status (from this turn's Reaction Test); gives Resolute +2 .. Panicked -8",
    ),
  stands: z.number().int().min(1).max(99).describe('Its current stands; "1 in N" losses count these'),
  sideStands: z
    .number()
    .int()
    .min(1)
    .max(999)
    .optional()
    .describe(
      'All stands of its side in this Confrontation (default: stands); +1 per 3 more than the other side, max +5',
    ),
  modifiers: modifierListSchema(CONFRONTATION_MODIFIERS, DERIVED).optional(),
};

export const confrontationFactsSchema = z
  .object({
    charger: z
      .object({
        ...sideShape,
        cavalryDidNotSquareUp: z
          .boolean()
          .optional()
          .describe(
            'Charging cavalry did not square up (its contacting stands did not all touch at once); -2 if the target gave fire',
          ),
      })
      .strict()
      .describe('The charging unit'),
    target: z
      .object({
        ...sideShape,
        defendingWorksOrSquare: z
          .boolean()
          .optional()
          .describe(
            'Defending walls, buildings, earthworks or fortifications, or in Square: it does not move on a Recoil; the charger moves back 3" instead',
          ),
      })
      .strict()
      .describe('The unit charged'),
    targetGaveFire: z
      .boolean()
      .optional()
      .describe("The target fired a Defenders' Volley before the Confrontation (hits or not)"),
    targetCaughtEvading: z
      .boolean()
      .optional()
      .describe('The target tried to evade and was caught: automatic Close Combat Rout, the target losing'),
    lossRounding: lossRoundingSchema,
    lossBasis: z
      .enum(['own', 'opponent'])
      .optional()
      .describe('Whose stands a "1 in N" loss counts: own (default) or the opposing unit\'s'),
    finalLevels: z
      .object({
        charger: z.number().int().min(-30).max(60).describe("The charger's final Modified Resolve Level"),
        target: z.number().int().min(-30).max(60).describe("The target's final Modified Resolve Level"),
      })
      .strict()
      .optional()
      .describe(
        'Both final Modified Resolve Levels, if already worked out at the table (modifiers and Random Factors included): Muster reads the result from them and throws only the Event Dice and any loss die',
      ),
  })
  .strict()
  .superRefine((f, ctx) => {
    for (const side of ['charger', 'target'] as const) {
      const unit = f[side];
      if (unit.sideStands !== undefined && unit.sideStands < unit.stands)
        ctx.addIssue({
          code: 'custom',
          path: [side, 'sideStands'],
          message: `sideStands (${unit.sideStands}) cannot be fewer than the unit's own stands (${unit.stands})`,
        });
    }
    if (f.charger.modifiers?.some((m) => m.id === 'fortified-city-wall'))
      ctx.addIssue({
        code: 'custom',
        path: ['charger', 'modifiers'],
        message: 'fortified-city-wall is for the defender of the wall, not the charger',
      });
    if (f.targetGaveFire && (f.target.status === 'Wavering' || f.target.status === 'Panicked'))
      ctx.addIssue({
        code: 'custom',
        path: ['targetGaveFire'],
        message: `a ${f.target.status} target may not fire a Defenders' Volley`,
      });
    if (f.finalLevels) {
      const included = [
        ...(['charger', 'target'] as const).flatMap((side) => [
          ...(f[side].modifiers?.length ? [[side, 'modifiers']] : []),
          ...(f[side].sideStands !== undefined ? [[side, 'sideStands']] : []),
        ]),
        ...(f.charger.cavalryDidNotSquareUp ? [['charger', 'cavalryDidNotSquareUp']] : []),
        ...(f.targetGaveFire ? [['targetGaveFire']] : []),
        ...(f.targetCaughtEvading ? [['targetCaughtEvading']] : []),
      ];
      for (const path of included)
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            f.targetCaughtEvading && path[0] === 'targetCaughtEvading'
              ? 'a target caught while evading has no levels to compare: leave out finalLevels'
              : 'finalLevels already include every modifier: leave this out, or leave out finalLevels',
        });
    }
    if (f.targetGaveFire && f.targetCaughtEvading)
      ctx.addIssue({
        code: 'custom',
        path: ['targetGaveFire'],
        message: 'a target caught while evading did not stand to fire a Defenders Volley',
      });
  });

const eventLabel = (k: string | number): string => (k === 1 ? 'Event' : 'no Event');

const WINNER_LABEL: Readonly<Record<ConfrontationSide | 'none', string>> = {
  charger: 'charger',
  target: 'target',
  none: 'none (Recoil)',
};

/** "charger status / target status" for every pair, so the odds view builds no strings. */
const STATUS_PAIRS: readonly (readonly string[])[] = RESOLVE_STATUSES.map((c) =>
  RESOLVE_STATUSES.map((t) => `${c} / ${t}`),
);

const MOVE_TEXT: Readonly<Record<ConfrontationMove, string>> = {
  none: 'holds',
  recoil: 'moves back',
  'fall-back': 'Falls Back',
  'forced-back': 'is Forced Back (Disordered)',
  rout: 'Routs (Disordered)',
};

function describeSide(side: ConfrontationSide, o: ConfrontationSideOutcome): string {
  const move = o.move === 'recoil' ? `moves back ${o.recoilInches}"` : MOVE_TEXT[o.move];
  return `${SIDE_LABEL[side]}: loses ${o.standsLost} stand${o.standsLost === 1 ? '' : 's'} (${o.standsLeft} left), ${o.status}, ${move}${o.event ? '; Event' : ''}`;
}

const europeans = {
  resolveLevel: 20,
  status: 'Confident',
  stands: 16,
  modifiers: [{ id: 'charging' }, { id: 'infantry-close-order' }],
} as const;

export const confrontation: ProcedureDefinition<ConfrontationFacts, ConfrontationResult> &
  OddsShortcut<ConfrontationFacts, ConfrontationResult> = {
  id: 'confrontation',
  title: 'Confrontation / Close Combat',
  summary:
    'Who wins when a charge meets its target: each side’s Modified Resolve Level, the result row, stands lost, new statuses, mandatory moves and Events.',
  rule: jc4('Resolving Confrontation'),
  facts: confrontationFactsSchema as z.ZodType<ConfrontationFacts>,
  rolls: [
    {
      key: 'chargerRandomFactor',
      dice: '2d6: positive, negative',
      when: 'unless the target was caught evading or the final levels are given',
    },
    {
      key: 'targetRandomFactor',
      dice: '2d6: positive, negative',
      when: 'unless the target was caught evading or the final levels are given',
    },
    {
      key: 'chargerEventDie',
      dice: '1d6 (the charger’s Event Die, thrown with its Random Factor)',
      when: 'always; an Event on 1 (Confrontation result) or 1-2 (Close Combat result)',
    },
    {
      key: 'targetEventDie',
      dice: '1d6 (the target’s Event Die, thrown with its Random Factor)',
      when: 'always; an Event on 1 (Confrontation result) or 1-2 (Close Combat result)',
    },
    {
      key: 'chargerLoss',
      dice: '1d6 (odd = 1 stand lost), or a die of N faces for the remainder',
      when: 'if the charger won a Confrontation result; or a "1 in N" loss leaves a remainder rounded by chance',
    },
    {
      key: 'targetLoss',
      dice: '1d6 (odd = 1 stand lost), or a die of N faces for the remainder',
      when: 'if the target won a Confrontation result; or a "1 in N" loss leaves a remainder rounded by chance',
    },
  ],
  examples: [
    {
      title:
        'European infantry (Resolve 20, Confident, 16 stands) charge Sikh regulars (Resolve 17, Steady, 12 stands) who volleyed',
      facts: {
        charger: europeans,
        target: {
          resolveLevel: 17,
          status: 'Steady',
          stands: 12,
          modifiers: [{ id: 'infantry-close-order' }],
        },
        targetGaveFire: true,
      },
      // Charger RF 4-2 (+2): 20+1+1+1+1 = 24, +2 = 26; target RF 3-3 (0): 17+1+1 = 19. Difference 7 with the
      // loser at 19: Confrontation Rout. Event dice 5, 1 (target's Event); charger's loss die 4 (even: none).
      dice: [4, 2, 3, 3, 5, 1, 4],
    },
    {
      title:
        'Close Combat: lancers (Resolve 16, Steady, 8 stands) charge sepoys in square (Resolve 17, Steady, 10 stands)',
      facts: {
        charger: {
          resolveLevel: 16,
          status: 'Steady',
          stands: 8,
          modifiers: [{ id: 'charging' }, { id: 'heavy-cavalry-or-lancers' }, { id: 'cavalry-v-infantry' }],
        },
        target: {
          resolveLevel: 17,
          status: 'Steady',
          stands: 10,
          modifiers: [{ id: 'infantry-close-order' }],
          defendingWorksOrSquare: true,
        },
      },
      // Charger 16+1+1+2+0 = 20, RF 2-4 = 18; target 17+1+0 = 18, RF 3-3 = 18: a tie at 18, Close Combat Recoil.
      dice: [2, 4, 3, 3, 6, 2],
    },
    {
      title:
        'The referee has both final Modified Resolve Levels already (charger 23, target 18): the result, Event Dice and loss die',
      facts: {
        charger: { resolveLevel: 18, status: 'Steady', stands: 12 },
        target: { resolveLevel: 16, status: 'Steady', stands: 10 },
        finalLevels: { charger: 23, target: 18 },
      },
      dice: [4, 6, 3],
    },
    {
      title: 'A target caught while evading: automatic Close Combat Rout',
      facts: {
        charger: { resolveLevel: 17, status: 'Confident', stands: 10 },
        target: { resolveLevel: 14, status: 'Steady', stands: 12 },
        targetCaughtEvading: true,
      },
      dice: [3, 4],
    },
  ],
  resolve: resolveConfrontation,
  prepare: prepareConfrontation,
  tallyOdds: tallyConfrontationOdds,
  odds: [
    { name: 'Winner', project: (r) => r.winner, label: (k) => WINNER_LABEL[k as ConfrontationSide | 'none'] },
    {
      name: 'Result',
      project: (r) => r.row,
      label: (k) => CONFRONTATION_RESULTS.rows[k as ConfrontationRowId].label,
    },
    { name: 'Stands lost by the charger', project: (r) => r.charger.standsLost },
    { name: 'Stands lost by the target', project: (r) => r.target.standsLost },
    { name: 'Event (charger)', project: (r) => (r.charger.event ? 1 : 0), label: eventLabel },
    { name: 'Event (target)', project: (r) => (r.target.event ? 1 : 0), label: eventLabel },
    {
      name: 'New statuses (charger / target)',
      project: (r) => statusRank(r.charger.status) * 6 + statusRank(r.target.status),
      label: (k) => STATUS_PAIRS[Math.floor((k as number) / 6)]![(k as number) % 6]!,
    },
  ],
  describe: (r) => [
    r.caughtEvading
      ? 'Target caught while evading: automatic Close Combat Rout'
      : r.winner === 'none'
        ? `Levels equal at ${r.charger.level}: ${CONFRONTATION_RESULTS.rows[r.row].label}`
        : `Charger ${r.charger.level} v target ${r.target.level}: the ${r.winner} wins by ${r.difference} (loser's column ${r.column}): ${CONFRONTATION_RESULTS.rows[r.row].label}`,
    describeSide('charger', r.charger),
    describeSide('target', r.target),
    ...(r.pursuit === 'none'
      ? []
      : [`The winner may pursue ${r.pursuit === 'this-turn' ? 'at once' : 'from next turn'}`]),
  ],
};
