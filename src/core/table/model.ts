import type { Point } from '../geometry/points.ts';

/**
 * The virtual table as plain JSON: a gridless table measured in inches, units made of stands, and
 * terrain features drawn as polygons and polylines. Nothing here is derived: the geometry that the
 * rules need (sight, distances, contact) is computed from it by `TableIndex` and the rule set.
 *
 * Units of measure: lengths in inches (the unit of the rules' rulers, whatever the figure scale);
 * angles in degrees, counter-clockwise from the table's +x axis (0 = towards +x, 90 = towards +y).
 * The table's playing surface is [0, width] x [0, depth]; things may lie partly off it.
 */

export type UnitId = string;
export type StandId = string;
export type GeneralId = string;
export type FeatureId = string;
export type SideId = string;

/** What a stand is, as far as geometry cares: the rule set decides what each kind may do. */
export const STAND_KINDS = ['infantry', 'cavalry', 'gun', 'crew', 'limber', 'general'] as const;
export type StandKind = (typeof STAND_KINDS)[number];

/**
 * One stand: a rectangle on the table. `x`, `y` is its centre; `width` its frontage and `depth` front
 * to back (inches, from the basing); `facing` the direction its front faces (degrees).
 */
export interface StandState {
  readonly id: StandId;
  readonly kind: StandKind;
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly width: number;
  readonly depth: number;
}

/**
 * A stand of a unit, with its place in the unit's formation: `rank` 0 is the front rank, `file` 0 the
 * left-hand file seen from behind the unit. Formations (rule-set code) assign these; a stand is
 * addressable as (unit, rank, file).
 */
export interface UnitStandState extends StandState {
  readonly rank: number;
  readonly file: number;
  /** For crew and limbers: the gun stand they serve. */
  readonly serves?: StandId;
}

/**
 * A unit's stand, its fields set in one order (`serves` last, and only where there is one), so that
 * every stand of the table has one of two record shapes whichever code made it. A spread copy
 * (`{ ...st, x }`) gives each copying site a shape of its own, and code that reads stands is then
 * compiled again, and thrown away ("wrong map"), for each shape it meets.
 */
export function unitStand(
  id: StandId,
  kind: StandKind,
  x: number,
  y: number,
  facing: number,
  width: number,
  depth: number,
  rank: number,
  file: number,
  serves: StandId | undefined,
): UnitStandState {
  return serves === undefined
    ? { id, kind, x, y, facing, width, depth, rank, file }
    : { id, kind, x, y, facing, width, depth, rank, file, serves };
}

/** Stand `st` at (`x`, `y`) facing `facing`, everything else kept (`unitStand`'s shape). */
export function standPlaced(st: UnitStandState, x: number, y: number, facing: number): UnitStandState {
  return unitStand(st.id, st.kind, x, y, facing, st.width, st.depth, st.rank, st.file, st.serves);
}

export interface UnitState {
  readonly id: UnitId;
  readonly side: SideId;
  /** The rule set's formation id (e.g. John Company's 'close-order-line'). */
  readonly formation: string;
  /** The unit's front, in degrees (its stands usually face the same way). */
  readonly facing: number;
  /** Its stands, by rank then file. */
  readonly stands: readonly UnitStandState[];
}

/**
 * Unit `u` in `formation`, facing `facing`, with `stands`: its fields set in one order, so that every
 * unit record of the table has one shape (see `unitStand`).
 */
export function unitPlaced(
  u: UnitState,
  formation: string,
  facing: number,
  stands: readonly UnitStandState[],
): UnitState {
  return { id: u.id, side: u.side, formation, facing, stands };
}

/** A General Officer: one stand of kind 'general', free or attached to a unit. */
export interface GeneralState {
  readonly id: GeneralId;
  readonly side: SideId;
  readonly stand: StandState;
  readonly attachedTo?: UnitId;
}

/** Frontage and depth of one kind of stand, inches. */
export interface StandSize {
  readonly width: number;
  readonly depth: number;
}

