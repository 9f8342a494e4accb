import { type RuleRef, ruleRef } from '../../core/rules/trace.ts';

/** The rules text every MacDuff rule reference cites. */
export const MACDUFF_SOURCE = 'With MacDuff To The Frontier (The Courier #73)';
/** Where Muster had to design what the text lost; docs/rules/macduff.md explains each. */
export const MACDUFF_RECONSTRUCTION = "Muster's reconstruction (docs/rules/macduff.md)";

/** A reference to a numbered section of the rules, e.g. `md('8.2 To Hit')`. */
export function md(section: string, item?: string): RuleRef {
  return ruleRef(MACDUFF_SOURCE, section, item);
}

/** A reference to a piece Muster designed in the spirit of the set where the text lost it. */
export function mdReconstruction(section: string, item?: string): RuleRef {
  return ruleRef(MACDUFF_RECONSTRUCTION, section, item);
}

/** The two kinds of army: Imperial units act on red cards, native units on black (2.1). */
export const MACDUFF_ALLEGIANCES = ['imperial', 'native'] as const;
export type Allegiance = (typeof MACDUFF_ALLEGIANCES)[number];

/** Leader personalities (3.4), in the order the text prints them. */
export const PERSONALITIES = ['rash', 'indecisive', 'bold', 'cautious'] as const;
export type Personality = (typeof PERSONALITIES)[number];

/** How senior an attached leader is (3.3): a company or irregular officer, or a higher officer. */
export const LEADER_GRADES = ['company-or-irregular', 'higher'] as const;
export type LeaderGrade = (typeof LEADER_GRADES)[number];

/** MacDuff's troop types, as its movement table (5) and organisation (1) distinguish them. */
export const TROOP_TYPES = [
  'irregular-infantry',
  'regular-infantry',
  'light-cavalry',
  'heavy-cavalry',
  'machine-gun',
  'field-gun',
  'heavy-gun',
] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/** Formations (4): skirmishers, mass, line, column, square; guns limbered or unlimbered. */
export const MACDUFF_FORMATIONS = [
  'skirmish',
  'mass',
  'line',
  'column',
  'square',
  'unlimbered',
  'limbered',
] as const;
export type MacduffFormation = (typeof MACDUFF_FORMATIONS)[number];

export function isCavalry(troop: TroopType): boolean {
  return troop === 'light-cavalry' || troop === 'heavy-cavalry';
}

export function isArtillery(troop: TroopType): boolean {
  return troop === 'machine-gun' || troop === 'field-gun' || troop === 'heavy-gun';
}

export function isInfantry(troop: TroopType): boolean {
  return troop === 'irregular-infantry' || troop === 'regular-infantry';
}
