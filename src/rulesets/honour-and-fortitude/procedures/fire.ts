import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6Successes } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  CASUALTY_TABLE,
  type CasualtyCell,
  casualtyRowScore,
  HIT_ON,
  MAX_HITS_PER_COLUMN,
} from '../tables/casualties.ts';
import { FIRE_MODIFIERS, type FireModifierId } from '../tables/fire-modifiers.ts';
import { FIRING_RANGES, rangeBandAt } from '../tables/ranges.ts';
import { FIRE_WEAPONS, type FireWeapon, hf, isGun, type RangeBand, reconstruction } from '../vocabulary.ts';
import { d6AtMost } from './rolls.ts';

/** Modifiers the referee gives; long range and mounted firers follow from the range and the weapon. */
export type FireSituationModifierId = Exclude<FireModifierId, 'long-range' | 'firers-mounted'>;

export interface FireFacts {
  readonly weapon: FireWeapon;
  /** Figures in the two firing ranks, or for guns the gunners serving them. */
  readonly firers: number;
  /** The firers' Morale + Drill (Muster's reading of whose it is). */
  readonly moraleAndDrill: number;
  /** Inches from the firers to the target. */
  readonly inches: number;
  readonly modifiers: readonly AppliedModifier<FireSituationModifierId>[];
}

export interface FireResult {
  readonly band: RangeBand | 'out-of-range';
  readonly dice: number;
  readonly hits: number;
  /** The modified Morale + Drill, and the row of the Casualty table it reads (0..10). */
  readonly score: number;
  readonly row: number;
  readonly casualties: number;
}

/** Dice thrown: one per gunner; one per two firers, a lone odd firer throwing none (Muster's reading). */
export function fireDice(weapon: FireWeapon, firers: number): number {
  return isGun(weapon) ? firers : Math.floor(firers / 2);
}

/**
 * Fire (H&F QRS, Firing): a d6 per gunner or per two firers, hits on 6; the Casualty table is read by
 * the firers' Morale + Drill with the modifiers against the hits, more than 10 hits as columns of 10
 * and the rest; each cell's "(n)" throws a d6 for one more casualty on n or less.
 */
export function resolveFire(facts: FireFacts, dice: DiceSource, trace?: Trace): FireResult {
  const band = rangeBandAt(facts.weapon, facts.inches);
  const range = FIRING_RANGES.rows[facts.weapon];
  if (band === undefined) {
    trace?.add({
      rule: hf('Firing', 'ranges'),
      label: `${measureText(facts.inches)}" is beyond long range (${range.long}") for ${facts.weapon}`,
      value: 'out-of-range',
    });
    return { band: 'out-of-range', dice: 0, hits: 0, score: 0, row: 0, casualties: 0 };
  }
  trace?.add({
    rule: hf('Firing', 'ranges'),
    label: `${measureText(facts.inches)}": ${band} range (close ${range.close}", long ${range.long}")`,
    value: band,
  });
  const n = fireDice(facts.weapon, facts.firers);
  trace?.add({
    rule: isGun(facts.weapon)
      ? hf('Firing', 'one d6 per gunner')
      : reconstruction('Firing', 'one d6 per two firers, rounded down'),
    label: `${n} d6 from ${facts.firers} ${isGun(facts.weapon) ? 'gunners' : 'firers'}`,
    value: n,
  });
  const hits = n === 0 ? 0 : dice.roll(d6Successes(n, HIT_ON, 0), 'hits');
  trace?.add({
    rule: hf('Firing', 'hit on a 6'),
    label: `${hits} hits`,
    value: hits,
    ...(n ? { roll: 'hits' } : {}),
  });
  if (hits === 0) return { band, dice: n, hits, score: facts.moraleAndDrill, row: 0, casualties: 0 };
  trace?.add({
    rule: hf('Firing', 'Casualties'),
    label: "Firers' Morale + Drill",
    total: facts.moraleAndDrill,
  });
  const score = applyModifiers(FIRE_MODIFIERS, allModifiers(facts, band), facts.moraleAndDrill, dice, trace);
  const casualties = readCasualties(score, hits, dice, trace);
  return { band, dice: n, hits, score, row: casualtyRowScore(score), casualties };
}

function allModifiers(facts: FireFacts, band: RangeBand): AppliedModifier<FireModifierId>[] {
  const all: AppliedModifier<FireModifierId>[] = [...facts.modifiers];
  if (band === 'long') all.push({ id: 'long-range' });
  if (facts.weapon === 'from-horseback') all.push({ id: 'firers-mounted' });
  return all;
}

