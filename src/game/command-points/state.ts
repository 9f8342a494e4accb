import type { RngState } from '../../core/random/prng.ts';
import type { TerrainFeature, UnitStandState } from '../../core/table/model.ts';
import type { CpUnitRatings } from '../../rulesets/command-points/scenario-ratings.ts';
import type { ArtilleryRangeBand, GunRanges } from '../../rulesets/command-points/tables/artillery.ts';
import {
  COMMAND_POINTS_ID,
  type GunClass,
  type TrainingGrade,
} from '../../rulesets/command-points/vocabulary.ts';
import type { GameResult, GameStateBase } from '../engine/game.ts';
import type { Edge, ScenarioBasing, Victory } from '../scenario/schema.ts';

/**
 * The command-point battle as plain JSON: the scenario's table and victory, every unit and commander,
 * the turn and phase of Hannam's sequence, and the PRNG (the only thing the views hide).
 */

export const CP_RULE_SET = COMMAND_POINTS_ID;
export const CP_STATE_VERSION = 1;

/** The formations a unit may take: the scenario's words, laid out by src/game/scenario/table.ts. */
export const CP_FORMATIONS = ['line', 'column', 'skirmish', 'mass', 'unlimbered', 'limbered'] as const;
export type CpFormation = (typeof CP_FORMATIONS)[number];

/**
 * formed: under command. falling-back: defeated, retreating each turn until behind friends or in cover.
 * routed: moving 6" a turn until out of enemy gun range. destroyed: no bases left. gone: off the table.
 */
export const UNIT_STATUSES = ['formed', 'falling-back', 'routed', 'destroyed', 'gone'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export interface CpUnit {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  /** The commander whose command it belongs to. */
  readonly commander: string;
  readonly ratings: CpUnitRatings;
  readonly startBases: number;
  readonly bases: number;
  readonly dpoints: number;
  readonly formation: CpFormation;
  /** The formation it began in (irregulars' masses stay masses). */
  readonly startFormation: CpFormation;
  /** The centre of its front edge, and its facing (degrees). */
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly stands: readonly UnitStandState[];
  readonly status: UnitStatus;
  /** Movement points spent on it this turn. */
  readonly movesThisTurn: number;
  /** It fired this turn (guns that fired may not move; guns that moved may not fire). */
  readonly firedThisTurn: boolean;
  /** Its last target and range band (artillery's same-target and new-target modifiers). */
  readonly lastTarget?: { readonly unit: string; readonly band: ArtilleryRangeBand };
  /** It advanced to within 4" of this enemy this turn: combat follows. */
  readonly attacking?: string;
  /** A friend of lower grade routed within 6" of it: a D-point in the next morale phase. */
  readonly shakenByRout: boolean;
}

export const COMMANDER_STATUSES = ['active', 'retired', 'killed'] as const;

export interface CpCommander {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  readonly superior?: string;
  readonly status: (typeof COMMANDER_STATUSES)[number];
  /** The unit he is with, whose free point he may spend. */
  readonly attachedTo?: string;
  /** Command points left this turn. */
  readonly points: number;
  /** His free point for the unit he is with is still unspent this turn. */
  readonly freePoint: boolean;
  /** He joined a unit this turn (once a turn). */
  readonly attachedThisTurn: boolean;
  /** Points a light wound costs him next turn. */
  readonly pointsLostNextTurn: number;
}

export const CP_PHASES = ['command', 'fire', 'over'] as const;
export type CpPhase = (typeof CP_PHASES)[number];

/** The scenario's reconstructions and defaults, resolved once at setup (overrides applied). */
export interface CpSettings {
  readonly gunRanges: Readonly<Record<GunClass, GunRanges>>;
  readonly gradeFactors: Readonly<Record<TrainingGrade, number>>;
  readonly redressWhenHalted: Readonly<Record<TrainingGrade, number>>;
  readonly lightWoundPoints: number;
  readonly moraleRetreatAtDPoints: number;
  readonly moraleRoutAtLossFraction: number;
}

export interface FireOrder {
  readonly unit: string;
  readonly target: string;
}

export interface CpGameState extends GameStateBase {
  readonly format: { readonly ruleSet: typeof CP_RULE_SET; readonly version: number };
  readonly rng: RngState;
  readonly seq: number;
  readonly scenario: { readonly id: string; readonly title: string };
  readonly sides: readonly [string, string];
  readonly baseEdges: Readonly<Record<string, Edge>>;
  readonly table: { readonly width: number; readonly depth: number };
  readonly basing: ScenarioBasing;
  readonly terrain: Readonly<Record<string, TerrainFeature>>;
  readonly victory: Victory;
  readonly settings: CpSettings;
  readonly turn: number;
  readonly phase: CpPhase;
  /** Who acts first this turn, then second (a die decides each turn). */
  readonly order: readonly [string, string];
  /** 0 or 1: which of `order` decides in this phase. */
  readonly active: 0 | 1;
  readonly units: Readonly<Record<string, CpUnit>>;
  readonly commanders: Readonly<Record<string, CpCommander>>;
  /** Fire declared this phase, resolved together when both sides have declared. */
  readonly fireOrders: readonly FireOrder[];
  readonly result?: GameResult;
}

/** The battle as the table and the players see it: the state without its PRNG (a view is one). */
export type CpBoard = Omit<CpGameState, 'rng'>;

/** Units still on the table (formed, falling back or routing). */
export function onTable(u: CpUnit): boolean {
  return u.status === 'formed' || u.status === 'falling-back' || u.status === 'routed';
}

export function enemyOf(state: CpBoard, side: string): string {
  return state.sides[0] === side ? state.sides[1] : state.sides[0];
}
