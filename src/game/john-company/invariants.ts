import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import { deciderOf } from './apply.ts';
import type { JcEvent } from './events.ts';
import type { JcGameState } from './state.ts';
import { eventFor, groundOfState, spotted, viewFor } from './view.ts';

/**
 * What must hold after every command of a John Company battle, and what a side must never learn from
 * its view or its log: each returns the problems found, in words (none when all hold). The whole-game
 * tests (test/game/invariants.ts) and bench/invariants.ts check every battle with them.
 */

/**
 * Plain JSON: objects and arrays with plain prototypes, finite numbers, no undefined in arrays. An
 * object's field may be undefined: JSON leaves it out, as if absent (unit records keep every field, an
 * unset one undefined: `unitRecord`).
 */
function plainJsonProblem(v: unknown, path = '$'): string | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${path} is ${v}`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = plainJsonProblem(v[i], `${path}[${i}]`);
      if (p) return p;
    }
    return undefined;
  }
  if (typeof v === 'object') {
    if (Object.getPrototypeOf(v) !== Object.prototype) return `${path} is not a plain object`;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      const p = plainJsonProblem(x, `${path}.${k}`);
      if (p) return p;
    }
    return undefined;
  }
  return `${path} is a ${typeof v}`;
}

/**
 * The state's invariants: plain JSON, every unit accounted for, Generals attached to units on the
 * table, orders within allowance, a result once nobody decides. (That the decider has a legal command
 * is checked by playing on: a player given none throws.)
 */
export function stateProblems(state: JcGameState): string[] {
  const problems: string[] = [];
  const { result } = state;
  const json = plainJsonProblem(state);
  if (json) problems.push(json);
  if (
    result &&
    (typeof result.reason !== 'string' ||
      !(result.winner === undefined || state.scenario.sides.includes(result.winner)))
  )
    problems.push(`bad result ${JSON.stringify(result)}`);
  for (const u of Object.values(state.units)) {
    const t = state.table.units[u.id];
    if (t === undefined && u.offTable === undefined)
      problems.push(`${u.id} is neither on the table nor gone`);
    if (t && u.offTable !== undefined) problems.push(`${u.id} is on the table and gone (${u.offTable})`);
    if (t && countedStands(t) <= 0) problems.push(`${u.id} is on the table with no stands`);
    if (t && t.side !== u.side) problems.push(`${u.id} changed sides`);
    if (u.standsLostSinceCheck < 0) problems.push(`${u.id} lost ${u.standsLostSinceCheck} stands`);
  }
  for (const id of Object.keys(state.table.units))
    if (!state.units[id]) problems.push(`table unit ${id} unknown`);
  for (const g of Object.values(state.table.generals))
    if (g.attachedTo !== undefined && !state.table.units[g.attachedTo])
      problems.push(`${g.id} is attached to ${g.attachedTo}, not on the table`);
  if (state.turn > 1)
    for (const g of Object.values(state.generals)) {
      const used = Object.values(state.units).filter((u) => u.counter?.general === g.id).length;
      if (used !== g.ordersUsed) problems.push(`${g.id} used ${g.ordersUsed} orders, counters say ${used}`);
    }
  if (state.turn > state.scenario.turnLimit) problems.push(`turn ${state.turn} past the limit`);
  if (deciderOf(state) === undefined && !state.result) problems.push('nobody decides, and no result');
  return problems;
}

/**
 * Nothing hidden from `viewer` in its view: the PRNG, the decks' order, enemy counters before they are
 * shown, forced orders, the orders enemy Generals drew, and enemy units it has not spotted.
 */
export function viewProblems(state: JcGameState, viewer: string): string[] {
  const problems: string[] = [];
  const view = viewFor(state, viewer);
  const json = JSON.stringify(view);
  for (const secret of ['drawPile', '"rng"', 'xoshiro'])
    if (json.includes(secret)) problems.push(`the view shows ${secret}`);
  const seen = spotted(groundOfState(state), viewer);
  for (const u of Object.values(view.units)) {
    if (u.side === viewer) continue;
    if (view.table.units[u.id] && !seen.has(u.id)) problems.push(`shows unspotted ${u.id}`);
    if (u.forcedOrder !== undefined) problems.push(`shows ${u.id}'s forced order`);
    if (u.counter && !u.counter.revealed && JSON.stringify(u.counter) !== '{"placed":true,"revealed":false}')
      problems.push(`shows ${u.id}'s face-down counter`);
  }
  for (const id of Object.keys(view.table.units))
    if (!view.units[id]) problems.push(`table unit ${id} unknown`);
  for (const g of Object.values(view.generals))
    if (g.side !== viewer && (g.orders !== undefined || g.ordersUsed !== undefined))
      problems.push(`shows ${g.id}'s orders`);
  return problems.map((p) => `${viewer}'s view ${p}`);
}

/** The units an event is about. */
function unitsOf(e: JcEvent): string[] {
  const out: string[] = [];
  if ('unit' in e && typeof e.unit === 'string') out.push(e.unit);
  if ('target' in e && typeof e.target === 'string') out.push(e.target);
  if ('charger' in e && typeof e.charger === 'string') out.push(e.charger);
  if (e.type === 'card-drawn' && e.kind === 'unit') out.push(e.card);
  // A General's card names no unit (`checkLog` looks ids up among the units).
  if (e.type === 'activation-ended') out.push(e.card);
  return out;
}

/**
 * Nothing in `viewer`'s log of one command gives away what it may not see: the other side's counters
 * and Orders cards, and units of the other side it has not spotted in the state after the command.
 */
export function logProblems(state: JcGameState, events: readonly JcEvent[], viewer: string): string[] {
  const problems: string[] = [];
  const seen = spotted(groundOfState(state), viewer);
  for (const e of events) {
    const mine = eventFor(e, viewer);
    if (!mine) continue;
    if ((mine.type === 'order-placed' || mine.type === 'order-removed') && mine.side !== viewer)
      problems.push(`told of ${mine.side}'s counter on ${mine.unit}`);
    if (mine.type === 'orders-drawn' && state.generals[mine.general]?.side !== viewer)
      problems.push(`told of ${mine.general}'s orders`);
    for (const id of unitsOf(mine)) {
      const u = state.units[id];
      if (!u || u.side === viewer || !state.table.units[id]) continue;
      if (!seen.has(id)) problems.push(`told of unspotted ${id} (${mine.type})`);
    }
  }
  return problems.map((p) => `${viewer}'s log: ${p}`);
}

/**
 * After one command: the state's invariants, each side's view and log of the command, and that a
 * spectator is told only public events.
 */
export function commandProblems(state: JcGameState, events: readonly JcEvent[]): string[] {
  const problems = stateProblems(state);
  for (const side of state.scenario.sides)
    problems.push(...viewProblems(state, side), ...logProblems(state, events, side));
  for (const e of events)
    if (e.visibleTo !== 'all' && eventFor(e, 'spectator')) problems.push(`a spectator is told of ${e.type}`);
  return problems;
}
