import type { AnyPlayableRuleSet, BattleSummary } from './engine/battle.ts';
import { playBattle } from './engine/battle.ts';

/**
 * The same battle under several rule sets: each battle is the scenario played to its end with the
 * computer on both sides, seeded, so a comparison is reproducible from its first seed. Pure: the shell
 * (`muster compare`) loops over battles and reports progress.
 */

/** How one battle ended. */
export interface BattleOutcome {
  readonly seed: number;
  /** The winning side, or 'draw'. */
  readonly winner: string;
  readonly reason: string;
  readonly commands: number;
  readonly summary: BattleSummary;
}

/** Commands after which a battle that has not ended is stopped and counted as unfinished. */
export const COMPARE_MAX_COMMANDS = 20_000;

/** Plays battle `seed` of a comparison under one rule set, the computer on both sides. */
export function playComparisonBattle(
  ruleSet: AnyPlayableRuleSet,
  scenario: unknown,
  sides: readonly string[],
  seed: number,
): BattleOutcome {
  const players = Object.fromEntries(sides.map((s, i) => [s, ruleSet.computer((seed * 2 + i + 1) >>> 0)]));
  const game = ruleSet.simulationGame ?? ruleSet.game;
  const battle = playBattle(game, scenario, seed, players, { maxCommands: COMPARE_MAX_COMMANDS });
  const result = game.result(battle.state) as { winner?: string; reason: string } | undefined;
  return {
    seed,
    winner: result ? (result.winner ?? 'draw') : 'unfinished',
    reason: result ? result.reason : `stopped after ${COMPARE_MAX_COMMANDS} commands`,
    commands: battle.record.commands.length,
    summary: ruleSet.summary(battle.state),
  };
}

/** One rule set's column of the comparison. */
export interface ComparisonColumn {
  readonly ruleSet: string;
  readonly title: string;
  readonly battles: number;
  /** Battles won by each side, drawn ('draw') and not finished ('unfinished'). */
  readonly results: Readonly<Record<string, number>>;
  readonly turns: { readonly mean: number; readonly min: number; readonly max: number };
  /** The mean fraction of its starting stands each side lost (destroyed, routed or gone). */
  readonly standsLost: Readonly<Record<string, number>>;
  readonly meanCommands: number;
  /** Why battles ended, with the numbers in the reasons left out so that like endings count together. */
  readonly endings: Readonly<Record<string, number>>;
}

/** Tallies the outcomes of one rule set's battles. */
export function tallyOutcomes(
  ruleSet: AnyPlayableRuleSet,
  sides: readonly string[],
  outcomes: readonly BattleOutcome[],
): ComparisonColumn {
  const results: Record<string, number> = Object.fromEntries(
    [...sides, 'draw', 'unfinished'].map((k) => [k, 0]),
  );
  const endings: Record<string, number> = {};
  const lost: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  let turnSum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let commands = 0;
  for (const o of outcomes) {
    results[o.winner] = (results[o.winner] ?? 0) + 1;
    const ending = o.reason.replace(/\d+(\.\d+)?/g, 'n');
    endings[ending] = (endings[ending] ?? 0) + 1;
    turnSum += o.summary.turn;
    min = Math.min(min, o.summary.turn);
    max = Math.max(max, o.summary.turn);
    commands += o.commands;
    for (const s of sides) {
      const t = o.summary.stands[s];
      if (t && t.start > 0) lost[s] = (lost[s] ?? 0) + (t.start - t.now) / t.start;
    }
  }
  const n = outcomes.length;
  return {
    ruleSet: ruleSet.id,
    title: ruleSet.title,
    battles: n,
    results,
    turns: n === 0 ? { mean: 0, min: 0, max: 0 } : { mean: turnSum / n, min, max },
    standsLost: Object.fromEntries(sides.map((s) => [s, n === 0 ? 0 : (lost[s] ?? 0) / n])),
    meanCommands: n === 0 ? 0 : commands / n,
    endings,
  };
}
