import type { RuleRef } from '../../../core/rules/trace.ts';
import { type Basing, mm, type TableState, type WatercourseKind } from '../../../core/table/model.ts';
import type { SightProfile } from '../../../core/table/spatial-index.ts';
import { jc3, jc4, musterDefault } from '../vocabulary.ts';

/** John Company's terrain on the virtual table: how each kind acts on sight, and its data. */

/** The rule every line-of-sight step cites (Part 4, small arms fire, "1. Line of Sight"). */
export const sightRule = (item?: string): RuleRef => jc4('Line Of Sight', item);

/** How far a distance may exceed a limit and still be "up to" it: floating-point slack only (inches). */
export const LIMIT_SLACK = 1e-9;

/**
 * Base contact on the virtual table: stands no further apart than this (inches) are in contact, e.g.
 * troops lining a wall. A Muster default (the rules assume models pushed together).
 */
export const CONTACT_TOLERANCE = 0.1;

/**
 * Sight through woods (Part 4, Line of Sight A and B). All distances are measured along the sight
 * line, from the edge of one stand to the edge of the other:
 * - `within`: both ends in the wood see each other up to this far;
 * - `reach`, `seeIn`: from up to `reach` outside, a unit sees `seeIn` into the wood;
 * - `fireOut`: from inside, with no more than this much wood along the line to its edge, a unit sees
 *   out at any range.
 */
export interface WoodsSight {
  readonly within: number;
  readonly reach: number;
  readonly seeIn: number;
  readonly fireOut: number;
  readonly rule: RuleRef;
}

export const WOODS_SIGHT: Readonly<Record<'light-woods' | 'heavy-woods', WoodsSight>> = {
  'light-woods': { within: 3, reach: 3, seeIn: 2, fireOut: 2, rule: sightRule('A. Light Woods') },
  'heavy-woods': { within: 2, reach: 2, seeIn: 1, fireOut: 1, rule: sightRule('B. Heavy Woods (Jungle)') },
};

/** Hills (Part 4, Line of Sight C): how far past the crest of a lower hill a higher unit sees. */
export const HILL_SIGHT = {
  pastLowerCrest: 6,
  pastLowerSteepCrest: 3,
  rule: sightRule('C. Hills'),
} as const;

/**
 * Towns (Part 4, Line of Sight D). `edge`: a unit passing through a town is "at its edge", and so
 * visible, when no more than this much of the town (inches, along the sight line) lies between it and
 * the line's way out. A Muster default: the text gives no distance.
 */
export const TOWN_SIGHT = {
  edge: 1,
  rule: sightRule('D. Towns And Villages'),
  edgeRule: musterDefault('Line of sight: towns', 'at the edge = within 1" of it'),
} as const;

/**
 * How John Company's sight lines treat the table (Part 4, Line of Sight): walls, barricades and works
 * block; woods, hills and towns are judged by the rules above; any unit's stands block (General
 * Officers are not units and do not).
 */
export const JC_SIGHT_PROFILE: SightProfile = {
  barriers: [
    'wall-low',
    'wall-medium',
    'wall-high',
    'barricade',
    'entrenchment',
    'fortification',
    'fortified-city-wall',
  ],
  zones: ['light-woods', 'heavy-woods', 'hill', 'town'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'crew', 'limber'],
  contact: CONTACT_TOLERANCE,
};

/**
 * Water hazards (Part 3, Water Hazards): the widths the text allows and the dice rolled for the
 * crossing penalty (a fordable river's 3 or 4 is chosen before play).
 */
export const WATERCOURSES: Readonly<
  Record<
    WatercourseKind,
    { readonly width: readonly [number, number]; readonly dice: readonly number[]; readonly rule: RuleRef }
  >
> = {
  nullah: { width: [1, 3], dice: [1], rule: jc3('Water Hazards', 'nullahs') },
  stream: { width: [3, 6], dice: [2], rule: jc3('Water Hazards', 'streams') },
  'fordable-river': { width: [6, 12], dice: [3, 4], rule: jc3('Water Hazards', 'fordable rivers') },
};

/** What is wrong with a table's terrain for John Company (water widths and dice), or nothing. */
export function terrainProblems(table: TableState): string[] {
  const problems: string[] = [];
  for (const f of Object.values(table.terrain)) {
    if (f.kind !== 'nullah' && f.kind !== 'stream' && f.kind !== 'fordable-river') continue;
    const spec = WATERCOURSES[f.kind];
    if (f.width < spec.width[0] || f.width > spec.width[1])
      problems.push(`${f.id}: a ${f.kind} is ${spec.width[0]}" to ${spec.width[1]}" wide, not ${f.width}"`);
    if (!spec.dice.includes(f.crossingDice))
      problems.push(
        `${f.id}: a ${f.kind} rolls ${spec.dice.join(' or ')} dice to cross, not ${f.crossingDice}`,
      );
  }
  return problems;
}

/**
 * Default basing when an army gives none: 40 x 20 mm infantry and crew, 40 x 30 mm cavalry (the
 * recommendation in the rules facts, gap 25), 40 x 40 mm guns and limbers, 30 x 30 mm generals. All
 * invented: the published rules accept any basing.
 */
export const JC_DEFAULT_BASING: Basing = {
  figureScale: '15mm',
  sizes: {
    infantry: { width: mm(40), depth: mm(20) },
    cavalry: { width: mm(40), depth: mm(30) },
    gun: { width: mm(40), depth: mm(40) },
    crew: { width: mm(40), depth: mm(20) },
    limber: { width: mm(40), depth: mm(40) },
    general: { width: mm(30), depth: mm(30) },
  },
};
