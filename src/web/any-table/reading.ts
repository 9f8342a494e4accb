import { measureText } from '../../core/rules/measure.ts';
import type { GeneralState, StandState, TerrainFeature } from '../../core/table/model.ts';
import type { Objective } from '../table/Terrain.tsx';

/**
 * Reading any rule set's view (`GamePlay.view`, the set's own `viewFor`) for the table in the browser,
 * without knowing its type. Pure. The views share a shape only loosely: MacDuff's carries the whole
 * `TableState` as `view.table`; others keep the stands on each unit (`view.units[id].stands`), the
 * table's size in `view.table` or `view.scenario`, and the terrain in `view.terrain` or
 * `view.scenario.terrain`. Each reading below tries those places in that order.
 */

/** A unit as drawn: its side and its stands. */
export interface DrawnUnit {
  readonly id: string;
  readonly side: string;
  readonly stands: readonly StandState[];
}

/** What the table draws: its size in inches, the ground, the units' stands, the Generals and the objectives. */
export interface DrawnTable {
  readonly width: number;
  readonly depth: number;
  readonly terrain: Readonly<Record<string, TerrainFeature>>;
  readonly units: readonly DrawnUnit[];
  readonly generals: readonly GeneralState[];
  readonly objectives: readonly Objective[];
}

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsAt = (value: unknown, key: string): Fields | undefined =>
  isFields(value) && isFields(value[key]) ? value[key] : undefined;
const numberAt = (value: Fields | undefined, key: string): number | undefined =>
  typeof value?.[key] === 'number' ? value[key] : undefined;

/** A record of things by id, or a list of things each with an `id`, as entries by id. */
function byId(value: unknown): [string, Fields][] {
  if (Array.isArray(value))
    return value.filter(isFields).flatMap((v) => (typeof v['id'] === 'string' ? [[v['id'], v]] : []));
  if (isFields(value)) return Object.entries(value).filter((e): e is [string, Fields] => isFields(e[1]));
  return [];
}

const isStand = (value: unknown): value is StandState =>
  isFields(value) &&
  ['x', 'y', 'facing', 'width', 'depth'].every((k) => typeof value[k] === 'number') &&
  typeof value['id'] === 'string';

function drawnUnit(id: string, unit: Fields): DrawnUnit | undefined {
  const stands = unit['stands'];
  if (typeof unit['side'] !== 'string' || !Array.isArray(stands) || !stands.every(isStand)) return undefined;
  return { id, side: unit['side'], stands };
}

/** Off the table by the unit's own fields: gone, fled, destroyed. */
function offTable(unit: Fields): boolean {
  return (
    unit['gone'] === true ||
    typeof unit['offTable'] === 'string' ||
    unit['status'] === 'destroyed' ||
    unit['status'] === 'gone'
  );
}

/** The table of a view, or undefined when the view gives no size for it. */
export function drawnTable(view: unknown): DrawnTable | undefined {
  if (!isFields(view)) return undefined;
  const table = fieldsAt(view, 'table');
  const scenario = fieldsAt(view, 'scenario');
  const width = numberAt(table, 'width') ?? numberAt(scenario, 'width');
  const depth = numberAt(table, 'depth') ?? numberAt(scenario, 'depth');
  if (width === undefined || depth === undefined) return undefined;
  const terrainSource = table?.['terrain'] ?? view['terrain'] ?? scenario?.['terrain'];
  // A feature as the scenario and the table model share it (the view's JSON, read as such).
  const terrain = Object.fromEntries(
    byId(terrainSource).flatMap(([id, f]) =>
      typeof f['kind'] === 'string' ? [[id, f as unknown as TerrainFeature] as const] : [],
    ),
  );
  const unitSource = table?.['units'] !== undefined ? byId(table['units']) : byId(view['units']);
  const units = unitSource.flatMap(([id, u]) => {
    const drawn = offTable(u) ? undefined : drawnUnit(id, u);
    return drawn ? [drawn] : [];
  });
  const placed = byId(table?.['generals']).flatMap(([, g]) =>
    typeof g['side'] === 'string' && isStand(g['stand']) ? [g as unknown as GeneralState] : [],
  );
  const riding = [...byId(view['commanders']), ...byId(view['generals'])].flatMap(([id, g]) => {
    const general = placed.length ? undefined : ridingGeneral(id, g, units);
    return general ? [general] : [];
  });
  const objectives = byId(scenario?.['objectives'] ?? fieldsAt(view, 'victory')?.['objectives']).flatMap(
    ([id, o]) => {
      const at = fieldsAt(o, 'position');
      const x = numberAt(at, 'x');
      const y = numberAt(at, 'y');
      const radius = numberAt(o, 'radius');
      if (x === undefined || y === undefined || radius === undefined) return [];
      const name = typeof o['name'] === 'string' ? o['name'] : undefined;
      return [{ id, position: { x, y }, radius, ...(name ? { name } : {}) }];
    },
  );
  return { width, depth, terrain, units, generals: [...placed, ...riding], objectives };
}

