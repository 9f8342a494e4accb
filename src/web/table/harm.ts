import type { CommandOdds } from '../../protocol/api.ts';

/**
 * What a roll's exact odds say it can do, for the table to say so before the dice: a fire that cannot
 * take a stand whatever the dice is offered as such, not as any other roll.
 */

const STANDS_LOST = /^Stands lost/;

/**
 * Every "Stands lost" chart of the odds is 0 for certain: a fire (or any roll) that cannot take a stand.
 * An outcome that is not a number takes none ("not screened": the fire's chart of the stands a screened
 * unit loses, when no skirmishers screen the target).
 */
export function cannotTakeAStand(odds: readonly CommandOdds[]): boolean {
  const charts = odds.flatMap((o) => o.charts.filter((c) => STANDS_LOST.test(c.name)));
  const takesAStand = (outcome: unknown) => typeof outcome === 'number' && outcome > 0;
  return (
    charts.length > 0 &&
    charts.every((c) => c.outcomes.every((o) => !takesAStand(o.outcome) || o.probability < ODDS_EPSILON))
  );
}

/** Some chart of an Event gives one a chance. */
export function mayCauseEvent(odds: readonly CommandOdds[]): boolean {
  return odds.some((o) =>
    o.charts.some(
      (c) =>
        /^Event/.test(c.name) &&
        c.outcomes.some((x) => /^event$/i.test(String(x.outcome)) && x.probability > ODDS_EPSILON),
    ),
  );
}

const ODDS_EPSILON = 1e-12;
