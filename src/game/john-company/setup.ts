import { newDeck } from '../../core/random/deck.ts';
import { rngOf, type SeedMaterial } from '../../core/random/prng.ts';
import type { GeneralId, GeneralState, TableState, UnitId, UnitState } from '../../core/table/model.ts';
import { jcUnitRatings } from '../../rulesets/john-company/scenario-ratings.ts';
import type { JcUnitProfile } from '../../rulesets/john-company/table/unit-profile.ts';
import {
  COMMAND_RADIUS,
  DEFAULT_ORDERS_DECK,
  type OrdersDeckComposition,
  ordersDeckCardIds,
} from '../../rulesets/john-company/tables/orders-deck.ts';
import { GENERALSHIPS, type Generalship } from '../../rulesets/john-company/vocabulary.ts';
import type { Edge, Scenario, Unit } from '../scenario/schema.ts';
import { scenarioBasing, scenarioTerrain, standSize, unitStands } from '../scenario/table.ts';
import { formatScenarioIssue, validateScenarioWith } from '../scenario/validate.ts';
import { JC_SCENARIO_FORMAT } from './scenario.ts';
import {
  freshBookkeeping,
  JC_RULE_SET,
  JC_STATE_VERSION,
  type JcGameState,
  type JcGeneral,
  type JcScenarioFacts,
  type JcUnit,
  unitRecord,
} from './state.ts';

/** The facing that looks away from a base edge, into the table (degrees, counter-clockwise from +x). */
export const FACING_FROM_EDGE: Readonly<Record<Edge, number>> = {
  south: 90,
  north: 270,
  west: 0,
  east: 180,
};

/**
 * The starting state of a battle: the scenario (checked with `validateScenario`; an invalid one is a
 * programming error here, since shells validate first) laid out on the table, every unit rated by
 * John Company (scenario-ratings.ts), the decks built, and the sequence of play at turn 1, Step 2, the
 * first side placing its counters (Step 1 draws no Orders cards on turn 1).
 */
export function setupBattle(json: unknown, seed: SeedMaterial): JcGameState {
  const v = validateScenarioWith(JC_SCENARIO_FORMAT, json);
  if (!v.ok) throw new Error(`invalid scenario: ${v.errors.map(formatScenarioIssue).slice(0, 5).join('; ')}`);
  const scenario = v.scenario;
  const overrides = scenario.overrides?.['john-company'];
  const tableUnits: Record<UnitId, UnitState> = {};
  const units: Record<UnitId, JcUnit> = {};
  for (const u of scenario.units) {
    const stands = unitStands(u, scenario.basing);
    const ratings = jcUnitRatings(u, overrides);
    const tableUnit: UnitState = {
      id: u.id,
      side: u.side,
      formation: ratings.formation,
      facing: u.facing,
      stands,
    };
    tableUnits[u.id] = tableUnit;
    const profile: JcUnitProfile = ratings.profile;
    units[u.id] = unitRecord({
      id: u.id,
      side: u.side,
      name: u.name,
      commander: u.commander,
      arm: u.arm,
      regular: u.regular,
      army: u.army,
      profile,
      caracole: fightsByCaracole(u),
      winnerBonus: true,
      adjustments: [],
      colours: 'none',
      unitCommanderWounded: false,
      disordered: false,
      ...(ratings.formation === 'square' ? { continuing: { order: 'form-square' as const } } : {}),
      ...freshBookkeeping(),
    });
  }
  const baseEdges = Object.fromEntries(scenario.sides.map((s) => [s.id, s.baseEdge]));
  const generalSize = standSize(scenario.basing, 'general');
  const tableGenerals: Record<GeneralId, GeneralState> = {};
  const generals: Record<GeneralId, JcGeneral> = {};
  for (const g of scenario.generals) {
    tableGenerals[g.id] = {
      id: g.id,
      side: g.side,
      stand: {
        id: g.id,
        kind: 'general',
        x: g.position.x,
        y: g.position.y,
        facing: g.facing ?? FACING_FROM_EDGE[baseEdges[g.side] ?? 'south'],
        width: generalSize.width,
        depth: generalSize.depth,
      },
      ...(g.attachedTo !== undefined ? { attachedTo: g.attachedTo } : {}),
    };
    generals[g.id] = {
      id: g.id,
      side: g.side,
      name: g.name,
      rank: g.rank,
      ...(g.superior !== undefined ? { superior: g.superior } : {}),
      generalship: g.generalship,
      leadership: g.leadership,
      mounted: g.mounted,
      casualty: 'none',
      ordersUsed: 0,
      ordersPenalty: 0,
      couriersLost: 0,
      radiusHalved: false,
      activated: false,
      rallyFailed: false,
      noCharges: false,
      freeChanges: 0,
    };
  }
  const table: TableState = {
    width: scenario.table.width,
    depth: scenario.table.depth,
    basing: scenarioBasing(scenario.basing),
    units: tableUnits,
    generals: tableGenerals,
    terrain: scenarioTerrain(scenario),
  };
  const composition: OrdersDeckComposition = overrides?.ordersDeck ?? DEFAULT_ORDERS_DECK;
  const first = scenario.sides[0]!.id;
  return {
    format: { ruleSet: JC_RULE_SET, version: JC_STATE_VERSION },
    rng: rngOf(seed),
    seq: 0,
    scenario: scenarioFacts(scenario),
    turn: 1,
    node: { phase: 'orders', side: first },
    chargeQueue: [],
    table,
    units,
    generals,
    ordersDeck: newDeck(ordersDeckCardIds(composition)),
    movementDeck: newDeck([...Object.keys(tableUnits), ...Object.keys(tableGenerals)]),
  };
}

function scenarioFacts(scenario: Scenario): JcScenarioFacts {
  const radius = scenario.overrides?.['john-company']?.commandRadius;
  const byGeneralship = {} as Record<Generalship, number>;
  for (const g of GENERALSHIPS)
    byGeneralship[g] = radius?.byGeneralship?.[g] ?? COMMAND_RADIUS.byGeneralship[g];
  return {
    id: scenario.id,
    title: scenario.title,
    sides: scenario.sides.map((s) => s.id),
    baseEdges: Object.fromEntries(scenario.sides.map((s) => [s.id, s.baseEdge])),
    turnLimit: scenario.victory.turnLimit,
    objectives: scenario.victory.objectives.map((o) => ({
      id: o.id,
      position: o.position,
      radius: o.radius,
    })),
    conditions: scenario.victory.conditions,
    atTurnLimit: scenario.victory.atTurnLimit,
    commandRadius: byGeneralship,
    commanderInChiefBonus: radius?.commanderInChiefBonus ?? COMMAND_RADIUS.commanderInChiefBonus,
  };
}

/**
 * Native irregular light cavalry fight by Caracole (Part 4, Special Native Irregular Light Cavalry
 * Tactics): native, irregular, cavalry, neither heavy nor lancers. British irregular horse do not.
 */
function fightsByCaracole(u: Pick<Unit, 'arm' | 'regular' | 'army' | 'weight' | 'lancers'>): boolean {
  return (
    u.arm === 'cavalry' && !u.regular && u.army === 'native' && u.weight !== 'heavy' && u.lancers !== true
  );
}
