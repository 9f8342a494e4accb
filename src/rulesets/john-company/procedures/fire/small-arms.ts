/**
 * Small-arms fire (Part 4, "Rules For Small Arms", "Small Arms Fire Modifiers", "Troops And Figures
 * Able To Fire"): the stands that fire by their weapon's ranks, the small-arms modifiers to the
 * firer's Resolve Level, and the `small-arms-fire` procedure. The defenders' volley aims it too.
 */
import type { z } from 'zod';
import type { DiceSource } from '../../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  SMALL_ARMS_MODIFIERS,
  SMALL_ARMS_RANGE_TABLE,
  SMALL_ARMS_WEAPON_DEFS,
  type SmallArmsModifierId,
} from '../../tables/small-arms.ts';
import { jc4, type RangeBand } from '../../vocabulary.ts';
import {
  type Aiming,
  aimed,
  aimedBand,
  applyShot,
  capForEnfilade,
  enfiladeStandsPerRank,
  type FireRules,
  type FireScheme,
  NO_DICE,
  scheme,
  TABLE_RULE,
  targetRowFor,
} from './aiming.ts';
import { FIRE_ROLLS, shoot } from './casualties.ts';
import {
  type RangeFacts,
  type SmallArmsFireFacts,
  type SmallArmsVolleyFacts,
  smallArmsFireSchema,
} from './facts.ts';
import { describeFire, FIRE_ODDS, type FireResult, noFire } from './result.ts';

const SA: FireScheme<SmallArmsModifierId> = scheme(SMALL_ARMS_MODIFIERS);

const SMALL_ARMS_RULES: FireRules = {
  status: jc4('Small Arms Fire Modifiers', '6. resolve status'),
  randomFactor: jc4('Small Arms Fire Modifiers', '7. chance factor'),
  eventDie: jc4('Small Arms Fire Modifiers', '8. event dice'),
  blinded: jc4('Infantry and Cavalry Events Tables', '47-49 blinded by dust or smoke'),
};

const ABLE_RULE = jc4('Troops And Figures Able To Fire');

function smallArmsStands(facts: SmallArmsVolleyFacts, trace: Trace | undefined): number {
  let n: number;
  if (facts.standsFiring !== undefined) {
    n = facts.standsFiring;
    trace?.add({ rule: ABLE_RULE, label: 'Stands firing, as counted', value: n });
  } else {
    n = facts.frontRankStands ?? 0;
    const two = SMALL_ARMS_WEAPON_DEFS[facts.weapon].ranks === 2;
    if (two) n += facts.secondRankStands ?? 0;
    trace?.add({
      rule: ABLE_RULE,
      label: two
        ? 'Bows and javelins fire with the first two ranks'
        : `Firearms fire with the front rank only${facts.secondRankStands ? ' (the second rank does not fire)' : ''}`,
      value: n,
    });
  }
  const e = facts.enfilade;
  return e ? capForEnfilade(n, e.targetRanks, enfiladeStandsPerRank(e.targetArm), trace) : n;
}

/** Aims small-arms fire (no dice); `volleyBand` (a defenders' volley) replaces the range facts. */
export function aimSmallArms(
  facts: SmallArmsVolleyFacts & RangeFacts,
  volleyBand: RangeBand | null,
  trace?: Trace,
): Aiming {
  const w = SMALL_ARMS_WEAPON_DEFS[facts.weapon];
  const statusMod = SA.status[facts.status];
  const band = aimedBand(
    SMALL_ARMS_RULES,
    facts.status,
    statusMod,
    SMALL_ARMS_RANGE_TABLE.rows[w.rangeRow],
    facts,
    volleyBand,
    trace,
  );
  if (typeof band !== 'string') return band;
  const stands = smallArmsStands(facts, trace);
  if (stands <= 0) return noFire('no-stands-firing', band, 0);

  let total = facts.resolveLevel;
  trace?.add({ rule: TABLE_RULE, label: "Firer's Resolve Level", total });
  const list = SA.list;
  const on = SA.applied;
  list.length = 0;
  list.push(on[w.modifier]);
  if (facts.disordered) list.push(on['firer-disordered']);
  if (facts.mounted) list.push(on['firer-mounted']);
  if (facts.moving) list.push(on['firer-moving']);
  const cover = SA.cover[facts.targetCover ?? 'open'];
  if (cover !== null) list.push(on[cover]);
  list.push(on[SA.target[targetRowFor(facts)]], on[SA.range[band]], on[statusMod!]);
  total = applyShot(
    SA,
    total,
    w.modifier,
    facts.weaponModifier,
    'target-open-order',
    facts.openOrderTargetModifier,
    NO_DICE,
    trace,
  );
  return aimed(SMALL_ARMS_RULES, band, stands, total, facts.blinded === true, facts);
}

export function resolveSmallArmsFire(facts: SmallArmsFireFacts, dice: DiceSource, trace?: Trace): FireResult {
  return shoot(aimSmallArms(facts, null, trace), dice, trace);
}

/** Aims once, then each throw only shoots: the untraced fast path of `resolveSmallArmsFire`. */
export function prepareSmallArmsFire(facts: SmallArmsFireFacts): (dice: DiceSource) => FireResult {
  const aiming = aimSmallArms(facts, null);
  return (dice) => shoot(aiming, dice);
}

export const smallArmsFire: ProcedureDefinition<SmallArmsFireFacts, FireResult> = {
  id: 'small-arms-fire',
  title: 'Small arms fire',
  summary: 'Stands lost by the target of small-arms fire, and whether the fire causes an Event.',
  rule: jc4('Small Arms And Artillery Fire'),
  facts: smallArmsFireSchema as z.ZodType<SmallArmsFireFacts>,
  rolls: FIRE_ROLLS,
  examples: [
    {
      title:
        "The text's loss count: 16 stands of European infantry (Resolve 20, percussion muskets) at a close-order line at medium range, FFF 7",
      facts: {
        weapon: 'percussion-musket',
        resolveLevel: 20,
        status: 'Steady',
        frontRankStands: 16,
        targetFormation: 'close-order-line',
        distance: 4,
      },
      dice: [1, 6, 4],
    },
    {
      title:
        'Rifles at a skirmish screen with a column 2" behind it: every other casualty falls on the column',
      facts: {
        weapon: 'flintlock-rifle',
        resolveLevel: 18,
        status: 'Confident',
        standsFiring: 10,
        targetFormation: 'skirmish-order',
        screening: { screenedStands: 12 },
        range: 'point-blank',
      },
      dice: [6, 1, 1],
    },
  ],
  resolve: resolveSmallArmsFire,
  prepare: prepareSmallArmsFire,
  odds: FIRE_ODDS,
  describe: describeFire,
};
