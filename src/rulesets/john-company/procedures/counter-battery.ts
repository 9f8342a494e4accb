import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  COUNTER_BATTERY_BONUS,
  COUNTER_BATTERY_KNOCKOUT_ON,
  GUN_DAMAGE_PACK,
  gunDamageRoll,
  knockoutRoll,
  MAX_GUN_DAMAGE_DICE,
} from '../tables/counter-battery.ts';
import { jc4, type RangeBand } from '../vocabulary.ts';
import { type Aiming, enfiladeStandsPerRank } from './fire/aiming.ts';
import { aimArtillery } from './fire/artillery.ts';
import { shoot } from './fire/casualties.ts';
import {
  type ArtilleryFireFacts,
  type ArtilleryShotFacts,
  artilleryShotShape,
  checkRange,
  rangeShape,
} from './fire/facts.ts';
import { type FireResult, NO_FIRE_LABELS } from './fire/result.ts';

export interface CounterBatteryFacts extends ArtilleryShotFacts {
  readonly range?: RangeBand;
  readonly distance?: number;
  /** Crew stands of the target battery: no more guns than this are knocked out. */
  readonly targetCrewStands: number;
  /** Enfilade on the target battery: 3 stands fire per rank of guns. */
  readonly enfilade?: { readonly targetRanks: number };
}

/**
 * The counter-battery facts of guns whose artillery-fire facts at a battery are `fire`: the firer's
 * weapon, state, crews and the range and cover carry over; the target row is counter-battery's own;
 * `targetCrewStands` caps the guns knocked out. `blinded`: the firers cannot see for smoke or dust.
 */
export function counterBatteryFactsOf(
  fire: ArtilleryFireFacts,
  targetCrewStands: number,
  blinded?: boolean,
): CounterBatteryFacts {
  return {
    weapon: fire.weapon,
    resolveLevel: fire.resolveLevel,
    status: fire.status,
    ...(fire.disordered ? { disordered: true } : {}),
    ...(fire.moving ? { moving: true } : {}),
    ...(blinded ? { blinded: true } : {}),
    crewStands: fire.crewStands,
    ...(fire.nativeIrregularCrew ? { nativeIrregularCrew: true } : {}),
    ...(fire.targetCover ? { targetCover: fire.targetCover } : {}),
    ...(fire.distance !== undefined ? { distance: fire.distance } : {}),
    targetCrewStands,
  };
}

export interface CounterBatteryResult {
  /** The artillery fire at the battery (its Firing Table casualties are hits, each rolled for). */
  readonly fire: FireResult;
  /** Damage dice thrown: one per casualty scored. */
  readonly damageRolls: number;
  /** Guns knocked out: one crew stand removed each (never more than the target's crew stands). */
  readonly gunsKnockedOut: number;
}

const DAMAGE_RULE = jc4('Counter Battery Fire', 'Counter Battery Results Table');

/**
 * Counter-battery fire (Part 4): artillery fire at a battery with the crews target row (−8) and every
 * other modifier that applies; then one d6 per casualty scored, +1 if the firing guns are field,
 * siege or mortars; each 4+ knocks out a gun and removes a crew stand. Hit or not, the target
 * battery takes the "under artillery fire" reaction modifier.
 */
export function resolveCounterBattery(
  facts: CounterBatteryFacts,
  dice: DiceSource,
  trace?: Trace,
): CounterBatteryResult {
  return damage(shoot(aimCounterBattery(facts, trace), dice, trace), facts, dice, trace);
}

/** Aims once, then each throw only shoots and rolls the damage: the untraced fast path. */
export function prepareCounterBattery(
  facts: CounterBatteryFacts,
): (dice: DiceSource) => CounterBatteryResult {
  const aiming = aimCounterBattery(facts);
  return (dice) => damage(shoot(aiming, dice), facts, dice);
}

function aimCounterBattery(facts: CounterBatteryFacts, trace?: Trace): Aiming {
  const ranks = facts.enfilade ? facts.enfilade.targetRanks : 0;
  return aimArtillery(facts, 'crews-or-train', ranks, ARTILLERY_PER_RANK, NO_TARGET_CAP, null, trace);
}

const ARTILLERY_PER_RANK = enfiladeStandsPerRank('artillery');

/** The damage dice for the casualties of `fire`. */
function damage(
  fire: FireResult,
  facts: CounterBatteryFacts,
  dice: DiceSource,
  trace?: Trace,
): CounterBatteryResult {
  const n = fire.tableLosses;
  if (n === 0) {
    if (fire.fired)
      trace?.add({
        rule: DAMAGE_RULE,
        label: 'No casualties: no damage dice (the battery was still under fire)',
      });
    return { fire, damageRolls: 0, gunsKnockedOut: 0 };
  }
  const bonus = COUNTER_BATTERY_BONUS[facts.weapon];
  const out = dice.roll(knockoutRoll(n, bonus, facts.targetCrewStands), 'damage');
  trace?.add({
    rule: DAMAGE_RULE,
    label: `${n} damage d6${bonus ? ' +1 (field, siege or mortar)' : ''}: a gun knocked out on ${COUNTER_BATTERY_KNOCKOUT_ON}+ (at most ${facts.targetCrewStands}, the crew stands the target has)`,
    value: out,
    roll: 'damage',
  });
  return { fire, damageRolls: n, gunsKnockedOut: out };
}

/** Counter-battery casualties are hits, not stands: the cap applies to the guns knocked out instead. */
const NO_TARGET_CAP = Object.freeze({});

