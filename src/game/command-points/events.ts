import type { CombatResultId } from '../../rulesets/command-points/tables/combat.ts';
import type { GameResult } from '../engine/game.ts';

/** A side's working in a combat: the Average Die's number, its factors' sum, and their total. */
export interface CombatScore {
  readonly die: number;
  readonly factors: number;
  readonly score: number;
}

/** What happened, in the past tense. Nothing in these rules is hidden: every event is public. */
interface Base {
  readonly visibleTo: 'all';
}

export type CpEvent = Base &
  (
    | { readonly type: 'turn-began'; readonly turn: number; readonly first: string; readonly die: number }
    | {
        readonly type: 'points-thrown';
        readonly commander: string;
        readonly roll: number;
        readonly points: number;
      }
    | {
        readonly type: 'morale';
        readonly unit: string;
        readonly action: 'hold' | 'retreat' | 'rout';
        readonly dpoints: number;
      }
    | { readonly type: 'rallied'; readonly unit: string }
    | { readonly type: 'redressed-by-halting'; readonly unit: string; readonly removed: number }
    | {
        readonly type: 'moved';
        readonly unit: string;
        readonly payer: string;
        readonly free: boolean;
        readonly x: number;
        readonly y: number;
        readonly facing: number;
        readonly attacking?: string;
      }
    | {
        readonly type: 'formation-changed';
        readonly unit: string;
        readonly payer: string;
        readonly formation: string;
      }
    | { readonly type: 'redressed'; readonly unit: string; readonly payer: string; readonly dpoints: number }
    | { readonly type: 'attached'; readonly commander: string; readonly unit: string }
    | { readonly type: 'phase-ended'; readonly side: string; readonly phase: 'command' | 'fire' }
    | { readonly type: 'fire-declared'; readonly unit: string; readonly target: string }
    | {
        readonly type: 'fired';
        readonly unit: string;
        readonly target: string;
        readonly dpoints: number;
        readonly casualties: number;
      }
    | {
        readonly type: 'combat';
        readonly attackers: readonly string[];
        readonly defender: string;
        readonly attackerResult: CombatResultId;
        readonly defenderResult: CombatResultId;
        /** Each side's die, factors and score (die plus factors), as the combat read them. */
        readonly attackerScore?: CombatScore;
        readonly defenderScore?: CombatScore;
      }
    | { readonly type: 'retreated'; readonly unit: string; readonly x: number; readonly y: number }
    | { readonly type: 'commander-hit'; readonly commander: string; readonly fate: string }
    | { readonly type: 'routed'; readonly unit: string }
    | { readonly type: 'destroyed'; readonly unit: string }
    | { readonly type: 'left-table'; readonly unit: string }
    | { readonly type: 'game-over'; readonly result: GameResult }
  );
