import type { Point } from '../../../core/geometry/points.ts';
import { BOX_STRIDE } from '../../../core/geometry/rectangles.ts';
import type { Prng } from '../../../core/random/prng.ts';
import type { GeneralId, UnitId, UnitState } from '../../../core/table/model.ts';
import { frontCentre } from '../../../rulesets/john-company/table/formations.ts';
import {
  type UnitGeometry,
  unitGeometry,
} from '../../../rulesets/john-company/table/measurement/unit-geometry.ts';
import {
  type Manoeuvre,
  motionOf,
  poseAt,
  poseOf,
} from '../../../rulesets/john-company/table/movement-manoeuvres.ts';
import { ORDERS, type OrderId } from '../../../rulesets/john-company/tables/orders.ts';
import type { JcCommand } from '../commands.ts';
import type { GeneralActivation, UnitActivation } from '../state.ts';
import type { JcView } from '../view.ts';
import { chargeOdds, contactChances, fireWorth, steadyChance } from './odds.ts';
import {
  centreOf,
  chargeReach,
  commanderOf,
  distance,
  frontOf,
  gap,
  isRouting,
  radiusOf,
  type Situation,
  StandReach,
  situationOf,
  statusOf,
  troopOfUnit,
  weaponRange,
} from './situation.ts';
import {
  cavalryThreat,
  evasionWorth,
  gunGain,
  gunOrders,
  lightCompanyWorth,
  nearestEnemy,
  stationGain,
  supportsAttack,
} from './tactics.ts';

/**
 * John Company's computer opponent: from its side's view only (`viewFor`; never the game state) and the
 * legal commands (`legalCommands`), it picks one command. It plays by the same rules as a person because
 * it can only choose what `legalCommands` offers, and `apply` judges it.
 *
 * How it decides (docs/ai.md): in Step 2 every unit is given the order its situation calls for: charge
 * a target within reach when the exact odds of the charge test and the Confrontation are good; form
 * square when enemy cavalry can reach a regular battalion (and back to line when it cannot); an order
 * that lets a Disordered unit reform; hold below Steady, and when an enemy is in range to fire; the two
 * units nearest each objective the side must take and does not hold advance on it, the rest hold (a
 * side with no objectives advances on the enemy, one that wins at the turn limit holds); a second-line
 * unit supports a friend that attacks, a regular unit whose goal lies well off its front deploys, and
 * an attacking side's guns limber, advance, prolonge and unlimber to come into range (tactics.ts); a
 * charged unit evades when it would lose and can get away. Counters go
 * first to units with no continuing order (without one they are Without Orders), each weighted by its
 * exact chance of testing Steady (below it, orders make no difference); a unit outside its General's
 * Command Radius keeps its continuing order rather than take a counter that would be lost. In Step 5 a
 * unit rallies if it may, reforms, sends out or calls in its light company, fires where it is worth
 * most (the stands the target should lose
 * and how much worse its next Reaction Test gets), changes formation as ordered, and makes the move
 * that brings it nearest its goal without leaving its General's radius. A General rallies whom he can,
 * and rides (in steps) where his units with counters still to carry out are within his radius, to
 * units he may rally or recover from quitting, or to the unit his Leadership helps most.
 *
 * Deterministic: the same view and legal commands give the same command. `rng`, if given, breaks ties
 * between equally good commands (seeded, so still reproducible).
 */
export function decide(view: JcView, legal: readonly JcCommand[], rng?: Prng): JcCommand {
  const first = legal[0];
  if (first === undefined) throw new Error('the computer opponent was given no legal command');
  if (legal.length === 1) return first;
  const side = view.viewer;
  const sit = situationOf(view, side);
  const node = view.node;
  const scored = (() => {
    switch (node.phase) {
      case 'orders':
        return ordersChoice(sit, legal);
      case 'aim':
        return aimChoice(sit, legal);
      case 'charge-response':
        return responseChoice(sit, legal, node.target, node.charger);
      case 'activation':
        return node.activation.kind === 'unit'
          ? unitChoice(sit, legal, node.activation)
          : generalChoice(sit, legal, node.activation);
      case 'over':
        return [];
    }
  })();
  return best(scored, rng) ?? first;
}

interface Scored {
  readonly command: JcCommand;
  readonly score: number;
}

/**
 * A command that holds only its type, as `legal` offers it (the same object, so that a caller that
 * finds it among the legal commands need not parse it again), else as given.
 */
function offeredAs(
  legal: readonly JcCommand[],
  command: Extract<JcCommand, { type: 'finish-orders' | 'finish-aiming' }>,
): JcCommand {
  return legal.find((c) => c.type === command.type) ?? command;
}

