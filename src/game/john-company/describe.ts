import type { Point } from '../../core/geometry/points.ts';
import type { TableState } from '../../core/table/model.ts';
import { CONFRONTATION_RESULTS } from '../../rulesets/john-company/tables/confrontation.ts';
import { ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import { WITHOUT_ORDERS_RESULTS } from '../../rulesets/john-company/tables/without-orders.ts';
import type { JcCommand } from './commands.ts';
import type { JcEvent } from './events.ts';
import { placedByUnits, type UnitLandmark } from './ride-words.ts';

/**
 * A John Company battle as a person reads it: one line per event worth telling (activations, tests with
 * their level and status, fire with its Final Fire Factor and losses, Confrontations with both levels
 * and the result row, rallies, results), and the commands a player may give, in words. Events must
 * already be narrowed to the reader (`eventFor`): this only formats. Pure: the CLI's battle log and the
 * server's game log (src/server) both read it.
 */

/** Display names of units and Generals by id (ids stand for themselves when unknown). */
export type Names = ReadonlyMap<string, string>;

/** Names from anything with units and generals keyed by id (a game state or a view). */
export function namesOf(source: {
  readonly units: Readonly<Record<string, { readonly name: string }>>;
  readonly generals: Readonly<Record<string, { readonly name: string }>>;
}): Names {
  const names = new Map<string, string>();
  for (const [id, u] of Object.entries(source.units)) names.set(id, u.name);
  for (const [id, g] of Object.entries(source.generals)) names.set(id, g.name);
  return names;
}

const inches = (x: number) => `${Math.round(x * 10) / 10}"`;

/**
 * What does not move on the table, for saying where a point is in the players' words: the scenario's
 * objectives and the table's edges. (Not the units: the log words an event again later, when they
 * have moved, and a line of the log must read the same every time.)
 */
export interface Places {
  readonly objectives: readonly { readonly id: string; readonly name: string; readonly position: Point }[];
  readonly width: number;
  readonly depth: number;
}

/** The places of a game state (or view): its objectives and the table's size. */
export function placesOf(source: {
  readonly table: Pick<TableState, 'width' | 'depth'>;
  readonly scenario: { readonly objectives: readonly { readonly id: string; readonly position: Point }[] };
}): Places {
  return {
    objectives: source.scenario.objectives.map((o) => ({
      id: o.id,
      name: `the ${o.id.replaceAll('-', ' ')}`,
      position: o.position,
    })),
    width: source.table.width,
    depth: source.table.depth,
  };
}

/**
 * The places with their objectives named as the scenario names them (`scenarioNames`, by id; "The
 * village" read as "the village" within a sentence), where a shell gives those names.
 */
export function namedPlaces(places: Places, scenarioNames: Names | undefined): Places {
  if (!scenarioNames) return places;
  return {
    ...places,
    objectives: places.objectives.map((o) => {
      const name = scenarioNames.get(o.id);
      return name === undefined ? o : { ...o, name: name.replace(/^The /, 'the ') };
    }),
  };
}

const COMPASS = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];

/** The way from `from` to `to` as a point of the compass (north up the table: +y). */
function compass(from: Point, to: Point): string {
  const degrees = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
  return COMPASS[(Math.round(degrees / 45) + 8) % 8]!;
}

/** Closer than this to an objective, a point is "at" it. */
const AT_LANDMARK = 1;

/**
 * A point in the players' words: how far and which way from the nearest objective ("9.3" south-west of
 * the village", "at the village"), or from the nearest table edge when that is nearer ("4" from the
 * south edge").
 */
export function whereInWords(point: Point, places: Places): string {
  const edges = [
    { name: 'the south edge', distance: point.y },
    { name: 'the north edge', distance: places.depth - point.y },
    { name: 'the west edge', distance: point.x },
    { name: 'the east edge', distance: places.width - point.x },
  ].sort((a, b) => a.distance - b.distance);
  const edge = edges[0]!;
  let best: { name: string; at: Point; distance: number } | undefined;
  for (const o of places.objectives) {
    const distance = Math.hypot(point.x - o.position.x, point.y - o.position.y);
    if (!best || distance < best.distance) best = { name: o.name, at: o.position, distance };
  }
  if (!best || edge.distance < best.distance)
    return `${inches(Math.max(0, edge.distance))} from ${edge.name}`;
  return best.distance < AT_LANDMARK
    ? `at ${best.name}`
    : `${inches(best.distance)} ${compass(best.at, point)} of ${best.name}`;
}

/**
 * Where a General's ride ends, in words (the event of the ride says how far he rode). The ride's length
 * is not in the command's words: the log words a command with a later state, after he has ridden.
 */
function rideWords(to: Point, places: Places | undefined): string {
  return places ? whereInWords(to, places) : `(${Math.round(to.x * 10) / 10}, ${Math.round(to.y * 10) / 10})`;
}
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function orderName(order: OrderId | 'blank' | 'without-orders'): string {
  if (order === 'blank') return 'blank counter';
  if (order === 'without-orders') return 'Without Orders';
  return ORDERS.orders[order].name;
}

