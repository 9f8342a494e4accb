import { defineRoll, type RollSpec } from '../../../core/random/rolls.ts';
import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { type Arm, jc3, jc4, musterDefault } from '../vocabulary.ts';
import type { MoverClass } from './movement-rates.ts';

const terrainRule = (section: string, item?: string) => jc3(section, item);

/** Ground a unit moves through, each inch costing `cost` inches of movement. */
export const TERRAINS = [
  'open',
  'difficult',
  'swamp',
  'light-woods',
  'heavy-woods',
  'town',
  'town-on-road',
] as const;
export type TerrainId = (typeof TERRAINS)[number];

export interface TerrainDef {
  readonly id: TerrainId;
  readonly label: string;
  readonly rule: RuleRef;
  /** Inches of movement per inch crossed, by mover; null = impassable. */
  readonly cost: Readonly<Record<MoverClass, number | null>>;
  /** Crossing it Disorders the unit whatever the cost. */
  readonly disorders: boolean;
}

const all = (n: number): Record<MoverClass, number> => ({
  'regular-infantry': n,
  'irregular-infantry': n,
  cavalry: n,
  artillery: n,
});

export interface TerrainTable extends TableMeta {
  readonly terrains: Readonly<Record<TerrainId, TerrainDef>>;
}

export const TERRAIN_COSTS: TerrainTable = {
  id: 'jc-terrain-costs',
  title: 'Terrain effects on movement (inches per inch crossed)',
  source: jc3('Terrain Effects On Movement'),
  readings: ['Terrain: swamps', 'Terrain: towns and roads', 'Terrain: Disorder from losing a quarter'],
  terrains: {
    open: {
      id: 'open',
      label: 'Open ground',
      rule: jc3('Types Of Movement', 'Normal Movement'),
      cost: all(1),
      disorders: false,
    },
    difficult: {
      id: 'difficult',
      label: 'Difficult ground (steep hills, soft sand, ploughed fields, tall crops, rocks)',
      rule: terrainRule('Difficult Ground'),
      cost: all(3),
      disorders: false,
    },
    swamp: {
      id: 'swamp',
      label: 'Swamp (difficult ground that always Disorders)',
      rule: terrainRule('Water Hazards', 'swamps'),
      cost: all(3),
      disorders: true,
    },
    'light-woods': {
      id: 'light-woods',
      label: 'Light woods',
      rule: terrainRule('Light And Heavy Woods (Jungle)', 'light woods'),
      cost: { 'regular-infantry': 2, 'irregular-infantry': 2, cavalry: 3, artillery: 3 },
      disorders: false,
    },
    'heavy-woods': {
      id: 'heavy-woods',
      label: 'Heavy woods or jungle',
      rule: terrainRule('Light And Heavy Woods (Jungle)', 'heavy woods'),
      cost: { 'regular-infantry': 4, 'irregular-infantry': 3, cavalry: null, artillery: null },
      disorders: false,
    },
    town: {
      id: 'town',
      label: 'Town or village, off the road (within 2" of a building)',
      rule: terrainRule('Towns And Villages'),
      cost: all(2),
      disorders: true,
    },
    'town-on-road': {
      id: 'town-on-road',
      label: 'Town or village, following a road',
      rule: terrainRule('Towns And Villages', 'following a road'),
      cost: all(2),
      disorders: false,
    },
  },
};

export const WALL_HEIGHTS = ['low', 'medium', 'high'] as const;
export type WallHeight = (typeof WALL_HEIGHTS)[number];

export interface WallTable extends TableMeta {
  /** Low-wall cost for infantry (and officers on foot): close order, and troops in mass. */
  readonly lowWall: { readonly closeOrder: number; readonly mass: number };
  /** Added to the low-wall cost, for every formation. */
  readonly extra: Readonly<Record<WallHeight, number>>;
  /** Cavalry jumps: inches lost; null = cannot jump. Jumping Disorders the unit. */
  readonly cavalryJump: Readonly<Record<WallHeight, number | null>>;
}

export const WALL_COSTS: WallTable = {
  id: 'jc-wall-costs',
  title: 'Walls, barricades and entrenchments',
  source: jc3('Walls, Barricades, and Entrenchments'),
  readings: ['Terrain: walls for open order and skirmishers', 'Terrain: cavalry, artillery and walls'],
  lowWall: { closeOrder: 4, mass: 3 },
  extra: { low: 0, medium: 2, high: 4 },
  cavalryJump: { low: 5, medium: 9, high: null },
};

/**
 * The d6 cavalry throw after jumping a Medium wall: a 1 or 2 loses that many stands, 3-6 none.
 * The value is the stands lost: 0 (4 ways in 6), 1 (1 way), 2 (1 way).
 */
export const WALL_JUMP_ROLL: RollSpec = defineRoll({
  id: 'wall-jump-loss',
  label: '1d6 stands lost jumping a medium wall (1 or 2: that many)',
  dice: [{ min: 1, max: 6, name: 'd6' }],
  combine: (f) => (f[0]! <= 2 ? f[0]! : 0),
});

export const WATER_HAZARDS = ['nullah', 'stream', 'river'] as const;
export type WaterHazard = (typeof WATER_HAZARDS)[number];

export interface WaterTable extends TableMeta {
  readonly hazards: Readonly<
    Record<
      WaterHazard,
      { readonly label: string; readonly rule: RuleRef; readonly widthInches: readonly [number, number] }
    >
  >;
  /** d6 lost per crossing; the river's count is fixed before play (3 or 4). */
  readonly dice: { readonly nullah: 1; readonly stream: 2; readonly riverChoices: readonly [3, 4] };
  readonly defaultRiverDice: 3 | 4;
}

