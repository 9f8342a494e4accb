/**
 * Resolving a Confrontation (Part 4, Resolving Confrontation): the higher Modified Resolve Level wins
 * (a tie is a Recoil), the margin read in the loser's sub-column gives the row, then the Event Dice,
 * the stands lost, new statuses and mandatory moves of each side.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { eventDie } from '../../../../core/random/rolls.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  CONFRONTATION_RESULTS,
  type ConfrontationRow,
  type ConfrontationRowId,
  confrontationRowFor,
  type LoserColumn,
  loserColumnFor,
  RECOIL_SEPARATION_INCHES,
} from '../../tables/confrontation.ts';
import { MOVEMENT_RESULTS } from '../../tables/reaction-table.ts';
import { jc3, jc4, musterDefault, type ResolveStatus } from '../../vocabulary.ts';
import {
  type ConfrontationFacts,
  type ConfrontationMove,
  type ConfrontationResult,
  type ConfrontationSide,
  type ConfrontationSideOutcome,
  SIDE_LABEL,
} from './facts.ts';
import {
  LEVEL_RULE,
  type LevelsBeforeRandomFactor,
  levelsBeforeRandomFactor,
  withRandomFactor,
} from './levels.ts';
import { RESULTS_RULE, sideLoss } from './losses.ts';

const EVENT_ON_1 = eventDie(1);
const EVENT_ON_1_OR_2 = eventDie(2);

/** How each side's move reads in a result. */
export const MOVE_TEXT: Readonly<Record<ConfrontationMove, string>> = {
  none: 'holds',
  recoil: 'moves back',
  'fall-back': 'Falls Back',
  'forced-back': 'is Forced Back (Disordered)',
  rout: 'Routs (Disordered)',
};

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

/** The side with the higher Modified Resolve Level; `none` on a tie (a Recoil). */
export function winnerOf(chargerLevel: number, targetLevel: number): ConfrontationSide | 'none' {
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
export function rowFor(
  winner: ConfrontationSide | 'none',
  chargerLevel: number,
  targetLevel: number,
): ConfrontationRowId {
  return confrontationRowFor(
    marginOf(winner, chargerLevel, targetLevel),
    loserColumnFor(loserLevelOf(winner, chargerLevel, targetLevel)),
  );
}

/**
 * The resolution after the tactical modifiers: `prepared` gives each side's level before its Random
 * Factor when worked out already (`prepareConfrontation`), else they are worked out here.
 */
export function resolveWithLevels(
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
