import { sightOf } from './caches.ts';
import type { JcGameState } from './state.ts';
import { groundOfState, isSpotted, spottingVerdicts } from './view.ts';

/**
 * The check that spotting carried from one table to the next (`TableSpotting`, docs/ARCHITECTURE.md)
 * gives the answers worked out afresh: for every side and every unit on the table, whether the side
 * has spotted it, against every line between the side's units' stands and its traced afresh
 * (`JohnCompanySight.unitSpotsUnitAfresh`). Run after every command by
 * test/game/jc-carried-spotting.test.ts.
 */
export interface CarriedSpottingCheck {
  /** What differs, in words (none when all agree). */
  readonly problems: readonly string[];
  /**
   * How many verdicts were carried, settled, from an earlier table so far (a verdict is carried when
   * first asked for, so this counts those the game asked before the check and those the check asked).
   */
  readonly carried: number;
  /** How many verdicts were known (carried, or worked out for an earlier question) before the check asked. */
  readonly known: number;
  /** How many verdicts the check compared (sides times units on the table). */
  readonly verdicts: number;
}

export function checkCarriedSpotting(state: JcGameState): CarriedSpottingCheck {
  const ground = groundOfState(state);
  const spotting = spottingVerdicts(ground);
  const known = spotting.knownVerdicts();
  const sight = sightOf(ground.table, ground.townDefenders);
  const units = Object.values(state.table.units);
  const problems: string[] = [];
  let verdicts = 0;
  for (const side of state.scenario.sides)
    for (const target of units) {
      verdicts++;
      const fresh =
        target.side !== side &&
        units.some((v) => v.side === side && sight.unitSpotsUnitAfresh(v.id, target.id));
      if (isSpotted(ground, side, target.id) !== fresh)
        problems.push(
          `turn ${state.turn}, seq ${state.seq}: ${side} ${fresh ? 'spots' : 'does not spot'} ${target.id} afresh, but not as carried`,
        );
    }
  return { problems, carried: spotting.carried, known, verdicts };
}
