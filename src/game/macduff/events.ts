import type { TraceStep } from '../../core/rules/trace.ts';
import type { GameEventBase, GameResult } from '../engine/game.ts';

/** What happened, past tense. `text` is Muster's one-line account; `data` the numbers behind it. */
export interface MdEvent extends GameEventBase {
  readonly type:
    | 'turn-started'
    | 'card-drawn'
    | 'card-discarded'
    | 'unit-activated'
    | 'control-checked'
    | 'spotted'
    | 'revealed'
    | 'moved'
    | 'formation-changed'
    | 'fired'
    | 'casualties'
    | 'charge-declared'
    | 'reacted'
    | 'charge-ended'
    | 'melee'
    | 'rallied'
    | 'shattered'
    | 'surrender-called'
    | 'left-field'
    | 'fire-reserved'
    | 'passed'
    | 'activation-ended'
    | 'turn-ended'
    | 'game-over';
  readonly turn: number;
  readonly unit?: string;
  readonly target?: string;
  readonly text: string;
  readonly data?: Readonly<Record<string, number | string | boolean>>;
  /** The procedure's trace, when the game keeps traces. */
  readonly trace?: readonly TraceStep[];
  readonly result?: GameResult;
}