/**
 * How the armies are based: any figure scale, any base sizes. `sizes` gives the stand size per troop
 * type (keys are the rule set's or the army list's, e.g. 'infantry', 'cavalry', 'gun'); a stand
 * carries its own width and depth, taken from here when it is made.
 */
export interface Basing {
  /** Free text, e.g. '15mm'. */
  readonly figureScale: string;
  readonly sizes: Readonly<Record<string, StandSize>>;
}

/** Areas: ground of one character inside a polygon. */
export const AREA_KINDS = ['open', 'difficult', 'light-woods', 'heavy-woods', 'swamp'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

/** Linear obstacles: walls by height, and works. A closed one is a ring (a redoubt, a fort, a city). */
export const BARRIER_KINDS = [
  'wall-low',
  'wall-medium',
  'wall-high',
  'barricade',
  'entrenchment',
  'fortification',
  'fortified-city-wall',
] as const;
export type BarrierKind = (typeof BARRIER_KINDS)[number];

/** Water courses: a centre line with a width. */
export const WATERCOURSE_KINDS = ['nullah', 'stream', 'fordable-river'] as const;
export type WatercourseKind = (typeof WATERCOURSE_KINDS)[number];

export const TERRAIN_KINDS = [
  ...AREA_KINDS,
  'hill',
  'town',
  'road',
  ...BARRIER_KINDS,
  ...WATERCOURSE_KINDS,
] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/** A simple polygon (implicitly closed, either winding, at least 3 vertices). */
export type Polygon = readonly Point[];
/** An open polyline of at least 2 points. */
export type Polyline = readonly Point[];

export interface AreaFeature {
  readonly id: FeatureId;
  readonly kind: AreaKind;
  readonly outline: Polygon;
}

/**
 * A hill: `elevation` is its height in levels (1 = a hill on the plain; a hill drawn on top of another
 * has a higher level); a point's elevation is the highest level of the hills it is inside, 0 on the
 * plain. `crest` is its crest line; without one the whole top is the crest.
 */
export interface HillFeature {
  readonly id: FeatureId;
  readonly kind: 'hill';
  readonly outline: Polygon;
  readonly elevation: number;
  readonly steep: boolean;
  readonly crest?: Polyline;
}

/** A town or village: the ground it covers, and its buildings. */
export interface TownFeature {
  readonly id: FeatureId;
  readonly kind: 'town';
  readonly outline: Polygon;
  readonly buildings: readonly Polygon[];
}

export interface RoadFeature {
  readonly id: FeatureId;
  readonly kind: 'road';
  readonly path: Polyline;
  readonly width: number;
}

export interface BarrierFeature {
  readonly id: FeatureId;
  readonly kind: BarrierKind;
  readonly path: Polyline;
  /** The path is a ring: its last point joins its first. */
  readonly closed?: boolean;
}

/** A water course; `crossingDice` is the number of dice for the crossing penalty, fixed before play. */
export interface WatercourseFeature {
  readonly id: FeatureId;
  readonly kind: WatercourseKind;
  readonly path: Polyline;
  readonly width: number;
  readonly crossingDice: number;
}

export type TerrainFeature =
  | AreaFeature
  | HillFeature
  | TownFeature
  | RoadFeature
  | BarrierFeature
  | WatercourseFeature;

/** Features with an outline polygon. */
export type OutlinedFeature = AreaFeature | HillFeature | TownFeature;

export function hasOutline(f: TerrainFeature): f is OutlinedFeature {
  return 'outline' in f;
}

export interface TableState {
  /** Inches along x. */
  readonly width: number;
  /** Inches along y. */
  readonly depth: number;
  readonly basing: Basing;
  readonly units: Readonly<Record<UnitId, UnitState>>;
  readonly generals: Readonly<Record<GeneralId, GeneralState>>;
  readonly terrain: Readonly<Record<FeatureId, TerrainFeature>>;
}

const MM_PER_INCH = 25.4;

/** Millimetres (as base sizes are usually given) in inches. */
export function mm(millimetres: number): number {
  return millimetres / MM_PER_INCH;
}
