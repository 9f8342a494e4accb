import { z } from 'zod';
import {
  ARMS,
  GENERALSHIPS,
  LEADERSHIPS,
  NEUTRAL_ARMIES,
  NEUTRAL_FORMATIONS,
  NEUTRAL_QUALITIES,
  NEUTRAL_WEIGHTS,
  OFFICER_RANKS,
  ORIGINS,
  WEAPONS,
} from '../../core/scenario/vocabulary.ts';
import {
  AREA_KINDS,
  BARRIER_KINDS,
  STAND_KINDS,
  WATERCOURSE_KINDS,
  type WatercourseKind,
} from '../../core/table/model.ts';

/**
 * The scenario file format, defined once: a battle or exercise as JSON. Armies are described
 * neutrally, in the words of src/core/scenario/vocabulary.ts (what each unit is, not how a rule set rates
 * it); each rule set maps that description to its ratings (src/rulesets/<set>/scenario-ratings.ts), and a
 * scenario may override any rating per unit (`ratings`) or any Muster default per rule set
 * (`overrides`), keyed by the rule set's id. Those two sections are each rule set's own: a set brings
 * their schemas in its `ScenarioRules` (below), and `scenarioFormat` puts the format together from the
 * sets it is given (src/game/scenario/format.ts: every registered set).
 *
 * Geometry follows the table model (src/core/table/model.ts): inches, the playing surface
 * [0, width] x [0, depth], angles in degrees counter-clockwise from +x. Compass words name the
 * table's edges as on a map with north up: south is y = 0, north y = depth, west x = 0, east x = width.
 * A unit's `position` is the centre of its front edge. Stand sizes are in millimetres, as bases are
 * sold. Parsing checks shapes and ranges only; `validateScenario` (validate.ts) checks the rest.
 */

/** The scenario kinds: a historical battle must cite its order-of-battle source. */
export const SCENARIO_KINDS = ['historical', 'training', 'hypothetical'] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

export const EDGES = ['north', 'south', 'east', 'west'] as const;
export type Edge = (typeof EDGES)[number];

export const SOURCE_KINDS = ['book', 'article', 'primary', 'map', 'web'] as const;

export const VICTORY_MOMENTS = ['any-turn-end', 'turn-limit'] as const;

const ID = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case letters, digits and hyphens, e.g. "gen-wellesley"');
const text = z.string().min(1);

export const PointSchema = z
  .strictObject({ x: z.number(), y: z.number() })
  .meta({ id: 'Point', description: 'A point on the table, inches' });
export const PolygonSchema = z.array(PointSchema).min(3).meta({
  id: 'Polygon',
  description: 'A simple polygon, at least 3 vertices, implicitly closed, either winding',
});
export const PolylineSchema = z
  .array(PointSchema)
  .min(2)
  .meta({ id: 'Polyline', description: 'An open polyline of at least 2 points' });
const degrees = z
  .number()
  .min(-360)
  .max(360)
  .describe('Degrees counter-clockwise from +x (0 east, 90 north)');

export const SourceSchema = z
  .strictObject({
    kind: z.enum(SOURCE_KINDS),
    authors: z.array(text).min(1).describe('Authors or editors, as printed'),
    title: text,
    year: z.int().min(1700).max(2100).exactOptional(),
    publisher: text.exactOptional(),
    journal: text.exactOptional().describe('For an article: the journal or magazine, volume and issue'),
    pages: text.exactOptional(),
    url: z.url().exactOptional(),
    orderOfBattle: z.boolean().exactOptional().describe('true: the source of the order of battle'),
    note: text.exactOptional().describe('What the scenario takes from it'),
  })
  .meta({ id: 'Source', description: 'A citation' });

export const TableSchema = z
  .strictObject({
    width: z.number().positive().max(480).describe('Inches along x (west to east)'),
    depth: z.number().positive().max(480).describe('Inches along y (south to north)'),
    yardsPerInch: z
      .number()
      .positive()
      .exactOptional()
      .describe('Ground scale: yards of ground per inch of table'),
  })
  .describe('The playing surface');

export const StandBasingSchema = z
  .strictObject({
    widthMm: z.number().positive().max(500).describe('Frontage, millimetres'),
    depthMm: z.number().positive().max(500).describe('Front to back, millimetres'),
    figures: z.int().min(0).exactOptional().describe('Figures on the stand'),
    men: z.int().min(1).exactOptional().describe('Men a stand represents'),
    guns: z.int().min(1).exactOptional().describe('For gun stands: real guns a model represents'),
  })
  .meta({ id: 'StandBasing', description: 'One kind of stand' });

