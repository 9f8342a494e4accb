import type { RollRecord } from '../../core/random/dice.ts';
import type { TraceStep } from '../../core/rules/trace.ts';
import type { GeneralId, SideId, UnitId } from '../../core/table/model.ts';
import type { CommandersEventResult } from '../../rulesets/john-company/procedures/commanders-event.ts';
import type { ConfrontationResult } from '../../rulesets/john-company/procedures/confrontation/facts.ts';
import type { FireResult } from '../../rulesets/john-company/procedures/fire/result.ts';
import type { OfficerCasualtyResult } from '../../rulesets/john-company/procedures/officer-casualty.ts';
import type { OrdersDrawResult } from '../../rulesets/john-company/procedures/orders-draw.ts';
import type { UnitEventResult } from '../../rulesets/john-company/procedures/unit-event/facts.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { Generalship, Leadership, ResolveStatus } from '../../rulesets/john-company/vocabulary.ts';
import type { GameEventBase, GameResult } from '../engine/game.ts';
import type { OffTable, TurnTest } from './state.ts';

/**
 * What happened, in the past tense: John Company's game log. Every event says who may see it
 * (`visibleTo`), carries the dice thrown for it (`rolls`, as `PrngDice` recorded them) and, when the
 * game keeps traces, each procedure's steps (`trace`). `irreversible` marks the events after which an
 * undo must stop: dice were thrown or something hidden was shown.
 */
export interface JcEventBase extends GameEventBase {
  readonly irreversible?: true;
  readonly rolls?: readonly RollRecord[];
  readonly trace?: readonly TraceStep[];
}

/** Where a unit's front now is: its front-centre and facing. */
export interface Placement {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly formation: string;
}

/** Why a unit moved. */
export type MoveReason =
  | 'order'
  | 'charge'
  | 'charge-contact'
  | 'counter-charge'
  | 'pursuit'
  | 'evade'
  | 'fall-back'
  | 'forced-back'
  | 'rout'
  | 'recoil'
  | 'support'
  | 'quit';

export type JcEvent = JcEventBase &
  (
    | { readonly type: 'turn-began'; readonly turn: number }
    | {
        readonly type: 'orders-drawn';
        readonly general: GeneralId;
        readonly result: OrdersDrawResult;
        readonly orders: number | undefined;
      }
    | {
        readonly type: 'commanders-event';
        readonly general: GeneralId;
        readonly result: CommandersEventResult;
      }
    | {
        readonly type: 'officer-casualty';
        readonly general: GeneralId;
        readonly result: OfficerCasualtyResult;
      }
    | {
        readonly type: 'officer-replaced';
        readonly general: GeneralId;
        readonly replacement: GeneralId;
        readonly generalship: Generalship;
        readonly leadership: Leadership;
      }
    | {
        readonly type: 'order-placed';
        readonly side: SideId;
        readonly unit: UnitId;
        readonly order: OrderId | 'blank';
        readonly target?: UnitId;
      }
    | { readonly type: 'order-removed'; readonly side: SideId; readonly unit: UnitId }
    | { readonly type: 'orders-finished'; readonly side: SideId }
    | {
        readonly type: 'order-revealed';
        readonly unit: UnitId;
        readonly order: OrderId | 'without-orders';
        readonly target?: UnitId;
        /** Why it has this order: its counter, a continuing order, an event, or none. */
        readonly source: 'counter' | 'continuing' | 'forced' | 'chosen' | 'without-orders';
      }
    | { readonly type: 'guns-aimed'; readonly unit: UnitId; readonly degrees: number }
    | { readonly type: 'step-began'; readonly step: 3 | 4 | 5 }
    | {
        readonly type: 'reaction-tested';
        readonly unit: UnitId;
        readonly occasion: 'activation' | 'charging' | 'charge-target' | 'meeting-new-enemy';
        readonly test: TurnTest;
        readonly goesAhead?: boolean;
      }
    | {
        readonly type: 'charge-launched';
        readonly unit: UnitId;
        readonly target: UnitId;
        readonly moved: number;
      }
    | {
        readonly type: 'charge-response';
        readonly unit: UnitId;
        readonly charger: UnitId;
        /** It put down a new counter (face down until the charge meets it). */
        readonly changed: boolean;
      }
    | { readonly type: 'card-drawn'; readonly card: string; readonly kind: 'unit' | 'general' }
    | { readonly type: 'deck-shuffled'; readonly deck: 'movement' | 'orders'; readonly cards: number }
    | {
        readonly type: 'unit-moved';
        readonly unit: UnitId;
        readonly reason: MoveReason;
        readonly inches: number;
        readonly to: Placement;
        readonly disordered: boolean;
      }
    | { readonly type: 'formation-changed'; readonly unit: UnitId; readonly to: Placement }
    | {
        readonly type: 'unit-fired';
        readonly unit: UnitId;
        readonly target: UnitId;
        readonly kind: 'small-arms' | 'artillery' | 'counter-battery' | 'defenders-volley' | 'caracole';
        readonly result: FireResult;
        readonly gunsKnockedOut?: number;
      }
    | {
        readonly type: 'stands-lost';
        readonly unit: UnitId;
        readonly count: number;
        readonly left: number;
        readonly cause: string;
      }
    | { readonly type: 'unit-left'; readonly unit: UnitId; readonly why: OffTable }
    | {
        readonly type: 'confrontation-resolved';
        readonly charger: UnitId;
        readonly target: UnitId;
        readonly result: ConfrontationResult;
      }
    | {
        readonly type: 'charge-ended';
        readonly unit: UnitId;
        readonly target: UnitId;
        readonly outcome:
          | 'no-contact'
          | 'target-gone'
          | 'caracole'
          | 'skirmishers-caught'
          | 'caught-evading'
          | 'stands-removed';
        readonly standsLost?: number;
      }
    | { readonly type: 'unit-event'; readonly unit: UnitId; readonly result: UnitEventResult }
    | {
        readonly type: 'status-changed';
        readonly unit: UnitId;
        readonly status: ResolveStatus;
        readonly disordered: boolean;
      }
    | {
        readonly type: 'rally-attempted';
        readonly unit: UnitId;
        readonly general: GeneralId | undefined;
        readonly rallied: boolean;
        readonly level?: number;
        readonly status?: ResolveStatus;
      }
    | { readonly type: 'control-regained'; readonly unit: UnitId; readonly regained: boolean }
    | {
        /** Irregulars who quit the battle reach a town and loot it for `turns` turns. */
        readonly type: 'looting';
        readonly unit: UnitId;
        readonly town: string;
        readonly turns: number;
      }
    | {
        /** A General reaches irregulars making for a town: one die under his Leadership modifier recalls them. */
        readonly type: 'looters-recalled';
        readonly unit: UnitId;
        readonly general: GeneralId;
        readonly recalled: boolean;
      }
    | {
        readonly type: 'general-moved';
        readonly general: GeneralId;
        readonly x: number;
        readonly y: number;
        readonly inches: number;
      }
    | { readonly type: 'general-attached'; readonly general: GeneralId; readonly unit: UnitId }
    | { readonly type: 'general-detached'; readonly general: GeneralId; readonly unit: UnitId }
    | { readonly type: 'activation-ended'; readonly card: string }
    | { readonly type: 'turn-ended'; readonly turn: number }
    | { readonly type: 'game-over'; readonly result: GameResult }
  );

export type JcEventType = JcEvent['type'];