/** The Casualty table read for `hits` at a modified score, throwing the cells' extra-casualty dice. */
export function readCasualties(score: number, hits: number, dice: DiceSource, trace?: Trace): number {
  const rowScore = casualtyRowScore(score);
  const row = lookupRange(CASUALTY_TABLE, rowScore);
  let casualties = 0;
  for (let left = hits; left > 0; left -= MAX_HITS_PER_COLUMN) {
    const column = Math.min(left, MAX_HITS_PER_COLUMN);
    const cell: CasualtyCell = row.result[column - 1]!;
    casualties += cell.certain;
    trace?.add({
      rule: hf(
        'Firing',
        `Casualties, row ${row.from === row.to ? row.from : `${row.from}-${row.to}`}, ${column} hits`,
      ),
      label: `${cell.certain}${cell.extraOn ? ` + (${cell.extraOn})` : ''} casualties`,
      delta: cell.certain,
      total: casualties,
    });
    if (cell.extraOn !== undefined) {
      const extra = dice.roll(d6AtMost(cell.extraOn), 'extraCasualty');
      casualties += extra;
      trace?.add({
        rule: hf('Firing', 'extra casualty'),
        label: extra
          ? `d6 ${cell.extraOn} or less: one more casualty`
          : `d6 over ${cell.extraOn}: no extra casualty`,
        delta: extra,
        total: casualties,
        roll: 'extraCasualty',
      });
    }
  }
  return casualties;
}

function prepareFire(facts: FireFacts) {
  const band = rangeBandAt(facts.weapon, facts.inches);
  if (band === undefined) return (dice: DiceSource) => resolveFire(facts, dice);
  const n = fireDice(facts.weapon, facts.firers);
  const score = facts.moraleAndDrill + summarizeModifiers(FIRE_MODIFIERS, allModifiers(facts, band)).fixed;
  return (dice: DiceSource): FireResult => {
    const hits = n === 0 ? 0 : dice.roll(d6Successes(n, HIT_ON, 0), 'hits');
    if (hits === 0) return { band, dice: n, hits, score: facts.moraleAndDrill, row: 0, casualties: 0 };
    return {
      band,
      dice: n,
      hits,
      score,
      row: casualtyRowScore(score),
      casualties: readCasualties(score, hits, dice),
    };
  };
}

export const fireFactsSchema = z.strictObject({
  weapon: z.enum(FIRE_WEAPONS).describe("The firers' weapon, as the Firing table names it"),
  firers: z
    .int()
    .min(0)
    .max(120)
    .describe('Figures in the two firing ranks, or for guns the gunners serving them'),
  moraleAndDrill: z.int().min(-10).max(20).describe("The firers' Morale + Drill ratings (before modifiers)"),
  inches: z.number().min(0).max(100).describe('Inches from the firers to the target'),
  modifiers: modifierListSchema(FIRE_MODIFIERS, {
    'long-range': 'give inches: long range follows from the weapon and the distance',
    'firers-mounted': 'give the weapon from-horseback: mounted firers follow from it',
  }).describe('Firer and target modifiers that apply (long range and mounted firers are worked out)'),
});

export const fire: ProcedureDefinition<FireFacts, FireResult> = {
  id: 'hf-fire',
  title: 'Fire (H&F)',
  summary: "How many casualties a unit's fire inflicts: dice for hits, then the Casualty table.",
  rule: hf('Firing'),
  facts: fireFactsSchema as z.ZodType<FireFacts>,
  rolls: [
    { key: 'hits', dice: 'one d6 per gunner or two firers, each hits on 6', when: 'in range' },
    { key: 'extraCasualty', dice: '1d6 (n or less)', when: 'per "(n)" in the Casualty table cells read' },
  ],
  examples: [
    {
      title:
        'A sepoy line (20 firers, Morale + Drill 8) at 4" with flintlocks, target in column: 10 dice, 2 hits',
      facts: {
        weapon: 'flintlock',
        firers: 20,
        moraleAndDrill: 8,
        inches: 4,
        modifiers: [{ id: 'deep-target' }],
      },
      dice: [6, 6, 1, 2, 3, 4, 5, 1, 2, 3],
    },
    {
      title: 'A field battery (6 gunners, Morale + Drill 9) at 30": long range, 3 hits, row 6, 2 casualties',
      facts: { weapon: 'field-gun', firers: 6, moraleAndDrill: 9, inches: 30, modifiers: [] },
      dice: [6, 6, 6, 1, 1, 1],
    },
  ],
  resolve: resolveFire,
  prepare: prepareFire,
  odds: [
    { name: 'Casualties', project: (r) => r.casualties },
    { name: 'Hits', project: (r) => r.hits },
  ],
  describe: (r) =>
    r.band === 'out-of-range'
      ? ['Out of range: no fire']
      : [
          `${r.band} range: ${r.dice} d6, ${r.hits} hits`,
          `Casualty table row ${r.row} (score ${r.score}): ${r.casualties} casualties`,
        ],
};
