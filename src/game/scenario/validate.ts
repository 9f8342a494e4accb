import { z } from 'zod';
import { flattenPoints, type PointBounds, pointBounds } from '../../core/geometry/points.ts';
import { pointInPolygon } from '../../core/geometry/polygons.ts';
import { type Rect, rectCorners, rectsOverlap } from '../../core/geometry/rectangles.ts';
import { EPSILON, orient, segmentDistance } from '../../core/geometry/segments.ts';
import { GUNS as GUN_WEAPONS, type OfficerRank } from '../../core/scenario/vocabulary.ts';
import type { UnitStandState } from '../../core/table/model.ts';
import {
  BasingSchema,
  type DeploymentZone,
  DeploymentZoneSchema,
  type General,
  GeneralSchema,
  type Objective,
  ObjectiveSchema,
  type Point,
  SCENARIO_KINDS,
  type Scenario,
  type ScenarioBasing,
  type ScenarioFeature,
  type ScenarioFormat,
  type ScenarioKind,
  type ScenarioRules,
  type ScenarioTable,
  type Side,
  SideSchema,
  type Source,
  SourceSchema,
  TableSchema,
  TerrainFeatureSchema,
  type Unit,
  type VictoryCondition,
  VictoryConditionSchema,
} from './schema.ts';
import { unitStands } from './table.ts';

/**
 * Scenario validation that reports every problem at once, each with the path of the field it is about
 * (`units[3].commander`) and what is wrong with it. Two passes:
 * 1. the schema (shapes, kinds, ranges), with every issue zod finds;
 * 2. the rules between fields: unique ids, references that resolve, the chain of command, weapons and
 *    formations that fit the troops, geometry (valid outlines, things on the table and in their
 *    deployment zones, units not overlapping) and the limits of each rule set the format is for
 *    (`ScenarioRules`: the units it cannot play, its water hazards).
 * When the schema fails, the second pass still runs on every element that parses on its own, and a
 * reference to an element that exists but failed to parse is not reported again.
 */

export interface ScenarioIssue {
  /** The field, as a path from the scenario's root, e.g. `units[3].commander`; '' for the root. */
  readonly path: string;
  readonly message: string;
}

export type ScenarioValidation =
  | { readonly ok: true; readonly scenario: Scenario }
  | { readonly ok: false; readonly errors: readonly ScenarioIssue[] };

export function formatScenarioIssue(issue: ScenarioIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/**
 * Every problem of `json` as a scenario in `format`: its rule sets' sections and limits with the neutral
 * format's. The shells check against every registered rule set (src/game/scenario/format.ts); a rule
 * set's own setup, against its own.
 */
export function validateScenarioWith(format: ScenarioFormat, json: unknown): ScenarioValidation {
  const parsed = format.scenario.safeParse(json);
  if (parsed.success) {
    const errors = crossFieldIssues(draftOfScenario(parsed.data), format.rules);
    return errors.length === 0 ? { ok: true, scenario: parsed.data } : { ok: false, errors };
  }
  const errors = parsed.error.issues.flatMap(schemaIssues);
  errors.push(...crossFieldIssues(draftOf(json, format), format.rules));
  return { ok: false, errors };
}

/** A path as text: `units[3].ratings["john-company"].resolveLevel`. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function schemaIssues(issue: z.core.$ZodIssue): ScenarioIssue[] {
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({
      path: pathText([...issue.path, key]),
      message: 'unknown field (misspelt, or not part of the format)',
    }));
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return [{ path: pathText(issue.path), message: `required (${issue.expected})` }];
  return [{ path: pathText(issue.path), message: issue.message }];
}

// ---------------------------------------------------------------------------------------------------
// The draft: whatever parses, element by element, keeping each element's index.

/** A list whose elements are undefined where they failed the schema. */
type Parts<T> = readonly (T | undefined)[];

interface Draft {
  readonly kind: ScenarioKind | undefined;
  readonly date: string | undefined;
  readonly sources: Parts<Source>;
  readonly table: ScenarioTable | undefined;
  readonly basing: ScenarioBasing | undefined;
  readonly terrain: Parts<ScenarioFeature>;
  readonly sides: Parts<Side>;
  readonly generals: Parts<General>;
  readonly units: Parts<Unit>;
  readonly deployment: Parts<DeploymentZone>;
  readonly objectives: Parts<Objective>;
  readonly conditions: Parts<VictoryCondition>;
  readonly atTurnLimit: string | undefined;
  /** The ids as written, parsed or not, by list. */
  readonly ids: {
    readonly sides: Parts<string>;
    readonly generals: Parts<string>;
    readonly units: Parts<string>;
    readonly terrain: Parts<string>;
    readonly deployment: Parts<string>;
    readonly objectives: Parts<string>;
  };
}

function draftOfScenario(s: Scenario): Draft {
  const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);
  return {
    kind: s.kind,
    date: s.date,
    sources: s.sources,
    table: s.table,
    basing: s.basing,
    terrain: s.terrain,
    sides: s.sides,
    generals: s.generals,
    units: s.units,
    deployment: s.deployment,
    objectives: s.victory.objectives,
    conditions: s.victory.conditions,
    atTurnLimit: s.victory.atTurnLimit,
    ids: {
      sides: ids(s.sides),
      generals: ids(s.generals),
      units: ids(s.units),
      terrain: ids(s.terrain),
      deployment: ids(s.deployment),
      objectives: ids(s.victory.objectives),
    },
  };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A copy of `value` without the fields at `keys` below `path`. */
function withoutKeys(value: unknown, path: readonly PropertyKey[], keys: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<PropertyKey, unknown>;
  if (path.length === 0) {
    for (const k of keys) delete copy[k];
    return copy;
  }
  const [head, ...rest] = path as [PropertyKey, ...PropertyKey[]];
  copy[head] = withoutKeys(copy[head], rest, keys);
  return copy;
}

/**
 * The value parsed by `schema`, or undefined. Unknown fields are reported by the schema pass; here
 * they are dropped, so a misspelt field does not hide the element from the other checks.
 */
function one<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  if (!r.error.issues.every((i) => i.code === 'unrecognized_keys')) return undefined;
  let cleaned = value;
  for (const i of r.error.issues)
    if (i.code === 'unrecognized_keys') cleaned = withoutKeys(cleaned, i.path, i.keys);
  const again = schema.safeParse(cleaned);
  return again.success ? again.data : undefined;
}

