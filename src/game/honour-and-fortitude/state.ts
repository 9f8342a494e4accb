import type { RngState } from '../../core/random/prng.ts';
import type { UnitStandState } from '../../core/table/model.ts';
import type { MoraleCondition } from '../../rulesets/honour-and-fortitude/procedures/morale-test.ts';
import type { HfRatings } from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import type {
  CompulsoryDistances,
  StateThresholds,
} from '../../rulesets/honour-and-fortitude/tables/reconstruction.ts';
import type { OrderState } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import type { GameResult } from '../engine/game.ts';
import type { Edge, Objective, ScenarioBasing, ScenarioFeature, Victory } from '../scenario/schema.ts';

/**
 * Honour & Fortitude's whole battle as plain JSON (docs/rules/honour-and-fortitude.md, "The whole
 * battle"): the table, the units with their state, and where the sequence of play stands. The PRNG
 * state is in it; nothing else is hidden.
 */

export const HF_RULE_SET = 'honour-and-fortitude';
export const HF_STATE_VERSION = 1;

/** The scenario's formations this game uses (the neutral words, laid out by src/game/scenario/table.ts). */
export type HfFormation =
  | 'line'
  | 'open-line'
  | 'column'
  | 'open-column'
  | 'square'
  | 'mass'
  | 'skirmish'
  | 'unlimbered'
  | 'limbered';

export type HfOrders = 'hold' | 'advance';

export interface HfUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly arm: 'infantry' | 'cavalry' | 'artillery';
  readonly ratings: HfRatings;
  readonly formation: HfFormation;
  /** Ranks the scenario gave a column or mass (kept when it re-forms). */
  readonly ranks?: number;
  /** Crew stands per gun model (artillery). */
  readonly crews: number;
  /** The centre of its front edge, and its facing (degrees). */
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly stands: readonly UnitStandState[];
  /** Figures left (gunners for artillery), at the start, and per stand (per gun model). */
  readonly figures: number;
  readonly startFigures: number;
  readonly figuresPerStand: number;
  /** Heroic .. Cowed, or routing. */
  readonly condition: MoraleCondition;
  /** Disorder from combat and morale (recovers in the Rallies); the ground's is `groundOrder`. */
  readonly disorder: OrderState;
  readonly groundOrder: OrderState;
  readonly orders: HfOrders;
  /** Off the table or destroyed. */
  readonly gone: boolean;
  /** This turn: moved (for the "moving" fire modifier), acted in the movement phase, fired. */
  readonly moved: boolean;
  readonly acted: boolean;
  readonly fired: boolean;
  /** The enemy unit it attacks this turn (declared in the movement phase). */
  readonly attacking: string | null;
  /** The enemy unit it is locked in melee with, and the rounds fought. */
  readonly meleeWith: string | null;
  readonly meleeRounds: number;
  /** The turn it last panicked: it does not run again in that turn's compulsory moves. */
  readonly routedOnTurn: number;
}

export interface HfGeneral {
  readonly id: string;
  readonly side: string;
  readonly commanderInChief: boolean;
  /** The unit he rides with (he is present with it and within 6" of its front). */
  readonly with: string | null;
  /** He fell (killed, wounded or taken) and is out of the battle (Muster's reading of "if the C in C falls"). */
  readonly fallen: boolean;
}

/** The scenario's facts the game needs after setup (plain JSON). */
export interface HfScenarioFacts {
  readonly id: string;
  readonly title: string;
  readonly width: number;
  readonly depth: number;
  readonly basing: ScenarioBasing;
  readonly terrain: readonly ScenarioFeature[];
  readonly sides: readonly { readonly id: string; readonly name: string; readonly baseEdge: Edge }[];
  readonly objectives: readonly Objective[];
  readonly victory: Victory;
  readonly thresholds: StateThresholds;
  readonly compulsory: CompulsoryDistances;
}

/** Where the sequence of play stands (H&F QRS, Sequence of Play). */
export type HfPhase =
  | { readonly kind: 'movement'; readonly side: string }
  | { readonly kind: 'firing'; readonly side: string }
  /** An attack waits for the defender's choice (H&F QRS, Attacks). */
  | { readonly kind: 'response'; readonly side: string; readonly attacker: string; readonly defender: string }
  | { readonly kind: 'over' };

export interface HfGameState {
  readonly format: { readonly ruleSet: typeof HF_RULE_SET; readonly version: number };
  readonly rng: RngState;
  readonly seq: number;
  readonly scenario: HfScenarioFacts;
  readonly turn: number;
  /** The side that moves (and fires) first this turn, by the dice. */
  readonly first: string;
  readonly phase: HfPhase;
  readonly units: Readonly<Record<string, HfUnit>>;
  readonly generals: readonly HfGeneral[];
  /** Attacks declared this turn and not yet resolved, in the order declared. */
  readonly attacks: readonly string[];
  readonly result?: GameResult;
}

/** The order a unit is in: the worse of its combat disorder and the ground's. */
export function orderOf(unit: Pick<HfUnit, 'disorder' | 'groundOrder'>): OrderState {
  const rank = { 'good-order': 0, disordered: 1, confused: 2 } as const;
  return rank[unit.disorder] >= rank[unit.groundOrder] ? unit.disorder : unit.groundOrder;
}

/** On the table and able to fight (not gone, not routing). */
export function isFighting(unit: HfUnit): boolean {
  return !unit.gone && unit.condition !== 'routing';
}

export function otherSide(state: Pick<HfGameState, 'scenario'>, side: string): string {
  return state.scenario.sides[0]!.id === side ? state.scenario.sides[1]!.id : state.scenario.sides[0]!.id;
}