export const WATER_COSTS: WaterTable = {
  id: 'jc-water-hazards',
  title: 'Water hazards: inches lost crossing',
  source: jc3('Water Hazards'),
  readings: ['Terrain: water crossings'],
  hazards: {
    nullah: { label: 'Nullah (1-3" wide)', rule: jc3('Water Hazards', 'nullahs'), widthInches: [1, 3] },
    stream: { label: 'Stream (3-6" wide)', rule: jc3('Water Hazards', 'streams'), widthInches: [3, 6] },
    river: {
      label: 'Fordable river (6-12" wide)',
      rule: jc3('Water Hazards', 'fordable river'),
      widthInches: [6, 12],
    },
  },
  dice: { nullah: 1, stream: 2, riverChoices: [3, 4] },
  defaultRiverDice: 3,
};

export const RIVER_DICE_DEFAULT_RULE = musterDefault(
  'Water Hazards',
  'fordable river: 3 dice unless fixed at 4',
);

/**
 * Movement changes from unit events (Part 4, Infantry/Cavalry/Artillery Events Tables), applied to
 * the unit's next move. Where the text says "1 D6+3", the die and the +3 are two rows (the die row
 * throws under its own key; the +3 row is added by Muster with it): `applyModifiers` adds whole dice.
 */
export const EVENT_MOVEMENT_MODIFIERS = defineModifierTable({
  id: 'jc-event-movement',
  title: 'Unit events: changes to the next move',
  source: jc4('Infantry, Cavalry and Artillery Events Tables'),
  modifiers: [
    {
      id: 'soft-sand',
      rule: jc4('Infantry Events Table', '35-37 soft sand (cavalry 35-37, artillery 20-22)'),
      label: 'Soft sand or soil: lose 1d6"',
      value: { dice: -1 },
    },
    {
      id: 'very-rough-ground',
      rule: jc4('Infantry Events Table', '38-40 very rough ground (artillery 23-25)'),
      label: 'Very rough ground: lose 1d6"',
      value: { dice: -1 },
    },
    {
      id: 'very-rough-ground-plus-3',
      rule: jc4('Infantry Events Table', '38-40 very rough ground (artillery 23-25)'),
      label: 'Very rough ground: lose 3" more',
      value: -3,
    },
    {
      id: 'very-rough-ground-cavalry',
      rule: jc4('Cavalry Events Table', '38-40 very rough ground'),
      label: 'Very rough ground (cavalry): lose 2d6"',
      value: { dice: -2 },
    },
    {
      id: 'unseen-nullah',
      rule: jc4('Infantry Events Table', '41-43 unseen nullah (cavalry 41-43, artillery 26-28)'),
      label: 'Unseen nullah: lose 2d6" (and Disordered)',
      value: { dice: -2 },
    },
    {
      id: 'unseen-nullah-plus-3',
      rule: jc4('Cavalry Events Table', '41-43 unseen nullah (artillery 26-28)'),
      label: 'Unseen nullah (cavalry, artillery): lose 3" more',
      value: -3,
    },
    {
      id: 'firm-ground',
      rule: jc4('Infantry Events Table', '44-46 firm, flat ground (cavalry 44-46, artillery 29-31)'),
      label: 'Firm, flat ground: add 1d6"',
      value: { dice: 1 },
    },
  ],
});
export type EventMovementModifierId = (typeof EVENT_MOVEMENT_MODIFIERS.modifiers)[number]['id'];

/** The events a referee names; Muster picks the rows for the unit's arm. */
export const MOVEMENT_EVENTS = ['soft-sand', 'very-rough-ground', 'unseen-nullah', 'firm-ground'] as const;
export type MovementEvent = (typeof MOVEMENT_EVENTS)[number];

/** The rows of EVENT_MOVEMENT_MODIFIERS each event applies, by arm (Part 4 prints a row per arm). */
export const MOVEMENT_EVENT_ROWS: Readonly<
  Record<MovementEvent, Readonly<Record<Arm, readonly { readonly id: EventMovementModifierId }[]>>>
> = {
  'soft-sand': {
    infantry: [{ id: 'soft-sand' }],
    cavalry: [{ id: 'soft-sand' }],
    artillery: [{ id: 'soft-sand' }],
  },
  'very-rough-ground': {
    infantry: [{ id: 'very-rough-ground' }, { id: 'very-rough-ground-plus-3' }],
    cavalry: [{ id: 'very-rough-ground-cavalry' }],
    artillery: [{ id: 'very-rough-ground' }, { id: 'very-rough-ground-plus-3' }],
  },
  'unseen-nullah': {
    infantry: [{ id: 'unseen-nullah' }],
    cavalry: [{ id: 'unseen-nullah' }, { id: 'unseen-nullah-plus-3' }],
    artillery: [{ id: 'unseen-nullah' }, { id: 'unseen-nullah-plus-3' }],
  },
  'firm-ground': {
    infantry: [{ id: 'firm-ground' }],
    cavalry: [{ id: 'firm-ground' }],
    artillery: [{ id: 'firm-ground' }],
  },
};

/** The Disorder rule: losing at least this fraction of the Maximum Normal Move to terrain. */
export const TERRAIN_DISORDER_FRACTION = 0.25;
export const TERRAIN_DISORDER_RULE = jc3('Terrain Effects On Movement', 'loss of 1/4 or more: Disordered');