/** A General's base size when the view places none (he rides with a unit): an inch square. */
const RIDER_INCHES = 1;

/**
 * A General (or commander) whose view gives no place of his own but the unit he is with (`attachedTo`,
 * or Honour & Fortitude's `with`): drawn an inch and a half behind the middle of its front edge.
 */
function ridingGeneral(id: string, g: Fields, units: readonly DrawnUnit[]): GeneralState | undefined {
  const withUnit = g['attachedTo'] ?? g['with'];
  if (typeof g['side'] !== 'string' || typeof withUnit !== 'string') return undefined;
  if (g['status'] !== undefined && g['status'] !== 'active') return undefined;
  if (g['fallen'] === true) return undefined;
  const unit = units.find((u) => u.id === withUnit);
  const stands = unit?.stands ?? [];
  if (stands.length === 0) return undefined;
  const x = stands.reduce((sum, s) => sum + s.x, 0) / stands.length;
  const y = stands.reduce((sum, s) => sum + s.y, 0) / stands.length;
  const facing = stands[0]!.facing;
  const back = (facing * Math.PI) / 180;
  const stand: StandState = {
    id: `${id}-base`,
    kind: 'general',
    x: x - Math.cos(back) * 1.5,
    y: y - Math.sin(back) * 1.5,
    facing,
    width: RIDER_INCHES,
    depth: RIDER_INCHES,
  };
  return { id, side: g['side'], stand, attachedTo: withUnit };
}

/** The view's own entry for a unit (`view.units`, by id or as a list). */
export function unitEntry(view: unknown, unit: string): Fields | undefined {
  return byId(isFields(view) ? view['units'] : undefined).find(([id]) => id === unit)?.[1];
}

/** Every unit id the view names, its own entries and the table's. */
export function unitIds(view: unknown): ReadonlySet<string> {
  const ids = new Set(byId(isFields(view) ? view['units'] : undefined).map(([id]) => id));
  for (const u of drawnTable(view)?.units ?? []) ids.add(u.id);
  return ids;
}

/** A unit's name as the view gives it, else its id. */
export function unitName(view: unknown, unit: string): string {
  const name = unitEntry(view, unit)?.['name'];
  return typeof name === 'string' ? name : unit;
}

/**
 * A General's (or commander's) name, from `view.generals` or `view.commanders`; one the view names not
 * (Honour & Fortitude's) by his rank, the Commander-in-Chief or a General; else his id.
 */
export function generalName(view: unknown, general: string): string {
  if (!isFields(view)) return general;
  for (const key of ['generals', 'commanders']) {
    const entry = byId(view[key]).find(([id]) => id === general)?.[1];
    if (typeof entry?.['name'] === 'string') return entry['name'];
    if (typeof entry?.['commanderInChief'] === 'boolean')
      return entry['commanderInChief'] ? 'the Commander-in-Chief' : 'a General';
  }
  return general;
}

/** One line of a unit's panel: a label and its value in words, or a group of such lines. */
export type Fact =
  | { readonly label: string; readonly value: string }
  | { readonly label: string; readonly facts: readonly Fact[] };