/** The highest score; ties by the order given, or at random when `rng` is given. */
function best(scored: readonly Scored[], rng: Prng | undefined): JcCommand | undefined {
  let top = Number.NEGATIVE_INFINITY;
  for (const s of scored) if (s.score > top) top = s.score;
  const tied = scored.filter((s) => s.score >= top - 1e-9);
  if (tied.length === 0) return undefined;
  return (rng && tied.length > 1 ? tied[rng.int(tied.length)] : tied[0])!.command;
}

// ---------------------------------------------------------------------------------------------
// Goals

/** Whether the side holds an objective now: a unit of its own within it, no spotted enemy. */
function holds(sit: Situation, o: Objective): boolean {
  if (sit.enemies.some((e) => isWithin(e, o) && !isRouting(sit.view, e.id))) return false;
  return sit.mine.some((u) => isWithin(u, o) && !isRouting(sit.view, u.id));
}

type Objective = Situation['stance']['objectives'][number];

/**
 * Whether a stand of the unit is within the objective's radius: `distance` from each stand's centre, read
 * from the unit's packed stands (`unitGeometry`, which holds the centres as they are) rather than
 * stand by stand (see `gap`).
 */
function isWithin(u: UnitState, o: Objective): boolean {
  const g = unitGeometry(u);
  const b = g.boxes;
  const { x, y } = o.position;
  for (let i = 0; i < g.count; i++) {
    const dx = b[i * BOX_STRIDE]! - x;
    const dy = b[i * BOX_STRIDE + 1]! - y;
    if (Math.sqrt(dx * dx + dy * dy) <= o.radius) return true;
  }
  return false;
}

/** Whether a unit stands on one of the objectives its side must hold. */
function onObjective(sit: Situation, u: UnitState): boolean {
  return sit.stance.objectives.some((o) => isWithin(u, o));
}

/** How many units go for each objective the side must take. */
const PER_OBJECTIVE = 2;

/**
 * The objective a unit is sent to take, if any: for each objective the side must hold and does not
 * (in the scenario's order), the nearest units that can go (not artillery, not running), each unit
 * sent once.
 */
function objectiveOf(sit: Situation, u: UnitState): Point | undefined {
  let sent = sentMemo.get(sit);
  if (!sent) {
    sent = sentToObjectives(sit);
    sentMemo.set(sit, sent);
  }
  return sent.get(u.id);
}

/** `sentToObjectives` per situation (one decision): every unit's goal asks for it. */
const sentMemo = new WeakMap<Situation, ReadonlyMap<UnitId, Point>>();

/** The objective each unit sent to take one is sent to (see `objectiveOf`). */
function sentToObjectives(sit: Situation): ReadonlyMap<UnitId, Point> {
  const sent = new Map<UnitId, Point>();
  for (const o of sit.stance.objectives) {
    if (holds(sit, o)) continue;
    const near = sit.mine
      .filter(
        (m) =>
          !sent.has(m.id) && troopOfUnit(sit.view, m.id).arm !== 'artillery' && !isRouting(sit.view, m.id),
      )
      .map((m) => ({ m, d: distance(centreOf(m), o.position) }))
      .sort((a, b) => a.d - b.d || (a.m.id < b.m.id ? -1 : 1))
      .slice(0, PER_OBJECTIVE);
    for (const { m } of near) sent.set(m.id, o.position);
  }
  return sent;
}

/** Where a unit should head: the objective it is sent to, else the nearest enemy, else the enemy's edge. */
function goalOf(sit: Situation, u: UnitState): Point {
  const objective = objectiveOf(sit, u);
  if (objective) return objective;
  const near = nearestEnemy(sit, u);
  return near ? centreOf(near.enemy) : sit.stance.enemyEdge;
}

/** An enemy within reach of the unit's weapon. */
function inRange(sit: Situation, u: UnitState): boolean {
  const range = weaponRange(sit.view, u.id);
  if (range <= 0) return false;
  const near = nearestEnemy(sit, u);
  return near !== undefined && near.gap <= range;
}

/**
 * How much a charge is worth on the exact odds: going in and winning, less the risk of losing; less
 * again when it would carry the charger out of its General's Command Radius (stranded, Disordered and
 * without orders next turn).
 */
function chargeWorth(sit: Situation, charger: UnitId, target: UnitId): number {
  const c = sit.view.table.units[charger];
  const t = sit.view.table.units[target];
  // A charge that falls short ends Disordered and out of place: only targets within its reach now
  // (`legalCommands` offers some up to 6" beyond it).
  if (!c || !t || gap(c, t) > chargeReach(sit.view, c) - 1) return Number.NEGATIVE_INFINITY;
  const o = chargeOdds(sit, charger, target);
  const worth = o.goesIn * (o.win - 1.5 * o.lose) + 0.05 * (o.targetLoss - o.chargerLoss);
  const gid = commanderOf(sit.view, charger);
  const stand = gid === undefined ? undefined : sit.view.table.generals[gid];
  const radius = gid === undefined ? undefined : radiusOf(sit.view, gid);
  const stranded = stand && radius !== undefined && distance(stand.stand, centreOf(t)) > radius + 3;
  return stranded ? worth - 0.3 : worth;
}

