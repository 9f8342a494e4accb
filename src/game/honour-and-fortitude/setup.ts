import { PrngDice } from '../../core/random/dice.ts';
import { rngOf, type SeedMaterial } from '../../core/random/prng.ts';
import { resolveUnitState } from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import { hfRatingsOf, withUnitOverrides } from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import {
  COMPULSORY_MOVES,
  UNIT_STATE_TABLE,
} from '../../rulesets/honour-and-fortitude/tables/reconstruction.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';
import { unitStands } from '../scenario/table.ts';
import { formatScenarioIssue, validateScenarioWith } from '../scenario/validate.ts';
import { Draft } from './draft.ts';
import { centreOf } from './geometry.ts';
import { scenarioOverrides, unitOverrides } from './overrides.ts';
import { HF_SCENARIO_FORMAT } from './scenario.ts';
import { beginTurn, groundOrderOf, type Progress } from './sequence.ts';
import {
  HF_RULE_SET,
  HF_STATE_VERSION,
  type HfFormation,
  type HfGameState,
  type HfGeneral,
  type HfUnit,
} from './state.ts';

/** Figures per stand when the basing does not say: foot 4, horse 2, a gun's crew 3 (Muster's default). */
const DEFAULT_FIGURES = { infantry: 4, cavalry: 2, crew: 3 } as const;

function figuresPerStand(scenario: Scenario, unit: Unit): number {
  const stands = scenario.basing.stands;
  if (unit.arm === 'artillery') return (stands.crew.figures ?? DEFAULT_FIGURES.crew) * (unit.crews ?? 1);
  return stands[unit.arm].figures ?? DEFAULT_FIGURES[unit.arm];
}

/**
 * The starting state of a battle: the scenario (checked with `validateScenario`; an invalid one is a
 * programming error here, since shells validate first) laid out on the table, every unit rated
 * (scenario-ratings.ts) and its state rolled (Morale + Drill + d6, Muster's reconstruction), the
 * Generals with the unit they start with or the nearest, and turn 1 begun with its initiative dice.
 */
export function setupBattle(json: unknown, seed: SeedMaterial): HfGameState {
  const v = validateScenarioWith(HF_SCENARIO_FORMAT, json);
  if (!v.ok) throw new Error(`invalid scenario: ${v.errors.map(formatScenarioIssue).slice(0, 5).join('; ')}`);
  const scenario = v.scenario;
  const overrides = scenarioOverrides(scenario);
  const thresholds = overrides.stateThresholds ?? UNIT_STATE_TABLE.thresholds;
  const dice = new PrngDice(rngOf(seed));
  const units: Record<string, HfUnit> = {};
  for (const u of scenario.units) {
    const ratings = withUnitOverrides(hfRatingsOf(u).ratings, unitOverrides(u));
    const perStand = figuresPerStand(scenario, u);
    const condition =
      ratings.state ??
      resolveUnitState({ morale: ratings.morale, drill: ratings.drill, thresholds }, dice).state;
    units[u.id] = {
      id: u.id,
      name: u.name,
      side: u.side,
      arm: u.arm,
      ratings,
      formation: u.formation as HfFormation,
      ...(u.ranks === undefined ? {} : { ranks: u.ranks }),
      crews: u.crews ?? 1,
      x: u.position.x,
      y: u.position.y,
      facing: u.facing,
      stands: unitStands(u, scenario.basing),
      figures: u.stands * perStand,
      startFigures: u.stands * perStand,
      figuresPerStand: perStand,
      condition,
      disorder: 'good-order',
      groundOrder: 'good-order',
      orders: overrides.initialOrders ?? 'hold',
      gone: false,
      moved: false,
      acted: false,
      fired: false,
      attacking: null,
      meleeWith: null,
      meleeRounds: 0,
      routedOnTurn: 0,
    };
  }
  const generals: HfGeneral[] = scenario.generals.map((g) => ({
    id: g.id,
    side: g.side,
    commanderInChief: g.rank === 'commander-in-chief',
    with: g.attachedTo ?? nearestUnit(Object.values(units), g.side, g.position),
    fallen: false,
  }));
  const base: HfGameState = {
    format: { ruleSet: HF_RULE_SET, version: HF_STATE_VERSION },
    rng: dice.state(),
    seq: 0,
    scenario: {
      id: scenario.id,
      title: scenario.title,
      width: scenario.table.width,
      depth: scenario.table.depth,
      basing: scenario.basing,
      terrain: scenario.terrain,
      sides: scenario.sides.map((s) => ({ id: s.id, name: s.name, baseEdge: s.baseEdge })),
      objectives: scenario.victory.objectives,
      victory: scenario.victory,
      thresholds,
      compulsory: overrides.compulsoryMoves ?? COMPULSORY_MOVES.distances,
    },
    turn: 0,
    first: scenario.sides[0]!.id,
    phase: { kind: 'movement', side: scenario.sides[0]!.id },
    units,
    generals,
    attacks: [],
  };
  const d = new Draft(base);
  for (const u of Object.values(units)) d.update(u.id, { groundOrder: groundOrderOf(d, u) });
  const p: Progress = { turn: 0, first: base.first, phase: base.phase, attacks: [] };
  beginTurn(d, p);
  return {
    ...d.finish({ turn: p.turn, first: p.first, phase: p.phase, attacks: p.attacks }),
    seq: 0,
  };
}

function nearestUnit(units: readonly HfUnit[], side: string, at: { x: number; y: number }): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const u of units) {
    if (u.side !== side) continue;
    const c = centreOf(u.stands);
    const distance = Math.hypot(c.x - at.x, c.y - at.y);
    if (distance < bestDistance) {
      best = u.id;
      bestDistance = distance;
    }
  }
  return best;
}
