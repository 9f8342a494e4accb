import type { UnitId } from '../../../../core/table/model.ts';
import type { ConfrontationFacts, ConfrontationSideFacts } from '../../procedures/confrontation/facts.ts';
import type { ConfrontationModifierId } from '../../tables/confrontation.ts';
import { jc4 } from '../../vocabulary.ts';
import { isCloseOrder, isOpenOrder } from '../formations.ts';
import { standsInContact } from '../measurement/distances.ts';
import { uphillOf } from '../measurement/slopes.ts';
import { countedStands, currentStatus, troopOf } from '../unit-profile.ts';
import type { TableBasis } from './basis.ts';
import { defendedWorks, liningCityWall } from './defended-works.ts';
import { applied, type DerivedModifier, type DerivedReason, reading } from './reasons.ts';

/** One side of a Confrontation as the table gives it. */
export interface DerivedConfrontationSide {
  readonly modifiers: readonly DerivedModifier<ConfrontationModifierId>[];
  /** Its stands in base contact with the other unit. */
  readonly standsInContact: number;
}

/** The facts of a Confrontation, with the reasons for each. */
export interface DerivedConfrontationFacts {
  /** Ready for `resolveConfrontation`; add what happened before contact (charging, fire, squaring up). */
  readonly facts: ConfrontationFacts;
  readonly charger: DerivedConfrontationSide;
  readonly target: DerivedConfrontationSide;
  readonly reasons: readonly DerivedReason[];
}

/**
 * The facts of a Confrontation between `chargerId` and `targetId` (Part 4, Confrontation Tactical
 * Modifiers), each side with the units fighting beside it (`chargerSide`, `targetSide`: the other
 * units of each side in this Confrontation) for "each 3 additional stands". Derived: uphill, regular
 * infantry in close order, heavy cavalry or lancers, cavalry against infantry, defending a fortified
 * city wall, mass, regular light cavalry, open order, and whether the target holds on a Recoil (in
 * square or defending works). What happened before contact (charging the full Charge Bonus, the
 * defenders' volley, squaring up) is for the caller to add.
 */
export function deriveConfrontation(
  basis: TableBasis,
  chargerId: UnitId,
  targetId: UnitId,
  others: { readonly chargerSide?: readonly UnitId[]; readonly targetSide?: readonly UnitId[] } = {},
): DerivedConfrontationFacts {
  const c = basis.index(chargerId);
  const t = basis.index(targetId);
  const side = (u: number, o: number, allies: readonly UnitId[] = []) => {
    const g = basis.units[u]!;
    const og = basis.units[o]!;
    const profile = basis.profiles[u]!;
    const troop = troopOf(profile);
    const otherTroop = troopOf(basis.profiles[o]!);
    const mods: DerivedModifier<ConfrontationModifierId>[] = [];
    const rule = (n: number, what: string) => jc4('Confrontation Tactical Modifiers', `${n} ${what}`);
    const up = uphillOf(g, og, basis.terrain);
    if (up.uphill)
      mods.push({
        id: 'uphill',
        reasons: [{ rule: up.rule, label: `Level ${up.elevation} against ${up.opponentElevation}` }],
      });
    if (troop.arm === 'infantry' && troop.regular && isCloseOrder(g.formation))
      mods.push({
        id: 'infantry-close-order',
        reasons: [{ rule: rule(3, 'infantry in close order'), label: `In ${g.formation}` }],
      });
    if (troop.arm === 'cavalry' && ((troop.regular && profile.cavalryWeight === 'heavy') || profile.lancers))
      mods.push({
        id: 'heavy-cavalry-or-lancers',
        reasons: [
          {
            rule: rule(6, 'regular heavy cavalry or lancers'),
            label: profile.lancers ? 'Lancers' : 'Regular heavy cavalry',
          },
        ],
      });
    if (troop.arm === 'cavalry' && otherTroop.arm === 'infantry')
      mods.push({
        id: 'cavalry-v-infantry',
        reasons: [{ rule: rule(7, 'cavalry v infantry'), label: 'Cavalry against infantry' }],
      });
    if (u === t && basis.states[u]!.orders === 'defend' && liningCityWall(basis, g))
      mods.push({
        id: 'fortified-city-wall',
        reasons: [{ rule: rule(8, 'defending fortified city wall'), label: 'Lining a fortified city wall' }],
      });
    if (g.formation === 'mass')
      mods.push({ id: 'mass', reasons: [{ rule: rule(9, 'mass'), label: 'In mass' }] });
    if (troop.arm === 'cavalry' && troop.regular && profile.cavalryWeight !== 'heavy' && !profile.lancers)
      mods.push({
        id: 'regular-light-cavalry',
        reasons: [{ rule: rule(10, 'regular light cavalry'), label: 'Regular light cavalry' }],
      });
    if (isOpenOrder(g.formation))
      mods.push({
        id: 'open-order',
        reasons: [{ rule: rule(11, 'open order'), label: `In ${g.formation}` }],
      });
    const stands = countedStands(g.unit);
    let sideStands = stands;
    for (const a of allies) sideStands += countedStands(basis.units[basis.index(a)]!.unit);
    const facts: ConfrontationSideFacts = {
      resolveLevel: profile.resolveLevel,
      status: currentStatus(profile, basis.states[u]!),
      stands,
      ...(allies.length > 0 ? { sideStands } : {}),
      modifiers: applied(mods),
    };
    return { facts, mods, contact: standsInContact(g, og) };
  };
  const charger = side(c, t, others.chargerSide);
  const target = side(t, c, others.targetSide);
  const tg = basis.units[t]!;
  const holds =
    tg.formation === 'square' || (basis.states[t]!.orders === 'defend' && defendedWorks(basis, t) !== null);
  const reasons: DerivedReason[] = [
    {
      rule: reading('stands in contact'),
      label: `Stands in contact: ${chargerId} ${charger.contact}, ${targetId} ${target.contact}`,
      value: charger.contact,
    },
  ];
  if (holds)
    reasons.push({
      rule: jc4('Confrontation Results Table', 'defenders of works and squares hold on a Recoil'),
      label: tg.formation === 'square' ? 'Target in square' : 'Target defending works',
      unit: targetId,
    });
  return {
    facts: {
      charger: charger.facts,
      target: { ...target.facts, ...(holds ? { defendingWorksOrSquare: true } : {}) },
    },
    charger: { modifiers: charger.mods, standsInContact: charger.contact },
    target: { modifiers: target.mods, standsInContact: target.contact },
    reasons,
  };
}
