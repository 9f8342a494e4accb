import type { GameResult } from '../../game/engine/game.ts';

/**
 * Names for people: sides by the scenario's names, and how a battle ended. Pure.
 */
export type SideNames = Readonly<Record<string, string>>;

export function sideName(names: SideNames, side: string): string {
  if (side === 'spectator') return 'Spectator';
  return names[side] ?? side.charAt(0).toUpperCase() + side.slice(1);
}

/** How the battle ended (by the rules, or a side resigned: the server's result says so, the view not). */
export function describeResult(result: GameResult, names: SideNames): string {
  return `The battle is over: ${result.winner ? `${sideName(names, result.winner)} won` : 'a draw'} (${result.reason})`;
}