/** One event as a line of the log, or undefined for bookkeeping nobody needs to read. */
export function describeEvent(e: JcEvent, names: Names, places?: Places): string | undefined {
  const n = (id: string) => names.get(id) ?? id;
  switch (e.type) {
    case 'turn-began':
      return `\n=== Turn ${e.turn} ===`;
    case 'orders-drawn':
      return e.result.drawn
        ? `${n(e.general)} draws a ${e.result.card ?? '-'}: ${plural(e.orders ?? 0, 'order')}${e.result.event ? ', and an Event' : ''}`
        : undefined;
    case 'commanders-event':
      return `Commanders' Event for ${n(e.general)}: ${e.result.themeId}${e.result.outcomeId ? ` / ${e.result.outcomeId}` : ''}`;
    case 'officer-casualty':
      return `${n(e.general)} is ${e.result.severity.replace(/-/g, ' ')}`;
    case 'officer-replaced':
      return `${n(e.replacement)} replaces ${n(e.general)} (${e.generalship}, ${e.leadership})`;
    case 'order-placed':
      return `  ${n(e.unit)}: ${orderName(e.order)}${e.target !== undefined ? ` (${n(e.target)})` : ''}`;
    case 'order-removed':
      return `  ${n(e.unit)}: counter taken back`;
    case 'orders-finished':
      return `${n(e.side)} has placed its counters`;
    case 'order-revealed':
      return `${n(e.unit)}: ${orderName(e.order)}${e.target !== undefined ? ` ${n(e.target)}` : ''}${e.source === 'continuing' ? ' (continuing)' : e.source === 'forced' ? ' (forced)' : ''}`;
    case 'guns-aimed':
      return `${n(e.unit)} re-aims ${e.degrees} degrees`;
    case 'step-began':
      return `-- Step ${e.step}: ${e.step === 3 ? 'charges shown, guns aimed' : e.step === 4 ? 'charges' : 'movement and fire'} --`;
    case 'reaction-tested': {
      const t = e.test;
      const wo = t.withoutOrders ? `; Without Orders: ${WITHOUT_ORDERS_RESULTS[t.withoutOrders].label}` : '';
      const ahead = e.goesAhead === undefined ? '' : e.goesAhead ? '; goes ahead' : '; does not go ahead';
      return `${n(e.unit)} tests (${e.occasion}): level ${t.level}, ${t.status}, ${MOVEMENT_RESULTS[t.movement].label}${wo}${ahead}${t.tested ? '' : ' (no negative: not thrown)'}`;
    }
    case 'charge-launched':
      return `${n(e.unit)} charges ${n(e.target)} (moves ${inches(e.moved)})`;
    case 'charge-response':
      return `${n(e.unit)} ${e.changed ? 'puts down a new counter' : 'keeps its order'} against ${n(e.charger)}'s charge`;
    case 'card-drawn':
      return `> ${n(e.card)}`;
    case 'deck-shuffled':
      return undefined;
    case 'unit-moved':
      return `${n(e.unit)} moves ${inches(e.inches)}${e.reason === 'order' ? '' : ` (${e.reason})`} to (${e.to.x}, ${e.to.y}) facing ${Math.round(e.to.facing)}${e.disordered ? ', Disordered' : ''}`;
    case 'formation-changed':
      return `${n(e.unit)} forms ${e.to.formation}`;
    case 'unit-fired': {
      const r = e.result;
      const what = `${n(e.unit)} fires at ${n(e.target)} (${e.kind})`;
      if (!r.fired) return `${what}: no fire (${r.noFire ?? 'none'})`;
      const guns = e.gunsKnockedOut !== undefined ? `, ${plural(e.gunsKnockedOut, 'gun')} knocked out` : '';
      return `${what}: ${r.band ?? '-'} range, ${plural(r.standsFiring, 'stand')} firing, FFF ${r.fff}, RF ${r.randomFactor >= 0 ? '+' : ''}${r.randomFactor}: ${plural(r.targetStandsLost, 'stand')} lost${guns}${r.event ? ', an Event' : ''}`;
    }
    case 'stands-lost':
      return `${n(e.unit)} loses ${plural(e.count, 'stand')} (${e.cause}), ${e.left} left`;
    case 'unit-left':
      return `${n(e.unit)} leaves the battle (${e.why})`;
    case 'confrontation-resolved': {
      const r = e.result;
      const levels =
        r.charger.level === null ? 'caught evading' : `levels ${r.charger.level} v ${r.target.level}`;
      const winner =
        r.winner === 'none' ? 'neither wins' : `${n(r.winner === 'charger' ? e.charger : e.target)} wins`;
      return `Confrontation ${n(e.charger)} v ${n(e.target)}: ${levels}, ${winner}: ${CONFRONTATION_RESULTS.rows[r.row].label}; losses ${r.charger.standsLost} and ${r.target.standsLost}`;
    }
    case 'charge-ended':
      return `${n(e.unit)}'s charge at ${n(e.target)} ends: ${e.outcome.replace(/-/g, ' ')}${e.standsLost !== undefined ? ` (${plural(e.standsLost, 'stand')})` : ''}`;
    case 'unit-event':
      return `Event for ${n(e.unit)}: ${e.result.entry ?? 'none'}`;
    case 'status-changed':
      return `${n(e.unit)} is ${e.status}${e.disordered ? ', Disordered' : ''}`;
    case 'rally-attempted':
      return `${e.general !== undefined ? `${n(e.general)} rallies ` : 'Rally: '}${n(e.unit)}${e.level !== undefined ? `: level ${e.level}, ${e.status}` : ''}: ${e.rallied ? 'rallied' : 'fails'}`;
    case 'control-regained':
      return `${n(e.unit)} ${e.regained ? 'regains control' : 'pursues on'}`;
    case 'looting':
      return `${n(e.unit)} loots the town it entered for ${e.turns} turn${e.turns === 1 ? '' : 's'}`;
    case 'looters-recalled':
      return `${n(e.general)} ${e.recalled ? 'recalls' : 'fails to recall'} ${n(e.unit)}`;
    case 'general-moved':
      return `${n(e.general)} rides ${inches(e.inches)} to ${places ? whereInWords(e, places) : `(${e.x}, ${e.y})`}`;
    case 'general-attached':
      return `${n(e.general)} joins ${n(e.unit)}`;
    case 'general-detached':
      return `${n(e.general)} leaves ${n(e.unit)}`;
    case 'activation-ended':
    case 'turn-ended':
      return undefined;
    case 'game-over':
      return `\n*** ${e.result.winner === undefined ? 'A draw' : `${e.result.winner} wins`}: ${e.result.reason} ***`;
  }
}

