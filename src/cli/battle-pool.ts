import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import type { BattleAnswer, BattleTask } from './battle-worker.ts';

/**
 * Battles on worker threads (piscina): every task is one seeded battle (battle-worker.ts), and the
 * answers come back in the tasks' order whatever the number of workers or the order they finish in,
 * so a table built from them is the same on one worker or many. The workers are a shell concern: the
 * battles themselves are the pure core's.
 */

/** Runs battle tasks and calls `onAnswer` as each finishes; the answers in the tasks' order. */
export type BattleRunner = (
  tasks: readonly BattleTask[],
  onAnswer: (done: number, task: BattleTask) => void,
) => Promise<BattleAnswer[]>;

/** The runs were stopped (Ctrl-C) after `done` of `total` tasks. */
export class Interrupted extends Error {
  constructor(
    readonly done: number,
    readonly total: number,
  ) {
    super(`interrupted after ${done} of ${total} battles`);
  }
}

/** The machine's cores: the default number of workers. */
export const defaultWorkers = (): number => availableParallelism();

/** The most workers `--workers` accepts. */
export const MAX_WORKERS = 64;

/**
 * A runner on `workers` worker threads; `signal` aborting stops every worker at once (the runner then
 * rejects with `Interrupted`, saying how many battles were played).
 */
export function poolRunner(workers: number, signal?: AbortSignal): BattleRunner {
  return async (tasks, onAnswer) => {
    // Loaded here, not at start: every other muster command starts without it.
    const { Piscina } = await import('piscina');
    // Under the bundle this resolves to dist/cli/battle-worker.mjs (built from battle-worker.ts); from
    // the sources, to src/cli/battle-worker.mjs, which loads battle-worker.ts through tsx.
    const pool = new Piscina<BattleTask, BattleAnswer>({
      filename: new URL('./battle-worker.mjs', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
    });
    // Every queued task listens for the abort.
    if (signal) setMaxListeners(tasks.length + 10, signal);
    const answers: BattleAnswer[] = new Array(tasks.length);
    let done = 0;
    try {
      await Promise.all(
        tasks.map((task, i) =>
          pool.run(task, signal ? { signal } : {}).then((answer) => {
            answers[i] = answer;
            done++;
            onAnswer(done, task);
          }),
        ),
      );
    } catch (error) {
      if (signal?.aborted) throw new Interrupted(done, tasks.length);
      throw error;
    } finally {
      await pool.close({ force: true });
    }
    return answers;
  };
}

/** A runner on the calling thread (tests; the same answers as any pool). */
export const inProcessRunner: BattleRunner = async (tasks, onAnswer) => {
  // Loaded when run: the shell imports this module at start, and the battles need the games.
  const { playTask } = await import('./battle-worker.ts');
  const answers: BattleAnswer[] = [];
  for (const task of tasks) {
    answers.push(playTask(task));
    onAnswer(answers.length, task);
    // Let the shell draw its progress between battles.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answers;
};