export const BasingSchema = z
  .strictObject({
    figureScale: text.describe('e.g. "15mm"'),
    stands: z
      .strictObject(
        Object.fromEntries(STAND_KINDS.map((k) => [k, StandBasingSchema])) as {
          [K in (typeof STAND_KINDS)[number]]: typeof StandBasingSchema;
        },
      )
      .describe('Every kind of stand: infantry, cavalry, gun (with its crew), crew, limber, general'),
  })
  .describe('How the armies are based');

const featureBase = {
  id: ID,
  name: text.exactOptional().describe('What the feature is called, e.g. "the mango grove"'),
};

export const AreaFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.enum(AREA_KINDS),
  outline: PolygonSchema,
});
export const HillFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.literal('hill'),
  outline: PolygonSchema,
  elevation: z.int().min(1).max(9).describe('Height in levels: 1 on the plain, higher for a hill on a hill'),
  steep: z.boolean(),
  crest: PolylineSchema.exactOptional().describe('The crest line; without one the whole top is the crest'),
});
export const TownFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.literal('town'),
  outline: PolygonSchema,
  buildings: z.array(PolygonSchema),
});
export const RoadFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.literal('road'),
  path: PolylineSchema,
  width: z.number().positive().describe('Inches'),
});
export const BarrierFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.enum(BARRIER_KINDS),
  path: PolylineSchema,
  closed: z
    .boolean()
    .exactOptional()
    .describe('The path is a ring (a redoubt, a tank bank, a walled village)'),
});
export const WatercourseFeatureSchema = z.strictObject({
  ...featureBase,
  kind: z.enum(WATERCOURSE_KINDS),
  path: PolylineSchema,
  width: z.number().positive().describe('Inches'),
  crossingDice: z.int().min(0).max(6).describe('Dice rolled for the crossing penalty, fixed before play'),
});

export const TerrainFeatureSchema = z
  .discriminatedUnion('kind', [
    AreaFeatureSchema,
    HillFeatureSchema,
    TownFeatureSchema,
    RoadFeatureSchema,
    BarrierFeatureSchema,
    WatercourseFeatureSchema,
  ])
  .meta({
    id: 'TerrainFeature',
    description: "A terrain feature: exactly the table model's kinds and shapes",
  });

export const SideSchema = z
  .strictObject({
    id: ID,
    name: text.describe('e.g. "Wellesley\'s army"'),
    army: text.describe('The power it fights for, e.g. "East India Company", "Maratha Confederacy"'),
    baseEdge: z.enum(EDGES).describe('Its own edge: where it came from and where its routers go'),
    entryEdge: z
      .enum(EDGES)
      .exactOptional()
      .describe('Where its reinforcements would enter, if not its base edge'),
  })
  .meta({ id: 'Side', description: 'One side of the battle' });

export const GeneralSchema = z
  .strictObject({
    id: ID,
    name: text,
    side: ID,
    rank: z.enum(OFFICER_RANKS),
    superior: ID.exactOptional().describe('The general he answers to; none for the commander-in-chief'),
    generalship: z.enum(GENERALSHIPS).describe('How many orders he can give'),
    leadership: z.enum(LEADERSHIPS).describe('His effect on a unit he is with, and his temper'),
    mounted: z.boolean(),
    position: PointSchema,
    facing: degrees.exactOptional().describe("Default: away from his side's base edge"),
    attachedTo: ID.exactOptional().describe('A unit of his side he starts attached to'),
    notes: text.exactOptional(),
  })
  .meta({ id: 'General', description: 'A General Officer' });

