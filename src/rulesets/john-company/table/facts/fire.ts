import type { FeatureId, UnitId } from '../../../../core/table/model.ts';
import type { ArtilleryFireFacts, SmallArmsFireFacts } from '../../procedures/fire/facts.ts';
import type { TargetCover } from '../../tables/firing-table.ts';
import { SMALL_ARMS_WEAPON_DEFS } from '../../tables/small-arms.ts';
import { jc4 } from '../../vocabulary.ts';
import { frontDistance, maximumRange, rangeBandAt } from '../measurement/distances.ts';
import { enfiladeOf } from '../measurement/enfilade.ts';
import { firingStands } from '../measurement/firing-stands.ts';
import { countedStands, currentStatus, isMounted, type JcUnitState, troopOf } from '../unit-profile.ts';
import type { TableBasis } from './basis.ts';
import { type DerivedReason, ONE_DECIMAL } from './reasons.ts';

/** The facts of one unit's fire at another, ready for the fire procedures, with their reasons. */
export type DerivedFireFacts =
  | {
      readonly kind: 'small-arms';
      readonly facts: SmallArmsFireFacts;
      readonly reasons: readonly DerivedReason[];
    }
  | {
      readonly kind: 'artillery';
      readonly facts: ArtilleryFireFacts;
      readonly reasons: readonly DerivedReason[];
    };

/**
 * One unit's fire facts at another, kept by the facts of a table (and carried to the next table while
 * nothing within their reach changed, carry.ts), with how each of the two units stood in a town it
 * defends when they were worked out (`townDefence`): a line of sight reads that, and it may change
 * while the units' records do not.
 */
export interface KnownFire {
  readonly facts: DerivedFireFacts | null;
  readonly firerDefence: number;
  readonly targetDefence: number;
}

/** Inches of slack in `mayReach` (more than any rounding in the measurements). */
const REACH_SLACK = 0.01;
const STANDS_ABLE_RULE = jc4('Troops And Figures Able To Fire');
const RANGE_RULE = jc4('Using The Fire Table', 'range front edge to front edge');
const COVER_RULE = jc4('Small Arms Fire Modifiers', '3. target cover');
const COVER_ORDER: readonly TargetCover[] = [
  'open',
  'light-woods',
  'heavy-woods',
  'entrenchments-or-buildings',
];

/**
 * False when `firer` surely cannot fire at `target` (it has no missile weapon, or the two are further
 * apart than its longest range, bounding circle to bounding circle); true says only that `fire` must
 * decide. A cheap filter before `fire` for callers that only want the targets it may hit.
 */
export function mayReach(basis: TableBasis, firerId: UnitId, targetId: UnitId): boolean {
  const f = basis.index(firerId);
  const weapon = basis.profiles[f]!.weapon;
  if (weapon === undefined) return false;
  const fg = basis.units[f]!;
  const tg = basis.units[basis.index(targetId)]!;
  const apart = Math.hypot(fg.cx - tg.cx, fg.cy - tg.cy) - fg.radius - tg.radius;
  return apart <= maximumRange(weapon) + REACH_SLACK;
}

/**
 * The facts of `firer`'s fire at `target` (Part 4, Small Arms And Artillery Fire): its weapon and
 * state; the stands able to fire and the range (measurement/firing-stands.ts); enfilade; the target's
 * formation, disorder, stands and cover (the least cover of its stands: it counts as in cover only if
 * all of them are). Null when the firer has no weapon.
 */
