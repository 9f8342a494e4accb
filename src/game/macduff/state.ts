import type { Deck } from '../../core/random/deck.ts';
import type { RngState } from '../../core/random/prng.ts';
import type { TableState } from '../../core/table/model.ts';
import type { MacduffRatings, MacduffScenarioOverrides } from '../../rulesets/macduff/scenario-ratings.ts';
import type { MacduffFormation, Personality } from '../../rulesets/macduff/vocabulary.ts';
import type { GameResult } from '../engine/game.ts';
import type { Edge, Objective, ScenarioBasing, VictoryCondition } from '../scenario/schema.ts';

export const MACDUFF_RULE_SET = 'macduff';

/** Where a unit stands: the centre of its front edge and its facing (degrees), as the scenario gives it. */
export interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}

/** Why a unit left the battle. */
export type OffTable = 'destroyed' | 'fled' | 'surrendered';

/** A unit's MacDuff state. Plain JSON; kept after it leaves the table. */
export interface MdUnit {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  /** Its brigadier (the scenario's commander). */
  readonly commander: string;
  readonly ratings: MacduffRatings;
  /** Figures per stand, from the scenario's basing (gunners per crew stand for guns). */
  readonly figuresPerStand: number;
  /** Crew stands per gun (layout only). */
  readonly crews: number;
  formation: MacduffFormation;
  anchor: Anchor;
  readonly startFigures: number;
  figures: number;
  guns: number;
  /** Casualties in the holding area (12.5). */
  held: number;
  /** A casualty marker from a remainder (10.5). */
  marker: boolean;
  /** Smoke markers (8.4): one halves its next fire, two stop it until it rallies. */
  smoke: number;
  /** Repeaters after four volleys: no fire until it rallies (8.6). */
  mustRallyToFire: boolean;
  /** After a melee, when shattered, or cavalry that charged: its next activation is a rally. */
  mustRally: boolean;
  shattered: boolean;
  /** Its own officer and its musician or standard bearer (10.6). */
  officer: boolean;
  music: boolean;
  /** The officer's personality, once rolled (3.4). */
  personality?: Personality;
  /** Natives hidden in cover (7.7): absent from the Imperial side's view. */
  concealed: boolean;
  activated: boolean;
  /**
   * It passed this turn (2.1): its activation ended without firing, moving, charging, changing formation,
   * limbering, rallying or reserving fire. A unit that passed may still react to a charge (6.2).
   */
  passed: boolean;
  /** It reserved its fire this turn (6.3): it may fire when charged, and only that. */
  reservedFire: boolean;
  /** It fired since it last rallied (8.4 c). */
  firedSinceRally: boolean;
  /** The turn it last fired (-1: not yet); heavy guns fire on alternate turns (9.1). */
  lastFiredTurn: number;
  /** Casualties from shooting this turn (11.3). */
  shotThisTurn: number;
  lostMeleeThisTurn: boolean;
  offTable?: OffTable;
}

export interface MdGeneral {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  readonly rank: string;
  /** The unit he rides with, if attached (an attached general stays with it, 1.8). */
  readonly attachedTo?: string;
  /** His personality, once rolled (3.4). */
  personality?: Personality;
}

/** A charge that reached its target: fought when every unit has acted (2.1). */
export interface PendingMelee {
  readonly attacker: string;
  readonly defender: string;
  readonly cavalryCharged: boolean;
  /** The defender counter-charged (cavalry) or stood. */
  readonly counterCharged: boolean;
}

/** What the deciding side is asked now. */
export type MdNode =
  | { readonly phase: 'choose-unit'; readonly side: string }
  | {
      readonly phase: 'activation';
      readonly side: string;
      readonly unit: string;
      /** The Control Check's verdict, or 'free' in control. */
      readonly control: 'free' | 'no-advance' | 'impetuous';
      readonly fired: boolean;
      /** Its fire option let it move half afterwards. */
      readonly mayMoveAfterFire: boolean;
      readonly moved: boolean;
      /** It limbered, unlimbered, or (irregular foot) changed formation this activation. */
      readonly switched: boolean;
    }
  | { readonly phase: 'reaction'; readonly side: string; readonly charger: string; readonly target: string }
  | { readonly phase: 'over' };

export interface MdScenarioInfo {
  readonly id: string;
  readonly sides: readonly [string, string];
  /** The side acting on red cards (Imperial) and on black (native). */
  readonly imperial: string;
  readonly native: string;
  readonly baseEdge: Readonly<Record<string, Edge>>;
  readonly turnLimit: number;
  readonly objectives: readonly Objective[];
  readonly conditions: readonly VictoryCondition[];
  readonly atTurnLimit: string;
  readonly overrides: MacduffScenarioOverrides;
  /** The scenario's basing, to lay units out again as they lose stands or change formation. */
  readonly basing: ScenarioBasing;
}

export interface MdGameState {
  readonly format: { readonly ruleSet: 'macduff'; readonly version: 1 };
  readonly rng: RngState;
  readonly seq: number;
  readonly scenario: MdScenarioInfo;
  readonly turn: number;
  /** Red and black cards; the draw pile's order is hidden from every view. */
  readonly deck: Deck;
  /** The card being played, once drawn. */
  readonly card?: 'red' | 'black';
  readonly node: MdNode;
  readonly units: Readonly<Record<string, MdUnit>>;
  readonly generals: Readonly<Record<string, MdGeneral>>;
  readonly table: TableState;
  readonly melees: readonly PendingMelee[];
  readonly result?: GameResult;
}
