import { fightFanatics } from './confrontation.ts';
import type { Draft } from './draft.ts';
import { fireAt } from './fire.ts';
import type { PendingStep } from './pending.ts';
import { confrontationOutcome, pursue } from './pursuit.ts';
import { applyUnitEffect, unitEvent } from './unit-events.ts';
import { isActive } from './units.ts';

/**
 * Runs the pending steps (pending.ts) until none is left, each by the module that handles it; a step may
 * schedule more, which run first. The sequence of play calls this after whatever may schedule steps.
 */
export function runPendingSteps(d: Draft): void {
  for (let step = d.pending.pop(); step !== undefined; step = d.pending.pop()) runStep(d, step);
}

function runStep(d: Draft, step: PendingStep): void {
  switch (step.kind) {
    case 'unit-event':
      if (isActive(d, step.unit)) unitEvent(d, step.unit, step.opponent);
      return;
    case 'unit-event-effect':
      applyUnitEffect(d, step.unit, step.side, step.effect, step.opponent);
      return;
    case 'event-fire':
      fireAt(d, step.firer, step.target, 'event');
      return;
    case 'fanatics':
      fightFanatics(d, step.unit, step.stands);
      return;
    case 'confrontation-outcome':
      confrontationOutcome(d, step.charger, step.target, step.result, step);
      return;
    case 'pursuit':
      pursue(d, step.pursuer, step.fleeing, step.inches, step.depth);
      return;
  }
}
