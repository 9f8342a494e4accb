import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import { newDeck } from '../../core/random/deck.ts';
import { rngOf, type SeedMaterial } from '../../core/random/prng.ts';
import type { GeneralState, TableState } from '../../core/table/model.ts';
import {
  MACDUFF_SCENARIO_OVERRIDES,
  MACDUFF_UNIT_OVERRIDES,
  type MacduffScenarioOverrides,
  type MacduffUnitOverrides,
  macduffRatings,
  withOverrides,
} from '../../rulesets/macduff/scenario-ratings.ts';
import { CREW_PER_GUN } from '../../rulesets/macduff/tables/artillery.ts';
import type { MacduffFormation } from '../../rulesets/macduff/vocabulary.ts';
import type { EngineOptions } from '../engine/working-copy.ts';
import {
  NEUTRAL_SCENARIO_FORMAT,
  type Scenario,
  type ScenarioBasing,
  type Unit,
} from '../scenario/schema.ts';
import { scenarioBasing, scenarioTerrain, standSize } from '../scenario/table.ts';
import { Ctx } from './context.ts';
import { inConcealingGround, layout, overlapsOthers } from './geometry.ts';
import { startTurn } from './sequence.ts';
import { MACDUFF_RULE_SET, type MdGameState, type MdGeneral, type MdUnit } from './state.ts';

/**
 * The scenario, parsed, with its MacDuff overrides: per unit (`ratings.macduff`) and per scenario
 * (`overrides.macduff`), validated with MacDuff's own schemas. Until the scenario schema names the
 * `macduff` key, they are read here, the one place that looks at the raw input, and taken out before the
 * rest is parsed.
 */
function readScenario(input: unknown): {
  scenario: Scenario;
  unitOverrides: Record<string, MacduffUnitOverrides>;
  overrides: MacduffScenarioOverrides;
} {
  const raw = structuredClone(input) as {
    overrides?: Record<string, unknown>;
    units?: { id?: string; ratings?: Record<string, unknown> }[];
  };
  const unitOverrides: Record<string, MacduffUnitOverrides> = {};
  for (const u of raw.units ?? []) {
    if (u.ratings?.macduff === undefined) continue;
    unitOverrides[String(u.id)] = MACDUFF_UNIT_OVERRIDES.parse(u.ratings.macduff);
    delete u.ratings.macduff;
    if (Object.keys(u.ratings).length === 0) delete u.ratings;
  }
  const overrides = MACDUFF_SCENARIO_OVERRIDES.parse(raw.overrides?.macduff ?? {});
  if (raw.overrides) {
    delete raw.overrides.macduff;
    if (Object.keys(raw.overrides).length === 0) delete raw.overrides;
  }
  return { scenario: NEUTRAL_SCENARIO_FORMAT.scenario.parse(raw), unitOverrides, overrides };
}

/** A neutral formation as MacDuff's (4): irregulars fight in mass or as skirmishers; open order skirmishes. */
function formationOf(unit: Unit, irregular: boolean): MacduffFormation {
  switch (unit.formation) {
    case 'open-line':
    case 'open-column':
    case 'skirmish':
      return unit.arm === 'cavalry' ? 'mass' : 'skirmish';
    case 'unlimbered':
    case 'limbered':
    case 'mass':
      return unit.formation;
    default:
      return irregular ? 'mass' : unit.formation;
  }
}

/** How far a unit may be stepped back at setup to clear a unit the scenario overlaps it with. */
const SETUP_STEP_BACK_INCHES = 8;

/**
 * A unit's starting stands. Where the scenario's positions make it overlap a unit already placed (its
 * formations laid out at MacDuff's strengths), it steps back, a quarter inch at a time, until clear
 * (Muster's reading: no unit may stand on another).
 */
function clearOf(placed: Record<string, TableState['units'][string]>, unit: MdUnit, basing: ScenarioBasing) {
  const table = { units: placed } as unknown as TableState;
  const back = unit.anchor.facing + 180;
  for (let d = 0; d <= SETUP_STEP_BACK_INCHES; d += 0.25) {
    const anchor = {
      ...unit.anchor,
      x: unit.anchor.x + cosDegrees(back) * d,
      y: unit.anchor.y + sinDegrees(back) * d,
    };
    const stands = layout(unit, unit.formation, anchor, basing);
    if (!stands) throw new RangeError(`${unit.id}: cannot lay out ${unit.formation}`);
    if (!overlapsOthers(table, stands, [unit.id])) {
      unit.anchor = anchor;
      return stands;
    }
  }
  throw new RangeError(`${unit.id} overlaps another unit`);
}

