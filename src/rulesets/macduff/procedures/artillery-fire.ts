import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6, d6Successes } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { ARTILLERY_TABLE as A, rangeInFeet } from '../tables/artillery.ts';
import { md } from '../vocabulary.ts';
import { diceForFigures } from './small-arms-fire.ts';

const MAX_DICE = 60;

export interface CanisterFacts {
  /** Crew figures serving the guns: one die each (9.2). */
  readonly gunners: number;
  readonly rifled: boolean;
  readonly native: boolean;
  /** The target is a battalion or company square: dice doubled (9.2). */
  readonly targetSquare: boolean;
}

export interface FireHits {
  readonly dice: number;
  readonly hits: number;
}

/** Canister (9.2): within 12", one die per gunner, 4-6 (rifles 5-6) hits, natives -1; doubled against squares. */
export function resolveCanister(facts: CanisterFacts, dice: DiceSource, trace?: Trace): FireHits {
  const n = Math.min(MAX_DICE, facts.gunners * (facts.targetSquare ? A.squareDiceFactor.factor : 1));
  const toHit = facts.rifled ? A.canisterToHit.rifled : A.canisterToHit.smoothbore;
  const bonus = facts.native ? A.nativeModifier.value : 0;
  trace?.add({
    rule: facts.targetSquare ? A.squareDiceFactor.rule : md('9.2 Cannister'),
    label: `${n} dice`,
    value: n,
  });
  trace?.add({ rule: toHit.rule, label: `Hits on ${toHit.score}+`, value: toHit.score });
  if (bonus) trace?.add({ rule: A.nativeModifier.rule, label: 'Native gunners', delta: bonus });
  const hits = n > 0 ? dice.roll(d6Successes(n, toHit.score, bonus), 'canister') : 0;
  trace?.add({ rule: md('9.2 Cannister'), label: 'Hits', roll: 'canister', total: hits });
  return { dice: n, hits };
}

export interface ShotFacts {
  readonly guns: number;
  readonly crewPerGun: number;
  readonly rangeInches: number;
  readonly rifled: boolean;
  readonly mountainOr6pdr: boolean;
  readonly native: boolean;
}

export interface ShotResult extends FireHits {
  readonly rangeFeet: number;
  readonly gunsOnTarget: number;
}

/**
 * Shot and shell (9.3): each gun rolls a die, on target on a score of at least the range in feet (rifled
 * +1, mountain guns and 6-pdrs -1, natives -1); each gun on target rolls a die per 2 crew, 4-6 a hit
 * (natives -1).
 */
export function resolveShot(facts: ShotFacts, dice: DiceSource, trace?: Trace): ShotResult {
  const rangeFeet = rangeInFeet(facts.rangeInches);
  let mod = 0;
  const add = (on: boolean, m: { value: number; rule: ReturnType<typeof md> }, label: string) => {
    if (!on) return;
    mod += m.value;
    trace?.add({ rule: m.rule, label, delta: m.value, total: mod });
  };
  trace?.add({
    rule: md('9.3 Shot and Shell'),
    label: `Range ${measureText(facts.rangeInches)}" = ${rangeFeet} ft: on target at ${rangeFeet}+`,
    value: rangeFeet,
  });
  add(facts.rifled, A.shotModifiers.rifled, 'Rifled');
  add(facts.mountainOr6pdr, A.shotModifiers['mountain-or-6pdr'], 'Mountain gun or 6-pdr');
  add(facts.native, A.shotModifiers.native, 'Natives');
  const gunsOnTarget = facts.guns > 0 ? dice.roll(d6Successes(facts.guns, rangeFeet, mod), 'range') : 0;
  trace?.add({ rule: md('9.3 Shot and Shell'), label: 'Guns on target', roll: 'range', value: gunsOnTarget });
  const n = Math.min(MAX_DICE, gunsOnTarget * diceForFigures(facts.crewPerGun));
  const bonus = facts.native ? A.nativeModifier.value : 0;
  const hits = n > 0 ? dice.roll(d6Successes(n, A.shellEffectToHit.score, bonus), 'effect') : 0;
  trace?.add({
    rule: A.shellEffectToHit.rule,
    label: `${n} effect dice at ${A.shellEffectToHit.score}+`,
    roll: 'effect',
    total: hits,
  });
  return { rangeFeet, gunsOnTarget, dice: n, hits };
}

export interface MachineGunFacts {
  readonly crew: number;
  readonly rangeInches: number;
  readonly native: boolean;
}

export interface MachineGunResult extends FireHits {
  readonly jammed: boolean;
}

