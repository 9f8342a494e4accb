import { deciderOf } from './apply.ts';
import type { JcCommand } from './commands.ts';
import { Draft } from './draft.ts';
import { generalCommands, unitCommands } from './legal-activation.ts';
import { aimCommands, orderCommands, responseCommands } from './legal-orders.ts';
import type { JcGameState } from './state.ts';

/**
 * `legalCommands`: a finite, representative list of what the deciding side may do now, every one of
 * which `apply` accepts (moves are checked on the table with the dice the command would throw). It is
 * not every legal command: `apply` takes any valid one. The list is what the computer opponent and
 * random players choose from (docs/game-john-company.md, "Legal commands").
 */

export function legalCommands(state: JcGameState, side: string): JcCommand[] {
  if (deciderOf(state) !== side) return [];
  const d = new Draft(state, { traces: false });
  const node = state.node;
  switch (node.phase) {
    case 'orders':
      return orderCommands(d, state, side);
    case 'aim':
      return aimCommands(d, side);
    case 'charge-response':
      return responseCommands(d, node.target, node.charger);
    case 'activation':
      return node.activation.kind === 'unit'
        ? unitCommands(d, state, node.activation)
        : generalCommands(d, node.activation);
    case 'over':
      return [];
  }
}
