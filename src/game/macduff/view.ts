import type { TableState } from '../../core/table/model.ts';
import type { Viewer } from '../engine/game.ts';
import { otherRng } from '../engine/invariants.ts';
import type { MdEvent } from './events.ts';
import type { MdGameState } from './state.ts';

/**
 * What a side sees: everything but the PRNG, the deck's order (only how many red and black cards are
 * left) and enemy units still concealed (7.7). A spectator sees what both sides may.
 */
export type MdView = Omit<MdGameState, 'rng' | 'deck'> & {
  readonly viewer: Viewer;
  readonly cardsLeft: { readonly red: number; readonly black: number };
};

export function viewFor(state: MdGameState, viewer: Viewer): MdView {
  const { rng: _rng, deck, ...rest } = state;
  const red = deck.drawPile.filter((c) => c.startsWith('red')).length;
  const cardsLeft = { red, black: deck.drawPile.length - red };
  const hidden = (side: string, concealed: boolean) => concealed && side !== viewer;
  // With nothing hidden the view shares the state's table (and so its cached sight and distances).
  if (!Object.values(state.units).some((u) => hidden(u.side, u.concealed)))
    return { ...rest, viewer, cardsLeft };
  const units = Object.fromEntries(
    Object.entries(state.units).filter(([, u]) => !hidden(u.side, u.concealed)),
  );
  return { ...rest, viewer, units, table: visibleTable(state.table, units), cardsLeft };
}

const visibleTables = new WeakMap<TableState, Map<string, TableState>>();

/** The table without the hidden units' stands, the same object for the same table and the same units seen. */
function visibleTable(table: TableState, seen: Readonly<Record<string, unknown>>): TableState {
  const ids = Object.keys(table.units).filter((id) => seen[id] !== undefined);
  const key = ids.join(',');
  let byKey = visibleTables.get(table);
  if (!byKey) {
    byKey = new Map();
    visibleTables.set(table, byKey);
  }
  let visible = byKey.get(key);
  if (!visible) {
    visible = { ...table, units: Object.fromEntries(ids.map((id) => [id, table.units[id]!])) };
    byKey.set(key, visible);
  }
  return visible;
}

/** An event as `viewer` may see it: news of a concealed unit goes only to its own side. */
export function eventFor(event: MdEvent, viewer: Viewer): MdEvent | undefined {
  if (event.visibleTo === 'all') return event;
  return viewer !== 'spectator' && event.visibleTo.includes(viewer) ? event : undefined;
}

/**
 * What `viewer`'s view must not depend on, altered: the PRNG state, the draw pile's order (its red and
 * black cards counted stay the same), and the other side's concealed units (7.7): their strength and
 * where they stand.
 */
export function scrambleHidden(state: MdGameState, viewer: Viewer): MdGameState {
  const units = { ...state.units };
  const tableUnits = { ...state.table.units };
  for (const u of Object.values(state.units)) {
    if (!u.concealed || u.side === viewer) continue;
    units[u.id] = { ...u, figures: u.figures + 1, anchor: { ...u.anchor, x: u.anchor.x + 1 } };
    const t = tableUnits[u.id];
    if (t) tableUnits[u.id] = { ...t, stands: t.stands.map((s) => ({ ...s, x: s.x + 1 })) };
  }
  return {
    ...state,
    rng: otherRng(state.rng),
    deck: { ...state.deck, drawPile: [...state.deck.drawPile].reverse() },
    units,
    table: { ...state.table, units: tableUnits },
  };
}
