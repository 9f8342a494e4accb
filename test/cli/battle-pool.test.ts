import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Interrupted, inProcessRunner, poolRunner } from '../../src/cli/battle-pool.ts';
import type { BattleTask } from '../../src/cli/battle-worker.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const scenario = JSON.parse(readFileSync(resolve(ROOT, 'scenarios/training-village-ford.json'), 'utf8')) as {
  sides: { id: string }[];
};
const sides = scenario.sides.map((s) => s.id);
const tasks: BattleTask[] = [
  ...[1, 2, 3].map((seed) => ({ kind: 'compare' as const, ruleSet: 'john-company', scenario, sides, seed })),
  { kind: 'compare', ruleSet: 'macduff', scenario, sides, seed: 1 },
  { kind: 'rate', ruleSet: 'john-company', scenario, sides, computerSide: sides[0]!, seed: 4 },
];
/** An answer without its timing (which differs from run to run). */
const untimed = ({ ms: _, ...rest }: { ms: number }) => rest;

describe('the battle pool', () => {
  it('answers on two worker threads exactly as on this thread, in the tasks order', async () => {
    const finished: number[] = [];
    const pooled = await poolRunner(2)(tasks, (done) => finished.push(done));
    const here = await inProcessRunner(tasks, () => {});
    expect(pooled.map(untimed)).toEqual(here.map(untimed));
    expect(finished).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops every worker when aborted and says how many battles were played', async () => {
    const controller = new AbortController();
    const run = poolRunner(2, controller.signal)(tasks, (done) => {
      if (done === 1) controller.abort();
    });
    const stopped = await run.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(Interrupted);
    const { done, total } = stopped as Interrupted;
    expect(total).toBe(tasks.length);
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(tasks.length);
  });
});