/** Worth a charge must reach: a side that wins by holding on charges only on very good odds. */
function chargeBar(sit: Situation): number {
  return sit.stance.kind === 'defend' ? 0.45 : 0.3;
}

// ---------------------------------------------------------------------------------------------
// Step 2: orders

type PlaceOrder = Extract<JcCommand, { type: 'place-order' }>;

/**
 * The order a unit's situation calls for, with how urgent it is, or undefined when its continuing order
 * (or a blank counter) will do. `offered` are the unit's legal counters.
 */
function wantedOrder(sit: Situation, u: UnitState, offered: readonly PlaceOrder[]): Scored | undefined {
  const view = sit.view;
  const ju = view.units[u.id]!;
  const continuing = ju.continuing?.order;
  // Charges on good odds first, one charge at each target.
  const charged = chargedTargets(sit);
  let charge: Scored | undefined;
  for (const c of offered) {
    if (c.order !== 'charge' || c.target === undefined || charged.has(c.target)) continue;
    const worth = chargeWorth(sit, u.id, c.target);
    if (worth >= chargeBar(sit) && (!charge || worth + 100 > charge.score))
      charge = { command: c, score: 100 + worth };
  }
  if (charge) return charge;
  const troop = troopOfUnit(view, u.id);
  const threatened = troop.arm === 'infantry' && troop.regular && cavalryThreat(sit, u);
  if (u.formation === 'square') return threatened ? undefined : wanted(offered, continuing, 'form-line', 60);
  if (threatened && offered.some((c) => c.order === 'form-square'))
    return wanted(offered, continuing, 'form-square', 90);
  // Disorder costs 4 on every test until the unit reforms, which takes a move that Hold does not allow:
  // an order that moves (and fires after, where it may) lets it reform if it tests Steady or better.
  if (ju.disordered)
    for (const order of REFORMING_ORDERS) {
      const reform = wanted(offered, continuing, order, 55);
      if (reform) return reform;
    }
  if (troop.arm === 'artillery') {
    // Guns keep up with an attack and come into range (tactics.ts `gunOrders`); otherwise they hold.
    for (const order of gunOrders(sit, u)) {
      const move = wanted(offered, continuing, order, 35);
      if (move) return move;
    }
    return wanted(offered, continuing, 'hold', 30);
  }
  const status = statusOf(view, u.id);
  if (status !== 'Resolute' && status !== 'Confident' && status !== 'Steady')
    return wanted(offered, continuing, 'hold', 40);
  if (inRange(sit, u)) return wanted(offered, continuing, 'hold', 45);
  if (sit.stance.kind === 'defend' || onObjective(sit, u)) return wanted(offered, continuing, 'hold', 20);
  // A side with objectives sends a few units to take them; the rest hold where they stand, or support
  // a friend that attacks from behind it (its second line: tactics.ts `supportsAttack`).
  if (sit.stance.objectives.length > 0 && !objectiveOf(sit, u)) {
    const support = offered.find(
      (c) =>
        c.order === 'support' && c.target !== undefined && supportsAttack(sit, u, c.target, attacking(sit)),
    );
    if (support && !(continuing === 'support' && ju.continuing?.target === support.target))
      return { command: support, score: 35 };
    return wanted(offered, continuing, 'hold', 20);
  }
  // Out of its General's Command Radius a counter would be lost: it holds (a continuing order needs
  // no counter) until he comes up.
  if (sit.facts().command(u.id)?.inCommand === false) return wanted(offered, continuing, 'hold', 15);
  const goal = goalOf(sit, u);
  const far = distance(frontOf(u), goal);
  if (far < 2) return wanted(offered, continuing, 'hold', 20);
  // Forward March keeps within 30 degrees of straight ahead: a regular unit whose goal lies off its
  // flank (`DEPLOY_OFF`), and farther than a move or two (near it, angles swing and a Forward March
  // oblique will do), is given Deploy to that side, which wheels, obliques or flank marches towards it.
  if (troop.regular && far > DEPLOY_FAR) {
    const a = frontCentre(u);
    const off = turnTo(a.facing, Math.atan2(goal.y - a.y, goal.x - a.x) * (180 / Math.PI));
    const wide = Math.abs(off) > DEPLOY_OFF[0] && Math.abs(off) < DEPLOY_OFF[1];
    const deploy = wide
      ? wanted(offered, continuing, off > 0 ? 'deploy-left' : 'deploy-right', 45)
      : undefined;
    if (deploy) return deploy;
  }
  return (
    wanted(offered, continuing, 'forward-march', 50 - Math.min(20, far / 5)) ??
    wanted(offered, continuing, 'hold', 10)
  );
}

