import type { TableMeta } from '../../../core/rules/tables.ts';
import { type Generalship, jc4, type Leadership, musterDefault, type OfficerRank } from '../vocabulary.ts';
import type { NegativeReactionModifierId } from './reaction-modifiers.ts';

/** What can befall a General Officer (Part 4, Events: officer casualties), worst first. */
export const OFFICER_CASUALTY_SEVERITIES = ['killed', 'dangerously-wounded', 'injured'] as const;
export type OfficerCasualtySeverity = (typeof OFFICER_CASUALTY_SEVERITIES)[number];

/** The words the Commanders' Events Table uses for an officer's hurts. */
export const COMMANDERS_WOUND_WORDINGS = ['dead', 'serious-wound', 'light-wound'] as const;
export type CommandersWoundWording = (typeof COMMANDERS_WOUND_WORDINGS)[number];

export interface WoundWordingTable extends TableMeta {
  readonly rows: Readonly<Record<CommandersWoundWording, OfficerCasualtySeverity>>;
}

/**
 * The Commanders' Events Table says "killed/dead", "Seriously Wounded" and "Light Wound"; the officer
 * casualty rules say Killed, Dangerously Wounded and Injured. Muster maps them one to one.
 */
export const COMMANDERS_WOUND_WORDING: WoundWordingTable = {
  id: 'jc-commanders-wound-wording',
  title: "Commanders' Events wording to officer casualty",
  source: musterDefault('Events', 'officer casualties: wording of the Commanders Events Table'),
  readings: ["Commanders' Events: wording of wounds"],
  rows: { dead: 'killed', 'serious-wound': 'dangerously-wounded', 'light-wound': 'injured' },
};

/** What happens to the officer himself. */
export type OfficerEffect =
  /** Off the table for the rest of the game. */
  | { readonly kind: 'removed'; readonly duration: 'rest-of-game' }
  /** A replacement may be rolled up (procedure 'replacement-officer') from the next turn. */
  | { readonly kind: 'may-be-replaced'; readonly from: 'next-turn' }
  /** His movement rate changes by `inches` (negative: loses) for the rest of the game. */
  | { readonly kind: 'movement-change'; readonly inches: number; readonly duration: 'rest-of-game' };

/** Which units take a modifier when a General Officer is lost. */
export type CasualtyUnits = 'under-his-command' | 'whole-army';
/** The units' class: the C-in-C's loss hits regulars and irregulars differently. */
export const UNIT_CLASSES = ['regular', 'irregular'] as const;
export type UnitClass = (typeof UNIT_CLASSES)[number];

/** A modifier to the next Reaction Test of some units, caused by losing their General. */
export interface CasualtyUnitEffect {
  readonly kind: 'reaction-modifier';
  readonly units: CasualtyUnits;
  readonly unitClass: 'any' | UnitClass;
  /** The id in the Reaction Test's negative modifiers. */
  readonly modifier: NegativeReactionModifierId;
  readonly amount: number;
  readonly tests: 'next';
}

export interface OfficerCasualtyTable extends TableMeta {
  /** Effects on the officer, by severity (a second injury is handled by the procedure). */
  readonly officer: Readonly<Record<OfficerCasualtySeverity, readonly OfficerEffect[]>>;
  /** Effects on units when an officer of this rank is killed or dangerously wounded. */
  readonly unitsWhenLost: Readonly<Record<OfficerRank, readonly CasualtyUnitEffect[]>>;
  /** What a second injury becomes. */
  readonly secondInjury: OfficerCasualtySeverity;
}

const REMOVED: readonly OfficerEffect[] = [
  { kind: 'removed', duration: 'rest-of-game' },
  { kind: 'may-be-replaced', from: 'next-turn' },
];
const SUBORDINATE_LOST: readonly CasualtyUnitEffect[] = [
  {
    kind: 'reaction-modifier',
    units: 'under-his-command',
    unitClass: 'any',
    modifier: 'superior-general-lost',
    amount: -2,
    tests: 'next',
  },
];