export const counterBatterySchema = z
  .object({
    ...artilleryShotShape,
    ...rangeShape,
    targetCrewStands: z
      .number()
      .int()
      .min(0)
      .max(99)
      .describe('Crew stands of the target battery: no more guns are knocked out than this'),
    enfilade: z
      .object({
        targetRanks: z.number().int().min(1).max(30).describe('Ranks of guns in the target battery'),
      })
      .strict()
      .optional()
      .describe('Enfilade on the target battery: at most 3 stands fire per rank of guns'),
  })
  .strict()
  .superRefine((v, ctx) => checkRange(v, ctx));

export const counterBattery: ProcedureDefinition<CounterBatteryFacts, CounterBatteryResult> = {
  id: 'counter-battery',
  title: 'Counter-battery fire',
  summary: 'Guns knocked out (crew stands removed) when one battery fires on another.',
  rule: jc4('Counter Battery Fire'),
  facts: counterBatterySchema as z.ZodType<CounterBatteryFacts>,
  rolls: [
    { key: 'randomFactor', dice: '2d6: positive, negative', when: 'whenever the battery fires' },
    { key: 'eventDie', dice: '1d6 (event die: 1 = Event)', when: 'with the Random Factor' },
    {
      key: 'damage',
      dice: '1d6 per casualty scored (+1 for field, siege or mortar)',
      when: 'when the fire scores casualties',
    },
  ],
  examples: [
    {
      title: 'A British field battery (Resolve 18, 4 crew stands) at a native battery 20" away',
      facts: {
        weapon: 'british-field',
        resolveLevel: 18,
        status: 'Steady',
        crewStands: 4,
        distance: 20,
        targetCrewStands: 4,
      },
      dice: [6, 1, 5, 3, 5],
    },
  ],
  resolve: resolveCounterBattery,
  prepare: prepareCounterBattery,
  odds: [
    { name: 'Guns knocked out', project: (r) => r.gunsKnockedOut },
    { name: 'Casualties scored', project: (r) => r.damageRolls },
    { name: 'Event on the target', project: (r) => (r.fire.event ? 'event' : 'no event') },
  ],
  describe: (r) => {
    if (!r.fire.fired) return [`No fire: ${NO_FIRE_LABELS[r.fire.noFire!]}`];
    return [
      `${r.fire.standsFiring} crew stands fire at ${r.fire.band} range: Final Fire Factor ${r.fire.fff}`,
      `${r.damageRolls} casualt${r.damageRolls === 1 ? 'y' : 'ies'} scored: ${r.gunsKnockedOut} gun${r.gunsKnockedOut === 1 ? '' : 's'} knocked out (a crew stand each)`,
      'The target battery counts as under artillery fire for its next Reaction Test',
      ...(r.fire.event ? ['Event Die 1: an Event for the target battery'] : []),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// After the battle

export interface PostBattleGunDamageFacts {
  /** Crew stands the battery lost to counter-battery fire. */
  readonly crewStandsLost: number;
}

export interface PostBattleGunDamageResult {
  readonly crewCasualties: number;
  readonly gunsDamaged: number;
  readonly gunsDestroyed: number;
}

/** The optional campaign roll (Part 4): one d6 per crew stand lost to counter-battery fire. */
export function resolvePostBattleGunDamage(
  facts: PostBattleGunDamageFacts,
  dice: DiceSource,
  trace?: Trace,
): PostBattleGunDamageResult {
  const n = facts.crewStandsLost;
  if (n === 0) return { crewCasualties: 0, gunsDamaged: 0, gunsDestroyed: 0 };
  const v = dice.roll(gunDamageRoll(n), 'gunDamage');
  const gunsDestroyed = Math.floor(v / GUN_DAMAGE_PACK);
  const gunsDamaged = v - gunsDestroyed * GUN_DAMAGE_PACK;
  const crewCasualties = n - gunsDamaged - gunsDestroyed;
  trace?.add({
    rule: jc4('Counter Battery Fire', 'Counter Battery Damage Table'),
    label: `${n}d6: 1-4 crew casualty, 5 gun damaged, 6 gun destroyed`,
    value: `${crewCasualties} crew, ${gunsDamaged} damaged, ${gunsDestroyed} destroyed`,
    roll: 'gunDamage',
  });
  return { crewCasualties, gunsDamaged, gunsDestroyed };
}

export const postBattleGunDamageSchema = z
  .object({
    crewStandsLost: z
      .number()
      .int()
      .min(0)
      .max(MAX_GUN_DAMAGE_DICE)
      .describe(
        `Crew stands the battery lost to counter-battery fire this battle (0-${MAX_GUN_DAMAGE_DICE})`,
      ),
  })
  .strict();

export const postBattleGunDamage: ProcedureDefinition<PostBattleGunDamageFacts, PostBattleGunDamageResult> = {
  id: 'post-battle-gun-damage',
  title: 'Counter-battery losses after the battle (optional campaign rule)',
  summary:
    'Which crew stands lost to counter-battery fire were crew casualties, damaged guns or destroyed guns.',
  rule: jc4('Counter Battery Fire', 'Counter Battery Damage Table'),
  facts: postBattleGunDamageSchema as z.ZodType<PostBattleGunDamageFacts>,
  rolls: [{ key: 'gunDamage', dice: '1d6 per crew stand lost', when: 'once, after the battle' }],
  examples: [
    {
      title: 'A battery that lost 3 crew stands to counter-battery fire',
      facts: { crewStandsLost: 3 },
      dice: [2, 5, 6],
    },
  ],
  resolve: resolvePostBattleGunDamage,
  odds: [
    { name: 'Guns destroyed', project: (r) => r.gunsDestroyed },
    { name: 'Guns damaged', project: (r) => r.gunsDamaged },
    { name: 'Crew casualties', project: (r) => r.crewCasualties },
  ],
  describe: (r) => [
    `Crew casualties ${r.crewCasualties}; guns damaged but repairable ${r.gunsDamaged}; guns destroyed ${r.gunsDestroyed}`,
  ],
};
