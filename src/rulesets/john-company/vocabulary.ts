import { ruleRef } from '../../core/rules/trace.ts';

/** John Company's words, as const tuples with derived unions. See docs/glossary.md. */

export const PART3 = 'John Company Part 3';
export const PART4 = 'John Company Part 4';
export const MUSTER = 'Muster reading';

export const jc3 = (section: string, item?: string) => ruleRef(PART3, section, item);
export const jc4 = (section: string, item?: string) => ruleRef(PART4, section, item);
/** A number or rule the text does not give: Muster's default, documented in docs/rules/john-company.md. */
export const musterDefault = (section: string, item?: string) => ruleRef(MUSTER, section, item);

/** Resolve Status, best first (Part 4, Reaction Table). */
export const RESOLVE_STATUSES = [
  'Resolute',
  'Confident',
  'Steady',
  'Shaken',
  'Wavering',
  'Panicked',
] as const;
export type ResolveStatus = (typeof RESOLVE_STATUSES)[number];

/** Formations a unit may stand in (Parts 2-4). */
export const FORMATIONS = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
  'square',
  'mass',
  'skirmish-order',
  'artillery-deployed',
  'artillery-limbered',
] as const;
export type Formation = (typeof FORMATIONS)[number];

/** The Reaction Table's two formation rows: Line (close or open order line, deployed guns) and Other. */
export type ReactionFormationRow = 'line' | 'other';

/** Order types (Part 3): the Reaction Table row is picked by these, plus Without Orders. */
export const ORDER_TYPES = ['advance', 'retire', 'charge', 'defend'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * Words John Company shares with the scenario format, defined there (src/core/scenario/vocabulary.ts):
 * origins (European units may exceed 20 before negatives in a reaction test; Indian units are capped),
 * arms, officer ranks, and General Officers' Leadership (Part 4, Commanders' Events Table) and
 * Generalship (Part 4, orders table), each worst first.
 */
export {
  ARMS,
  type Arm,
  GENERALSHIPS,
  type Generalship,
  LEADERSHIPS,
  type Leadership,
  OFFICER_RANKS,
  type OfficerRank,
  ORIGINS,
  type Origin,
} from '../../core/scenario/vocabulary.ts';

/** Range bands, shortest first (Part 4, range tables). */
export const RANGE_BANDS = ['point-blank', 'short', 'medium', 'long', 'extreme'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];
