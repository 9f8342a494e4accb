/**
 * The scenario format's words for what a unit and a General are (src/game/scenario/schema.ts), as const
 * tuples with derived unions. They are no one rule set's: each set maps them to its own ratings
 * (src/rulesets/<set>/scenario-ratings.ts), which reads a unit's description in these words, and a set
 * whose rules use the same words (John Company's arms, origins, ranks, Generalship and Leadership,
 * weapons) takes them from here.
 */

export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export type Arm = (typeof ARMS)[number];

/** Where the men came from: European, or Indian (any Asian troops). */
export const ORIGINS = ['european', 'indian'] as const;
export type Origin = (typeof ORIGINS)[number];

/** Whose drill and organisation a unit follows: the British (Crown or Company) or a native power's. */
export const NEUTRAL_ARMIES = ['british', 'native'] as const;
export type NeutralArmy = (typeof NEUTRAL_ARMIES)[number];

/** A cavalry unit's weight, or light infantry. Absent: line infantry, or cavalry of no particular weight. */
export const NEUTRAL_WEIGHTS = ['light', 'heavy'] as const;
export type NeutralWeight = (typeof NEUTRAL_WEIGHTS)[number];

/** The quality grades, best first. */
export const NEUTRAL_QUALITIES = ['elite', 'veteran', 'trained', 'raw', 'levy'] as const;
export type NeutralQuality = (typeof NEUTRAL_QUALITIES)[number];

/** The formations a unit may start in (laid out by ./layout.ts). */
export const NEUTRAL_FORMATIONS = [
  'line',
  'open-line',
  'column',
  'open-column',
  'square',
  'mass',
  'skirmish',
  'unlimbered',
  'limbered',
] as const;
export type NeutralFormation = (typeof NEUTRAL_FORMATIONS)[number];

/** The formations of guns; every other formation is one of foot or horse. */
export const BATTERY_FORMATIONS = ['unlimbered', 'limbered'] as const;
export type NeutralBatteryFormation = (typeof BATTERY_FORMATIONS)[number];
export type NeutralTroopFormation = Exclude<NeutralFormation, NeutralBatteryFormation>;

export function isNeutralBatteryFormation(f: NeutralFormation): f is NeutralBatteryFormation {
  return f === 'unlimbered' || f === 'limbered';
}

/** The small arms a unit may carry (the zamburek, a camel gun, is served by artillery). */
export const SMALL_ARMS = [
  'rifled-musket',
  'percussion-musket',
  'flintlock-musket',
  'percussion-rifle',
  'flintlock-rifle',
  'carbine',
  'matchlock',
  'zamburek',
  'swivel-gun',
  'bows',
  'javelin',
  'native-rockets',
] as const;
export type SmallArm = (typeof SMALL_ARMS)[number];

/** The guns artillery may serve, besides the zamburek. */
export const GUNS = [
  'british-horse',
  'british-field',
  'british-siege',
  'british-rocket',
  'british-light-mortar',
  'british-heavy-mortar',
  'native-horse',
  'native-field',
  'native-siege',
  'native-mortar',
] as const;
export type Gun = (typeof GUNS)[number];

/** Every weapon a unit may carry: a small arm, a gun, or none (sword, lance). */
export const WEAPONS = [...SMALL_ARMS, ...GUNS, 'none'] as const;
export type Weapon = (typeof WEAPONS)[number];

/** Officer ranks, lowest first. */
export const OFFICER_RANKS = ['brigadier', 'divisional', 'wing', 'commander-in-chief'] as const;
export type OfficerRank = (typeof OFFICER_RANKS)[number];

/** A General's Leadership, worst first: his effect on a unit he is with, and his temper. */
export const LEADERSHIPS = ['Poltroon', 'Dithering', 'Cautious', 'Confident', 'Inspiring', 'Heroic'] as const;
export type Leadership = (typeof LEADERSHIPS)[number];

/** A General's Generalship, worst first: how many orders he can give. */
export const GENERALSHIPS = ['Witless', 'Lackluster', 'Competent', 'Reliable', 'Genius'] as const;
export type Generalship = (typeof GENERALSHIPS)[number];
