import type { Scenario, Unit } from '../game/scenario/schema.ts';
import { commandPointsUnitRatings } from '../rulesets/command-points/scenario-ratings.ts';
import { ARTILLERY_RANGES } from '../rulesets/command-points/tables/artillery.ts';
import { GRADE_FACTORS } from '../rulesets/command-points/tables/combat.ts';
import { INFANTRY_FIRE_TABLE } from '../rulesets/command-points/tables/infantry.ts';
import { hfRatingsOf, withUnitOverrides } from '../rulesets/honour-and-fortitude/scenario-ratings.ts';
import { stateForScore, UNIT_STATE_TABLE } from '../rulesets/honour-and-fortitude/tables/reconstruction.ts';
import { jcUnitRatings } from '../rulesets/john-company/scenario-ratings.ts';
import { macduffRatings, withOverrides } from '../rulesets/macduff/scenario-ratings.ts';
import { SMALL_ARMS_TABLE } from '../rulesets/macduff/tables/small-arms.ts';

/**
 * A scenario's order of battle as a referee tracks it beside a physical table: each unit with its
 * neutral description and the ratings a rule set gives it (the same mapping the games use), and each
 * General. The referee assistant starts its roster from this.
 */

export interface RosterRating {
  readonly label: string;
  readonly value: string;
}

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

/** How a rule set rates a scenario's units for the roster (its own scenario-ratings mapping). */
type UnitRater = (unit: Unit, scenario: Scenario) => RosterRating[];

const UNIT_RATERS: Readonly<Record<string, UnitRater>> = {
  'john-company': (unit, scenario) => {
    const { profile, skirmish } = jcUnitRatings(unit, scenario.overrides?.['john-company']);
    return [
      { label: 'Resolve Level', value: String(profile.resolveLevel) },
      { label: 'Troop type', value: profile.troop },
      ...(skirmish === 'none' ? [] : [{ label: 'Skirmish', value: skirmish }]),
    ];
  },
  'honour-and-fortitude': rateHonourAndFortitude,
  'command-points': rateCommandPoints,
  macduff: rateMacduff,
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Honour & Fortitude (as src/game/honour-and-fortitude/setup.ts rates them): Morale and Drill, the
 * starting state (fixed by the scenario, or the states its Morale + Drill + d6 can give against the
 * scenario's thresholds), and its weapon on the Firing table.
 */
function rateHonourAndFortitude(unit: Unit, scenario: Scenario): RosterRating[] {
  const r = withUnitOverrides(hfRatingsOf(unit).ratings, unit.ratings?.['honour-and-fortitude']);
  const thresholds =
    scenario.overrides?.['honour-and-fortitude']?.stateThresholds ?? UNIT_STATE_TABLE.thresholds;
  const worst = stateForScore(r.morale + r.drill + 1, thresholds);
  const best = stateForScore(r.morale + r.drill + 6, thresholds);
  const state = r.state
    ? capitalized(r.state)
    : `${worst === best ? capitalized(best) : `${capitalized(worst)} to ${capitalized(best)}`} (Morale + Drill + d6)`;
  return [
    { label: 'Morale', value: String(r.morale) },
    { label: 'Drill', value: String(r.drill) },
    { label: 'Starting state', value: state },
    { label: 'Fires as', value: r.weapon ?? 'does not fire' },
    ...(r.plodders ? [{ label: 'Moves', value: 'Plodders' }] : []),
  ];
}

/**
 * The command-point rules (as src/game/command-points/setup.ts rates them): the training grade with its
 * combat factor, what it fires with and how far (the scenario's gun ranges and grade factors honoured),
 * and skirmish order and bayonet attacks where it has them.
 */
function rateCommandPoints(unit: Unit, scenario: Scenario): RosterRating[] {
  const r = commandPointsUnitRatings(unit, unit.ratings?.['command-points']);
  const o = scenario.overrides?.['command-points'];
  const factor = o?.gradeFactors?.[r.grade] ?? GRADE_FACTORS.factor[r.grade];
  const ratings: RosterRating[] = [
    { label: 'Training grade', value: `${r.grade} class (combat ${signed(factor)})` },
  ];
  if (r.gunClass) {
    const ranges =
      (r.gunClass === 'heavy' ? o?.heavyGunRanges : o?.lightGunRanges) ?? ARTILLERY_RANGES.rows[r.gunClass];
    ratings.push({
      label: 'Guns',
      value: `${r.gunClass} (short ${ranges.short}", long ${ranges.long}")`,
    });
  } else if (r.smallArm !== 'none') {
    ratings.push({
      label: 'Small arm',
      value: `${r.smallArm} (0-${INFANTRY_FIRE_TABLE.range[r.smallArm]}")`,
    });
  }
  if (r.canSkirmish) ratings.push({ label: 'Skirmish order', value: 'yes' });
  if (r.bayonetAttack) ratings.push({ label: 'Bayonet attack', value: '+2' });
  return ratings;
}

/**
 * MacDuff (as src/game/macduff/setup.ts rates them): the cards it acts on, its troop type (regular or
 * irregular), its figures (and guns) at the basing's figures per stand, its fieldcraft, and its small arm
 * with the scenario's ranges.
 */
function rateMacduff(unit: Unit, scenario: Scenario): RosterRating[] {
  const perStand = unit.arm === 'artillery' ? undefined : scenario.basing.stands[unit.arm].figures;
  const r = withOverrides(macduffRatings(unit, perStand), unit.ratings?.macduff);
  const ranges = r.smallArm
    ? (scenario.overrides?.macduff?.smallArmRanges?.[r.smallArm] ?? SMALL_ARMS_TABLE.rows[r.smallArm])
    : undefined;
  return [
    { label: 'Cards', value: r.allegiance === 'imperial' ? 'red (Imperial)' : 'black (native)' },
    { label: 'Troop type', value: r.troop },
    {
      label: r.guns > 0 ? 'Guns and gunners' : 'Figures',
      value: r.guns > 0 ? `${r.guns} guns, ${r.figures} gunners` : String(r.figures),
    },
    {
      label: 'Fieldcraft',
      value: r.mayConceal ? `${r.fieldcraft} (may start concealed)` : String(r.fieldcraft),
    },
    ...(r.smallArm && ranges
      ? [{ label: 'Small arm', value: `${r.smallArm} (close ${ranges.close}", long ${ranges.long}")` }]
      : []),
  ];
}

/** The rule sets a roster can rate units for. */
export function rosterRuleSets(): string[] {
  return Object.keys(UNIT_RATERS);
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
  // Only the table's own keys: "__proto__" or "toString" is a rule set name too, and none of these.
  const rate = Object.hasOwn(UNIT_RATERS, ruleSet) ? UNIT_RATERS[ruleSet] : undefined;
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
