import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { defineRangeTable, type TableMeta } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction, type TrainingGrade } from '../vocabulary.ts';

const section = 'Combat';

/** Combat occurs when a unit advances to within this many inches of the enemy. */
export const COMBAT_DISTANCE = 4;

/** The factors added to each side's Average Die, in the text's order. */
export const COMBAT_FACTORS = defineModifierTable({
  id: 'combat-factors',
  title: 'Combat factors',
  source: cp(section, 'factors'),
  modifiers: [
    {
      id: 'defending-fort-or-stone-building',
      rule: cp(section, 'defending fort or stone building'),
      label: 'Defending a fort or stone building',
      value: 3,
    },
    {
      id: 'defending-fieldwork-or-wooden-building',
      rule: cp(section, 'defending fieldwork or wooden building'),
      label: 'Defending a fieldwork or wooden building',
      value: 2,
    },
    {
      id: 'british-bayonet-attack',
      rule: cp(section, 'British regulars making bayonet attack'),
      label: 'British regulars making a bayonet attack',
      value: 2,
    },
    { id: 'terrain-advantage', rule: cp(section, 'terrain advantage'), label: 'Terrain advantage', value: 1 },
    {
      id: 'commander-attached',
      rule: cp(section, 'commander attached to unit'),
      label: 'Commander attached',
      value: 2,
    },
    {
      id: 'in-skirmish-order',
      rule: cp(section, 'in skirmish order'),
      label: 'In skirmish order',
      value: -3,
    },
    {
      id: 'attacked-in-flank-or-rear',
      rule: cp(section, 'attacked in flank and rear'),
      label: 'Attacked in flank or rear',
      value: -3,
    },
    {
      id: 'casualties',
      rule: cp(section, 'each casualty suffered'),
      label: 'Casualties suffered',
      value: -2,
      perEach: true,
    },
    {
      id: 'dpoints',
      rule: cp(section, 'each DP on the unit'),
      label: 'D-points on the unit',
      value: -2,
      perEach: true,
      maxCount: 5,
    },
    { id: 'outnumbered', rule: cp(section, 'outnumbered'), label: 'Outnumbered', value: -1 },
    {
      id: 'outnumbered-2-to-1',
      rule: cp(section, 'outnumbered 2:1'),
      label: 'Outnumbered 2 to 1',
      value: -2,
    },
    {
      id: 'outnumbered-3-to-1',
      rule: cp(section, 'outnumbered 3:1'),
      label: 'Outnumbered 3 to 1',
      value: -3,
    },
  ],
});
export type CombatFactorId = (typeof COMBAT_FACTORS.modifiers)[number]['id'];

/** The three outnumbered factors: at most one applies, the one for the worst odds. */
export const OUTNUMBERED_FACTORS = ['outnumbered', 'outnumbered-2-to-1', 'outnumbered-3-to-1'] as const;

/**
 * The training-grade factor the text refers to but lost (rules-facts gap 30): Muster's reconstruction on
 * LFAS's five classes, +2 for 1st class down to -2 for 5th, scenario-overridable.
 */
export interface GradeFactorTable extends TableMeta {
  readonly factor: Readonly<Record<TrainingGrade, number>>;
}

export const GRADE_FACTORS: GradeFactorTable = {
  id: 'training-grade-factor',
  title: 'Training grade combat factor (reconstruction)',
  source: cpReconstruction(section, 'training grade'),
  readings: ['Training grade factor'],
  factor: { '1st': 2, '2nd': 1, '3rd': 0, '4th': -1, '5th': -2 },
};

export const COMBAT_RESULTS_LIST = [
  'successful-action',
  'stand-off',
  'driven-back',
  'defeated',
  'routed',
] as const;
export type CombatResultId = (typeof COMBAT_RESULTS_LIST)[number];

/** What a result costs and makes the unit do. */
export interface CombatOutcome {
  readonly id: CombatResultId;
  readonly dpoints: number;
  /** Casualties always taken. */
  readonly casualties: number;
  /** Successful action and stand off: a further casualty unless the text's exceptions apply. */
  readonly conditionalCasualty: boolean;
  readonly retreat: 'none' | 'one-move' | 'until-covered' | 'rout';
}

/** The results in words. */
export const COMBAT_RESULT_WORDS: Readonly<Record<CombatResultId, string>> = {
  routed: 'Routed',
  defeated: 'Defeated',
  'driven-back': 'Driven back',
  'stand-off': 'Stand off',
  'successful-action': 'Successful action',
};

/** The widest difference the table covers; larger differences read as its ends. */
export const COMBAT_DIFFERENCE_LIMIT = 99;

/**
 * The result of each side's own score minus the enemy's. The text prints "+2/3" for a successful
 * action: Muster reads it as +2 or more (see docs, "Successful action").
 */
export const COMBAT_RESULTS = defineRangeTable<CombatOutcome>({
  id: 'combat-results',
  title: 'Combat results',
  source: cp(section, 'result'),
  readings: ['Successful action'],
  covers: { min: -COMBAT_DIFFERENCE_LIMIT, max: COMBAT_DIFFERENCE_LIMIT },
  rows: [
    {
      from: -COMBAT_DIFFERENCE_LIMIT,
      to: -9,
      result: { id: 'routed', dpoints: 4, casualties: 2, conditionalCasualty: false, retreat: 'rout' },
    },
    {
      from: -8,
      to: -5,
      result: {
        id: 'defeated',
        dpoints: 2,
        casualties: 2,
        conditionalCasualty: false,
        retreat: 'until-covered',
      },
    },
    {
      from: -4,
      to: -2,
      result: {
        id: 'driven-back',
        dpoints: 2,
        casualties: 1,
        conditionalCasualty: false,
        retreat: 'one-move',
      },
    },
    {
      from: -1,
      to: 1,
      result: { id: 'stand-off', dpoints: 1, casualties: 0, conditionalCasualty: true, retreat: 'none' },
    },
    {
      from: 2,
      to: COMBAT_DIFFERENCE_LIMIT,
      result: {
        id: 'successful-action',
        dpoints: 1,
        casualties: 0,
        conditionalCasualty: true,
        retreat: 'none',
      },
    },
  ],
});

/** A routed unit moves this many inches a turn, until out of enemy artillery range or past an obstacle. */
export const ROUT_MOVE = 6;
