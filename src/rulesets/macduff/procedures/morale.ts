import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6, d6Successes } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { md } from '../vocabulary.ts';

/** Below half strength a unit is shattered (12.1). */
export function isShattered(figures: number, startingFigures: number): boolean {
  return 2 * figures < startingFigures;
}

export interface SurrenderFacts {
  /** Leaders attached to the surrounded unit: +1 each (12.2). */
  readonly attachedLeaders: number;
  /** The regimental standard is present: +1 (12.2). */
  readonly standard: boolean;
}

export interface SurrenderResult {
  readonly enemy: number;
  readonly surrounded: number;
  readonly surrenders: boolean;
}

/**
 * A call to surrender (12.2): both sides roll a die, the surrounded unit adding 1 per attached leader and
 * 1 for its standard; the higher decides. Muster's reading: a tie does not force a surrender (the call
 * may be repeated next turn).
 */
export function resolveSurrender(facts: SurrenderFacts, dice: DiceSource, trace?: Trace): SurrenderResult {
  const enemy = dice.roll(d6, 'enemy');
  const die = dice.roll(d6, 'surrounded');
  const surrounded = die + facts.attachedLeaders + (facts.standard ? 1 : 0);
  trace?.add({ rule: md('12.2 Surrounded Units'), label: "Enemy's die", roll: 'enemy', value: enemy });
  trace?.add({
    rule: md('12.2 Surrounded Units'),
    label: "Surrounded unit's die",
    roll: 'surrounded',
    value: die,
    total: die,
  });
  if (facts.attachedLeaders)
    trace?.add({
      rule: md('12.2 Surrounded Units', 'attached leaders'),
      label: 'Attached leaders',
      delta: facts.attachedLeaders,
    });
  if (facts.standard)
    trace?.add({
      rule: md('12.2 Surrounded Units', 'standard'),
      label: 'Regimental standard',
      delta: 1,
      total: surrounded,
    });
  const surrenders = enemy > surrounded;
  trace?.add({
    rule: md('12.2 Surrounded Units'),
    label: surrenders ? 'Surrenders' : 'Fights on',
    value: surrenders,
  });
  return { enemy, surrounded, surrenders };
}

export const surrender: ProcedureDefinition<SurrenderFacts, SurrenderResult> = {
  id: 'macduff-surrender',
  title: 'Call to Surrender',
  summary: 'Whether a surrounded unit surrenders when called on: opposed dice, leaders and standard helping.',
  rule: md('12.2 Surrounded Units'),
  facts: z
    .strictObject({
      attachedLeaders: z.int().min(0).max(6).describe('Leaders attached to the surrounded unit (+1 each)'),
      standard: z.boolean().describe('The regimental standard is with it (+1)'),
    })
    .describe('A surrounded unit called on to surrender') as z.ZodType<SurrenderFacts>,
  rolls: [
    { key: 'enemy', dice: '1d6', when: 'always' },
    { key: 'surrounded', dice: '1d6', when: 'always' },
  ],
  examples: [
    {
      title: 'A surrounded company with its captain and colour',
      facts: { attachedLeaders: 1, standard: true },
      dice: [5, 3],
    },
  ],
  resolve: resolveSurrender,
  odds: [{ name: 'Surrenders', project: (r) => (r.surrenders ? 'surrenders' : 'fights on') }],
  describe: (r) => [
    `Enemy ${r.enemy}, surrounded ${r.surrounded}: ${r.surrenders ? 'surrenders' : 'fights on'}`,
  ],
};

export interface RecoveryFacts {
  /** Casualties in the holding area (12.5). */
  readonly held: number;
  /** A leader is attached: without one no figure returns (12.5). */
  readonly leaderAttached: boolean;
  /** A bold or rash general joined the unit to rally it: +1. */
  readonly inspiringGeneral: boolean;
  /** A musician or standard bearer is with it: +1. */
  readonly musicOrColours: boolean;
  /** It lost a melee and was shattered this turn: the whole holding area is lost to the enemy. */
  readonly abandoned: boolean;
}

export interface RecoveryResult {
  readonly recovered: number;
  readonly lost: number;
}

/** Casualty recovery at a rally (12.5): a die per held casualty, 6 returns the figure (+1 each for an inspiring general and music or colours). */
export function resolveRecovery(facts: RecoveryFacts, dice: DiceSource, trace?: Trace): RecoveryResult {
  if (facts.held === 0 || facts.abandoned || !facts.leaderAttached) {
    const why =
      facts.held === 0
        ? 'No casualties held'
        : facts.abandoned
          ? 'Abandoned to the enemy'
          : 'No leader attached';
    trace?.add({ rule: md('12.5 Casualty Recovery'), label: why, value: 0 });
    return { recovered: 0, lost: facts.held };
  }
  const bonus = (facts.inspiringGeneral ? 1 : 0) + (facts.musicOrColours ? 1 : 0);
  if (facts.inspiringGeneral)
    trace?.add({
      rule: md('12.5 Casualty Recovery', 'bold or rash general'),
      label: 'Bold or rash general',
      delta: 1,
    });
  if (facts.musicOrColours)
    trace?.add({
      rule: md('12.5 Casualty Recovery', 'musician or standard bearer'),
      label: 'Music or colours',
      delta: 1,
    });
  const recovered = dice.roll(d6Successes(Math.min(facts.held, 60), 6, bonus), 'recovery');
  trace?.add({
    rule: md('12.5 Casualty Recovery'),
    label: `${facts.held} dice at 6+`,
    roll: 'recovery',
    total: recovered,
  });
  return { recovered, lost: facts.held - recovered };
}

export const casualtyRecovery: ProcedureDefinition<RecoveryFacts, RecoveryResult> = {
  id: 'macduff-casualty-recovery',
  title: 'Casualty Recovery',
  summary: 'How many casualties in the holding area return to the ranks when the unit rallies.',
  rule: md('12.5 Casualty Recovery'),
  facts: z
    .strictObject({
      held: z.int().min(0).max(60).describe('Casualties in the holding area'),
      leaderAttached: z.boolean().describe('A leader is attached (none return without one)'),
      inspiringGeneral: z.boolean().describe('A bold or rash general joined it to rally it (+1)'),
      musicOrColours: z.boolean().describe('A musician or standard bearer is with it (+1)'),
      abandoned: z
        .boolean()
        .describe('It lost a melee and was shattered this turn: all held casualties are lost'),
    })
    .describe('A unit rallying with casualties held') as z.ZodType<RecoveryFacts>,
  rolls: [
    { key: 'recovery', dice: 'one d6 per held casualty', when: 'with a leader attached, unless abandoned' },
  ],
  examples: [
    {
      title: 'A Highland company rallies with its piper',
      facts: {
        held: 4,
        leaderAttached: true,
        inspiringGeneral: false,
        musicOrColours: true,
        abandoned: false,
      },
      dice: [5, 2, 6, 1],
    },
  ],
  resolve: resolveRecovery,
  odds: [{ name: 'Recovered', project: (r) => r.recovered }],
  describe: (r) => [`${r.recovered} return, ${r.lost} lost for good`],
};
