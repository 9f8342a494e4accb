import type { UnitId, UnitState } from '../../../core/table/model.ts';
import type { OrderId } from '../../../rulesets/john-company/tables/orders.ts';
import { STATION_FLANK, stationPoint, stationStanding } from '../support-station.ts';
import { chargeOdds } from './odds.ts';
import {
  chargeReach,
  distance,
  frontOf,
  gap,
  isRouting,
  normalMove,
  type Situation,
  troopOfUnit,
  weaponRange,
} from './situation.ts';

/**
 * The computer's use of the rules' lesser tools (docs/ai.md, How it decides): evading a charge, light
 * companies, Support, moving guns and Deploy. Each is a rule of thumb on what the side's view shows,
 * with its reason beside it; opponent.ts weighs what these return against its other commands.
 */

/** The nearest spotted enemy that is not running away, with its distance. */
export function nearestEnemy(sit: Situation, u: UnitState): NearEnemy | undefined {
  let byUnit = nearestMemo.get(sit);
  if (!byUnit) {
    byUnit = new Map();
    nearestMemo.set(sit, byUnit);
  }
  if (byUnit.has(u)) return byUnit.get(u);
  let enemy: UnitState | undefined;
  let nearest = Number.POSITIVE_INFINITY;
  for (const e of sit.enemies) {
    if (isRouting(sit.view, e.id)) continue;
    const g = gap(u, e);
    if (enemy === undefined || g < nearest) {
      enemy = e;
      nearest = g;
    }
  }
  const found = enemy === undefined ? undefined : { enemy, gap: nearest };
  byUnit.set(u, found);
  return found;
}

interface NearEnemy {
  readonly enemy: UnitState;
  readonly gap: number;
}

/**
 * `nearestEnemy` per situation (one decision), by unit state: a unit's goal, range and guns ask it
 * at every candidate command.
 */
const nearestMemo = new WeakMap<Situation, Map<UnitState, NearEnemy | undefined>>();

/** Enemy cavalry able to charge the unit soon (within its reach and a little more). */
export function cavalryThreat(sit: Situation, u: UnitState): boolean {
  return sit.enemies.some(
    (e) =>
      troopOfUnit(sit.view, e.id).arm === 'cavalry' &&
      !isRouting(sit.view, e.id) &&
      gap(u, e) <= chargeReach(sit.view, e) + 4,
  );
}

// ---------------------------------------------------------------------------------------------
// Evading a charge

/**
 * The share of its Normal Move a charged unit goes away from the charger when it changes to a retire
 * order (confrontation.ts, as the engine moves it).
 */
const EVASION: Partial<Record<OrderId, number>> = {
  'to-the-rear-march': 0.75,
  'limber-and-retire': 0.5,
  'fire-and-retire': 0.25,
};

/**
 * The charger's chance of winning from which a charged unit evades: turning its back costs it its card
 * and its place, so only a charge it would clearly lose is worth running from.
 */
const EVADE_BELOW = 0.75;

/** Inches an evading unit must end beyond the charger's reach to count on getting away. */
const ESCAPE_MARGIN = 1;

/**
 * What evading a charge by changing to `order` is worth to the charged unit, or undefined when it
 * should not: only when the charger would clearly win the Confrontation (`EVADE_BELOW`, the exact odds),
 * and the unit's retire move takes it beyond the inches the charger has left (its launched charge's,
 * else its Normal Move and Charge Bonus). Caught evading, it fights at a disadvantage; standing, it
 * would lose. Worth 1 plus the charger's chance of winning. Never for a side that wins by holding on
 * (at the turn limit), nor for a unit on an objective its side must hold: either gives up the ground
 * the battle is decided on; nor for guns.
 */
export function evasionWorth(
  sit: Situation,
  target: UnitId,
  charger: UnitId,
  order: OrderId,
): number | undefined {
  const fraction = EVASION[order];
  const me = sit.view.table.units[target];
  const them = sit.view.table.units[charger];
  if (fraction === undefined || !me || !them) return undefined;
  // A side that wins by holding on, or a unit on an objective its side must hold, gives no ground;
  // guns man-handled away go too short a way to escape, and stop firing.
  if (sit.stance.kind === 'defend' || troopOfUnit(sit.view, target).arm === 'artillery') return undefined;
  const held = sit.stance.objectives.some((o) => me.stands.some((s) => distance(s, o.position) <= o.radius));
  if (held) return undefined;
  const left = sit.view.units[charger]?.charge?.remaining ?? chargeReach(sit.view, them);
  if (gap(me, them) + fraction * normalMove(sit.view, me) < left + ESCAPE_MARGIN) return undefined;
  const odds = chargeOdds(sit, charger, target);
  return odds.win >= EVADE_BELOW ? 1 + odds.win : undefined;
}

// ---------------------------------------------------------------------------------------------
// Light companies

/**
 * Whether a battalion should have its light company in: enemy cavalry can reach it (skirmishers in the
 * open are ridden down, and the battalion may have to form square), or an enemy is within charge reach
 * either way (a charge or a Confrontation is coming, and the company would be caught in front).
 */