/** A command in words, for the numbered list a person chooses from. */
export function describeCommand(c: JcCommand, names: Names, places?: Places): string {
  const n = (id: string) => names.get(id) ?? id;
  switch (c.type) {
    case 'place-order':
      return `${n(c.unit)}: ${orderName(c.order)}${c.target !== undefined ? ` ${n(c.target)}` : ''}`;
    case 'remove-order':
      return `${n(c.unit)}: take back the counter`;
    case 'finish-orders':
      return 'finish placing counters';
    case 'aim-guns':
      return `${n(c.unit)}: re-aim ${c.degrees} degrees`;
    case 'finish-aiming':
      return 'finish aiming';
    case 'respond-to-charge':
      return `${n(c.unit)}: ${c.order === undefined ? 'keep its order' : `change to ${orderName(c.order)}`}${c.supports ? ` (supported by ${c.supports.map(n).join(', ')})` : ''}`;
    case 'choose-order':
      return `${n(c.unit)}: ${orderName(c.order)}`;
    case 'move':
      return `${n(c.unit)}: ${c.manoeuvres.map(manoeuvreText).join(', then ')}`;
    case 'change-formation':
      return `${n(c.unit)}: form ${c.formation}`;
    case 'reform':
      return `${n(c.unit)}: reform`;
    case 'deploy-light-company':
      return `${n(c.unit)}: send out its light company`;
    case 'rejoin-light-company':
      return `${n(c.unit)}: call in its light company`;
    case 'fire':
      return `${n(c.unit)}: fire at ${n(c.target)}`;
    case 'rally':
      return `rally ${n(c.unit)}`;
    case 'move-general':
      return `${n(c.general)}: ride to ${rideWords(c, places)}`;
    case 'attach-general':
      return `${n(c.general)}: join ${n(c.unit)}`;
    case 'detach-general':
      return `${n(c.general)}: leave the unit`;
    case 'end-activation':
      return 'end the activation';
  }
}

/**
 * A command offered now, as `describeCommand` words it, with what only holds now: a ride says how far
 * it goes from where the General stands, and where it ends by the units about it that its reader may
 * see (`landmarks`, `placedByUnits`): "ride 8.6" north-east, to 10.9" north-east of the village (2" to
 * the left of the Sepoy battalion, 4" behind)".
 */
export function describeOffer(
  c: JcCommand,
  state: { readonly table: Pick<TableState, 'generals'> },
  names: Names,
  places?: Places,
  landmarks?: readonly UnitLandmark[],
): string {
  if (c.type !== 'move-general') return describeCommand(c, names, places);
  const from = state.table.generals[c.general]?.stand;
  if (!from) return describeCommand(c, names, places);
  const far = `${inches(Math.hypot(c.x - from.x, c.y - from.y))} ${compass(from, c)}`;
  const byUnits = landmarks && placedByUnits(from, c, landmarks);
  return `${names.get(c.general) ?? c.general}: ride ${far}, to ${rideWords(c, places)}${byUnits ? ` (${byUnits})` : ''}`;
}

function manoeuvreText(m: Extract<JcCommand, { type: 'move' }>['manoeuvres'][number]): string {
  switch (m.kind) {
    case 'advance':
      return `advance ${inches(m.inches)}`;
    case 'oblique':
      return `oblique ${inches(m.inches)} at ${m.degrees} degrees`;
    case 'flank-march':
      return `flank march ${inches(m.inches)} ${m.side}`;
    case 'wheel':
      return `wheel ${m.degrees} degrees`;
    case 'about-face':
      return 'about face';
    case 'face':
      return `face ${m.degrees} degrees`;
  }
}