/** Fields the panel leaves out: its id and name (the heading), and where it stands (the table shows it). */
const NOT_FACTS = new Set(['id', 'name', 'stands', 'x', 'y', 'facing', 'anchor']);

/** Fields read first when a view has them: what a player asks of a unit before anything else. */
const FIRST_FACTS = [
  'side',
  'status',
  'condition',
  'formation',
  'figures',
  'startFigures',
  'bases',
  'startBases',
  'guns',
  'dpoints',
  'disorder',
  'orders',
];

/** "startFigures" → "Start figures", "mustRallyToFire" → "Must rally to fire". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Ids the view names, with the names people know them by: sides, units, Generals and commanders. */
type Names = ReadonlyMap<string, string>;

function namesIn(view: unknown, sides: Readonly<Record<string, string>>): Names {
  const names = new Map(Object.entries(sides));
  if (!isFields(view)) return names;
  for (const key of ['units', 'generals', 'commanders'])
    for (const [id, entry] of byId(view[key]))
      if (typeof entry['name'] === 'string') names.set(id, entry['name']);
  return names;
}

/** A scalar in words: yes/no, numbers to two decimals, an id by its name, else hyphens as spaces. */
function scalarWords(value: unknown, names: Names): string | undefined {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return measureText(value);
  if (typeof value === 'string') return names.get(value) ?? value.replaceAll('-', ' ');
  return undefined;
}

function factOf(key: string, value: unknown, names: Names): Fact | undefined {
  const label = fieldLabel(key);
  const scalar = scalarWords(value, names);
  if (scalar !== undefined) return { label, value: scalar };
  if (Array.isArray(value)) {
    const words = value.map((v) => scalarWords(v, names));
    if (words.every((w) => w !== undefined))
      return { label, value: words.length ? words.join(', ') : 'none' };
    return { label, value: `${value.length}` };
  }
  if (isFields(value)) return { label, facts: factsOf(value, new Set(), names) };
  return undefined;
}

function factsOf(fields: Fields, skip: ReadonlySet<string>, names: Names): Fact[] {
  const keys = Object.keys(fields).filter((k) => !skip.has(k));
  const first = FIRST_FACTS.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => !FIRST_FACTS.includes(k));
  return [...first, ...rest].flatMap((k) => {
    const fact = factOf(k, fields[k], names);
    return fact ? [fact] : [];
  });
}

/**
 * What the view says of a unit, field by field in words: its state first (side, status or condition,
 * formation, figures or bases, guns, disorder, orders), then every other field in the view's order,
 * nested records (ratings) as groups; then the stands it has on the table. Ids of sides (by `sides`),
 * units, Generals and commanders are given by their names. Empty for an unknown unit.
 */
export function unitFacts(view: unknown, unit: string, sides: Readonly<Record<string, string>> = {}): Fact[] {
  const entry = unitEntry(view, unit);
  const drawn = drawnTable(view)?.units.find((u) => u.id === unit);
  const facts = entry ? factsOf(entry, NOT_FACTS, namesIn(view, sides)) : [];
  if (drawn) facts.push({ label: 'Stands on the table', value: String(drawn.stands.length) });
  return facts;
}

/** The unit the view says is acting now (`view.node.unit`, as MacDuff's activation names it), if any. */
export function actingUnit(view: unknown): string | undefined {
  const node = fieldsAt(view, 'node');
  return typeof node?.['unit'] === 'string' ? node['unit'] : undefined;
}

/** The view's turn (`view.turn`), if it gives one. */
export function turnOf(view: unknown): number | undefined {
  return isFields(view) ? numberAt(view, 'turn') : undefined;
}

/**
 * Where the sequence of play stands, as the view names it: `view.node.phase` (MacDuff),
 * `view.phase.kind` (Honour & Fortitude) or `view.phase` (the command-point rules), hyphens as spaces.
 */
export function stageOf(view: unknown): string | undefined {
  if (!isFields(view)) return undefined;
  const phase = fieldsAt(view, 'node')?.['phase'] ?? fieldsAt(view, 'phase')?.['kind'] ?? view['phase'];
  return typeof phase === 'string' ? phase.replaceAll('-', ' ') : undefined;
}
