import { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import { situationOf, viewForces } from './ai/situation.ts';
import { Draft } from './draft.ts';
import { forcesOf } from './forces.ts';
import type { JcGameState } from './state.ts';
import { viewFor } from './view.ts';

/**
 * The check that the facts carried from one state to the next (docs/ARCHITECTURE.md) give the answers
 * worked out afresh: the state's forces, and every unit's Reaction Test facts, those already known
 * (carried over or worked out for an earlier question) and the rest; every fire known (carried over or
 * worked out), on the same line of sight; likewise the facts the computer keeps of each side's view
 * (`situationOf`), its forces included. Run after every command by
 * test/game/jc-carried-facts.test.ts and bench/carried-facts.ts.
 */
export interface CarriedFactsCheck {
  /** What differs, in words (none when all agree). */
  readonly problems: readonly string[];
  /** How many units' Reaction Test facts the state's facts already knew before being asked. */
  readonly known: number;
  /** How many units' Reaction Test facts the computer's facts of the sides' views already knew. */
  readonly knownInViews: number;
  /** How many fires the state's facts and those of the sides' views already knew. */
  readonly knownFires: number;
  /** How many units are on the table. */
  readonly units: number;
}

export function checkCarriedFacts(state: JcGameState): CarriedFactsCheck {
  const facts = new Draft(state, { traces: false }).facts();
  const forces = forcesOf(state, (id) => state.table.units[id] !== undefined);
  const sight = facts.sight();
  const fresh = new JcTableFacts(state.table, forces, sight ? { sight } : {});
  const problems: string[] = [];
  const where = `turn ${state.turn}, seq ${state.seq}`;
  if (!sameData(facts.forces, forces)) problems.push(`${where}: the forces differ from fresh ones`);
  for (const d of facts.basisDifferences(fresh)) problems.push(`${where}: the facts' basis: ${d}`);
  const known = facts.knownReactions();
  for (const id of Object.keys(state.table.units)) {
    const before = known.get(id);
    if (before !== undefined && !sameData(before, fresh.reaction(id)))
      problems.push(`${where}: ${id}'s Reaction Test facts, as known, differ from fresh ones`);
    if (!sameData(facts.reaction(id), fresh.reaction(id)))
      problems.push(`${where}: ${id}'s Reaction Test facts differ from fresh ones`);
  }
  let knownFires = compareFires(facts, fresh, `${where}: `, problems);
  let knownInViews = 0;
  for (const side of state.scenario.sides) {
    const view = viewFor(state, side);
    const kept = situationOf(view, side).facts();
    if (!sameData(kept.forces, viewForces(view)))
      problems.push(`${where}: the forces of ${side}'s view differ from fresh ones`);
    const keptSight = kept.sight();
    const afresh = new JcTableFacts(kept.table, kept.forces, keptSight ? { sight: keptSight } : {});
    for (const d of kept.basisDifferences(afresh))
      problems.push(`${where}: the basis of ${side}'s view's facts: ${d}`);
    const knownThere = kept.knownReactions();
    knownInViews += knownThere.size;
    for (const [id, before] of knownThere)
      if (!sameData(before, afresh.reaction(id)))
        problems.push(`${where}: ${id}'s Reaction Test facts in ${side}'s view differ from fresh ones`);
    knownFires += compareFires(kept, afresh, `${where}: in ${side}'s view, `, problems);
  }
  return {
    problems,
    known: known.size,
    knownInViews,
    knownFires,
    units: Object.keys(state.table.units).length,
  };
}

/** Compares every fire `kept` knows with `fresh`'s, adding each difference to `problems`; how many. */
function compareFires(kept: JcTableFacts, fresh: JcTableFacts, where: string, problems: string[]): number {
  const known = kept.knownFires();
  for (const { firer, target, facts } of known)
    if (!sameData(facts, fresh.fire(firer, target)))
      problems.push(`${where}${firer}'s fire at ${target}, as known, differs from a fresh one`);
  return known.length;
}

/** Whether two plain data values are equal, field by field (the order of an object's fields aside). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => k in rb && sameData(ra[k], rb[k]));
}
