import { findRuleSet, RULE_SETS } from '../game/registry.ts';
import type { RosterRating } from '../game/rule-set.ts';
import type { Scenario, Unit } from '../game/scenario/schema.ts';

/**
 * A scenario's order of battle as a referee tracks it beside a physical table: each unit with its
 * neutral description and the ratings a rule set gives it (the same mapping the games use), and each
 * General. The referee assistant starts its roster from this.
 */

export interface RosterUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly commander: string;
  /** Its neutral description in a few words, e.g. "regular European infantry, veteran, musket". */
  readonly description: string;
  /** Stands at the start (for artillery, gun models). */
  readonly stands: number;
  readonly ratings: readonly RosterRating[];
}

export interface RosterGeneral {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly ratings: readonly RosterRating[];
}

export interface Roster {
  readonly ruleSet: string;
  readonly scenario: { readonly id: string; readonly title: string };
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly units: readonly RosterUnit[];
  readonly generals: readonly RosterGeneral[];
  readonly turnLimit: number;
}

/** The rule sets a roster can rate units for: every rule set of the registry. */
export function rosterRuleSets(): string[] {
  return RULE_SETS.map((r) => r.id);
}

function describeUnit(u: Unit): string {
  const kind = [u.regular ? 'regular' : 'irregular', u.origin === 'european' ? 'European' : 'Indian'];
  if (u.weight) kind.push(u.weight);
  if (u.lancers) kind.push('lancer');
  kind.push(u.arm);
  return `${kind.join(' ')}, ${u.quality}, ${u.weapon === 'none' ? 'no firearm' : u.weapon}`;
}

/** The roster of a validated scenario for `ruleSet`, or undefined if the rule set has no mapping. */
export function rosterOf(scenario: Scenario, ruleSet: string): Roster | undefined {
  const rate = findRuleSet(ruleSet)?.rateUnit;
  if (!rate) return undefined;
  return {
    ruleSet,
    scenario: { id: scenario.id, title: scenario.title },
    sides: scenario.sides.map((s) => ({ id: s.id, name: s.name })),
    units: scenario.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: u.side,
      commander: u.commander,
      description: describeUnit(u),
      stands: u.stands,
      ratings: rate(u, scenario),
    })),
    generals: scenario.generals.map((g) => ({
      id: g.id,
      name: g.name,
      side: g.side,
      ratings: [
        { label: 'Rank', value: g.rank },
        { label: 'Generalship', value: g.generalship },
        { label: 'Leadership', value: g.leadership },
      ],
    })),
    turnLimit: scenario.victory.turnLimit,
  };
}