/** Part 4, Events: "Killed or Dangerously Wounded" and "Injured". */
export const OFFICER_CASUALTIES: OfficerCasualtyTable = {
  id: 'jc-officer-casualties',
  title: 'Officer casualties',
  source: jc4('Events', 'officer casualties'),
  readings: [
    'Officer casualties: a Wing commander counts as a Divisional one',
    'Officer casualties: second injury',
  ],
  officer: {
    killed: REMOVED,
    'dangerously-wounded': REMOVED,
    injured: [{ kind: 'movement-change', inches: -10, duration: 'rest-of-game' }],
  },
  unitsWhenLost: {
    brigadier: SUBORDINATE_LOST,
    divisional: SUBORDINATE_LOST,
    wing: SUBORDINATE_LOST,
    'commander-in-chief': [
      {
        kind: 'reaction-modifier',
        units: 'whole-army',
        unitClass: 'regular',
        modifier: 'commander-in-chief-lost-regular',
        amount: -3,
        tests: 'next',
      },
      {
        kind: 'reaction-modifier',
        units: 'whole-army',
        unitClass: 'irregular',
        modifier: 'commander-in-chief-lost-irregular',
        amount: -4,
        tests: 'next',
      },
    ],
  },
  secondInjury: 'dangerously-wounded',
};

/**
 * Leadership as a number 1..6, worst first (Poltroon 1 .. Heroic 6): the scale a d6 is rolled against
 * (the unit commander's "Scratched" event) and on which Muster's default replacement roll is made.
 */
export const LEADERSHIP_SCALE: Readonly<Record<Leadership, number>> = {
  Poltroon: 1,
  Dithering: 2,
  Cautious: 3,
  Confident: 4,
  Inspiring: 5,
  Heroic: 6,
};

/** Six results, indexed by a d6 - 1. */
export type ByD6<T> = readonly [T, T, T, T, T, T];

export interface ReplacementRollTable<T> extends TableMeta {
  readonly byD6: ByD6<T>;
}

/** The text's Part 1 tables are lost: Muster's placeholder, overridable through the facts. */
export const REPLACEMENT_GENERALSHIP: ReplacementRollTable<Generalship> = {
  id: 'jc-replacement-generalship',
  title: "Replacement officer's Generalship (1d6)",
  source: musterDefault('Replacing Officers', 'Generalship on 1d6'),
  readings: ['Replacement officers: Generalship and Leadership on 1d6'],
  byD6: ['Witless', 'Lackluster', 'Competent', 'Competent', 'Reliable', 'Genius'],
};

export const REPLACEMENT_LEADERSHIP: ReplacementRollTable<Leadership> = {
  id: 'jc-replacement-leadership',
  title: "Replacement officer's Leadership (1d6)",
  source: musterDefault('Replacing Officers', 'Leadership on 1d6'),
  readings: ['Replacement officers: Generalship and Leadership on 1d6'],
  byD6: ['Poltroon', 'Dithering', 'Cautious', 'Confident', 'Inspiring', 'Heroic'],
};

/** Where the new officer's stand goes; he joins his command when his Movement Card is drawn. */
export type ReplacementPlacement =
  | { readonly kind: 'next-to-superior'; readonly joins: 'when-his-movement-card-is-drawn' }
  | {
      readonly kind: 'behind-middle-unit-of-army';
      readonly minInchesBehind: number;
      readonly joins: 'when-his-movement-card-is-drawn';
    };

export interface ReplacementPlacementTable extends TableMeta {
  readonly byRank: Readonly<Record<OfficerRank, ReplacementPlacement>>;
}

const NEXT_TO_SUPERIOR: ReplacementPlacement = {
  kind: 'next-to-superior',
  joins: 'when-his-movement-card-is-drawn',
};

/** Part 4, Replacing Officers, steps 2 and 3. */
export const REPLACEMENT_PLACEMENT: ReplacementPlacementTable = {
  id: 'jc-replacement-placement',
  title: 'Placing a replacement officer',
  source: jc4('Replacing Officers'),
  byRank: {
    brigadier: NEXT_TO_SUPERIOR,
    divisional: NEXT_TO_SUPERIOR,
    wing: NEXT_TO_SUPERIOR,
    'commander-in-chief': {
      kind: 'behind-middle-unit-of-army',
      minInchesBehind: 6,
      joins: 'when-his-movement-card-is-drawn',
    },
  },
};