/** `order` at `urgency`, when it is offered and not the unit's `continuing` order already. */
function wanted(
  offered: readonly PlaceOrder[],
  continuing: OrderId | undefined,
  order: OrderId,
  urgency: number,
): Scored | undefined {
  if (continuing === order) return undefined;
  const c = offered.find((o) => o.order === order);
  return c ? { command: c, score: urgency } : undefined;
}

/**
 * Degrees off its front between which a regular unit's goal calls for Deploy rather than Forward March:
 * nearer its front, Forward March's 30-degree obliques and wheels gain most of every inch (measured
 * against random play, Deploy from 40 degrees cost the training battle's Marathas a quarter of their
 * wins); beyond the upper bound the goal is behind it, where neither helps.
 */
const DEPLOY_OFF = [75, 120] as const;

/** Inches from its goal within which a unit is not given Deploy. */
const DEPLOY_FAR = 12;

/**
 * Whether a unit of the side attacks this turn: it is sent to take an objective, or its counter
 * charges (the friends a second-line unit may support).
 */
function attacking(sit: Situation): (id: UnitId) => boolean {
  return (id) => {
    const u = sit.view.table.units[id];
    const c = sit.view.units[id]?.counter;
    return (
      (u !== undefined && objectiveOf(sit, u) !== undefined) ||
      (c !== undefined && 'order' in c && c.order === 'charge')
    );
  };
}

/** Orders under which a Disordered unit may reform, best first: those that let it fire after moving. */
const REFORMING_ORDERS: readonly OrderId[] = [
  'advance-and-fire',
  'prolonge-and-fire',
  'forward-march',
  'prolonge',
];

/** The enemy units the side's counters already charge this turn. */
function chargedTargets(sit: Situation): Set<UnitId> {
  const out = new Set<UnitId>();
  for (const u of sit.mine) {
    const c = sit.view.units[u.id]?.counter;
    if (c && 'order' in c && c.order === 'charge' && c.target !== undefined) out.add(c.target);
  }
  return out;
}

function ordersChoice(sit: Situation, legal: readonly JcCommand[]): Scored[] {
  const byUnit = new Map<UnitId, PlaceOrder[]>();
  for (const c of legal)
    if (c.type === 'place-order') {
      const list = byUnit.get(c.unit);
      if (list) list.push(c);
      else byUnit.set(c.unit, [c]);
    }
  const out: Scored[] = [{ command: offeredAs(legal, { type: 'finish-orders' }), score: 0 }];
  const table = tableSignature(sit);
  const charged = chargingCounters(sit);
  for (const u of sit.mine) {
    const offered = byUnit.get(u.id);
    if (!offered) continue;
    const memo = counterMemo.get(u);
    let counter: Scored | undefined;
    if (
      memo &&
      memo.turn === sit.view.turn &&
      memo.charged === charged &&
      sameOffered(memo.offered, offered) &&
      sameTable(memo.table, table)
    )
      counter = memo.counter && { command: offered[memo.counter.index]!, score: memo.counter.score };
    else {
      counter = counterFor(sit, u, offered);
      const kept = counter && { index: offered.indexOf(counter.command as PlaceOrder), score: counter.score };
      counterMemo.set(u, { table, turn: sit.view.turn, offered, charged, counter: kept });
    }
    if (counter) out.push(counter);
  }
  return out;
}

/**
 * Step 2 asks for one counter at a time and nothing moves in between: each unit's counter is worked
 * out once per table (the identity of every unit's and General's table state), counters it may place
 * and targets already charged, and reused: the counter at the same place in the counters offered now
 * (`counterFor` gives one of those it is offered, chosen by their orders and targets alone), with its
 * score.
 */
const counterMemo = new WeakMap<
  UnitState,
  {
    readonly table: readonly object[];
    readonly turn: number;
    readonly offered: readonly PlaceOrder[];
    /** The side's charge counters already placed (`chargingCounters`). */
    readonly charged: string;
    /** The counter's place in `offered`, and its score. */
    readonly counter: { readonly index: number; readonly score: number } | undefined;
  }
>();

/**
 * Whether two lists of a unit's counters offer the same, in the same order: the same unit, order and
 * target (all a place-order command holds) at each place.
 */
function sameOffered(a: readonly PlaceOrder[], b: readonly PlaceOrder[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.unit !== y.unit || x.order !== y.order || x.target !== y.target) return false;
  }
  return true;
}

/** The charges the side's counters already make, as `unit>target`, sorted, joined by commas. */
function chargingCounters(sit: Situation): string {
  const out: string[] = [];
  for (const u of sit.mine) {
    const c = sit.view.units[u.id]?.counter;
    if (c && 'order' in c && c.order === 'charge' && c.target !== undefined) out.push(`${u.id}>${c.target}`);
  }
  return out.sort().join(',');
}

