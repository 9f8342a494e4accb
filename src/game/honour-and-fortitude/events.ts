import type { GameEventBase, GameResult } from '../engine/game.ts';

/**
 * What happened, in the past tense. Honour & Fortitude hides nothing but the dice to come, so every
 * event is visible to all; each carries the dice thrown for it (faces and value, by roll key).
 */
export interface HfEventBase extends GameEventBase {
  readonly dice?: readonly {
    readonly key: string;
    readonly faces: readonly number[];
    readonly value: number;
  }[];
}

export type HfEvent = HfEventBase &
  (
    | { readonly type: 'turn-began'; readonly turn: number; readonly first: string }
    | {
        readonly type: 'initiation';
        readonly unit: string;
        readonly initiated: boolean;
        readonly needed: number;
      }
    | {
        readonly type: 'moved';
        readonly unit: string;
        readonly x: number;
        readonly y: number;
        readonly facing: number;
        readonly formation: string;
        readonly inches: number;
      }
    | { readonly type: 'attack-declared'; readonly unit: string; readonly target: string }
    | { readonly type: 'phase-ended'; readonly side: string; readonly phase: string }
    | {
        readonly type: 'fired';
        readonly unit: string;
        readonly target: string;
        readonly band: string;
        readonly hits: number;
        readonly casualties: number;
        readonly defensive: boolean;
      }
    | { readonly type: 'ammunition-exploded'; readonly unit: string; readonly explosions: number }
    | {
        readonly type: 'morale-tested';
        readonly unit: string;
        readonly reason: string;
        readonly modified: number;
        readonly result: string;
        readonly condition: string;
      }
    | {
        readonly type: 'responded';
        readonly unit: string;
        readonly choice: string;
        readonly changedFace?: boolean;
      }
    | {
        readonly type: 'melee-round';
        readonly attacker: string;
        readonly defender: string;
        readonly round: number;
        readonly attackerPoints: number;
        readonly defenderPoints: number;
        readonly attackerLost: number;
        readonly defenderLost: number;
        readonly loser: string;
      }
    | {
        readonly type: 'fell-back';
        readonly unit: string;
        readonly how: 'retire' | 'panic' | 'run';
        readonly inches: number;
      }
    | { readonly type: 'left-the-table'; readonly unit: string }
    | { readonly type: 'destroyed'; readonly unit: string }
    | {
        /** A General at risk with the unit he rides with (Muster's reading of "if the C in C falls"). */
        readonly type: 'general-at-risk';
        readonly general: string;
        readonly unit: string;
        readonly occasion: 'lost-melee' | 'unit-destroyed';
        readonly fell: boolean;
        readonly commanderInChief: boolean;
      }
    | { readonly type: 'attack-lapsed'; readonly unit: string; readonly reason: string }
    | { readonly type: 'battle-ended'; readonly result: GameResult }
  );

/** An event as a draft emits it: the visibility and the dice are added there. */
export type NewHfEvent = HfEvent extends infer E
  ? E extends HfEvent
    ? Omit<E, 'visibleTo' | 'dice'>
    : never
  : never;
