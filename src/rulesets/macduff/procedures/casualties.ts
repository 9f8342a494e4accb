import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { pickOneOf, trialsRoll, unpackCount } from '../dice.ts';
import {
  ARTILLERY_HITS_CHART,
  HITS_PER_CASUALTY,
  LEADER_HIT_SCORE,
  TARGET_KINDS,
  type TargetKind,
} from '../tables/casualties.ts';
import { md } from '../vocabulary.ts';

export interface CasualtyFacts {
  readonly hits: number;
  readonly target: TargetKind;
  /** Behind hard cover, or natives claiming cover from small arms in brush or rocks (10.2). */
  readonly cover: boolean;
  /** The target already carries a casualty marker from an earlier remainder (10.5). */
  readonly marker: boolean;
  /** The fire was artillery's: a gun hit destroys the gun (10.5). */
  readonly fromArtillery: boolean;
  /** Leaders with the unit (officers, musicians, standard bearers): at risk when it takes casualties (10.6). */
  readonly leaders: number;
}

export interface CasualtyResult {
  /** Figures lost: men, or crew. */
  readonly casualties: number;
  /** A casualty marker on the unit afterwards. */
  readonly marker: boolean;
  readonly gunsDestroyed: number;
  readonly animalsHit: number;
  /** Which leader (1..leaders) was hit, or 0. */
  readonly leaderHit: number;
}

const CREW = 0;
const ANIMAL = 1;
const GUN = 2;
const EFFECT_INDEX = { crew: CREW, 'draught-animal': ANIMAL, gun: GUN } as const;

const artilleryHitRolls = new Map<number, ReturnType<typeof trialsRoll>>();
function artilleryHits(n: number) {
  let spec = artilleryHitRolls.get(n);
  if (!spec) {
    spec = trialsRoll({
      id: `${n}d6-artillery-hits`,
      label: `${n}d6 on the artillery hits chart`,
      trials: n,
      dicePerTrial: 1,
      categories: 3,
      classify: (f, at) => EFFECT_INDEX[lookupRange(ARTILLERY_HITS_CHART, f[at]!).result],
    });
    artilleryHitRolls.set(n, spec);
  }
  return spec;
}

/**
 * Hits into casualties (10): men and horses lose one figure per so many hits, with a remainder of half
 * or more becoming a casualty marker and a second marker becoming a casualty (10.5); guns roll each hit
 * on the artillery chart. Then, if the unit lost anyone, the risk to its leaders (10.6).
 */
export function resolveCasualties(facts: CasualtyFacts, dice: DiceSource, trace?: Trace): CasualtyResult {
  let casualties = 0;
  let marker = facts.marker;
  let gunsDestroyed = 0;
  let animalsHit = 0;
  if (facts.target === 'artillery') {
    if (facts.hits > 0) {
      const v = dice.roll(artilleryHits(Math.min(facts.hits, 63)), 'artillery-hits');
      casualties = unpackCount(v, CREW);
      animalsHit = unpackCount(v, ANIMAL);
      const gunHits = unpackCount(v, GUN);
      gunsDestroyed = facts.fromArtillery ? gunHits : 0;
      trace?.add({
        rule: ARTILLERY_HITS_CHART.source,
        label: `${casualties} crew, ${animalsHit} draught animals, ${gunHits} on the gun${facts.fromArtillery ? ' (destroyed)' : ' (no effect from small arms)'}`,
        roll: 'artillery-hits',
        value: casualties,
      });
    }
  } else {
    const row = HITS_PER_CASUALTY.rows[facts.target];
    let per = row.hits;
    trace?.add({ rule: row.rule, label: `${facts.target}: ${per} hit(s) per casualty`, value: per });
    if (facts.cover) {
      per *= HITS_PER_CASUALTY.hardCoverFactor.factor;
      trace?.add({
        rule: HITS_PER_CASUALTY.hardCoverFactor.rule,
        label: `Cover: ${per} hits per casualty`,
        value: per,
      });
    }
    casualties = Math.floor(facts.hits / per);
    const remainder = facts.hits - casualties * per;
    trace?.add({ rule: md('10.1 General Rule'), label: `${facts.hits} hits`, total: casualties });
    if (remainder > 0 && 2 * remainder >= per) {
      if (marker) {
        casualties += 1;
        marker = false;
        trace?.add({
          rule: md('10.5 Remainders'),
          label: 'Second marker: one more casualty',
          delta: 1,
          total: casualties,
        });
      } else {
        marker = true;
        trace?.add({
          rule: md('10.5 Remainders'),
          label: 'Remainder of half or more: casualty marker',
          value: true,
        });
      }
    }
  }
  let leaderHit = 0;
  if (casualties > 0 && facts.leaders > 0) {
    const die = dice.roll(d6, 'leader-risk');
    if (die >= LEADER_HIT_SCORE.score)
      leaderHit = facts.leaders === 1 ? 1 : dice.roll(pickOneOf(facts.leaders), 'which-leader');
    trace?.add({
      rule: LEADER_HIT_SCORE.rule,
      label: leaderHit ? `Leader ${leaderHit} hit` : 'Leaders unhurt',
      roll: 'leader-risk',
      value: die,
    });
  }
  return { casualties, marker, gunsDestroyed, animalsHit, leaderHit };
}

