import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { EXPLOSION_ON, EXPLOSION_RADIUS } from '../tables/casualties.ts';
import { INITIATION_TABLE } from '../tables/initiation.ts';
import {
  DRILL_SCALE,
  MORALE_SCALE,
  type StateThresholds,
  stateForScore,
  UNIT_STATE_TABLE,
} from '../tables/reconstruction.ts';
import { hf, reconstruction, UNIT_STATES, type UnitStateId } from '../vocabulary.ts';
import { d6AtMost } from './rolls.ts';

/** The one-die procedures: initiation, counter-battery explosions, changing face, the unit state roll. */

// --- Initiation roll (H&F QRS, Initiating Orders)

export interface InitiationFacts {
  readonly state: UnitStateId;
}
export interface InitiationResult {
  readonly roll: number;
  readonly needed: number;
  readonly initiated: boolean;
}

/** An Initiation Roll: a d6 at or under the state's number initiates; failing, the unit keeps its orders. */
export function resolveInitiation(facts: InitiationFacts, dice: DiceSource, trace?: Trace): InitiationResult {
  const needed = INITIATION_TABLE.upTo[facts.state];
  const roll = dice.roll(d6, 'initiation');
  const initiated = roll <= needed;
  trace?.add({
    rule:
      facts.state === 'heroic'
        ? reconstruction('Heroic', 'initiates as Aggressive')
        : hf('Initiating Orders', facts.state),
    label: `d6 ${roll} against 1-${needed}: ${initiated ? 'initiated' : 'carries on with its current orders'}`,
    value: initiated,
    roll: 'initiation',
  });
  return { roll, needed, initiated };
}

export const initiation: ProcedureDefinition<InitiationFacts, InitiationResult> = {
  id: 'hf-initiation',
  title: 'Initiation Roll (H&F)',
  summary: 'Whether a unit takes up a new order (anything but firing, melee or counter-charging).',
  rule: hf('Initiating Orders'),
  facts: z.strictObject({
    state: z.enum(UNIT_STATES).describe("The unit's state: Heroic, Aggressive, Active, Passive or Cowed"),
  }) as z.ZodType<InitiationFacts>,
  rolls: [{ key: 'initiation', dice: '1d6', when: 'always' }],
  examples: [
    {
      title: 'A Passive unit ordered to attack rolls a 3: initiated',
      facts: { state: 'passive' },
      dice: [3],
    },
  ],
  resolve: resolveInitiation,
  odds: [{ name: 'Initiated', project: (r) => (r.initiated ? 'initiated' : 'carries on') }],
  describe: (r) => [
    `d6 ${r.roll} (needs 1-${r.needed}): ${r.initiated ? 'initiated' : 'carries on with its orders'}`,
  ],
};

// --- Counter-battery explosion (H&F QRS, Firing)

export interface ExplosionFacts {
  /** Artillery pieces hit by counter-battery fire: one d6 each. */
  readonly piecesHit: number;
}
export interface ExplosionResult {
  readonly explosions: number;
  /** One gunner per explosion. */
  readonly gunnersLost: number;
  /** Every unit within 8" tests morale as if under artillery fire. */
  readonly moraleTestsWithin: number | null;
}

/** Each gun hit by counter-battery throws a d6: on a 1 its ammunition explodes. */
export function resolveExplosion(facts: ExplosionFacts, dice: DiceSource, trace?: Trace): ExplosionResult {
  let explosions = 0;
  for (let i = 0; i < facts.piecesHit; i++) {
    const exploded = dice.roll(d6AtMost(EXPLOSION_ON), 'explosion');
    explosions += exploded;
    trace?.add({
      rule: hf('Firing', 'counter-battery'),
      label: `Piece ${i + 1}: ${exploded ? 'a 1, the ammunition explodes' : 'no explosion'}`,
      value: exploded === 1,
      roll: 'explosion',
    });
  }
  return { explosions, gunnersLost: explosions, moraleTestsWithin: explosions > 0 ? EXPLOSION_RADIUS : null };
}

export const counterBatteryExplosion: ProcedureDefinition<ExplosionFacts, ExplosionResult> = {
  id: 'hf-counter-battery-explosion',
  title: 'Counter-battery explosion (H&F)',
  summary: 'Whether guns hit by counter-battery fire blow up their ammunition.',
  rule: hf('Firing', 'counter-battery'),
  facts: z.strictObject({
    piecesHit: z.int().min(1).max(12).describe('Artillery pieces hit by counter-battery fire (one d6 each)'),
  }) as z.ZodType<ExplosionFacts>,
  rolls: [{ key: 'explosion', dice: '1d6 (explodes on 1)', when: 'once per piece hit' }],
  examples: [{ title: 'Two guns hit: a 1 and a 4, one explosion', facts: { piecesHit: 2 }, dice: [1, 4] }],
  resolve: resolveExplosion,
  odds: [{ name: 'Explosions', project: (r) => r.explosions }],
  describe: (r) =>
    r.explosions === 0
      ? ['No explosion']
      : [`${r.explosions} explosion(s): lose ${r.gunnersLost} gunner(s); units within 8" test morale`],
};

