import { describe, expect, it } from 'vitest';
import { Draft } from './draft.ts';
import { practiceScenario } from './fixtures.ts';
import { type PendingStep, schedule } from './pending.ts';
import { runPendingSteps } from './run-pending.ts';
import { setupBattle } from './setup.ts';

const fire = (firer: string, target: string): PendingStep => ({ kind: 'event-fire', firer, target });

describe('John Company: pending steps', () => {
  it('run in the order scheduled, and the steps a step schedules before those scheduled earlier', () => {
    const queue = { pending: [] as PendingStep[] };
    schedule(queue, fire('a', 'x'), fire('b', 'x'));
    const first = queue.pending.pop();
    expect(first).toEqual(fire('a', 'x'));
    schedule(queue, fire('c', 'x'), fire('d', 'x'));
    const rest: PendingStep[] = [];
    for (let step = queue.pending.pop(); step !== undefined; step = queue.pending.pop()) rest.push(step);
    expect(rest).toEqual([fire('c', 'x'), fire('d', 'x'), fire('b', 'x')]);
  });

  it('are all run before a draft may finish', () => {
    const d = new Draft(setupBattle(practiceScenario(), 1), { traces: false });
    schedule(d, { kind: 'unit-event', unit: 'no-such-unit' });
    expect(() => d.finish()).toThrow(/1 pending steps were never run/);
    runPendingSteps(d);
    expect(d.pending).toEqual([]);
    expect(() => d.finish()).not.toThrow();
  });
});
