import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6Successes, nd6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { ARTILLERY_TABLE } from '../tables/artillery.ts';
import { BRIDGES, type Bridge, DEMOLITION_POINTS, type DemolitionResult } from '../tables/engineering.ts';
import { md } from '../vocabulary.ts';

export interface DemolitionFacts {
  readonly charges: number;
  readonly bridge: Bridge;
}

export interface DemolitionResultFacts {
  readonly points: number;
  readonly result: DemolitionResult;
}

/** Demolition (13.2 b): a die per charge, summed, against the bridge's points to damage and destroy. */
export function resolveDemolition(
  facts: DemolitionFacts,
  dice: DiceSource,
  trace?: Trace,
): DemolitionResultFacts {
  const points = dice.roll(nd6(facts.charges), 'charges');
  const need = DEMOLITION_POINTS[facts.bridge];
  const result: DemolitionResult =
    points >= need.destroy ? 'destroyed' : points >= need.damage ? 'damaged' : 'no-effect';
  trace?.add({
    rule: md('13.2 Tasks', 'b'),
    label: `${facts.charges} charge(s) against a ${facts.bridge} bridge (${need.damage}/${need.destroy})`,
    roll: 'charges',
    total: points,
  });
  trace?.add({ rule: md('13.2 Tasks', 'b'), label: result, value: result });
  return { points, result };
}

export const demolition: ProcedureDefinition<DemolitionFacts, DemolitionResultFacts> = {
  id: 'macduff-demolition',
  title: 'Demolition Charge',
  summary: "Whether sappers' charges damage or destroy a bridge: a die per charge, summed.",
  rule: md('13.2 Tasks', 'b'),
  facts: z
    .strictObject({
      charges: z.int().min(1).max(12).describe('Charges laid'),
      bridge: z.enum(BRIDGES).describe('A wooden or a stone bridge'),
    })
    .describe('Charges laid under a bridge') as z.ZodType<DemolitionFacts>,
  rolls: [{ key: 'charges', dice: 'one d6 per charge, summed', when: 'always' }],
  examples: [
    { title: 'Two charges under a wooden bridge', facts: { charges: 2, bridge: 'wooden' }, dice: [4, 5] },
  ],
  resolve: resolveDemolition,
  odds: [{ name: 'Result', project: (r) => r.result }],
  describe: (r) => [`${r.points} points: ${r.result}`],
};

export interface BreachFacts {
  /** Effect dice rolled against the wall or building (9.3). */
  readonly effectDice: number;
  readonly heavyGuns: boolean;
}

/** Breaching (9.5): each effect die of 6 (heavy guns 5-6) against a wall or building opens a breach one figure wide. */
export function resolveBreach(
  facts: BreachFacts,
  dice: DiceSource,
  trace?: Trace,
): { readonly breaches: number } {
  const score = facts.heavyGuns ? ARTILLERY_TABLE.breach.heavyScore : ARTILLERY_TABLE.breach.score;
  const breaches = dice.roll(d6Successes(facts.effectDice, score.value, 0), 'effect');
  trace?.add({
    rule: score.rule,
    label: `${facts.effectDice} effect dice at ${score.value}+`,
    roll: 'effect',
    total: breaches,
  });
  return { breaches };
}

export const breach: ProcedureDefinition<BreachFacts, { readonly breaches: number }> = {
  id: 'macduff-breach',
  title: 'Breaching Walls',
  summary: 'Breaches a battery opens in a wall or building, each one figure wide.',
  rule: md('9.5 Breaching Walls'),
  facts: z
    .strictObject({
      effectDice: z.int().min(1).max(60).describe('Effect dice rolled against the wall'),
      heavyGuns: z.boolean().describe('Heavy guns breach on 5-6'),
    })
    .describe('Guns firing at a wall or building') as z.ZodType<BreachFacts>,
  rolls: [{ key: 'effect', dice: 'the effect dice', when: 'always' }],
  examples: [
    {
      title: 'A heavy gun battering a fort gate',
      facts: { effectDice: 3, heavyGuns: true },
      dice: [5, 2, 6],
    },
  ],
  resolve: resolveBreach,
  odds: [{ name: 'Breaches', project: (r) => r.breaches }],
  describe: (r) => [`${r.breaches} breach(es)`],
};