// --- Changing face to meet an attack (H&F QRS, Attacks)

export interface ChangeFaceFacts {
  /** The defender's Drill rating. */
  readonly drill: number;
}
export interface ChangeFaceResult {
  readonly roll: number;
  readonly changed: boolean;
}

/** A defender changes facing or formation to meet an attack when its d6 is under its Drill rating. */
export function resolveChangeFace(facts: ChangeFaceFacts, dice: DiceSource, trace?: Trace): ChangeFaceResult {
  const roll = dice.roll(d6, 'drill');
  const changed = roll < facts.drill;
  trace?.add({
    rule: hf('Attacks', 'change facing/formation'),
    label: `d6 ${roll} ${changed ? 'under' : 'not under'} Drill ${facts.drill}: ${changed ? 'faces the attack' : 'caught as it stands'}`,
    value: changed,
    roll: 'drill',
  });
  return { roll, changed };
}

export const changeFace: ProcedureDefinition<ChangeFaceFacts, ChangeFaceResult> = {
  id: 'hf-change-face',
  title: 'Change face to meet an attack (H&F)',
  summary: 'Whether a defender manages to change facing or formation to face an attack.',
  rule: hf('Attacks'),
  facts: z.strictObject({
    drill: z.int().min(DRILL_SCALE.min).max(DRILL_SCALE.max).describe("The defender's Drill rating, 0-5"),
  }) as z.ZodType<ChangeFaceFacts>,
  rolls: [{ key: 'drill', dice: '1d6', when: 'always' }],
  examples: [{ title: 'Drill 4, rolls a 3: faces the attack', facts: { drill: 4 }, dice: [3] }],
  resolve: resolveChangeFace,
  odds: [{ name: 'Changed face', project: (r) => (r.changed ? 'changed' : 'not changed') }],
  describe: (r) => [`d6 ${r.roll}: ${r.changed ? 'faces the attack' : 'fails to change face'}`],
};

// --- The unit's state at the start of the battle (Muster's reconstruction, rules-facts gap 29)

export interface UnitStateFacts {
  readonly morale: number;
  readonly drill: number;
  /** The scenario's thresholds, if it replaces Muster's. */
  readonly thresholds?: StateThresholds;
}
export interface UnitStateResult {
  readonly roll: number;
  readonly score: number;
  readonly state: Exclude<UnitStateId, 'heroic'>;
}

/** Morale + Drill + d6 read against the thresholds: Aggressive, Active, Passive or Cowed. */
export function resolveUnitState(facts: UnitStateFacts, dice: DiceSource, trace?: Trace): UnitStateResult {
  const roll = dice.roll(d6, 'state');
  const score = facts.morale + facts.drill + roll;
  const thresholds = facts.thresholds ?? UNIT_STATE_TABLE.thresholds;
  const state = stateForScore(score, thresholds);
  trace?.add({
    rule: UNIT_STATE_TABLE.source,
    label: `Morale ${facts.morale} + Drill ${facts.drill} + d6 ${roll} = ${score} (Aggressive ${thresholds.aggressive}+, Active ${thresholds.active}+, Passive ${thresholds.passive}+): ${state}`,
    total: score,
    value: state,
    roll: 'state',
  });
  return { roll, score, state };
}

export const unitState: ProcedureDefinition<UnitStateFacts, UnitStateResult> = {
  id: 'hf-unit-state',
  title: "Unit state (H&F, Muster's reconstruction)",
  summary: 'Whether a unit starts the battle Aggressive, Active, Passive or Cowed.',
  rule: UNIT_STATE_TABLE.source,
  facts: z.strictObject({
    morale: z.int().min(MORALE_SCALE.min).max(MORALE_SCALE.max).describe("The unit's Morale rating, 1-6"),
    drill: z.int().min(DRILL_SCALE.min).max(DRILL_SCALE.max).describe("The unit's Drill rating, 0-5"),
    thresholds: z
      .strictObject({
        aggressive: z.int().describe('Lowest score for Aggressive'),
        active: z.int().describe('Lowest score for Active'),
        passive: z.int().describe('Lowest score for Passive (below it: Cowed)'),
      })
      .optional()
      .describe("The scenario's thresholds, replacing Muster's 13 / 10 / 7"),
  }) as z.ZodType<UnitStateFacts>,
  rolls: [{ key: 'state', dice: '1d6', when: 'always' }],
  examples: [
    {
      title: 'Company sepoys (Morale 4, Drill 4) roll a 3: 11, Active',
      facts: { morale: 4, drill: 4 },
      dice: [3],
    },
  ],
  resolve: resolveUnitState,
  odds: [{ name: 'State', project: (r) => r.state }],
  describe: (r) => [`Score ${r.score} (d6 ${r.roll}): ${r.state}`],
};
