import type { JcView } from '../../game/john-company/view.ts';
import type { GameOutcome } from '../../protocol/api.ts';
import { describeResult, type SideNames, sideName } from '../table/words.ts';

/** John Company's names for people: units and Generals by their names, and where the sequence of play stands. Pure. */

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
