import type { GeneralId, TableState, TerrainFeature, UnitId, UnitState } from '../../core/table/model.ts';
import { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import { JohnCompanySight } from '../../rulesets/john-company/table/line-of-sight.ts';
import type { MoveContext, UnitFacts } from '../../rulesets/john-company/table/movement.ts';
import { type Ground, prepareGround } from '../../rulesets/john-company/table/movement-terrain.ts';
import type { JcForces } from '../../rulesets/john-company/table/unit-profile.ts';
import { forcesOf, forcesWith, GENERAL_FORCES_FIELDS } from './forces.ts';
import type { JcGameState, JcGeneral, JcScenarioFacts, JcUnit } from './state.ts';

/**
 * John Company's caches: what the engine derives from a state's records (the prepared ground, line of
 * sight, the forces, the table's facts, the move context), kept while the records it was built from
 * stay the same objects. States share every record a command did not touch, so a cache keyed by a
 * record serves every later state that still holds it.
 */

/** Unit fields the table's facts never read (changing them keeps the facts). */
const FACTS_IGNORE: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>([
  'activated',
  'counter',
  'test',
  'pending',
  'eventsDue',
  'nextMoveInches',
  'fireHalved',
  'aimed',
  'forcedOrder',
  'withoutOrdersNextTest',
  'lastOrder',
  'colours',
  'unitCommanderWounded',
  'quitting',
  'looting',
  'charge',
  'pursuing',
  'changedOrder',
  'friendsFallingBackSeen',
  'friendsRoutingSeen',
  'adjustments',
]);

/** Unit fields that change the unit's profile in the forces (not only its state). */
const FORCES_REBUILD: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>(['profile', 'commander']);

/** General fields the forces read. */
const GENERAL_FORCES_NEED: ReadonlySet<keyof JcGeneral> = new Set(GENERAL_FORCES_FIELDS);

/** Unit fields that decide whether a unit defends its town (`townDefendersOf`). */
const DEFENDERS_NEED: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>(['order', 'continuing']);

/** Unit fields the move context reads. */
const MOVES_NEED: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>([
  'order',
  'mandatoryMove',
  'routing',
  'profile',
]);

/** What a change of a unit field touches (`FIELD_TOUCHES`). */
const TOUCHES_FACTS = 1;
const TOUCHES_PROFILE = 2;
const TOUCHES_MOVES = 4;
const TOUCHES_DEFENDERS = 8;

/**
 * What a change of each unit field named in the sets above touches, as flags (one look-up per field);
 * a field named in none of them touches the facts alone.
 */
const FIELD_TOUCHES: ReadonlyMap<keyof JcUnit, number> = (() => {
  const out = new Map<keyof JcUnit, number>();
  for (const k of [...FACTS_IGNORE, ...FORCES_REBUILD, ...MOVES_NEED, ...DEFENDERS_NEED])
    out.set(
      k,
      (FACTS_IGNORE.has(k) ? 0 : TOUCHES_FACTS) |
        (FORCES_REBUILD.has(k) ? TOUCHES_PROFILE : 0) |
        (MOVES_NEED.has(k) ? TOUCHES_MOVES : 0) |
        (DEFENDERS_NEED.has(k) ? TOUCHES_DEFENDERS : 0),
    );
  return out;
})();

/** Forces built for a turn. */
interface KnownForces {
  readonly forces: JcForces;
  readonly turn: number;
}

/**
 * A state's forces: those built for an earlier state of the battle in the same turn, with the units
 * whose facts-state changed since (none when they are the state's own), and the records they describe
 * (never changed once shared).
 */
interface StateForces extends KnownForces {
  readonly stale: ReadonlySet<UnitId>;
  readonly generals: Readonly<Record<GeneralId, JcGeneral>>;
  readonly tableUnits: TableState['units'];
}

/** No unit: the forces are a state's own. */
const NONE_STALE: ReadonlySet<UnitId> = new Set();

/** The forces of states, by their record of units. */
const stateForces = new WeakMap<Readonly<Record<UnitId, JcUnit>>, StateForces>();

/**
 * The facts of states' own tables, by table, with the forces they were built on: every draft of a state
 * asks the same questions of the same facts until it changes something (the forces of a state are one
 * object while its records and turn are unchanged, so they tell whether the facts still hold).
 */
const stateFacts = new WeakMap<TableState, { readonly forces: JcForces; readonly facts: JcTableFacts }>();

/** The move contexts of states' own tables, by table, with the record of units they were built from. */
const stateMoves = new WeakMap<
  TableState,
  { readonly units: Readonly<Record<UnitId, JcUnit>>; readonly context: MoveContext }
>();

const groundCache = new WeakMap<Readonly<Record<string, TerrainFeature>>, Ground>();
const sightCache = new WeakMap<TableState['units'], Map<string, JohnCompanySight>>();

/** The table's prepared ground for moves: built once per terrain (it never changes during a battle). */
export function groundOf(table: TableState): Ground {
  let g = groundCache.get(table.terrain);
  if (!g) {
    g = prepareGround(table);
    groundCache.set(table.terrain, g);
  }
  return g;
}

/** The table and the town defenders (`townDefendersOf`) that spotting depends on (view.ts `isSpotted`). */
export interface SpottingGround {
  readonly table: TableState;
  readonly townDefenders: readonly UnitId[];
}

/**
 * The units on the table that defend the town they may be in, for line of sight (Part 4, Line Of Sight
 * D, "Units defending a town/village are visible to any unit with a clear line of sight to the town"):
 * those on Hold, Part 4's Defend orders (their order this turn once shown, else a continuing Hold).
 */
export function townDefendersOf(units: Readonly<Record<UnitId, JcUnit>>, table: TableState): UnitId[] {
  const out: UnitId[] = [];
  for (const id of Object.keys(table.units)) {
    const u = units[id];
    if (u && (u.order ?? u.continuing?.order) === 'hold') out.push(id);
  }
  return out;
}

/**
 * Line of sight between the units of a table, built once per set of unit states and town defenders
 * (states share unchanged tables and unit records). Generals are no part of it: their stands never
 * block a sight line, so a table that differs only in where the Generals are has the same sight between
 * its units.
 */
export function sightOf(table: TableState, townDefenders: readonly UnitId[]): JohnCompanySight {
  let byDefenders = sightCache.get(table.units);
  if (!byDefenders) {
    byDefenders = new Map();
    sightCache.set(table.units, byDefenders);
  }
  const key = townDefenders.join('\n');
  let s = byDefenders.get(key);
  if (!s) {
    s = new JohnCompanySight(table, { townDefenders });
    byDefenders.set(key, s);
  }
  return s;
}

/**
 * A unit record's facts for `resolveMove` (they read nothing else). Made afresh for each move context:
 * keeping them by record in a `WeakMap` cost more than making the three fields (a move context is built
 * again after each mandatory move's patch of the mover, for some 24 units).
 */
function movingFactsOf(u: JcUnit): UnitFacts {
  const troop = u.profile.troop;
  const order = u.order;
  const onMandatoryMove = u.mandatoryMove !== undefined || u.routing;
  if (order === undefined) return onMandatoryMove ? { troop, onMandatoryMove } : { troop };
  return onMandatoryMove ? { troop, order, onMandatoryMove } : { troop, order };
}

/** The records of a draft as they are now, which the derived views are built from (John Company's `Draft`). */
export interface DraftRecords {
  readonly scenario: JcScenarioFacts;
  readonly turn: number;
  unitsById(): Readonly<Record<UnitId, JcUnit>>;
  generalsById(): Readonly<Record<GeneralId, JcGeneral>>;
  tableUnitsById(): Readonly<Record<UnitId, UnitState>>;
  /** The table as it is now (one object until the table changes). */
  table(): TableState;
  /** Whether the turn, units, Generals and table units are still the state's own (nothing changed). */
  pristine(): boolean;
  /** The table of the state the draft started from. */
  startingTable(): TableState;
}

/**
 * The views one draft derives from its records (facts, sight, move context): built when first asked
 * for and dropped when a change touches what they read. The draft reports each change; a view built
 * while the draft is still pristine is kept with the state for its later drafts.
 */
export class DerivedViews {
  private factsCache: JcTableFacts | undefined;
  /** The last facts this draft held (they may no longer hold): new facts carry what they can from them. */
  private factsBefore: JcTableFacts | undefined;
  private forcesCache: KnownForces | undefined;
  private groundCache: SpottingGround | undefined;
  /** Units whose facts-state changed since `forcesCache` was built, or all of them. */
  private forcesStale: Set<UnitId> | 'all' = new Set();
  private moveCache: MoveContext | undefined;
  private sightCache: { readonly ground: SpottingGround; readonly sight: JohnCompanySight } | undefined;

  /** Starts from the forces the state was handed (`handOver`), if any. */
  constructor(private readonly records: DraftRecords) {
    const known = stateForces.get(records.unitsById());
    if (
      known !== undefined &&
      known.turn === records.turn &&
      known.generals === records.generalsById() &&
      known.tableUnits === records.tableUnitsById()
    ) {
      this.forcesCache = known;
      this.forcesStale = new Set(known.stale);
    }
  }

  /** A unit's fields `keys` changed: drops the views that read them. */
  unitChanged(id: UnitId, keys: readonly (keyof JcUnit)[]): void {
    let touched = 0;
    for (let i = 0; i < keys.length; i++) touched |= FIELD_TOUCHES.get(keys[i]!) ?? TOUCHES_FACTS;
    if (touched & TOUCHES_MOVES) this.moveCache = undefined;
    if (touched & TOUCHES_DEFENDERS) this.groundCache = undefined;
    if (!(touched & TOUCHES_FACTS)) return;
    this.factsCache = undefined;
    if (touched & TOUCHES_PROFILE) this.forcesStale = 'all';
    else if (this.forcesStale !== 'all') this.forcesStale.add(id);
  }

  /** A unit was added or replaced whole. */
  unitReplaced(): void {
    this.factsCache = undefined;
    this.forcesStale = 'all';
    this.moveCache = undefined;
    this.groundCache = undefined;
  }

  /**
   * A General changed, in fields `keys` (all of them when he is new or replaced whole): commanders shape
   * the units' profiles, and the forces hold every General's ratings.
   */
  generalChanged(keys?: readonly (keyof JcGeneral)[]): void {
    if (keys !== undefined && !keys.some((k) => GENERAL_FORCES_NEED.has(k))) return;
    this.factsCache = undefined;
    this.forcesStale = 'all';
  }

  /** A unit came onto the table or left it: the forces hold only the units on the table. */
  tableUnitsChanged(): void {
    this.forcesStale = 'all';
  }

  /** The table changed (a stand moved, a unit or General came or went). */
  tableChanged(): void {
    this.factsCache = undefined;
    this.moveCache = undefined;
  }

  /** John Company's facts for the table as it is now. */
  facts(): JcTableFacts {
    if (!this.factsCache) {
      const ground = this.spottingGround();
      const forces = this.forces();
      const known = stateFacts.get(ground.table);
      if (known?.forces === forces) this.factsCache = known.facts;
      else {
        this.factsCache = new JcTableFacts(
          ground.table,
          forces,
          { sight: () => sightOf(ground.table, ground.townDefenders) },
          this.factsBefore ?? stateFacts.get(this.records.startingTable())?.facts,
        );
        if (this.records.pristine()) stateFacts.set(ground.table, { forces, facts: this.factsCache });
      }
      this.factsBefore = this.factsCache;
    }
    return this.factsCache;
  }

  /**
   * Hands the forces and table facts held to the state the draft produced, under that state's records
   * (docs/ARCHITECTURE.md, Facts carried from one state to the next), when they still describe it: the
   * forces built for this turn, with the units changed since (their states are brought up to date when
   * the forces are next asked for: a state's forces may never be), and the facts built on those forces
   * over this very table. The next draft of that state (the next command, `legalCommands`) then starts
   * from them instead of building them again.
   */
  handOver(state: JcGameState): void {
    const known = this.forcesCache;
    if (!known || known.turn !== this.records.turn || this.forcesStale === 'all') return;
    const stale = this.forcesStale.size === 0 ? NONE_STALE : new Set(this.forcesStale);
    stateForces.set(state.units, {
      forces: known.forces,
      turn: known.turn,
      stale,
      generals: state.generals,
      tableUnits: state.table.units,
    });
    if (stale.size > 0) return;
    const facts = this.factsCache;
    if (facts && facts.forces === known.forces && facts.table === state.table)
      stateFacts.set(state.table, { forces: known.forces, facts });
  }

  /**
   * The forces as they are now: the last ones built (or handed to the state the draft started from),
   * with the states of the units changed since then brought up to date, or built anew after a change to
   * profiles, Generals, the turn or the units on the table. A state's own forces are kept with it for
   * every draft of that state.
   */
  private forces(): JcForces {
    const records = this.records;
    const turn = records.turn;
    const units = records.unitsById();
    const tableUnits = records.tableUnitsById();
    const known = this.forcesCache;
    const source = { units, generals: records.generalsById(), turn, scenario: records.scenario };
    let forces: JcForces;
    if (known && known.turn === turn && this.forcesStale !== 'all') {
      if (this.forcesStale.size === 0) return known.forces;
      forces = forcesWith(known.forces, source, this.forcesStale, (id) => tableUnits[id] !== undefined);
    } else forces = forcesOf(source, (id) => tableUnits[id] !== undefined);
    this.forcesCache = { forces, turn };
    this.forcesStale = new Set();
    if (records.pristine())
      stateForces.set(units, {
        forces,
        turn,
        stale: NONE_STALE,
        generals: records.generalsById(),
        tableUnits,
      });
    return forces;
  }

  /** Line of sight on the table as it is now, town defenders included (looked up once per ground). */
  sight(): JohnCompanySight {
    const ground = this.spottingGround();
    if (this.sightCache?.ground !== ground)
      this.sightCache = { ground, sight: sightOf(ground.table, ground.townDefenders) };
    return this.sightCache.sight;
  }

  /**
   * What spotting depends on now (view.ts `isSpotted`): the table and its town defenders. The same
   * object until either changes, so the spotting worked out for it is kept.
   */
  spottingGround(): SpottingGround {
    const table = this.records.table();
    if (this.groundCache?.table !== table)
      this.groundCache = { table, townDefenders: townDefendersOf(this.records.unitsById(), table) };
    return this.groundCache;
  }

  /**
   * The table ready for `resolveMove`. One built while the draft is pristine is kept with the state, for
   * every draft of that state (so that moves judged on it are known to each: options.ts `tryMove`).
   */
  moveContext(): MoveContext {
    if (!this.moveCache) {
      const table = this.records.table();
      const units = this.records.unitsById();
      const pristine = this.records.pristine();
      const known = pristine ? stateMoves.get(table) : undefined;
      if (known?.units === units) {
        this.moveCache = known.context;
        return known.context;
      }
      const moving: Record<UnitId, UnitFacts> = {};
      for (const id of Object.keys(this.records.tableUnitsById())) {
        const u = units[id];
        if (u) moving[id] = movingFactsOf(u);
      }
      this.moveCache = { table, ground: groundOf(table), units: moving };
      if (pristine) stateMoves.set(table, { units, context: this.moveCache });
    }
    return this.moveCache;
  }
}