function tableSignature(sit: Situation): readonly object[] {
  return [...Object.values(sit.view.table.units), ...Object.values(sit.view.table.generals)];
}

function sameTable(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The counter a unit should get now, scored against the other units' (undefined: none). */
function counterFor(sit: Situation, u: UnitState, offered: readonly PlaceOrder[]): Scored | undefined {
  const wanted = wantedOrder(sit, u, offered);
  if (!wanted) return undefined;
  // A counter on a unit outside its General's Command Radius when its card comes is lost: the unit
  // is Without Orders (artillery excepted). A continuing order carries on wherever the unit is, so a
  // unit outside the radius keeps it unless its need is pressing. Units with no continuing order
  // come first: without a counter they are Without Orders.
  const command = troopOfUnit(sit.view, u.id).arm === 'artillery' ? null : sit.facts().command(u.id);
  const outside = command !== null && !command.inCommand;
  const continuing = sit.view.units[u.id]?.continuing !== undefined;
  if (outside && continuing && wanted.score < 90) return undefined;
  // Below Steady a unit falls back whatever its orders: an order is worth its chance of Steady.
  const order = wanted.command.type === 'place-order' ? wanted.command.order : 'blank';
  const steady =
    order === 'blank' || order === 'charge'
      ? 1
      : steadyChance(sit, u.id, ORDERS.orders[order].class === 'defensive' ? 'defend' : 'advance');
  // Turn 1 has no limit to the counters (docs/game-john-company.md, Readings): even a unit that will
  // fall back gets one, which it carries out if a General rallies it before its card.
  if (steady < 0.1 && sit.view.turn > 1) return undefined;
  return {
    command: wanted.command,
    score: (wanted.score + (continuing ? 0 : 30) - (outside ? 40 : 0)) * steady + 1,
  };
}

// ---------------------------------------------------------------------------------------------
// Step 3: aiming guns

function aimChoice(sit: Situation, legal: readonly JcCommand[]): Scored[] {
  const out: Scored[] = [{ command: offeredAs(legal, { type: 'finish-aiming' }), score: 0 }];
  for (const c of legal) {
    if (c.type !== 'aim-guns') continue;
    const u = sit.view.table.units[c.unit];
    if (!u) continue;
    const near = nearestEnemy(sit, u);
    if (!near) continue;
    const a = frontCentre(u);
    const to = centreOf(near.enemy);
    const wanted = turnTo(a.facing, Math.atan2(to.y - a.y, to.x - a.x) * (180 / Math.PI));
    if (Math.abs(wanted) < 5) continue;
    out.push({ command: c, score: 1 - Math.abs(wanted - c.degrees) / 60 });
  }
  return out;
}

/** The turn (degrees, -180..180, + counter-clockwise) from one bearing to another. */
function turnTo(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}

// ---------------------------------------------------------------------------------------------
// Step 4: a charged unit's response

function responseChoice(
  sit: Situation,
  legal: readonly JcCommand[],
  target: UnitId,
  charger: UnitId,
): Scored[] {
  const out: Scored[] = [];
  const chargerArm = sit.view.units[charger] ? troopOfUnit(sit.view, charger).arm : undefined;
  const me = troopOfUnit(sit.view, target);
  for (const c of legal) {
    if (c.type !== 'respond-to-charge') continue;
    if (c.supports !== undefined) continue;
    if (c.order === undefined) out.push({ command: c, score: 0 });
    else if (c.order === 'form-square' && chargerArm === 'cavalry' && me.regular)
      out.push({ command: c, score: 2 });
    else if (c.order === 'charge' && sit.view.table.units[charger]) {
      const worth = chargeWorth(sit, target, charger);
      if (worth >= 0.35) out.push({ command: c, score: 1 + worth });
    } else {
      // Evading: a retire order takes it out of reach of a charger that would beat it.
      const evade = evasionWorth(sit, target, charger, c.order);
      if (evade !== undefined) out.push({ command: c, score: evade });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Step 5: the active unit

function unitChoice(sit: Situation, legal: readonly JcCommand[], a: UnitActivation): Scored[] {
  const view = sit.view;
  const u = view.table.units[a.unit];
  const out: Scored[] = [];
  for (const c of legal) {
    switch (c.type) {
      case 'choose-order':
        out.push({ command: c, score: chosenOrderWorth(sit, u, c.order) });
        break;
      case 'rally':
        out.push({ command: c, score: 100 });
        break;
      case 'fire': {
        // An enemy that can fire back at the side's units is worth more per stand it loses.
        const t = view.table.units[c.target];
        const threat = t !== undefined && sit.mine.some((m) => gap(m, t) <= weaponRange(view, c.target));
        const worth = fireWorth(sit, c.unit, c.target, threat ? 1.5 : 1);
        out.push({ command: c, score: 50 + worth });
        break;
      }
      case 'change-formation':
        out.push({ command: c, score: 40 });
        break;
      case 'reform':
        // Disorder costs 4 on every test and in Confrontation: reform before anything else (an order
        // that fires after moving still fires, with the reforming -4).
        out.push({ command: c, score: 80 });
        break;
      case 'move':
        if (u && !a.moved) out.push({ command: c, score: 10 + moveWorth(sit, u, c.manoeuvres) });
        break;
      case 'deploy-light-company':
      case 'rejoin-light-company': {
        const worth = u
          ? lightCompanyWorth(sit, u, c.type === 'deploy-light-company' ? 'deploy' : 'rejoin')
          : undefined;
        if (worth !== undefined) out.push({ command: c, score: worth });
        break;
      }
      case 'end-activation':
        out.push({ command: c, score: 10 });
        break;
      default:
        break;
    }
  }
  return out;
}

/** An order chosen on the card (Without Orders results): charge on good odds, else what it would be given. */
function chosenOrderWorth(sit: Situation, u: UnitState | undefined, order: OrderId): number {
  if (!u) return 0;
  if (order === 'charge') {
    const near = nearestEnemy(sit, u);
    return near && chargeWorth(sit, u.id, near.enemy.id) >= chargeBar(sit) ? 200 : -1;
  }
  const offered: PlaceOrder[] = [{ type: 'place-order', unit: u.id, order }];
  const wanted = wantedOrder(sit, u, offered);
  if (wanted) return wanted.score;
  return order === 'hold' ? 1 : 0;
}

/**
 * How much better off a move leaves the unit (inches gained towards its goal, facing it), less a penalty
 * for ending beyond its General's Command Radius; retiring orders value distance from the enemy instead.
 * Positive when the move is worth making.
 */
function moveWorth(sit: Situation, u: UnitState, manoeuvres: readonly Manoeuvre[]): number {
  let pose = poseOf(u);
  for (const m of manoeuvres) pose = poseAt(pose, motionOf(pose, m), 1);
  const moved: UnitState = { ...u, facing: pose.facing, stands: pose.stands };
  // A supporting unit makes for its station; a battery (below) for its range of the nearest enemy.
  const station = stationGain(sit, u, moved);
  if (station !== undefined) return station - commandPenalty(sit, u, moved);
  const order = sit.view.units[u.id]?.order;
  if (order !== undefined && ORDERS.orders[order].class === 'retire') {
    const near = nearestEnemy(sit, u);
    return near ? gap(moved, near.enemy) - near.gap : 0;
  }
  if (troopOfUnit(sit.view, u.id).arm === 'artillery') return gunGain(sit, u, moved);
  const goal = goalOf(sit, u);
  const before = distance(frontOf(u), goal);
  const after = distance(frontOf(moved), goal);
  const a = frontCentre(moved);
  const facingOff = Math.abs(turnTo(a.facing, Math.atan2(goal.y - a.y, goal.x - a.x) * (180 / Math.PI)));
  return before - after - facingOff / 30 - commandPenalty(sit, u, moved);
}

/**
 * The cost of a unit placed as `moved` being outside its General's Command Radius where he stands now
 * (0 inside): its next counter would be lost to Without Orders.
 */
function commandPenalty(sit: Situation, u: UnitState, moved: UnitState): number {
  if (troopOfUnit(sit.view, u.id).arm === 'artillery') return 0;
  const gid = commanderOf(sit.view, u.id);
  const stand = gid === undefined ? undefined : sit.view.table.generals[gid];
  const radius = gid === undefined ? undefined : radiusOf(sit.view, gid);
  if (!stand || radius === undefined) return 0;
  let reach = Number.POSITIVE_INFINITY;
  for (const s of moved.stands)
    reach = Math.min(reach, distance(stand.stand, s) - Math.max(s.width, s.depth) / 2);
  return reach <= radius ? 0 : 5 + reach - radius;
}

// ---------------------------------------------------------------------------------------------
// Step 5: the active General

function generalChoice(sit: Situation, legal: readonly JcCommand[], a: GeneralActivation): Scored[] {
  const out: Scored[] = [];
  const stand = sit.view.table.generals[a.general];
  const coverage = coverageOf(sit, a);
  const here = stand ? coverage(stand.stand) : 0;
  for (const c of legal) {
    switch (c.type) {
      case 'rally':
        out.push({ command: c, score: 100 });
        break;
      case 'move-general':
        // He may ride again while he has inches left: the ride points are laid out from where he
        // stands, so a unit beyond the first ones is reached in steps, each better than staying.
        if (stand) out.push({ command: c, score: coverage({ x: c.x, y: c.y }) - here });
        break;
      case 'attach-general': {
        const gain = contactGain(sit, a.general, c.unit);
        if (gain > 0.3) out.push({ command: c, score: gain });
        break;
      }
      case 'detach-general':
        // Attached, he cannot ride: he leaves the unit when his units need him elsewhere.
        if (a.used === 0 && here < 0) out.push({ command: c, score: 0.5 });
        break;
      case 'end-activation':
        out.push({ command: c, score: 0.25 });
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * What a General in contact with a unit adds to it (his Leadership counts in its Reaction Tests): four
 * times the rise in its chance of testing Steady or better (carrying out its order), plus twice the fall
 * in what its next test is expected to cost the army (`expectedFailure`, with the fire it should
 * expect), halved once it has tested this turn. Negative for a Poltroon, whose
 * Leadership counts against the unit.
 */
function contactGain(sit: Situation, gid: GeneralId, unit: UnitId): number {
  let byGeneral = contactMemo.get(sit);
  if (!byGeneral) {
    byGeneral = new Map();
    contactMemo.set(sit, byGeneral);
  }
  let gains = byGeneral.get(gid);
  if (!gains) {
    gains = new Map();
    byGeneral.set(gid, gains);
  }
  let gain = gains.get(unit);
  if (gain === undefined) {
    gain = contactGainNow(sit, gid, unit);
    gains.set(unit, gain);
  }
  return gain;
}

/**
 * `contactGain` per situation (one decision), by General then unit: every ride point a General weighs
 * asks it again.
 */
const contactMemo = new WeakMap<Situation, Map<GeneralId, Map<UnitId, number>>>();

function contactGainNow(sit: Situation, gid: GeneralId, unit: UnitId): number {
  const g = sit.view.generals[gid];
  const ju = sit.view.units[unit];
  if (!g || !ju || ju.side !== g.side || ju.routing || ju.mandatoryMove !== undefined) return 0;
  const order = ju.order ?? ju.continuing?.order;
  const orders = order !== undefined && ORDERS.orders[order].class !== 'defensive' ? 'advance' : 'defend';
  const u = sit.view.table.units[unit];
  const fire = u ? incomingFire(sit, u) : NO_FIRE;
  const { steadier, safer } = contactChances(sit, unit, orders, g.leadership, fire);
  return (4 * steadier + 2 * safer) * (ju.activated ? 0.5 : 1);
}

/**
 * The fire the unit should expect before its next test: the negatives of being a target of artillery
 * or small-arms fire, for each kind of weapon that a spotted enemy has within range of it.
 */
function incomingFire(sit: Situation, u: UnitState): readonly IncomingFire[] {
  let artillery = false;
  let smallArms = false;
  for (const e of firingEnemies(sit)) {
    if (gap(u, e.unit) > e.range) continue;
    if (e.artillery) artillery = true;
    else smallArms = true;
  }
  return artillery ? (smallArms ? BOTH_FIRES : ARTILLERY_FIRE) : smallArms ? SMALL_ARMS_FIRE : NO_FIRE;
}

/**
 * The spotted enemies not running away, each with its weapon's range and whether it is artillery:
 * worked out once per situation (one decision) for `incomingFire`, which a General asks for every unit
 * he might touch.
 */
function firingEnemies(sit: Situation): readonly FiringEnemy[] {
  let found = firingMemo.get(sit);
  if (!found) {
    found = [];
    for (const e of sit.enemies)
      if (!isRouting(sit.view, e.id))
        found.push({
          unit: e,
          range: weaponRange(sit.view, e.id),
          artillery: troopOfUnit(sit.view, e.id).arm === 'artillery',
        });
    firingMemo.set(sit, found);
  }
  return found;
}

interface FiringEnemy {
  readonly unit: UnitState;
  readonly range: number;
  readonly artillery: boolean;
}

const firingMemo = new WeakMap<Situation, FiringEnemy[]>();

type IncomingFire = { readonly id: 'target-of-artillery-fire' | 'target-of-small-arms-fire' };

/** The lists `incomingFire` gives (read only: made once). */
const NO_FIRE: readonly IncomingFire[] = [];
const ARTILLERY_FIRE: readonly IncomingFire[] = [{ id: 'target-of-artillery-fire' }];
const SMALL_ARMS_FIRE: readonly IncomingFire[] = [{ id: 'target-of-small-arms-fire' }];
const BOTH_FIRES: readonly IncomingFire[] = [...ARTILLERY_FIRE, ...SMALL_ARMS_FIRE];

/**
 * How well the active General at `p` commands: each of his units within his Command Radius counts
 * (twice when it has a counter and its card is still to come: outside the radius the counter would be
 * lost), each outside it counts against by how far; touching a unit he may rally (routing or on a
 * mandatory move) counts three, touching another unit what his Leadership adds to it (`contactGain`);
 * standing within 6" of the enemy counts against. 0 everywhere when he is not on the table or cannot
 * command. What does not depend on `p` is worked out once, for the many points he weighs.
 */
function coverageOf(sit: Situation, a: GeneralActivation): (p: Point) => number {
  const view = sit.view;
  const stand = view.table.generals[a.general];
  const radius = radiusOf(view, a.general);
  if (!stand || radius === undefined) return () => 0;
  const commands = sit.mine.some((u) => commanderOf(view, u.id) === a.general);
  const units = sit.mine.map((u): Covered => {
    const ju = view.units[u.id]!;
    const own = commanderOf(view, u.id) === a.general;
    const rallies = ju.routing || ju.mandatoryMove !== undefined;
    return {
      id: u.id,
      geometry: unitGeometry(u),
      counts: own || !commands,
      weight: dueWeight(view, u, ju),
      rallies,
      mayRally: rallies && (own || ju.army === 'british'),
      recovers: ju.quitting && inChainOfCommand(sit, u.id, a.general),
      quitting: ju.quitting,
    };
  });
  const enemyCentres = sit.enemies.map(centreOf);
  const far = radius + 2 * Math.max(1, radius);
  // Far off (surely beyond touching it, and for a unit he counts beyond twice his radius over it, given
  // `floor` no more than its reach), a unit adds only what being that far outside his radius costs: no
  // need to measure exactly.
  const farOff = (floor: number, counts: boolean) => floor > 0.6 && (!counts || floor > far);
  // The same test on the cheapest bound: beyond this reach (and the 0.01 kept below every floor), a
  // unit is far off.
  const farFrom = units.map((u) => (u.counts ? Math.max(0.6, far) : 0.6) + 0.01);
  const measure = new StandReach(stand.stand);
  return (p) => {
    let score = 0;
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (measure.roughlyBeyond(p, u.geometry, farFrom[i]!)) {
        if (u.counts) score += -u.weight * 2;
        continue;
      }
      measure.bound(p, u.geometry);
      if (farOff(measure.floor - 0.01, u.counts)) {
        if (u.counts) score += -u.weight * 2;
        continue;
      }
      // A unit he counts, beyond touching it but surely within his radius, adds its weight: again no
      // need to measure exactly.
      if (measure.floor - 0.01 > 0.6 && measure.ceiling <= radius) {
        score += u.weight;
        continue;
      }
      const reach = measure.exact();
      if (u.counts)
        score += reach <= radius ? u.weight : -u.weight * Math.min(2, (reach - radius) / Math.max(1, radius));
      if (u.mayRally && reach <= 0.6) score += 3;
      if (u.recovers && reach <= 0.6) score += 4;
      if (reach <= 0.6 && !u.rallies && !u.quitting) score += contactGain(sit, a.general, u.id);
    }
    for (const e of enemyCentres) {
      const dx = p.x - e.x;
      const dy = p.y - e.y;
      if (dx * dx + dy * dy < 36) score -= 1;
    }
    return score;
  };
}

/** What a General's coverage takes from one of the side's units, wherever he stands. */
interface Covered {
  readonly id: UnitId;
  readonly geometry: UnitGeometry;
  /** His own unit, or any unit when he commands none: it counts in or outside his radius. */
  readonly counts: boolean;
  /** How much it counts (`dueWeight`). */
  readonly weight: number;
  /** Routing or on a mandatory move. */
  readonly rallies: boolean;
  /** Touching it he may rally it. */
  readonly mayRally: boolean;
  /**
   * A unit that has quit the battle marches off until a General of its chain of command touches it
   * as its card is drawn: then it is back, on Hold, and no longer counts as gone.
   */
  readonly recovers: boolean;
  readonly quitting: boolean;
}

/** How much a unit counts in a General's coverage: twice with a counter still to carry out. */
function dueWeight(view: Situation['view'], u: UnitState, ju: Situation['view']['units'][UnitId]): number {
  const counter = ju!.counter;
  const due =
    !ju!.activated &&
    counter !== undefined &&
    'order' in counter &&
    counter.order !== 'blank' &&
    troopOfUnit(view, u.id).arm !== 'artillery';
  return due ? 2 : 0.5;
}

/** Whether the General is the unit's own, a replacement of his, or one of his superiors. */
function inChainOfCommand(sit: Situation, unit: UnitId, gid: GeneralId): boolean {
  let g = sit.view.generals[sit.view.units[unit]!.commander];
  for (let guard = 0; g && guard < 32; guard++) {
    if (g.id === gid || g.replacedBy === gid) return true;
    g = g.superior === undefined ? undefined : sit.view.generals[g.superior];
  }
  return false;
}