/** The starting state of a MacDuff battle: turn 1, the deck shuffled, the first card drawn. */
export function setupBattle(input: unknown, seed: SeedMaterial, options: EngineOptions): MdGameState {
  const { scenario, unitOverrides, overrides } = readScenario(input);
  const basing = scenario.basing;
  const britishUnits = (side: string) =>
    scenario.units.filter((u) => u.side === side && u.army === 'british').length;
  const [a, b] = scenario.sides;
  const imperial = britishUnits(a!.id) >= britishUnits(b!.id) ? a!.id : b!.id;
  const native = imperial === a!.id ? b!.id : a!.id;
  const terrain = scenarioTerrain(scenario);
  const terrainList = Object.values(terrain);
  const units: Record<string, MdUnit> = {};
  const tableUnits: Record<string, TableState['units'][string]> = {};
  for (const su of scenario.units) {
    const figuresPerStand =
      su.arm === 'artillery' ? 1 : (basing.stands[su.arm].figures ?? (su.arm === 'infantry' ? 4 : 2));
    const ratings = withOverrides(macduffRatings(su, figuresPerStand), unitOverrides[su.id]);
    const formation = formationOf(su, !su.regular);
    const anchor = { x: su.position.x, y: su.position.y, facing: su.facing };
    const unit: MdUnit = {
      id: su.id,
      side: su.side,
      name: su.name,
      commander: su.commander,
      ratings,
      figuresPerStand: ratings.guns > 0 ? CREW_PER_GUN[ratings.gunKind ?? 'field'] : figuresPerStand,
      crews: su.crews ?? 1,
      formation,
      anchor,
      startFigures: ratings.figures,
      figures: ratings.figures,
      guns: ratings.guns,
      held: 0,
      marker: false,
      smoke: 0,
      mustRallyToFire: false,
      mustRally: false,
      shattered: false,
      officer: true,
      music: ratings.musicOrColours,
      concealed: false,
      activated: false,
      passed: false,
      reservedFire: false,
      firedSinceRally: false,
      lastFiredTurn: -1,
      shotThisTurn: 0,
      lostMeleeThisTurn: false,
    };
    const stands = clearOf(tableUnits, unit, basing);
    unit.concealed = ratings.mayConceal && inConcealingGround(terrainList, stands);
    units[su.id] = unit;
    tableUnits[su.id] = { id: su.id, side: su.side, formation: unit.formation, facing: su.facing, stands };
  }
  const generalSize = standSize(basing, 'general');
  const tableGenerals: Record<string, GeneralState> = {};
  const generals: Record<string, MdGeneral> = {};
  for (const g of scenario.generals) {
    const facing = g.facing ?? 90;
    tableGenerals[g.id] = {
      id: g.id,
      side: g.side,
      stand: {
        id: `${g.id}-stand`,
        kind: 'general',
        x: g.position.x,
        y: g.position.y,
        facing,
        ...generalSize,
      },
      ...(g.attachedTo ? { attachedTo: g.attachedTo } : {}),
    };
    generals[g.id] = {
      id: g.id,
      side: g.side,
      name: g.name,
      rank: g.rank,
      ...(g.attachedTo ? { attachedTo: g.attachedTo } : {}),
    };
  }
  const start: MdGameState = {
    format: { ruleSet: MACDUFF_RULE_SET, version: 1 },
    rng: rngOf(seed),
    seq: 0,
    scenario: {
      id: scenario.id,
      sides: [a!.id, b!.id],
      imperial,
      native,
      baseEdge: Object.fromEntries(scenario.sides.map((s) => [s.id, s.baseEdge])),
      turnLimit: scenario.victory.turnLimit,
      objectives: scenario.victory.objectives,
      conditions: scenario.victory.conditions,
      atTurnLimit: scenario.victory.atTurnLimit,
      overrides,
      basing,
    },
    turn: 1,
    deck: newDeck([]),
    node: { phase: 'over' },
    units,
    generals,
    table: {
      width: scenario.table.width,
      depth: scenario.table.depth,
      basing: scenarioBasing(basing),
      units: tableUnits,
      generals: tableGenerals,
      terrain,
    },
    melees: [],
  };
  const ctx = new Ctx(start, basing, options);
  startTurn(ctx);
  return { ...ctx.finish(), seq: 0 };
}
