import { type BattleOutcome, playComparisonBattle } from '../game/compare.ts';
import { type RateResult, rateBattle } from '../game/computer-rates.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';

/**
 * What a worker thread of the battle pool (battle-pool.ts) runs: one seeded battle per task, played by
 * the pure core. A task names its rule set and carries its scenario as JSON, so the answer depends on
 * the task alone, never on which worker ran it or what it ran before.
 */
export type BattleTask =
  | {
      readonly kind: 'compare';
      readonly ruleSet: string;
      readonly scenario: unknown;
      readonly sides: readonly string[];
      readonly seed: number;
    }
  | {
      readonly kind: 'rate';
      readonly ruleSet: string;
      readonly scenario: unknown;
      readonly sides: readonly string[];
      readonly computerSide: string;
      readonly seed: number;
    };

/** A task's answer; `ms` is the battle's time on its worker. */
export type BattleAnswer =
  | { readonly kind: 'compare'; readonly outcome: BattleOutcome; readonly ms: number }
  | {
      readonly kind: 'rate';
      readonly result: RateResult | 'error';
      readonly error?: string;
      readonly ms: number;
    };

export function playTask(task: BattleTask): BattleAnswer {
  const start = performance.now();
  const ruleSet = PLAYABLE_RULE_SETS.find((r) => r.id === task.ruleSet);
  if (!ruleSet) throw new Error(`no playable rule set ${task.ruleSet}`);
  if (task.kind === 'compare') {
    const outcome = playComparisonBattle(ruleSet, task.scenario, task.sides, task.seed);
    return { kind: 'compare', outcome, ms: performance.now() - start };
  }
  try {
    const result = rateBattle(ruleSet, task.scenario, task.sides, task.computerSide, task.seed);
    return { kind: 'rate', result, ms: performance.now() - start };
  } catch (error) {
    return {
      kind: 'rate',
      result: 'error',
      error: String(error).slice(0, 300),
      ms: performance.now() - start,
    };
  }
}

export default playTask;