/** A machine gun (9.4): a jam die first (1 or less jams it this turn), then one die per crew within 24", 4-6. */
export function resolveMachineGun(facts: MachineGunFacts, dice: DiceSource, trace?: Trace): MachineGunResult {
  if (facts.rangeInches > A.machineGun.range.inches) {
    trace?.add({ rule: A.machineGun.range.rule, label: 'Beyond 24"', value: 0 });
    return { jammed: false, dice: 0, hits: 0 };
  }
  const bonus = facts.native ? A.nativeModifier.value : 0;
  const jam = dice.roll(d6, 'jam') + bonus;
  const jammed = jam <= A.machineGun.jamAtMost.score;
  trace?.add({
    rule: A.machineGun.jamAtMost.rule,
    label: jammed ? 'Jammed' : 'Firing',
    roll: 'jam',
    value: jam,
  });
  if (jammed || facts.crew === 0) return { jammed, dice: 0, hits: 0 };
  const n = Math.min(MAX_DICE, facts.crew);
  const hits = dice.roll(d6Successes(n, A.machineGun.toHit.score, bonus), 'fire');
  trace?.add({ rule: A.machineGun.toHit.rule, label: `${n} dice at 4+`, roll: 'fire', total: hits });
  return { jammed, dice: n, hits };
}

const crew = z.int().min(0).max(30);

export const canister: ProcedureDefinition<CanisterFacts, FireHits> = {
  id: 'macduff-canister',
  title: 'Canister',
  summary: 'Hits from guns firing canister within 12": one die per gunner.',
  rule: md('9.2 Cannister'),
  facts: z
    .strictObject({
      gunners: crew.describe('Crew figures serving the guns'),
      rifled: z.boolean().describe('Rifled guns hit on 5-6 instead of 4-6'),
      native: z.boolean().describe('Native gunners subtract 1 from every die'),
      targetSquare: z.boolean().describe('The target is a battalion or company square: double dice'),
    })
    .describe('A battery firing canister') as z.ZodType<CanisterFacts>,
  rolls: [{ key: 'canister', dice: 'one d6 per gunner (doubled against a square)', when: 'always' }],
  examples: [
    {
      title: 'A 2-gun section of 6 gunners at a square',
      facts: { gunners: 6, rifled: false, native: false, targetSquare: true },
      dice: [1, 2, 3, 4, 5, 6, 4, 4, 1, 2, 6, 3],
    },
  ],
  resolve: resolveCanister,
  odds: [{ name: 'Hits', project: (r) => r.hits }],
  describe: (r) => [`${r.dice} dice: ${r.hits} hits`],
};

export const shotAndShell: ProcedureDefinition<ShotFacts, ShotResult> = {
  id: 'macduff-shot-and-shell',
  title: 'Shot and Shell',
  summary:
    'Hits from guns at long range: each gun on target at a score of the range in feet, then effect dice.',
  rule: md('9.3 Shot and Shell'),
  facts: z
    .strictObject({
      guns: z.int().min(0).max(12).describe('Guns firing'),
      crewPerGun: z.int().min(1).max(8).describe('Crew per gun: one effect die per 2 crew'),
      rangeInches: z
        .number()
        .positive()
        .max(200)
        .describe('Range in inches (read in feet, a part foot counting whole)'),
      rifled: z.boolean().describe('Rifled guns add 1'),
      mountainOr6pdr: z.boolean().describe('Mountain guns and 6-pounders subtract 1'),
      native: z.boolean().describe('Native gunners subtract 1'),
    })
    .describe('A battery firing shot or shell') as z.ZodType<ShotFacts>,
  rolls: [
    { key: 'range', dice: 'one d6 per gun', when: 'always' },
    { key: 'effect', dice: 'one d6 per 2 crew of each gun on target', when: 'when a gun is on target' },
  ],
  examples: [
    {
      title: 'Two 9-pounders at 30"',
      facts: { guns: 2, crewPerGun: 3, rangeInches: 30, rifled: false, mountainOr6pdr: false, native: false },
      dice: [3, 2, 5, 4],
    },
  ],
  resolve: resolveShot,
  odds: [
    { name: 'Hits', project: (r) => r.hits },
    { name: 'Guns on target', project: (r) => r.gunsOnTarget },
  ],
  describe: (r) => [
    `${r.gunsOnTarget} gun(s) on target at ${r.rangeFeet} ft: ${r.hits} hits from ${r.dice} dice`,
  ],
};

export const machineGun: ProcedureDefinition<MachineGunFacts, MachineGunResult> = {
  id: 'macduff-machine-gun',
  title: 'Machine Gun',
  summary: 'Whether a machine gun jams, and its hits within 24": one die per crew, 4-6.',
  rule: md('9.4 Machine Guns'),
  facts: z
    .strictObject({
      crew: crew.describe('Crew figures'),
      rangeInches: z.number().min(0).max(200).describe('Range, inches (24" at most)'),
      native: z.boolean().describe('Native crews subtract 1 from every die, the jam die included'),
    })
    .describe('A machine gun firing') as z.ZodType<MachineGunFacts>,
  rolls: [
    { key: 'jam', dice: '1d6', when: 'within 24"' },
    { key: 'fire', dice: 'one d6 per crew', when: 'unless jammed' },
  ],
  examples: [
    { title: 'A Gardner gun at 15"', facts: { crew: 3, rangeInches: 15, native: false }, dice: [4, 5, 3, 6] },
  ],
  resolve: resolveMachineGun,
  odds: [
    { name: 'Jammed', project: (r) => (r.jammed ? 'jammed' : 'firing') },
    { name: 'Hits', project: (r) => r.hits },
  ],
  describe: (r) => [r.jammed ? 'Jammed this turn' : `${r.dice} dice: ${r.hits} hits`],
};