/** A unit, its `ratings` read by `ratings` (the sections of the format's rule sets). */
function unitSchema(ratings: z.ZodType<UnitRatingsBySet>) {
  return z
    .strictObject({
      id: ID,
      name: text,
      side: ID,
      commander: ID.describe('The general whose command it belongs to'),
      arm: z.enum(ARMS),
      regular: z
        .boolean()
        .describe('Drilled to fight in line and column (true) or an irregular body (false)'),
      weight: z
        .enum(NEUTRAL_WEIGHTS)
        .exactOptional()
        .describe(
          'light: light infantry or light cavalry; heavy: heavy cavalry; absent: line infantry, or cavalry',
        ),
      lancers: z.boolean().exactOptional().describe('Cavalry armed with lances'),
      origin: z.enum(ORIGINS).describe('european, or indian (any Asian troops)'),
      army: z
        .enum(NEUTRAL_ARMIES)
        .describe("Whose drill it follows: british (Crown or Company) or a native power's"),
      weapon: z.enum(WEAPONS).describe('Its small arm or gun, or none'),
      quality: z.enum(NEUTRAL_QUALITIES).describe('elite, veteran, trained, raw or levy'),
      stands: z.int().min(1).max(60).describe('Stands; for artillery, gun models (each with its crew)'),
      formation: z.enum(NEUTRAL_FORMATIONS),
      ranks: z
        .int()
        .min(1)
        .exactOptional()
        .describe(
          'Ranks of a column, mass or skirmish line (default: a column 2 files wide, a mass near square, skirmishers 1)',
        ),
      crews: z
        .int()
        .min(0)
        .max(6)
        .exactOptional()
        .describe('Artillery: crew stands per gun model (default 1)'),
      position: PointSchema.describe('The centre of its front edge'),
      facing: degrees,
      skirmishers: z
        .int()
        .min(0)
        .exactOptional()
        .describe("Stands able to skirmish (a line battalion's light company)"),
      strength: z
        .strictObject({ men: z.int().min(1).exactOptional(), guns: z.int().min(1).exactOptional() })
        .exactOptional()
        .describe('What it stood for on the day'),
      notes: text.exactOptional(),
      ratings: ratings
        .exactOptional()
        .describe('Per rule set: ratings replacing those worked out from the description'),
    })
    .meta({ id: 'Unit', description: 'A unit, described neutrally' });
}

export const DeploymentZoneSchema = z
  .strictObject({ id: ID, side: ID, name: text.exactOptional(), outline: PolygonSchema })
  .meta({ id: 'DeploymentZone', description: "Ground a side's units and generals start in" });

export const ObjectiveSchema = z
  .strictObject({
    id: ID,
    name: text,
    position: PointSchema,
    radius: z
      .number()
      .positive()
      .describe('Held by a side with a unit within this many inches and no enemy unit'),
  })
  .meta({ id: 'Objective', description: 'A place to hold' });

export const VictoryConditionSchema = z
  .discriminatedUnion('kind', [
    z
      .strictObject({
        kind: z.literal('hold-objectives'),
        side: ID,
        objectives: z.array(ID).min(1),
        when: z.enum(VICTORY_MOMENTS),
      })
      .describe('The side wins holding all these objectives at the end of any turn, or at the turn limit'),
    z
      .strictObject({
        kind: z.literal('enemy-losses'),
        side: ID,
        fraction: z.number().gt(0).max(1),
      })
      .describe("The side wins when this fraction of the enemy's starting stands is destroyed or routed"),
    z
      .strictObject({
        kind: z.literal('army-morale'),
        side: ID,
        fraction: z.number().gt(0).max(1),
      })
      .describe(
        "The side's army breaks (and the enemy wins) when this fraction of its units is routed, destroyed or gone",
      ),
  ])
  .meta({ id: 'VictoryCondition', description: 'Checked at the end of every turn; the first met decides' });

export const VictorySchema = z
  .strictObject({
    turnLimit: z.int().min(1).max(100),
    objectives: z.array(ObjectiveSchema),
    conditions: z.array(VictoryConditionSchema).min(1),
    atTurnLimit: z.string().describe('"draw", or the id of the side that wins if nothing has been decided'),
  })
  .describe('How the battle is won');

/** A scenario of `units`, its `overrides` read by `overrides` (the sections of the format's rule sets). */
function scenarioSchema(units: ReturnType<typeof unitSchema>, overrides: z.ZodType<ScenarioOverridesBySet>) {
  return z
    .strictObject({
      $schema: z.string().exactOptional().describe('Path of this JSON Schema, for editors'),
      id: ID,
      kind: z.enum(SCENARIO_KINDS),
      title: text,
      date: z
        .string()
        .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'a year, year-month or year-month-day: 1803-09-23')
        .exactOptional()
        .describe('When it was fought (historical battles)'),
      place: text,
      description: text.describe('What happened, what the scenario shows and what it simplifies'),
      sources: z.array(SourceSchema),
      table: TableSchema,
      basing: BasingSchema,
      terrain: z.array(TerrainFeatureSchema),
      sides: z.array(SideSchema).length(2),
      generals: z.array(GeneralSchema).min(2),
      units: z.array(units).min(2),
      deployment: z.array(DeploymentZoneSchema).min(2),
      victory: VictorySchema,
      overrides: overrides.exactOptional().describe("Per rule set: replacements for Muster's defaults"),
    })
    .describe('A Muster scenario');
}

