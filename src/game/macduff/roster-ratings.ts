import { macduffRatings, withOverrides } from '../../rulesets/macduff/scenario-ratings.ts';
import { SMALL_ARMS_TABLE } from '../../rulesets/macduff/tables/small-arms.ts';
import type { RosterRating } from '../rule-set.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';

/**
 * MacDuff (as setup.ts rates them): the cards it acts on, its troop type (regular or
 * irregular), its figures (and guns) at the basing's figures per stand, its fieldcraft, and its small arm
 * with the scenario's ranges.
 */
export function rateMacduff(unit: Unit, scenario: Scenario): RosterRating[] {
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