export const casualtyFactsSchema = z
  .strictObject({
    hits: z.int().min(0).max(120).describe('Hits scored on the unit'),
    target: z.enum(TARGET_KINDS).describe('close-order-infantry, skirmishers, cavalry or artillery'),
    cover: z.boolean().describe('Behind hard cover (or natives in brush or rocks against small arms)'),
    marker: z.boolean().describe('The unit already has a casualty marker'),
    fromArtillery: z.boolean().describe('The hits came from artillery (a gun hit destroys the gun)'),
    leaders: z.int().min(0).max(6).describe('Leaders with the unit (officers, musician, standard bearer)'),
  })
  .describe('A unit that has been hit');

export const casualtiesProcedure: ProcedureDefinition<CasualtyFacts, CasualtyResult> = {
  id: 'macduff-casualties',
  title: 'Casualties',
  summary: 'Figures lost from hits, casualty markers, guns and animals hit, and the risk to leaders.',
  rule: md('10. Casualties'),
  facts: casualtyFactsSchema as z.ZodType<CasualtyFacts>,
  rolls: [
    { key: 'artillery-hits', dice: 'one d6 per hit', when: 'when the target is artillery' },
    { key: 'leader-risk', dice: '1d6', when: 'when the unit loses a figure and has leaders' },
    { key: 'which-leader', dice: 'one of the leaders', when: 'on a 6, with several leaders' },
  ],
  examples: [
    {
      title: 'Skirmishers behind rocks take 7 hits',
      facts: { hits: 7, target: 'skirmishers', cover: true, marker: false, fromArtillery: false, leaders: 1 },
      dice: [6],
    },
    {
      title: 'A battery under shellfire takes 3 hits',
      facts: { hits: 3, target: 'artillery', cover: false, marker: false, fromArtillery: true, leaders: 2 },
      dice: [2, 4, 6, 6, 2],
    },
  ],
  resolve: resolveCasualties,
  odds: [
    { name: 'Casualties', project: (r) => r.casualties },
    { name: 'Leader hit', project: (r) => (r.leaderHit > 0 ? 'hit' : 'unhurt') },
  ],
  describe: (r) => [
    `${r.casualties} casualties${r.marker ? ', a casualty marker' : ''}${r.gunsDestroyed ? `, ${r.gunsDestroyed} gun(s) destroyed` : ''}${r.animalsHit ? `, ${r.animalsHit} draught animal(s) hit` : ''}`,
    r.leaderHit ? `Leader ${r.leaderHit} hit` : 'No leader hit',
  ],
};
