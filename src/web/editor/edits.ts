import type { Point } from '../../core/geometry/points.ts';
import { AREA_KINDS, BARRIER_KINDS, WATERCOURSE_KINDS } from '../../core/table/model.ts';
import { watercourseDefaults } from '../../game/scenario/format.ts';
import type { Scenario, ScenarioFeature } from '../../game/scenario/schema.ts';

/**
 * The scenario editor's edits (EditorPage.tsx): pure functions from a scenario to the next, each one an
 * undoable step. The scenario being edited may be invalid at any moment (a unit without a commander,
 * fewer units than a battle needs): `validateScenario` says what, and where, as the player goes.
 */

/** The lists of a scenario whose items are drawn on the table and selected there. */
export type ItemList = 'units' | 'generals' | 'terrain' | 'deployment' | 'objectives';

/** One item of the scenario: its list and its place in it. */
export interface ItemRef {
  readonly list: ItemList;
  readonly index: number;
}

/** Terrain the editor draws: each kind of the table model, and whether it is an area or a line. */
export const TERRAIN_TOOLS: readonly {
  readonly kind: ScenarioFeature['kind'];
  readonly shape: 'area' | 'line';
}[] = [
  ...AREA_KINDS.filter((k) => k !== 'open').map((kind) => ({ kind, shape: 'area' as const })),
  { kind: 'hill', shape: 'area' },
  { kind: 'town', shape: 'area' },
  { kind: 'road', shape: 'line' },
  ...BARRIER_KINDS.map((kind) => ({ kind, shape: 'line' as const })),
  ...WATERCOURSE_KINDS.map((kind) => ({ kind, shape: 'line' as const })),
];

/** The path of an item as validation writes it (`units[3]`). */
export const pathOf = (ref: ItemRef) => `${ref.list}[${ref.index}]`;

/** The item a validation path is about (`units[3].commander` is units[3]), if it is one the table draws. */
export function itemAt(path: string): ItemRef | undefined {
  const m = /^(units|generals|terrain|deployment)\[(\d+)\]|^victory\.objectives\[(\d+)\]/.exec(path);
  if (!m) return undefined;
  if (m[3] !== undefined) return { list: 'objectives', index: Number(m[3]) };
  return { list: m[1] as ItemList, index: Number(m[2]) };
}

/** A blank table of `width` x `depth` inches: two sides, a commander each, their deployment zones. */
export function blankScenario(basing: Scenario['basing'], width = 72, depth = 48): Scenario {
  const band = Math.min(12, depth / 4);
  return {
    id: 'my-battle',
    kind: 'hypothetical',
    title: 'My battle',
    place: 'Anywhere in India',
    description: 'A battle of my own.',
    sources: [],
    table: { width, depth },
    basing,
    terrain: [],
    sides: [
      { id: 'south-army', name: 'The southern army', army: 'East India Company', baseEdge: 'south' },
      { id: 'north-army', name: 'The northern army', army: 'Maratha Confederacy', baseEdge: 'north' },
    ],
    generals: [
      general('south-general', 'The southern commander', 'south-army', { x: width / 2, y: 2 }),
      general('north-general', 'The northern commander', 'north-army', { x: width / 2, y: depth - 2 }),
    ],
    units: [],
    deployment: [
      zone('south-army-zone', 'south-army', [0, 0, width, band]),
      zone('north-army-zone', 'north-army', [0, depth - band, width, depth]),
    ],
    victory: {
      turnLimit: 10,
      objectives: [],
      conditions: [
        { kind: 'army-morale', side: 'south-army', fraction: 0.5 },
        { kind: 'army-morale', side: 'north-army', fraction: 0.5 },
      ],
      atTurnLimit: 'draw',
    },
  };
}

function general(id: string, name: string, side: string, position: Point): Scenario['generals'][number] {
  return {
    id,
    name,
    side,
    rank: 'commander-in-chief',
    generalship: 'Competent',
    leadership: 'Confident',
    mounted: true,
    position: round(position),
  };
}

function zone(id: string, side: string, [x0, y0, x1, y1]: readonly number[]): Scenario['deployment'][number] {
  return {
    id,
    side,
    outline: [
      { x: x0!, y: y0! },
      { x: x1!, y: y0! },
      { x: x1!, y: y1! },
      { x: x0!, y: y1! },
    ],
  };
}

/** A point to a tenth of an inch: what a player measures, and what the file keeps. */
export const round = (p: Point): Point => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });

/** An id not yet used in `scenario` (ids are shared across its lists): `base`, or `base-2`, ... */
export function freshId(scenario: Scenario, base: string): string {
  const used = new Set<string>([
    scenario.id,
    ...scenario.sides.map((s) => s.id),
    ...scenario.generals.map((g) => g.id),
    ...scenario.units.map((u) => u.id),
    ...scenario.terrain.map((t) => t.id),
    ...scenario.deployment.map((d) => d.id),
    ...scenario.victory.objectives.map((o) => o.id),
  ]);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The side facing away from its base edge: its units face the enemy. */
function facingOf(scenario: Scenario, side: string): number {
  const edge = scenario.sides.find((s) => s.id === side)?.baseEdge;
  return edge === 'north' ? 270 : edge === 'east' ? 180 : edge === 'west' ? 0 : 90;
}

/** A battalion of trained line infantry of `side`, under its first general, at `at`. */
export function addUnit(scenario: Scenario, side: string, at: Point): Scenario {
  const id = freshId(scenario, `${side}-unit`);
  const commander = scenario.generals.find((g) => g.side === side)?.id ?? '';
  const n = scenario.units.filter((u) => u.side === side).length + 1;
  const unit: Scenario['units'][number] = {
    id,
    name: `Battalion ${n}`,
    side,
    commander,
    arm: 'infantry',
    regular: true,
    origin: 'indian',
    army: 'british',
    weapon: 'flintlock-musket',
    quality: 'trained',
    stands: 6,
    formation: 'line',
    position: round(at),
    facing: facingOf(scenario, side),
  };
  return { ...scenario, units: [...scenario.units, unit] };
}

/** A brigadier of `side` answering to its commander-in-chief, at `at`. */
export function addGeneral(scenario: Scenario, side: string, at: Point): Scenario {
  const id = freshId(scenario, `${side}-general`);
  const chief = scenario.generals.find((g) => g.side === side && g.rank === 'commander-in-chief');
  const added = {
    ...general(id, 'A brigadier', side, at),
    rank: 'brigadier' as const,
    ...(chief ? { superior: chief.id } : {}),
  };
  return { ...scenario, generals: [...scenario.generals, added] };
}

export function addObjective(scenario: Scenario, at: Point): Scenario {
  const id = freshId(scenario, 'objective');
  const n = scenario.victory.objectives.length + 1;
  const objective = { id, name: `Objective ${n}`, position: round(at), radius: 4 };
  return {
    ...scenario,
    victory: { ...scenario.victory, objectives: [...scenario.victory.objectives, objective] },
  };
}

/** A terrain feature of `kind` through `points` (an outline for an area, a path for a line). */
export function addTerrain(
  scenario: Scenario,
  kind: ScenarioFeature['kind'],
  points: readonly Point[],
): Scenario {
  const id = freshId(scenario, kind);
  const shape = points.map(round);
  const feature = featureOf(id, kind, shape);
  return { ...scenario, terrain: [...scenario.terrain, feature] };
}

function featureOf(id: string, kind: ScenarioFeature['kind'], shape: Point[]): ScenarioFeature {
  switch (kind) {
    case 'hill':
      return { id, kind, outline: shape, elevation: 1, steep: false };
    case 'town':
      return { id, kind, outline: shape, buildings: [] };
    case 'road':
      return { id, kind, path: shape, width: 1 };
    case 'nullah':
    case 'stream':
    case 'fordable-river':
      return { id, kind, path: shape, ...watercourseDefaults(kind) };
    default:
      return (AREA_KINDS as readonly string[]).includes(kind)
        ? ({ id, kind, outline: shape } as ScenarioFeature)
        : ({ id, kind, path: shape } as ScenarioFeature);
  }
}

/** A building drawn inside the town `ref` (a polygon of its `buildings`); other items are left as they are. */
export function addBuilding(scenario: Scenario, ref: ItemRef, outline: readonly Point[]): Scenario {
  const town = ref.list === 'terrain' ? scenario.terrain[ref.index] : undefined;
  if (town?.kind !== 'town') return scenario;
  return withItem(scenario, ref, { ...town, buildings: [...town.buildings, outline.map(round)] });
}

/** The crest line of the hill `ref`; other items are left as they are. */
export function setCrest(scenario: Scenario, ref: ItemRef, crest: readonly Point[]): Scenario {
  const hill = ref.list === 'terrain' ? scenario.terrain[ref.index] : undefined;
  if (hill?.kind !== 'hill') return scenario;
  return withItem(scenario, ref, { ...hill, crest: crest.map(round) });
}

export function addZone(scenario: Scenario, side: string, outline: readonly Point[]): Scenario {
  const id = freshId(scenario, `${side}-zone`);
  return { ...scenario, deployment: [...scenario.deployment, { id, side, outline: outline.map(round) }] };
}

/** The item's points: a unit's, a general's or an objective's position; a shape's vertices. */
export function pointsOf(scenario: Scenario, ref: ItemRef): readonly Point[] {
  switch (ref.list) {
    case 'units':
      return [scenario.units[ref.index]!.position];
    case 'generals':
      return [scenario.generals[ref.index]!.position];
    case 'objectives':
      return [scenario.victory.objectives[ref.index]!.position];
    case 'deployment':
      return scenario.deployment[ref.index]!.outline;
    case 'terrain': {
      const t = scenario.terrain[ref.index]!;
      return 'outline' in t ? t.outline : t.path;
    }
  }
}

/** The item with its points replaced (vertex `i` only, or all of them). */
export function withPoints(scenario: Scenario, ref: ItemRef, points: readonly Point[]): Scenario {
  const at = round(points[0]!);
  const replace = <T>(list: readonly T[], item: T) => list.map((x, i) => (i === ref.index ? item : x));
  switch (ref.list) {
    case 'units':
      return { ...scenario, units: replace(scenario.units, { ...scenario.units[ref.index]!, position: at }) };
    case 'generals':
      return {
        ...scenario,
        generals: replace(scenario.generals, { ...scenario.generals[ref.index]!, position: at }),
      };
    case 'objectives': {
      const objectives = scenario.victory.objectives;
      return {
        ...scenario,
        victory: {
          ...scenario.victory,
          objectives: replace(objectives, { ...objectives[ref.index]!, position: at }),
        },
      };
    }
    case 'deployment':
      return {
        ...scenario,
        deployment: replace(scenario.deployment, {
          ...scenario.deployment[ref.index]!,
          outline: points.map(round),
        }),
      };
    case 'terrain': {
      const t = scenario.terrain[ref.index]!;
      const moved = 'outline' in t ? { ...t, outline: points.map(round) } : { ...t, path: points.map(round) };
      return { ...scenario, terrain: replace(scenario.terrain, moved as ScenarioFeature) };
    }
  }
}

/** The item moved by (dx, dy) inches, whole. */
export function moveBy(scenario: Scenario, ref: ItemRef, dx: number, dy: number): Scenario {
  return withPoints(
    scenario,
    ref,
    pointsOf(scenario, ref).map((p) => ({ x: p.x + dx, y: p.y + dy })),
  );
}

/** A unit turned to face `towards` (whole degrees, counter-clockwise from east as the file keeps them). */
export function turnTowards(scenario: Scenario, ref: ItemRef, towards: Point): Scenario {
  const unit = scenario.units[ref.index];
  if (ref.list !== 'units' || !unit) return scenario;
  const degrees = Math.round(
    (Math.atan2(towards.y - unit.position.y, towards.x - unit.position.x) * 180) / Math.PI,
  );
  return withItem(scenario, ref, { ...unit, facing: degrees });
}

/** Vertex `vertex` of a shape moved to `to`. */
export function moveVertex(scenario: Scenario, ref: ItemRef, vertex: number, to: Point): Scenario {
  return withPoints(
    scenario,
    ref,
    pointsOf(scenario, ref).map((p, i) => (i === vertex ? to : p)),
  );
}

/** The scenario without the item. Whatever named it (a unit's commander, a condition) is left for validation to point out. */
export function removeItem(scenario: Scenario, ref: ItemRef): Scenario {
  const without = (list: readonly unknown[]) => list.filter((_, i) => i !== ref.index);
  if (ref.list === 'objectives')
    return {
      ...scenario,
      victory: { ...scenario.victory, objectives: without(scenario.victory.objectives) as never },
    };
  return { ...scenario, [ref.list]: without(scenario[ref.list]) };
}

/** The item as JSON (what its form edits), and the scenario with it replaced by `value`. */
export function itemOf(scenario: Scenario, ref: ItemRef): unknown {
  return ref.list === 'objectives' ? scenario.victory.objectives[ref.index] : scenario[ref.list][ref.index];
}

export function withItem(scenario: Scenario, ref: ItemRef, value: unknown): Scenario {
  const replace = (list: readonly unknown[]) => list.map((x, i) => (i === ref.index ? value : x));
  if (ref.list === 'objectives')
    return {
      ...scenario,
      victory: { ...scenario.victory, objectives: replace(scenario.victory.objectives) as never },
    };
  return { ...scenario, [ref.list]: replace(scenario[ref.list]) };
}