function each<T>(schema: z.ZodType<T>, value: unknown): Parts<T> {
  return Array.isArray(value) ? value.map((v) => one(schema, v)) : [];
}

function idsOf(value: unknown): Parts<string> {
  return Array.isArray(value)
    ? value.map((v) => {
        const id = field(v, 'id');
        return typeof id === 'string' ? id : undefined;
      })
    : [];
}

function draftOf(json: unknown, format: ScenarioFormat): Draft {
  const victory = field(json, 'victory');
  const date = field(json, 'date');
  const atTurnLimit = field(victory, 'atTurnLimit');
  return {
    kind: one(z.enum(SCENARIO_KINDS), field(json, 'kind')),
    date: typeof date === 'string' ? date : undefined,
    sources: each(SourceSchema, field(json, 'sources')),
    table: one(TableSchema, field(json, 'table')),
    basing: one(BasingSchema, field(json, 'basing')),
    terrain: each(TerrainFeatureSchema, field(json, 'terrain')),
    sides: each(SideSchema, field(json, 'sides')),
    generals: each(GeneralSchema, field(json, 'generals')),
    units: each(format.unit, field(json, 'units')),
    deployment: each(DeploymentZoneSchema, field(json, 'deployment')),
    objectives: each(ObjectiveSchema, field(victory, 'objectives')),
    conditions: each(VictoryConditionSchema, field(victory, 'conditions')),
    atTurnLimit: typeof atTurnLimit === 'string' ? atTurnLimit : undefined,
    ids: {
      sides: idsOf(field(json, 'sides')),
      generals: idsOf(field(json, 'generals')),
      units: idsOf(field(json, 'units')),
      terrain: idsOf(field(json, 'terrain')),
      deployment: idsOf(field(json, 'deployment')),
      objectives: idsOf(field(victory, 'objectives')),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Cross-field rules.

const RANK_ORDER: Readonly<Record<OfficerRank, number>> = {
  brigadier: 0,
  divisional: 1,
  wing: 2,
  'commander-in-chief': 3,
};

const GUNS: ReadonlySet<string> = new Set([...GUN_WEAPONS, 'zamburek']);
const CAVALRY_WEAPONS: ReadonlySet<string> = new Set([
  'carbine',
  'matchlock',
  'bows',
  'javelin',
  'flintlock-rifle',
  'percussion-rifle',
  'none',
]);
const REGULAR_FORMATIONS: Readonly<Record<'infantry' | 'cavalry', readonly Unit['formation'][]>> = {
  infantry: ['line', 'open-line', 'column', 'open-column', 'square', 'skirmish'],
  cavalry: ['line', 'open-line', 'column', 'open-column', 'skirmish'],
};
const RANKED_FORMATIONS: ReadonlySet<Unit['formation']> = new Set([
  'column',
  'open-column',
  'mass',
  'skirmish',
]);

/** Indices of the parsed elements. */
function indexed<T>(parts: Parts<T>): [number, T][] {
  const out: [number, T][] = [];
  parts.forEach((p, i) => {
    if (p !== undefined) out.push([i, p]);
  });
  return out;
}

function quoteList(items: readonly string[]): string {
  return items.map((s) => `"${s}"`).join(', ');
}

function crossFieldIssues(d: Draft, rules: readonly ScenarioRules[]): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  // Unique ids: sides; generals and units together (each has a card in the movement deck); terrain;
  // deployment zones; objectives.
  const uniqueIds = (lists: readonly [string, Parts<string>][]) => {
    const first = new Map<string, string>();
    for (const [name, ids] of lists)
      ids.forEach((id, i) => {
        if (id === undefined) return;
        const seen = first.get(id);
        if (seen) add(`${name}[${i}].id`, `"${id}" is already the id of ${seen}`);
        else first.set(id, `${name}[${i}]`);
      });
  };
  uniqueIds([['sides', d.ids.sides]]);
  uniqueIds([
    ['generals', d.ids.generals],
    ['units', d.ids.units],
  ]);
  uniqueIds([['terrain', d.ids.terrain]]);
  uniqueIds([['deployment', d.ids.deployment]]);
  uniqueIds([['victory.objectives', d.ids.objectives]]);

  const sideIds = new Set(d.ids.sides.filter((s) => s !== undefined));
  const sideNames = quoteList([...sideIds]);
  const sideRef = (path: string, id: string) => {
    if (!sideIds.has(id)) add(path, `"${id}" is not a side (the sides are ${sideNames})`);
  };
  const generalsById = new Map(indexed(d.generals).map(([, g]) => [g.id, g]));
  const unitsById = new Map(indexed(d.units).map(([, u]) => [u.id, u]));
  const rawGenerals = new Set(d.ids.generals);
  const rawUnits = new Set(d.ids.units);
  const allGeneralsParsed = d.generals.every((g) => g !== undefined);

  // Geometry helpers, when the table parsed.
  const table = d.table;
  const onTable = (p: Point) =>
    table === undefined ||
    (p.x >= -EPSILON && p.x <= table.width + EPSILON && p.y >= -EPSILON && p.y <= table.depth + EPSILON);
  const zonesOf = (side: string) =>
    indexed(d.deployment)
      .filter(([, z]) => z.side === side)
      .map(([, z]) => flattenPoints(z.outline));
  const inZone = (side: string, points: readonly Point[]) => {
    const zones = zonesOf(side);
    if (zones.length === 0) return true; // reported under `deployment`
    return points.every((p) => zones.some((z) => pointInPolygon(z, 0, z.length / 2, p.x, p.y) >= 0));
  };

  // Sides and their deployment zones.
  for (const [i, z] of indexed(d.deployment)) {
    sideRef(`deployment[${i}].side`, z.side);
    polygonIssues(`deployment[${i}].outline`, z.outline, add);
  }
  for (const [i, s] of indexed(d.sides)) {
    if (!indexed(d.deployment).some(([, z]) => z.side === s.id) && d.deployment.every((z) => z !== undefined))
      add(`sides[${i}]`, `side "${s.id}" has no deployment zone`);
    if (!indexed(d.units).some(([, u]) => u.side === s.id) && d.units.every((u) => u !== undefined))
      add(`sides[${i}]`, `side "${s.id}" has no units`);
  }

  // The chain of command: one commander-in-chief per side; every other general answers to a
  // general of his side who outranks him (ranks rise along the chain, so it is a tree).
  const chiefs = new Map<string, string>();
  for (const [i, g] of indexed(d.generals)) {
    const path = `generals[${i}]`;
    sideRef(`${path}.side`, g.side);
    if (g.rank === 'commander-in-chief') {
      const other = chiefs.get(g.side);
      if (other) add(`${path}.rank`, `side "${g.side}" already has a commander-in-chief, ${other}`);
      else chiefs.set(g.side, `"${g.id}" (${path})`);
      if (g.superior !== undefined) add(`${path}.superior`, 'a commander-in-chief answers to no one');
    } else if (g.superior === undefined) {
      add(`${path}.superior`, `a ${g.rank} needs a superior (only a commander-in-chief has none)`);
    } else {
      const sup = generalsById.get(g.superior);
      if (sup === undefined) {
        if (!rawGenerals.has(g.superior)) add(`${path}.superior`, `"${g.superior}" is not a general`);
      } else if (sup.side !== g.side) {
        add(`${path}.superior`, `"${g.superior}" is a general of side "${sup.side}", not "${g.side}"`);
      } else if (RANK_ORDER[sup.rank] <= RANK_ORDER[g.rank]) {
        add(`${path}.superior`, `"${g.superior}" is a ${sup.rank} and cannot command a ${g.rank}`);
      }
    }
    if (g.attachedTo !== undefined) {
      const u = unitsById.get(g.attachedTo);
      if (u === undefined ? !rawUnits.has(g.attachedTo) : u.side !== g.side)
        add(`${path}.attachedTo`, `"${g.attachedTo}" is not a unit of side "${g.side}"`);
    }
    if (!onTable(g.position)) add(`${path}.position`, `(${g.position.x}, ${g.position.y}) is off the table`);
    else if (!inZone(g.side, [g.position]))
      add(`${path}.position`, `not inside a deployment zone of side "${g.side}"`);
  }
  if (allGeneralsParsed)
    for (const [i, s] of indexed(d.sides))
      if (!chiefs.has(s.id)) add(`sides[${i}]`, `side "${s.id}" has no commander-in-chief`);

  // Units, and their stands as laid out on the table.
  /** Each unit laid out: its index, its description, its stands shrunk by `TOUCH`, and its corners' bounds. */
  const placed: [number, Unit, Rect[], PointBounds][] = [];
  for (const [i, u] of indexed(d.units)) {
    const path = `units[${i}]`;
    const before = issues.length;
    sideRef(`${path}.side`, u.side);
    const commander = generalsById.get(u.commander);
    if (commander === undefined ? !rawGenerals.has(u.commander) : commander.side !== u.side)
      add(`${path}.commander`, `"${u.commander}" is not a general of side "${u.side}"`);
    unitDescriptionIssues(path, u, add);
    // The rule set's checks and the layout only make sense once the description holds together.
    if (issues.length !== before) continue;
    for (const r of rules)
      for (const p of r.unitProblems?.(u) ?? []) add(`${path}.${p.path}`, `${r.label}: ${p.message}`);
    if (d.basing === undefined || table === undefined) continue;
    let stands: UnitStandState[];
    try {
      stands = unitStands(u, d.basing);
    } catch (e) {
      add(
        `${path}.${u.ranks === undefined ? 'formation' : 'ranks'}`,
        `cannot be laid out: ${(e as Error).message}`,
      );
      continue;
    }
    const corners = stands.flatMap(standCorners);
    if (!corners.every(onTable))
      add(`${path}.position`, `part of the unit lies off the table (${extentText(corners)})`);
    else if (!inZone(u.side, corners))
      add(
        `${path}.position`,
        `the unit is not wholly inside a deployment zone of side "${u.side}" (${extentText(corners)})`,
      );
    placed.push([i, u, stands.map(shrink), pointBounds(corners)]);
  }
  // Units may touch but not overlap (units whose bounds are apart cannot).
  for (let a = 0; a < placed.length; a++)
    for (let b = a + 1; b < placed.length; b++) {
      const [ia, ua, sa, ba] = placed[a]!;
      const [ib, , sb, bb] = placed[b]!;
      if (ba.maxX < bb.minX || bb.maxX < ba.minX || ba.maxY < bb.minY || bb.maxY < ba.minY) continue;
      if (sa.some((x) => sb.some((y) => rectsOverlap(x, y))))
        add(`units[${ib}].position`, `the unit overlaps units[${ia}] ("${ua.name}")`);
    }

  // Terrain.
  for (const [i, f] of indexed(d.terrain)) featureIssues(`terrain[${i}]`, f, rules, add);

  // Victory.
  const objectiveIds = new Set(d.ids.objectives);
  for (const [i, o] of indexed(d.objectives))
    if (!onTable(o.position)) add(`victory.objectives[${i}].position`, 'the objective is off the table');
  for (const [i, c] of indexed(d.conditions)) {
    sideRef(`victory.conditions[${i}].side`, c.side);
    if (c.kind === 'hold-objectives')
      c.objectives.forEach((id, j) => {
        if (!objectiveIds.has(id))
          add(`victory.conditions[${i}].objectives[${j}]`, `"${id}" is not an objective`);
      });
  }
  if (d.atTurnLimit !== undefined && d.atTurnLimit !== 'draw' && !sideIds.has(d.atTurnLimit))
    add('victory.atTurnLimit', `"${d.atTurnLimit}" is neither "draw" nor a side (${sideNames})`);

  // Sources.
  if (d.kind === 'historical') {
    if (
      !indexed(d.sources).some(([, s]) => s.orderOfBattle === true) &&
      d.sources.every((s) => s !== undefined)
    )
      add('sources', 'a historical scenario cites the source of its order of battle (orderOfBattle: true)');
    if (d.date === undefined) add('date', 'a historical scenario gives the date of the battle');
  }
  return issues;
}

/** Slack for stands that touch: each is shrunk by this much (inches) before testing for overlap. */
const TOUCH = 0.01;

function shrink(r: Rect): Rect {
  return { ...r, width: Math.max(0, r.width - 2 * TOUCH), depth: Math.max(0, r.depth - 2 * TOUCH) };
}

function standCorners(stand: Rect): Point[] {
  // A typed array, as every other caller passes: `rectCorners` stays monomorphic in the hot paths.
  const c = new Float64Array(8);
  rectCorners(stand, c);
  return [0, 1, 2, 3].map((k) => ({ x: c[2 * k]!, y: c[2 * k + 1]! }));
}

/** The extent of a set of points, for messages: x from..to, y from..to. */
function extentText(points: readonly Point[]): string {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const range = (v: number[]) => `${Math.min(...v).toFixed(1)}..${Math.max(...v).toFixed(1)}`;
  return `x ${range(xs)}, y ${range(ys)}`;
}

type Add = (path: string, message: string) => void;

/** What the neutral description says that does not hold together. */
function unitDescriptionIssues(path: string, u: Unit, add: Add): void {
  const what = u.arm === 'artillery' ? 'artillery' : `${u.regular ? 'regular' : 'irregular'} ${u.arm}`;
  // Weapon and arm.
  if (u.arm === 'artillery') {
    if (!GUNS.has(u.weapon))
      add(
        `${path}.weapon`,
        `artillery serves a gun (${GUN_WEAPONS.join(', ')} or zamburek), not "${u.weapon}"`,
      );
  } else if (u.weapon === 'zamburek') {
    add(`${path}.weapon`, 'zamburek is a camel gun: make the unit artillery');
  } else if (GUNS.has(u.weapon)) {
    add(`${path}.weapon`, `"${u.weapon}" is a gun; ${u.arm} carries a small arm or none`);
  } else if (u.arm === 'cavalry' && !CAVALRY_WEAPONS.has(u.weapon)) {
    add(`${path}.weapon`, `cavalry carries ${[...CAVALRY_WEAPONS].join(', ')}, not "${u.weapon}"`);
  }
  // Formation and class.
  const allowed: readonly Unit['formation'][] =
    u.arm === 'artillery' ? ['unlimbered', 'limbered'] : u.regular ? REGULAR_FORMATIONS[u.arm] : ['mass'];
  if (!allowed.includes(u.formation))
    add(`${path}.formation`, `${what} stands in ${allowed.join(', ')}, not "${u.formation}"`);
  else if (u.formation === 'skirmish' && u.weight !== 'light')
    add(`${path}.formation`, 'only light troops (weight "light") stand in skirmish order');
  // Weight and lances.
  if (u.weight !== undefined && u.arm === 'artillery')
    add(`${path}.weight`, 'artillery has no weight: its gun says horse, field or siege');
  else if (u.weight === 'heavy' && u.arm !== 'cavalry') add(`${path}.weight`, 'only cavalry is heavy');
  if (u.lancers === true && u.arm !== 'cavalry') add(`${path}.lancers`, 'only cavalry carries lances');
  // Skirmishers and ranks.
  const skirmishers = u.skirmishers ?? 0;
  if (skirmishers > 0 && !(u.arm === 'infantry' && u.regular))
    add(`${path}.skirmishers`, `only regular infantry has skirmishing companies, not ${what}`);
  else if (skirmishers > u.stands)
    add(`${path}.skirmishers`, `${skirmishers} skirmishers in a unit of ${u.stands} stands`);
  if (u.crews !== undefined && u.arm !== 'artillery') add(`${path}.crews`, 'only artillery has gun crews');
  if (u.ranks !== undefined) {
    if (!RANKED_FORMATIONS.has(u.formation))
      add(`${path}.ranks`, `only a column, a mass or skirmishers take ranks, not "${u.formation}"`);
    else if (u.ranks > u.stands) add(`${path}.ranks`, `${u.ranks} ranks of only ${u.stands} stands`);
  }
}

/** Problems with a terrain feature's shape, and the rule sets' limits on watercourses. */
function featureIssues(path: string, f: ScenarioFeature, rules: readonly ScenarioRules[], add: Add): void {
  if ('outline' in f) {
    polygonIssues(`${path}.outline`, f.outline, add);
    const outline = flattenPoints(f.outline);
    const inside = (p: Point) => pointInPolygon(outline, 0, f.outline.length, p.x, p.y) >= 0;
    if (f.kind === 'hill' && f.crest !== undefined) {
      polylineIssues(`${path}.crest`, f.crest, add);
      f.crest.forEach((p, k) => {
        if (!inside(p)) add(`${path}.crest[${k}]`, 'the crest leaves the hill');
      });
    }
    if (f.kind === 'town')
      f.buildings.forEach((b, j) => {
        polygonIssues(`${path}.buildings[${j}]`, b, add);
        if (!b.every(inside)) add(`${path}.buildings[${j}]`, 'the building lies partly outside its town');
      });
    return;
  }
  if (f.kind !== 'road' && 'closed' in f && f.closed === true) {
    if (f.path.length < 3) add(`${path}.closed`, 'a ring needs at least 3 points');
    else polygonIssues(`${path}.path`, f.path, add);
  } else {
    polylineIssues(`${path}.path`, f.path, add);
  }
  if (f.kind === 'nullah' || f.kind === 'stream' || f.kind === 'fordable-river')
    for (const r of rules) {
      const limits = r.watercourses?.[f.kind];
      if (limits === undefined) continue;
      if (f.width < limits.width[0] || f.width > limits.width[1])
        add(
          `${path}.width`,
          `${r.label}: a ${f.kind} is ${limits.width[0]}" to ${limits.width[1]}" wide, not ${f.width}"`,
        );
      if (!limits.dice.includes(f.crossingDice))
        add(
          `${path}.crossingDice`,
          `${r.label}: a ${f.kind} rolls ${limits.dice.join(' or ')} dice to cross, not ${f.crossingDice}`,
        );
    }
}

function samePoint(a: Point, b: Point): boolean {
  return Math.abs(a.x - b.x) <= EPSILON && Math.abs(a.y - b.y) <= EPSILON;
}

function polylineIssues(path: string, points: readonly Point[], add: Add): void {
  for (let k = 1; k < points.length; k++)
    if (samePoint(points[k]!, points[k - 1]!)) add(`${path}[${k}]`, 'repeats the point before it');
}

/** A polygon must be simple: no repeated vertices, some area, no edge meeting another but its neighbours. */
function polygonIssues(path: string, points: readonly Point[], add: Add): void {
  const n = points.length;
  for (let k = 0; k < n; k++)
    if (samePoint(points[k]!, points[(k + n - 1) % n]!)) {
      add(`${path}[${k}]`, 'repeats the vertex before it');
      return;
    }
  let area = 0;
  for (let k = 0; k < n; k++) {
    const a = points[k]!;
    const b = points[(k + 1) % n]!;
    area += a.x * b.y - b.x * a.y;
  }
  if (Math.abs(area) / 2 <= EPSILON) {
    add(path, 'the outline has no area');
    return;
  }
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = points[j]!;
      const e = points[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share a vertex; they may not fold back along each other.
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? e : c;
        if (
          Math.abs(orient(shared.x, shared.y, other1.x, other1.y, other2.x, other2.y)) <= EPSILON &&
          (other1.x - shared.x) * (other2.x - shared.x) + (other1.y - shared.y) * (other2.y - shared.y) > 0
        ) {
          add(path, `edges ${i} and ${j} fold back along each other`);
          return;
        }
      } else if (segmentDistance(a.x, a.y, b.x, b.y, c.x, c.y, e.x, e.y) <= EPSILON) {
        add(path, `edges ${i} and ${j} meet: the outline crosses itself`);
        return;
      }
    }
  }
}