function closeQuarters(sit: Situation, u: UnitState): boolean {
  if (cavalryThreat(sit, u)) return true;
  const mine = chargeReach(sit.view, u);
  return sit.enemies.some(
    (e) => !isRouting(sit.view, e.id) && gap(u, e) <= Math.max(mine, chargeReach(sit.view, e)),
  );
}

/**
 * Inches beyond the battalion's own weapon range within which an enemy makes it worth sending out its
 * light company: placed 2" in front, with a move, the company can fire at the enemy before the lines
 * close.
 */
const SCREEN_REACH = 10;

/**
 * What sending out (`deploy`) or calling in (`rejoin`) the battalion's light company is worth on its
 * card, or undefined. Out in front of a line that an enemy can fire on, or that the enemy is coming
 * near (within `SCREEN_REACH` beyond its range), a screen draws fire and shoots at the enemy's line
 * before the lines close; out of that, the company would only be a unit more needing orders (and
 * Without Orders at Steady one in three quits the battle). It is called in before close quarters
 * (`closeQuarters`).
 */
export function lightCompanyWorth(
  sit: Situation,
  u: UnitState,
  what: 'deploy' | 'rejoin',
): number | undefined {
  const close = closeQuarters(sit, u);
  if (what === 'rejoin') return close ? 70 : undefined;
  if (close) return undefined;
  const reach = weaponRange(sit.view, u.id) + SCREEN_REACH;
  const near = sit.enemies.some(
    (e) => !isRouting(sit.view, e.id) && (gap(u, e) <= weaponRange(sit.view, e.id) || gap(u, e) <= reach),
  );
  return near ? 70 : undefined;
}

// ---------------------------------------------------------------------------------------------
// Support

/**
 * Whether `supporter` should be given Support for `friend`: the friend attacks (it is sent to take an
 * objective, or charges), the supporter is a second-line unit (not artillery or skirmishers, not itself sent
 * anywhere) standing behind it (its front behind the friend's rear edge), and close enough to take
 * station on its next card (within a Normal Move and a half behind, a Normal Move beyond 3" off a flank).
 */
export function supportsAttack(
  sit: Situation,
  supporter: UnitState,
  friend: UnitId,
  attacking: (id: UnitId) => boolean,
): boolean {
  const f = sit.view.table.units[friend];
  if (!f || !attacking(friend) || troopOfUnit(sit.view, supporter.id).arm === 'artillery') return false;
  // Skirmishers (a light company out) screen in front; they are no second line.
  if (supporter.formation === 'skirmish-order') return false;
  const standing = stationStanding(supporter, f);
  const rate = normalMove(sit.view, supporter);
  return standing.behind >= 0 && standing.behind <= 1.5 * rate && standing.offFlank <= STATION_FLANK + rate;
}

/**
 * Inches a supporting unit's move brings its front-centre nearer its station's middle (undefined
 * when it supports nobody on the table): the move to make on its card.
 */
export function stationGain(sit: Situation, u: UnitState, moved: UnitState): number | undefined {
  const ju = sit.view.units[u.id];
  const friend =
    ju?.order === 'support' && ju.orderTarget !== undefined
      ? sit.view.table.units[ju.orderTarget]
      : undefined;
  if (!friend) return undefined;
  const station = stationPoint(u, friend, normalMove(sit.view, u));
  return distance(frontOf(u), station) - distance(frontOf(moved), station);
}

// ---------------------------------------------------------------------------------------------
// Moving guns

/** Inches beyond its range at which a deployed battery limbers up to advance rather than prolonge. */
const LIMBER_BEYOND = 12;

/**
 * The order a battery's situation calls for when its side attacks, or undefined (it holds and fires):
 * limbered, it unlimbers once an enemy is within its range and 2", else it marches on; deployed with no
 * enemy within range, it keeps up with the advance, limbered when the enemy is far (Limber & Advance),
 * else by Prolonge (& Fire, which fires once an enemy comes within range). A side that defends keeps
 * its guns where they stand (unlimbering a limbered battery).
 */
export function gunOrders(sit: Situation, u: UnitState): readonly OrderId[] {
  const range = weaponRange(sit.view, u.id);
  const near = nearestEnemy(sit, u);
  const attacks = sit.stance.kind === 'attack';
  if (u.formation === 'artillery-limbered')
    return !attacks || (near !== undefined && near.gap <= range + 2)
      ? ['unlimber-and-fire']
      : ['forward-march'];
  if (!attacks || !near || near.gap <= range) return [];
  return near.gap > range + LIMBER_BEYOND
    ? ['limber-and-advance', 'prolonge']
    : ['prolonge-and-fire', 'prolonge'];
}

/**
 * Inches a battery's move brings it nearer firing at the nearest enemy: the fall in how far it is
 * beyond 2" inside its weapon's range of it (a gun gains nothing by coming closer than that).
 */
export function gunGain(sit: Situation, u: UnitState, moved: UnitState): number {
  const near = nearestEnemy(sit, u);
  if (!near) return 0;
  const standOff = Math.max(0, weaponRange(sit.view, u.id) - 2);
  return Math.max(0, near.gap - standOff) - Math.max(0, gap(moved, near.enemy) - standOff);
}
