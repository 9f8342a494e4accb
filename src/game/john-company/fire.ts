import type { UnitId } from '../../core/table/model.ts';
import {
  counterBatteryFactsOf,
  resolveCounterBattery,
} from '../../rulesets/john-company/procedures/counter-battery.ts';
import {
  enfiladeStandsPerRank,
  isAim,
  targetRowFor,
} from '../../rulesets/john-company/procedures/fire/aiming.ts';
import { aimArtillery, resolveArtilleryFire } from '../../rulesets/john-company/procedures/fire/artillery.ts';
import { type FireResult, NO_FIRE_LABELS } from '../../rulesets/john-company/procedures/fire/result.ts';
import {
  aimSmallArms,
  resolveSmallArmsFire,
} from '../../rulesets/john-company/procedures/fire/small-arms.ts';
import type { DerivedFireFacts } from '../../rulesets/john-company/table/facts/fire.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import type { Draft } from './draft.ts';
import { removeStands, standsOf } from './units.ts';

/**
 * Fire (Part 4: Small Arms And Artillery Fire, Counter Battery Fire): whether a unit can fire at a target
 * now, and the fire itself. The facts come from the virtual table (table/facts/fire.ts), the results from
 * the procedures; this module removes the stands and marks what the fire leaves due (an event, the tests'
 * negatives).
 */

export type FireCheck =
  | { readonly ok: true; readonly facts: DerivedFireFacts }
  | { readonly ok: false; readonly reason: string };

/**
 * `fireCheck`'s answers by the table facts they were read from, firer and target: the answer of units on
 * the table depends on nothing but those facts (never changed once built), and the facts of a state
 * are shared by its drafts.
 */
const fireChecks = new WeakMap<JcTableFacts, Map<UnitId, Map<UnitId, FireCheck>>>();

/** Whether `firer` can fire at `target` now (weapon, stands bearing, range band, status), without dice. */
export function fireCheck(d: Draft, firer: UnitId, target: UnitId): FireCheck {
  if (!d.onTable(firer) || !d.onTable(target)) return { ok: false, reason: 'the unit is not on the table' };
  const tableFacts = d.facts();
  let byFirer = fireChecks.get(tableFacts);
  if (!byFirer) {
    byFirer = new Map();
    fireChecks.set(tableFacts, byFirer);
  }
  let byTarget = byFirer.get(firer);
  if (!byTarget) {
    byTarget = new Map();
    byFirer.set(firer, byTarget);
  }
  let check = byTarget.get(target);
  if (!check) {
    check = checkFire(tableFacts, firer, target);
    byTarget.set(target, check);
  }
  return check;
}

function checkFire(tableFacts: JcTableFacts, firer: UnitId, target: UnitId): FireCheck {
  const facts = tableFacts.fire(firer, target);
  if (!facts) return { ok: false, reason: 'the unit has no missile weapon' };
  const aim =
    facts.kind === 'small-arms'
      ? aimSmallArms(facts.facts, null)
      : aimArtillery(
          facts.facts,
          targetRowFor(facts.facts),
          facts.facts.enfilade ? facts.facts.enfilade.targetRanks : 0,
          facts.facts.enfilade ? enfiladeStandsPerRank(facts.facts.enfilade.targetArm) : 0,
          facts.facts,
          null,
        );
  if (!isAim(aim)) return { ok: false, reason: NO_FIRE_LABELS[aim.noFire ?? 'no-stands-firing'] };
  return { ok: true, facts };
}

/**
 * A unit fires at a target (Part 4, Small Arms And Artillery Fire; guns firing at guns use Counter
 * Battery Fire): the target is marked as fired on (negatives 1 and 6), loses the stands the table
 * gives, and an Event Die of 1 gives it an event before its next test.
 */
export function fireAt(
  d: Draft,
  firer: UnitId,
  target: UnitId,
  why: 'order' | 'event',
): FireResult | undefined {
  const check = fireCheck(d, firer, target);
  if (!check.ok) return undefined;
  const blinded = d.unit(firer).fireHalved;
  const facts = check.facts;
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
