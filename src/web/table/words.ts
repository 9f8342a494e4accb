import type { GameResult } from '../../game/engine/game.ts';
import type { JcView } from '../../game/john-company/view.ts';
import type { GameOutcome } from '../../protocol/api.ts';

/**
 * Names for people: sides by the scenario's names, units and Generals by theirs, and where the
 * sequence of play stands. Pure.
 */
export type SideNames = Readonly<Record<string, string>>;

export function sideName(names: SideNames, side: string): string {
  if (side === 'spectator') return 'Spectator';
  return names[side] ?? side.charAt(0).toUpperCase() + side.slice(1);
}

export function unitName(view: JcView, id: string): string {
  return view.units[id]?.name ?? view.generals[id]?.name ?? (id === 'hidden' ? 'an unseen unit' : id);
}

/** Where the sequence of play stands, in one line. */
export function describeNode(
  view: JcView,
  names: SideNames,
  /** The result as the server words it (the scenario's names, not ids), when it has one. */
  worded?: GameOutcome,
): string {
  const node = view.node;
  switch (node.phase) {
    case 'orders':
      return `Step 2: ${sideName(names, node.side)} places order counters`;
    case 'aim':
      return `Step 3: ${sideName(names, node.side)} aims its guns`;
    case 'charge-response':
      return `Step 4: ${unitName(view, node.charger)} charges ${unitName(view, node.target)}; ${sideName(names, node.side)} responds`;
    case 'activation': {
      const a = node.activation;
      const who = a.kind === 'unit' ? unitName(view, a.unit) : `General ${unitName(view, a.general)}`;
      return `Step 5: ${who} (${sideName(names, a.side)}) is activated`;
    }
    case 'over': {
      const result = worded ?? view.result;
      return result ? describeResult(result, names) : 'The battle is over';
    }
  }
}

/** How the battle ended (by the rules, or a side resigned: the server's result says so, the view not). */
export function describeResult(result: GameResult, names: SideNames): string {
  return `The battle is over: ${result.winner ? `${sideName(names, result.winner)} won` : 'a draw'} (${result.reason})`;
}
