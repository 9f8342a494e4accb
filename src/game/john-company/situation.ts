import type { Names } from './describe.ts';
import { orderName } from './describe.ts';
import type { JcView } from './view.ts';

const ONE = (x: number) => Math.round(x * 10) / 10;

/**
 * The situation from the deciding side's view, in words for a terminal (`muster play`): the step, its
 * units, the enemy it can see and its Generals; `names` names units and Generals, `sideName` a side.
 */
export function describeSituation(view: JcView, names: Names, sideName: (id: string) => string): string {
  const side = view.viewer;
  const n = (id: string) => names.get(id) ?? id;
  const lines = [
    ``,
    `--- Turn ${view.turn} of ${view.scenario.turnLimit}: ${stepText(view, n)} (${sideName(side)}) ---`,
  ];
  for (const own of [true, false]) {
    lines.push(own ? 'Your units:' : 'Enemy units in sight:');
    let any = false;
    for (const t of Object.values(view.table.units)) {
      if ((t.side === side) !== own) continue;
      const u = view.units[t.id];
      if (!u) continue;
      any = true;
      const front = t.stands.filter((s) => s.rank === 0);
      const x = front.reduce((a, s) => a + s.x, 0) / Math.max(1, front.length);
      const y = front.reduce((a, s) => a + s.y, 0) / Math.max(1, front.length);
      const stands = t.stands.filter((s) => s.kind !== 'gun' && s.kind !== 'limber').length;
      const status = u.status ?? u.lastStatus ?? 'untested';
      const flags = [
        u.disordered ? 'Disordered' : '',
        u.routing ? 'routing' : '',
        u.quitting ? 'quitting' : '',
      ]
        .filter((f) => f !== '')
        .join(', ');
      const counter = u.counter;
      const order =
        u.order !== undefined
          ? orderName(u.order)
          : counter && 'order' in counter
            ? `${orderName(counter.order)} (counter)`
            : counter
              ? 'counter face down'
              : u.continuing
                ? `${orderName(u.continuing.order)} (continuing)`
                : 'no counter';
      lines.push(
        `  ${n(t.id)}: ${t.formation} at (${ONE(x)}, ${ONE(y)}) facing ${Math.round(t.facing)}, ${stands} stand${stands === 1 ? '' : 's'}, ${status}${flags ? `, ${flags}` : ''}; ${order}`,
      );
    }
    if (!any) lines.push('  (none)');
  }
  const gens = Object.values(view.generals).filter((g) => g.side === side && view.table.generals[g.id]);
  if (gens.length > 0) {
    lines.push('Your Generals:');
    for (const g of gens) {
      const s = view.table.generals[g.id]!;
      const orders =
        g.orders === undefined ? '' : `, orders ${g.orders - (g.ordersUsed ?? 0)} of ${g.orders} left`;
      lines.push(
        `  ${n(g.id)}: at (${ONE(s.stand.x)}, ${ONE(s.stand.y)})${s.attachedTo ? ` with ${n(s.attachedTo)}` : ''}${orders}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function stepText(view: JcView, n: (id: string) => string): string {
  const node = view.node;
  switch (node.phase) {
    case 'orders':
      return 'Step 2, place order counters';
    case 'aim':
      return 'Step 3, aim guns';
    case 'charge-response':
      return `Step 4, ${n(node.target)} is charged by ${n(node.charger)}`;
    case 'activation': {
      const a = node.activation;
      if (a.kind === 'general') return `Step 5, ${n(a.general)} acts (${ONE(a.used)}" ridden)`;
      const u = view.units[a.unit];
      const test = u?.test ? `, tested ${u.test.status}` : '';
      const order = u?.order !== undefined ? `, ${orderName(u.order)}` : '';
      return `Step 5, ${n(a.unit)} acts${order}${test}${a.moved ? ', has moved' : ''}${a.fired ? ', has fired' : ''}`;
    }
    case 'over':
      return 'the battle is over';
  }
}