/**
 * Each rule set's per-unit ratings (`units[i].ratings[<id>]`), by the set's id. Empty here: each set
 * adds its own entry from its own folder (`declare module`, in src/game/<set>/scenario.ts), typed as what
 * its `ScenarioRules.unitRatings` accepts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each rule set adds its entry by declaration merging
export interface UnitRatingsBySet {}

/** Each rule set's per-scenario replacements of Muster's defaults (`overrides[<id>]`), added as above. */
// biome-ignore lint/suspicious/noEmptyInterface: each rule set adds its entry by declaration merging
export interface ScenarioOverridesBySet {}

/** A problem a rule set finds in a part of a scenario: `path` is relative to that part. */
export interface ScenarioProblem {
  readonly path: string;
  readonly message: string;
}

/** The widths a watercourse may have (inches, inclusive) and the crossing dice it may roll. */
export interface WatercourseLimits {
  readonly width: readonly [number, number];
  readonly dice: readonly number[];
}

/**
 * A rule set's part of the scenario format, from its module (src/game/rule-set.ts): the schemas of its
 * two sections and the limits its rules put on a scenario beyond the neutral format's.
 */
export interface ScenarioRules {
  /** The rule set's id: the key of its sections. */
  readonly id: string;
  /** The name its problems begin with, e.g. "John Company: ...". */
  readonly label: string;
  /** `units[i].ratings[<id>]`: ratings replacing those worked out from the unit's description. */
  readonly unitRatings: z.ZodType;
  /** `overrides[<id>]`: replacements for Muster's defaults for this rule set. */
  readonly overrides: z.ZodType;
  /** What makes a unit whose description holds together unplayable under these rules. */
  readonly unitProblems?: (unit: Unit) => readonly ScenarioProblem[];
  /** The watercourses these rules allow, by kind. */
  readonly watercourses?: Readonly<Record<WatercourseKind, WatercourseLimits>>;
}

/** The scenario format for some rule sets: their rules, and the schemas of a unit and a scenario. */
export interface ScenarioFormat {
  readonly rules: readonly ScenarioRules[];
  readonly unit: ReturnType<typeof unitSchema>;
  readonly scenario: ReturnType<typeof scenarioSchema>;
}

/**
 * The scenario format with `rules`' sections, in their order. `others` says what becomes of a section
 * keyed by another id: `reject`ed as an unknown field (the whole format, every set registered), or
 * `pass`ed unread (a rule set reading a scenario for itself, whose other sets' sections are not its
 * business).
 */
export function scenarioFormat(rules: readonly ScenarioRules[], others: 'reject' | 'pass'): ScenarioFormat {
  const sections = (schemaOf: (r: ScenarioRules) => z.ZodType) => {
    const shape = Object.fromEntries(rules.map((r) => [r.id, schemaOf(r).exactOptional()]));
    return others === 'reject' ? z.strictObject(shape) : z.looseObject(shape);
  };
  // The sections' types are the rule sets' own (UnitRatingsBySet, ScenarioOverridesBySet), which each
  // set declares as what its schema accepts.
  const unit = unitSchema(sections((r) => r.unitRatings) as z.ZodType<UnitRatingsBySet>);
  const overrides = sections((r) => r.overrides) as z.ZodType<ScenarioOverridesBySet>;
  return { rules, unit, scenario: scenarioSchema(unit, overrides) };
}

/** The format read without any rule set: every set's sections pass unread. */
export const NEUTRAL_SCENARIO_FORMAT: ScenarioFormat = scenarioFormat([], 'pass');

export type Point = z.output<typeof PointSchema>;
export type Source = z.output<typeof SourceSchema>;
export type ScenarioTable = z.output<typeof TableSchema>;
export type ScenarioBasing = z.output<typeof BasingSchema>;
export type ScenarioFeature = z.output<typeof TerrainFeatureSchema>;
export type Side = z.output<typeof SideSchema>;
export type General = z.output<typeof GeneralSchema>;
export type Unit = z.output<ReturnType<typeof unitSchema>>;
export type DeploymentZone = z.output<typeof DeploymentZoneSchema>;
export type Objective = z.output<typeof ObjectiveSchema>;
export type VictoryCondition = z.output<typeof VictoryConditionSchema>;
export type Victory = z.output<typeof VictorySchema>;
export type Scenario = z.output<ReturnType<typeof scenarioSchema>>;

/** The value for `$schema` in a scenario file in scenarios/. */
export const SCENARIO_SCHEMA_REF = './schema/scenario.schema.json';
