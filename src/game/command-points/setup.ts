import { rngOf, type SeedMaterial } from '../../core/random/prng.ts';
import {
  type CpScenarioOverrides,
  type CpUnitOverrides,
  commandPointsUnitRatings,
} from '../../rulesets/command-points/scenario-ratings.ts';
import { ARTILLERY_RANGES } from '../../rulesets/command-points/tables/artillery.ts';
import { GRADE_FACTORS } from '../../rulesets/command-points/tables/combat.ts';
import { REDRESS_TABLE } from '../../rulesets/command-points/tables/command.ts';
import { COMMANDER_LOSS_TABLE } from '../../rulesets/command-points/tables/commanders.ts';
import { MORALE_TABLE } from '../../rulesets/command-points/tables/morale.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';
import { scenarioTerrain, unitStands } from '../scenario/table.ts';
import { formatScenarioIssue, validateScenarioWith } from '../scenario/validate.ts';
import { pointDistance } from './geometry.ts';
import { CP_SCENARIO_FORMAT } from './scenario.ts';
import {
  CP_RULE_SET,
  CP_STATE_VERSION,
  type CpCommander,
  type CpFormation,
  type CpGameState,
  type CpSettings,
  type CpUnit,
} from './state.ts';

/**
 * The scenario's per-unit and per-scenario command-point overrides (`ratings['command-points']`,
 * `overrides['command-points']`), as the scenario format (./scenario.ts) has checked them.
 */
function unitOverrides(unit: Unit): CpUnitOverrides | undefined {
  return unit.ratings?.['command-points'];
}
function scenarioOverrides(scenario: Scenario): CpScenarioOverrides {
  return scenario.overrides?.['command-points'] ?? {};
}

/** Muster's defaults with the scenario's replacements. */
export function resolveSettings(o: CpScenarioOverrides): CpSettings {
  return {
    gunRanges: {
      heavy: o.heavyGunRanges ?? ARTILLERY_RANGES.rows.heavy,
      light: o.lightGunRanges ?? ARTILLERY_RANGES.rows.light,
    },
    gradeFactors: { ...GRADE_FACTORS.factor, ...o.gradeFactors },
    redressWhenHalted: { ...REDRESS_TABLE.freeRemovalWhenHalted, ...o.redressWhenHalted },
    lightWoundPoints: o.lightWoundPoints ?? COMMANDER_LOSS_TABLE.rows[2]!.result.pointsLost,
    moraleRetreatAtDPoints: o.moraleRetreatAtDPoints ?? MORALE_TABLE.retreatAtDPoints,
    moraleRoutAtLossFraction: o.moraleRoutAtLossFraction ?? MORALE_TABLE.routAtLossFraction,
  };
}

/** The scenario's formation as one of ours: open orders close up, squares form column. */
function formationOf(unit: Unit): CpFormation {
  switch (unit.formation) {
    case 'open-line':
      return 'line';
    case 'open-column':
    case 'square':
      return 'column';
    default:
      return unit.formation;
  }
}

/**
 * The battle before turn 1 begins: the scenario (validated; an invalid one is a programming error, the
 * shells validate first) laid out, every unit rated, every commander with a unit of his command.
 * `begin` (apply.ts) then starts turn 1.
 */
export function setupState(json: unknown, seed: SeedMaterial): CpGameState {
  const v = validateScenarioWith(CP_SCENARIO_FORMAT, json);
  if (!v.ok) throw new Error(`invalid scenario: ${v.errors.map(formatScenarioIssue).slice(0, 5).join('; ')}`);
  const scenario = v.scenario;
  const units: Record<string, CpUnit> = {};
  for (const u of scenario.units) {
    const formation = formationOf(u);
    const ratings = commandPointsUnitRatings(u, unitOverrides(u));
    units[u.id] = {
      id: u.id,
      side: u.side,
      name: u.name,
      commander: u.commander,
      ratings,
      startBases: u.stands,
      bases: u.stands,
      dpoints: 0,
      formation,
      startFormation: formation,
      x: u.position.x,
      y: u.position.y,
      facing: u.facing,
      stands: unitStands({ ...u, formation }, scenario.basing),
      status: 'formed',
      movesThisTurn: 0,
      firedThisTurn: false,
      shakenByRout: false,
    };
  }
  const commanders: Record<string, CpCommander> = {};
  for (const g of scenario.generals) {
    const own = Object.values(units).filter((u) => u.side === g.side);
    const mine = own.filter((u) => u.commander === g.id);
    const pool = mine.length > 0 ? mine : own;
    const nearest = [...pool].sort((a, b) => pointDistance(g.position, a) - pointDistance(g.position, b))[0];
    const attachedTo = g.attachedTo ?? nearest?.id;
    commanders[g.id] = {
      id: g.id,
      side: g.side,
      name: g.name,
      ...(g.superior ? { superior: g.superior } : {}),
      status: 'active',
      ...(attachedTo ? { attachedTo } : {}),
      points: 0,
      freePoint: false,
      attachedThisTurn: false,
      pointsLostNextTurn: 0,
    };
  }
  const sides = [scenario.sides[0]!.id, scenario.sides[1]!.id] as const;
  return {
    format: { ruleSet: CP_RULE_SET, version: CP_STATE_VERSION },
    rng: rngOf(seed),
    seq: 0,
    scenario: { id: scenario.id, title: scenario.title },
    sides,
    baseEdges: Object.fromEntries(scenario.sides.map((s) => [s.id, s.baseEdge])),
    table: { width: scenario.table.width, depth: scenario.table.depth },
    basing: scenario.basing,
    terrain: scenarioTerrain(scenario),
    victory: scenario.victory,
    settings: resolveSettings(scenarioOverrides(scenario)),
    turn: 0,
    phase: 'command',
    order: sides,
    active: 0,
    units,
    commanders,
    fireOrders: [],
  };
}
