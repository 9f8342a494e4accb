/**
 * The Confrontation's exact odds, enumerated once per winner and result row after the two Random
 * Factors rather than once per pair of levels.
 */
import { tallyByPrefixClass } from '../../../../core/odds/prefix-classes.ts';
import type { OddsTally } from '../../../../core/odds/tally.ts';
import { type RollSpec, randomFactor } from '../../../../core/random/rolls.ts';
import { CONFRONTATION_ROW_IDS, type ConfrontationRowId } from '../../tables/confrontation.ts';
import type { ConfrontationFacts, ConfrontationResult, ConfrontationSide } from './facts.ts';
import { levelsBeforeRandomFactor } from './levels.ts';
import { prepareConfrontation, resolveWithLevels, rowFor, winnerOf } from './resolve.ts';

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
export function tallyConfrontationOdds(
  facts: ConfrontationFacts,
  tally: OddsTally<ConfrontationResult>,
): void {
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
