import type { UnitId } from '../../core/table/model.ts';
import {
  counterBatteryFactsOf,
  resolveCounterBattery,
} from '../../rulesets/john-company/procedures/counter-battery.ts';
import { resolveArtilleryFire } from '../../rulesets/john-company/procedures/fire/artillery.ts';
import type { FireResult } from '../../rulesets/john-company/procedures/fire/result.ts';
import { resolveSmallArmsFire } from '../../rulesets/john-company/procedures/fire/small-arms.ts';
import type { DerivedFireFacts } from '../../rulesets/john-company/table/facts/fire.ts';
import type { Draft } from './draft.ts';
import { fireCheck } from './fire-check.ts';
import { removeStands, standsOf } from './units.ts';

/**
 * Fire (Part 4: Small Arms And Artillery Fire, Counter Battery Fire): the fire itself, once `fireCheck`
 * (fire-check.ts) has found that the unit can fire. The results come from the procedures; this module
 * removes the stands and marks what the fire leaves due (an event, the tests' negatives).
 */

/** A unit fires at a target if `fireCheck` lets it (`fireWith`), else nothing happens. */
export function fireAt(
  d: Draft,
  firer: UnitId,
  target: UnitId,
  why: 'order' | 'event',
): FireResult | undefined {
  const check = fireCheck(d, firer, target);
  return check.ok ? fireWith(d, firer, target, check.facts, why) : undefined;
}

/**
 * A unit fires at a target (Part 4, Small Arms And Artillery Fire; guns firing at guns use Counter
 * Battery Fire), with the facts `fireCheck` answered for them now: the target is marked as fired on
 * (negatives 1 and 6), loses the stands the table gives, and an Event Die of 1 gives it an event before
 * its next test.
 */
export function fireWith(
  d: Draft,
  firer: UnitId,
  target: UnitId,
  facts: DerivedFireFacts,
  why: 'order' | 'event',
): FireResult {
  const blinded = d.unit(firer).fireHalved;
  const kind: 'small-arms' | 'artillery' | 'counter-battery' =
    facts.kind === 'small-arms'
      ? 'small-arms'
      : d.unit(target).arm === 'artillery'
        ? 'counter-battery'
        : 'artillery';
  const run = d.run((dice, trace): { fire: FireResult; guns?: number } => {
    if (facts.kind === 'small-arms')
      return { fire: resolveSmallArmsFire({ ...facts.facts, ...(blinded ? { blinded } : {}) }, dice, trace) };
    const a = facts.facts;
    if (kind === 'counter-battery') {
      const cb = resolveCounterBattery(counterBatteryFactsOf(a, standsOf(d, target), blinded), dice, trace);
      return { fire: cb.fire, guns: cb.gunsKnockedOut };
    }
    return { fire: resolveArtilleryFire({ ...a, ...(blinded ? { blinded } : {}) }, dice, trace) };
  });
  const result = run.value.fire;
  const gunsKnockedOut = run.value.guns;
  d.patchUnit(firer, { fired: true, fireHalved: false });
  d.emit({
    type: 'unit-fired',
    visibleTo: 'all',
    unit: firer,
    target,
    kind,
    result,
    ...(gunsKnockedOut !== undefined ? { gunsKnockedOut } : {}),
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const t = d.unit(target);
  d.patchUnit(target, {
    ...(facts.kind === 'small-arms' ? { smallArmsFireSinceCheck: true } : { artilleryFireSinceCheck: true }),
    ...(result.event ? { eventsDue: t.eventsDue + 1 } : {}),
  });
  const lost = gunsKnockedOut ?? result.targetStandsLost;
  if (lost > 0) removeStands(d, target, lost, why === 'event' ? 'fire (event)' : 'fire');
  return result;
}
