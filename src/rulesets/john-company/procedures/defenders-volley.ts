import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { DEFENDERS_VOLLEY_TABLE, defendersVolleyBand } from '../tables/defenders-volley.ts';
import { jc4 } from '../vocabulary.ts';
import { type Aiming, enfiladeStandsPerRank, targetRowFor } from './fire/aiming.ts';
import { aimArtillery } from './fire/artillery.ts';
import { shoot } from './fire/casualties.ts';
import {
  type ArtilleryVolleyFacts,
  artilleryShape,
  checkSmallArmsStands,
  checkTarget,
  type SmallArmsVolleyFacts,
  smallArmsShape,
} from './fire/facts.ts';
import { describeFire, FIRE_ODDS, type FireResult, noFire } from './fire/result.ts';
import { aimSmallArms } from './fire/small-arms.ts';

/** A defenders' volley by small arms or by guns (told apart by the weapon). */
export type DefendersVolleyFacts = SmallArmsVolleyFacts | ArtilleryVolleyFacts;

function isArtillery(facts: DefendersVolleyFacts): facts is ArtilleryVolleyFacts {
  return 'crewStands' in facts;
}

const VOLLEY_RULE = jc4("Defenders' Volley", "Defenders' Volley Table");

/**
 * A defenders' volley (Part 4, Confrontation; also a caracoling unit's fire): normal fire, except that
 * the range modifier is the one of the band the firer's Resolve Status gives on the Defenders' Volley
 * Table, whatever the distance. Wavering and Panicked units may not fire.
 */
export function resolveDefendersVolley(
  facts: DefendersVolleyFacts,
  dice: DiceSource,
  trace?: Trace,
): FireResult {
  return shoot(aimVolley(facts, trace), dice, trace);
}

/** Aims once, then each throw only shoots: the untraced fast path. */
export function prepareDefendersVolley(facts: DefendersVolleyFacts): (dice: DiceSource) => FireResult {
  const aiming = aimVolley(facts);
  return (dice) => shoot(aiming, dice);
}

function aimVolley(facts: DefendersVolleyFacts, trace?: Trace): Aiming {
  const band = defendersVolleyBand(facts.status);
  trace?.add({
    rule: VOLLEY_RULE,
    label: `${facts.status}: range modifier of this band`,
    value: band ?? 'no fire allowed',
  });
  if (band === null) return noFire('status-may-not-fire', null, 0);
  if (isArtillery(facts)) {
    const e = facts.enfilade;
    const perRank = e ? enfiladeStandsPerRank(e.targetArm) : 0;
    return aimArtillery(facts, targetRowFor(facts), e ? e.targetRanks : 0, perRank, facts, band, trace);
  }
  return aimSmallArms(facts, band, trace);
}

const smallArmsVolleySchema = z
  .object(smallArmsShape)
  .strict()
  .superRefine((v, ctx) => {
    checkTarget(v, ctx);
    checkSmallArmsStands(v, ctx);
  });

const artilleryVolleySchema = z
  .object(artilleryShape)
  .strict()
  .superRefine((v, ctx) => checkTarget(v, ctx));

export const defendersVolleySchema = z
  .discriminatedUnion('weapon', [smallArmsVolleySchema, artilleryVolleySchema])
  .describe(
    "A defenders' volley: the facts of small-arms or artillery fire, without range or distance (the firer's status gives the band)",
  );

export const defendersVolley: ProcedureDefinition<DefendersVolleyFacts, FireResult> = {
  id: 'defenders-volley',
  title: "Defenders' volley",
  summary:
    "Stands lost by a charging unit to the volley of the unit it charges (or a caracoling unit's fire).",
  rule: DEFENDERS_VOLLEY_TABLE.source,
  facts: defendersVolleySchema as z.ZodType<DefendersVolleyFacts>,
  rolls: [
    { key: 'randomFactor', dice: '2d6: positive, negative', when: 'unless Wavering or Panicked' },
    { key: 'eventDie', dice: '1d6 (event die: 1 = Event)', when: 'with the Random Factor' },
  ],
  examples: [
    {
      title: 'Steady sepoys (Resolve 17, flintlock muskets, 8 stands) meet charging cavalry in line',
      facts: {
        weapon: 'flintlock-musket',
        resolveLevel: 17,
        status: 'Steady',
        frontRankStands: 8,
        targetFormation: 'close-order-line',
      },
      dice: [6, 1, 2],
    },
    {
      title: 'A Resolute British horse battery (4 crew stands) receives a charge by horse in mass',
      facts: {
        weapon: 'british-horse',
        resolveLevel: 18,
        status: 'Resolute',
        crewStands: 4,
        targetFormation: 'mass',
      },
      dice: [3, 3, 6],
    },
  ],
  resolve: resolveDefendersVolley,
  prepare: prepareDefendersVolley,
  odds: FIRE_ODDS,
  describe: describeFire,
};
