import { defineRangeTable, type RangeTable, type TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { type LeaderGrade, md, mdReconstruction, type Personality } from '../vocabulary.ts';

/** What a Control Check (3.2) tells an out-of-control unit to do, in the order the text prints them. */
export const CONTROL_OUTCOMES = ['charge-or-shoot', 'act-as-desired', 'no-advance'] as const;
export type ControlOutcome = (typeof CONTROL_OUTCOMES)[number];

/** The chart's results in short words (3.2). */
export const CONTROL_OUTCOME_WORDS: Readonly<Record<ControlOutcome, string>> = {
  'charge-or-shoot': 'Charge the nearest enemy in reach, or stand and shoot',
  'act-as-desired': 'Act as the player desires',
  'no-advance': 'No advance (it may retreat)',
};

/** Brigadiers control units within this many inches and in sight (3.1). */
export const CONTROL_RADIUS_INCHES = 24;

/**
 * The Control Check chart's bands (3.2): the numbers are lost (rules-facts gap 31). Muster's
 * reconstruction: a modified roll of at most `noAdvanceAtMost` holds back, at least `chargeAtLeast`
 * charges (or stands and shoots), anything between acts as the player desires. A scenario may replace
 * the bands.
 */
export interface ControlBands {
  readonly noAdvanceAtMost: number;
  readonly chargeAtLeast: number;
}

export const DEFAULT_CONTROL_BANDS: ControlBands = { noAdvanceAtMost: 1, chargeAtLeast: 6 };

/** A d6 moved by at most 2 either way (3.3): -1..8. */
export const CONTROL_ROLL_RANGE = { min: -1, max: 8 } as const;

export function controlChart(bands: ControlBands = DEFAULT_CONTROL_BANDS): RangeTable<ControlOutcome> {
  const { min, max } = CONTROL_ROLL_RANGE;
  return defineRangeTable<ControlOutcome>({
    id: 'macduff-control-check',
    title: 'Control Check chart',
    source: mdReconstruction('3.2 Control Check', 'the chart'),
    readings: ['Control Check chart'],
    covers: { min, max },
    rows: [
      { from: min, to: bands.noAdvanceAtMost, result: 'no-advance' },
      { from: bands.noAdvanceAtMost + 1, to: bands.chargeAtLeast - 1, result: 'act-as-desired' },
      { from: bands.chargeAtLeast, to: max, result: 'charge-or-shoot' },
    ],
  });
}

/** The Control Check chart as Muster plays it by default. */
export const CONTROL_CHART = controlChart();

/**
 * The Personality chart (3.4): the numbers are lost (rules-facts gap 32). Muster's reconstruction keeps
 * the printed order over one die: 1 Rash, 2 Indecisive, 3-4 Bold, 5-6 Cautious. A scenario may replace it
 * with one personality per face.
 */
export const DEFAULT_PERSONALITY_BY_FACE: readonly Personality[] = [
  'rash',
  'indecisive',
  'bold',
  'bold',
  'cautious',
  'cautious',
];

export function personalityChart(
  byFace: readonly Personality[] = DEFAULT_PERSONALITY_BY_FACE,
): RangeTable<Personality> {
  if (byFace.length !== 6) throw new RangeError('the Personality chart needs one personality per face');
  const rows: { from: number; to: number; result: Personality }[] = [];
  byFace.forEach((p, i) => {
    const last = rows[rows.length - 1];
    if (last && last.result === p) last.to = i + 1;
    else rows.push({ from: i + 1, to: i + 1, result: p });
  });
  return defineRangeTable<Personality>({
    id: 'macduff-personality',
    title: 'Personality chart',
    source: mdReconstruction('3.4 Personality', 'the chart'),
    readings: ['Personality chart'],
    covers: { min: 1, max: 6 },
    rows,
  });
}

export const PERSONALITY_CHART = personalityChart();

/** How far an attached leader may move the Control Check die (3.3), by grade. */
export const LEADER_INFLUENCE: TableMeta & {
  readonly rows: Readonly<Record<LeaderGrade, { readonly points: number; readonly rule: RuleRef }>>;
} = {
  id: 'macduff-leader-influence',
  title: 'Attached leader influence',
  source: md('3.3 Attached Leaders'),
  rows: {
    'company-or-irregular': { points: 1, rule: md('3.3 Attached Leaders', 'company or irregular officers') },
    higher: { points: 2, rule: md('3.3 Attached Leaders', 'higher officers') },
  },
};

/**
 * The direction each personality moves the die (3.3): +1 adds, -1 subtracts, 0 neither; 'choose' for
 * the Bold leader, who may add or subtract.
 */
export const PERSONALITY_DIRECTION: Readonly<Record<Personality, 1 | -1 | 0 | 'choose'>> = {
  rash: 1,
  cautious: -1,
  bold: 'choose',
  indecisive: 0,
};
