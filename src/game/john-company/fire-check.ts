import type { UnitId } from '../../core/table/model.ts';
import {
  enfiladeStandsPerRank,
  isAim,
  targetRowFor,
} from '../../rulesets/john-company/procedures/fire/aiming.ts';
import { aimArtillery } from '../../rulesets/john-company/procedures/fire/artillery.ts';
import { NO_FIRE_LABELS } from '../../rulesets/john-company/procedures/fire/result.ts';
import { aimSmallArms } from '../../rulesets/john-company/procedures/fire/small-arms.ts';
import type { DerivedFireFacts } from '../../rulesets/john-company/table/facts/fire.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import type { Draft } from './draft.ts';

/**
 * Whether a unit can fire at a target now (Part 4: Small Arms And Artillery Fire): its weapon, stands
 * bearing, range band and status, read from the virtual table (table/facts/fire.ts) without dice. What the
 * legal commands offer, what the fire order checks once, and what fire.ts then carries out.
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
