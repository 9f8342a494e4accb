import { ruleRef } from '../../core/rules/trace.ts';

/** Honour & Fortitude's words, as const tuples with derived unions. See docs/rules/honour-and-fortitude.md. */

/** The quick-reference sheet Muster implements. */
export const QRS = 'H&F QRS';
/** Pieces the sheet does not give, designed by Muster in the spirit of the set (rules-facts gap 29). */
export const RECONSTRUCTION = "Muster's reconstruction (H&F)";

export const hf = (section: string, item?: string) => ruleRef(QRS, section, item);
/** A number or rule the sheet does not give: Muster's reconstruction, overridable by a scenario. */
export const reconstruction = (section: string, item?: string) => ruleRef(RECONSTRUCTION, section, item);

/**
 * A unit's state, best first (Movement, Initiating Orders, Morale). Heroic is the Morale table's
 * "Become Heroic" for an Aggressive unit: Muster's reconstruction makes it Aggressive and more.
 */
export const UNIT_STATES = ['heroic', 'aggressive', 'active', 'passive', 'cowed'] as const;
export type UnitStateId = (typeof UNIT_STATES)[number];

/** The Morale table's columns: the four states, and a unit already routing. */
export const MORALE_COLUMNS = ['aggressive', 'active', 'passive', 'cowed', 'routing'] as const;
export type MoraleColumn = (typeof MORALE_COLUMNS)[number];

/** The Movement table's columns, fastest first; Plodders is the slowest (the end of terrain shifts). */
export const MOVEMENT_COLUMNS = ['aggressive', 'active', 'passive', 'cowed', 'plodders'] as const;
export type MovementColumn = (typeof MOVEMENT_COLUMNS)[number];

/** The Movement table's rows. */
export const TROOP_CLASSES = [
  'infantry-line-siege-guns',
  'infantry-column-field-guns',
  'skirmishers-regular-cavalry-elephants',
  'irregular-cavalry',
] as const;
export type TroopClass = (typeof TROOP_CLASSES)[number];

/** The Movement table's rows as the sheet heads them. */
export const TROOP_CLASS_WORDS: Readonly<Record<TroopClass, string>> = {
  'infantry-line-siege-guns': 'Infantry in line, siege guns',
  'infantry-column-field-guns': 'Infantry in column, field guns',
  'skirmishers-regular-cavalry-elephants': 'Skirmishers, regular cavalry, elephants',
  'irregular-cavalry': 'Irregular cavalry',
};

/** Ground for movement: open, broken (brush, hills, woods, rocks) or rough (jungle, swamp). */
export const GROUNDS = ['open', 'broken', 'rough'] as const;
export type Ground = (typeof GROUNDS)[number];

/** A unit's order: good order, Disordered or Confused (Movement, Firing, Melee, Morale). */
export const ORDER_STATES = ['good-order', 'disordered', 'confused'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_WORDS: Readonly<Record<OrderState, string>> = {
  'good-order': 'Good order',
  disordered: 'Disordered',
  confused: 'Confused',
};

/** A state or condition as the sheet writes it: `heroic` -> "Heroic". */
export function stateWords(state: string): string {
  return state.charAt(0).toUpperCase() + state.slice(1);
}

/** The Firing table's weapons. */
export const FIRE_WEAPONS = [
  'matchlock',
  'flintlock',
  'rifle',
  'enfield-rifle',
  'from-horseback',
  'light-gun',
  'field-gun',
  'siege-gun',
] as const;
export type FireWeapon = (typeof FIRE_WEAPONS)[number];

export const RANGE_BANDS = ['close', 'long'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

/** The guns among the Firing weapons: one d6 per gunner rather than per two firers. */
export const GUN_WEAPONS: readonly FireWeapon[] = ['light-gun', 'field-gun', 'siege-gun'];
export function isGun(weapon: FireWeapon): boolean {
  return GUN_WEAPONS.includes(weapon);
}