export function deriveFire(basis: TableBasis, firerId: UnitId, targetId: UnitId): DerivedFireFacts | null {
  const f = basis.index(firerId);
  const t = basis.index(targetId);
  const fg = basis.units[f]!;
  const tg = basis.units[t]!;
  const profile = basis.profiles[f]!;
  const state = basis.states[f]!;
  const targetState = basis.states[t]!;
  const weapon = profile.weapon;
  if (weapon === undefined) return null;
  const sight = basis.sight();
  const stands = firingStands(fg, weapon, tg, sight ? { sight } : {});
  const distance = Number.isFinite(stands.distance) ? stands.distance : frontDistance(fg, tg);
  const band = rangeBandAt(weapon, distance);
  const reasons: DerivedReason[] = [
    {
      rule: STANDS_ABLE_RULE,
      label: `Stands able to fire: ${stands.stands.map((i) => fg.unit.stands[i]!.id).join(', ') || 'none'}`,
      value: stands.stands.length,
    },
    {
      rule: RANGE_RULE,
      label: `Range ${ONE_DECIMAL(distance)}": ${band ?? 'out of reach'}`,
      value: distance,
    },
  ];
  const enfilade = enfiladeOf(fg, stands.stands, tg);
  if (enfilade)
    reasons.push({
      rule: enfilade.rule,
      label: `From the ${enfilade.flank} end, ${ONE_DECIMAL(enfilade.angle)} degrees off its front line`,
      value: enfilade.angle,
    });
  let cover: TargetCover = 'entrenchments-or-buildings';
  let coverFeature: FeatureId | undefined;
  if (sight) {
    for (const s of tg.unit.stands) {
      const c = sight.coverOf(s.id);
      if (COVER_ORDER.indexOf(c.cover) < COVER_ORDER.indexOf(cover)) {
        cover = c.cover;
        coverFeature = c.featureId;
      }
    }
  } else cover = 'open';
  if (cover !== 'open')
    reasons.push({
      rule: COVER_RULE,
      label: `Every target stand in ${cover}`,
      ...(coverFeature ? { feature: coverFeature } : {}),
    });
  const target = {
    targetFormation: tg.formation,
    ...(targetState.disordered ? { targetDisordered: true } : {}),
    ...(cover !== 'open' ? { targetCover: cover } : {}),
    targetStands: countedStands(tg.unit),
    ...(enfilade
      ? { enfilade: { targetRanks: enfilade.targetRanks, targetArm: troopOf(basis.profiles[t]!).arm } }
      : {}),
  };
  const firer = {
    resolveLevel: profile.resolveLevel,
    status: currentStatus(profile, state),
    ...(state.disordered ? { disordered: true } : {}),
    ...(state.moving ? { moving: true } : {}),
  };
  if (weapon in SMALL_ARMS_WEAPON_DEFS) {
    const facts: SmallArmsFireFacts = {
      weapon: weapon as SmallArmsFireFacts['weapon'],
      ...firer,
      ...(isMounted(profile, state) && troopOf(profile).arm === 'cavalry' ? { mounted: true } : {}),
      frontRankStands: stands.frontRank,
      ...(stands.secondRank > 0 ? { secondRankStands: stands.secondRank } : {}),
      ...target,
      distance,
    };
    return { kind: 'small-arms', facts, reasons };
  }
  const facts: ArtilleryFireFacts = {
    weapon: weapon as ArtilleryFireFacts['weapon'],
    ...firer,
    crewStands: stands.frontRank,
    ...(profile.nativeIrregularCrew ? { nativeIrregularCrew: true } : {}),
    ...target,
    distance,
  };
  return { kind: 'artillery', facts, reasons };
}

/**
 * Whether two states of a unit give the same fire facts, as firer or as target, all else the same: the
 * fields of its state `deriveFire` reads (status, disorder, moving, dismounted), and no others.
 */
export function sameFireState(a: JcUnitState, b: JcUnitState): boolean {
  return (
    a.status === b.status &&
    a.disordered === b.disordered &&
    a.moving === b.moving &&
    a.dismounted === b.dismounted
  );
}

/** `deriveFire`, with the two units' town defence it was worked out with. */
export function knownFire(basis: TableBasis, firerId: UnitId, targetId: UnitId): KnownFire {
  const facts = deriveFire(basis, firerId, targetId);
  return {
    facts,
    firerDefence: townDefence(basis, basis.index(firerId)),
    targetDefence: townDefence(basis, basis.index(targetId)),
  };
}

/**
 * How many of unit `u`'s stands the line of sight takes as defending a town (Part 4, Line Of Sight D:
 * seen by anyone who sees the town, and seeing out likewise); 0 without a sight. With the unit's stands
 * where they were, the same count means the same sight lines and cover for it.
 */
export function townDefence(basis: TableBasis, u: number): number {
  const sight = basis.sight();
  if (!sight) return 0;
  let n = 0;
  for (const s of basis.units[u]!.unit.stands) n += sight.defendingAt(sight.index.standIndex(s.id));
  return n;
}

/** Whether a fire worked out on another table of the same units still holds their town defence here. */
export function sameTownDefence(
  basis: TableBasis,
  firerId: UnitId,
  targetId: UnitId,
  fire: KnownFire,
): boolean {
  return (
    townDefence(basis, basis.index(firerId)) === fire.firerDefence &&
    townDefence(basis, basis.index(targetId)) === fire.targetDefence
  );
}
