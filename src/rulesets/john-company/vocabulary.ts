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

/** European units may exceed 20 before negatives in a reaction test; Indian units are capped. */
export const ORIGINS = ['european', 'indian'] as const;
export type Origin = (typeof ORIGINS)[number];

export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export type Arm = (typeof ARMS)[number];

/** General Officers' Leadership, worst first (Part 4, Commanders' Events Table). */
export const LEADERSHIPS = ['Poltroon', 'Dithering', 'Cautious', 'Confident', 'Inspiring', 'Heroic'] as const;
export type Leadership = (typeof LEADERSHIPS)[number];

/** General Officers' Generalship, worst first (Part 4, orders table). */
export const GENERALSHIPS = ['Witless', 'Lackluster', 'Competent', 'Reliable', 'Genius'] as const;
export type Generalship = (typeof GENERALSHIPS)[number];

/** Officer ranks named by the rules, lowest first. */
export const OFFICER_RANKS = ['brigadier', 'divisional', 'wing', 'commander-in-chief'] as const;
export type OfficerRank = (typeof OFFICER_RANKS)[number];

/** Range bands, shortest first (Part 4, range tables). */
export const RANGE_BANDS = ['point-blank', 'short', 'medium', 'long', 'extreme'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];
