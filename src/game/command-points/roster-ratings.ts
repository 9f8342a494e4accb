import { commandPointsUnitRatings } from '../../rulesets/command-points/scenario-ratings.ts';
import { ARTILLERY_RANGES } from '../../rulesets/command-points/tables/artillery.ts';
import { GRADE_FACTORS } from '../../rulesets/command-points/tables/combat.ts';
import { INFANTRY_FIRE_TABLE } from '../../rulesets/command-points/tables/infantry.ts';
import type { RosterRating } from '../rule-set.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The command-point rules (as setup.ts rates them): the training grade with its
 * combat factor, what it fires with and how far (the scenario's gun ranges and grade factors honoured),
 * and skirmish order and bayonet attacks where it has them.
 */
export function rateCommandPoints(unit: Unit, scenario: Scenario): RosterRating[] {
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
