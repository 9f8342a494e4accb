import type { Point } from '../../core/geometry/points.ts';
import type { SideId, StandState } from '../../core/table/model.ts';
import type { JcGameState } from './state.ts';
import { unitVisibleTo } from './view.ts';

/**
 * Where a General's ride ends, placed by the units about it, in the players' words: "2" to the left of
 * the Sepoy battalion, 4" behind", "towards the Maratha horse, 6" from it". Only for a ride offered now
 * (`describeOffer`): units move, and the log must word a command the same way every time.
 */

/** A unit a ride may be placed by: its name, whether it is of the rider's side, where it stands and faces. */
export interface UnitLandmark {
  readonly name: string;
  readonly friendly: boolean;
  readonly facing: number;
  readonly stands: readonly Pick<StandState, 'x' | 'y' | 'width' | 'depth'>[];
}

/**
 * The units a General of `side` may be told about: his side's, and the enemy units his side has spotted
 * (an offer must not name a unit its reader cannot see).
 */
export function landmarksFor(
  state: JcGameState,
  side: SideId,
  names: ReadonlyMap<string, string>,
): UnitLandmark[] {
  return Object.values(state.table.units)
    .filter((u) => u.stands.length > 0 && unitVisibleTo(state, side, u.id))
    .map((u) => ({
      name: names.get(u.id) ?? u.id,
      friendly: u.side === side,
      facing: u.facing,
      stands: u.stands,
    }));
}

const inches = (x: number) => `${Math.round(x * 10) / 10}"`;
/** A gap too small to read at a tenth of an inch counts as none. */
const readable = (x: number) => (Math.round(x * 10) >= 1 ? x : 0);

/** Beyond this from the nearest unit, a ride's end is not placed by units. */
const NEAR_ENOUGH = 24;
/** A ride heads towards an enemy unit when the unit lies within this many degrees of its way. */
const HEADING = 20;

/** How far `p` is from the nearest stand centre of `u`. */
function distanceTo(u: UnitLandmark, p: Point): number {
  let best = Number.POSITIVE_INFINITY;
  for (const s of u.stands) best = Math.min(best, Math.hypot(s.x - p.x, s.y - p.y));
  return best;
}

/**
 * The end `to` of a ride from `from`, placed by the nearest unit in `landmarks` (undefined when none is
 * within 24"): towards an enemy unit the ride heads at, how far short of it the ride stops; else where
 * the end lies from the unit's body, by its own front, rear, left and right ("3" in front of the 74th
 * Foot", "2" to the right of the Maratha horse, 1.5" behind", "with the 74th Foot").
 */
export function placedByUnits(
  from: Point,
  to: Point,
  landmarks: readonly UnitLandmark[],
): string | undefined {
  let nearest: UnitLandmark | undefined;
  let nearestDistance = NEAR_ENOUGH;
  for (const u of landmarks) {
    const d = distanceTo(u, to);
    if (d <= nearestDistance) {
      nearest = u;
      nearestDistance = d;
    }
  }
  if (!nearest) return undefined;
  const u = nearest;
  // The unit's frame: forward along its facing, left a quarter turn anticlockwise of it (+y is north).
  const fx = Math.cos((u.facing * Math.PI) / 180);
  const fy = Math.sin((u.facing * Math.PI) / 180);
  const along = (p: Point, s: Point) => (p.x - s.x) * fx + (p.y - s.y) * fy;
  const across = (p: Point, s: Point) => -(p.x - s.x) * fy + (p.y - s.y) * fx;
  const origin = u.stands[0]!;
  let front = Number.NEGATIVE_INFINITY;
  let rear = Number.POSITIVE_INFINITY;
  let left = Number.NEGATIVE_INFINITY;
  let right = Number.POSITIVE_INFINITY;
  for (const s of u.stands) {
    const a = along(s, origin);
    const c = across(s, origin);
    front = Math.max(front, a + s.depth / 2);
    rear = Math.min(rear, a - s.depth / 2);
    left = Math.max(left, c + s.width / 2);
    right = Math.min(right, c - s.width / 2);
  }
  const a = along(to, origin);
  const c = across(to, origin);
  if (!u.friendly) {
    const rideWay = Math.atan2(to.y - from.y, to.x - from.x);
    const centre = u.stands.reduce(
      (m, s) => ({ x: m.x + s.x / u.stands.length, y: m.y + s.y / u.stands.length }),
      {
        x: 0,
        y: 0,
      },
    );
    const unitWay = Math.atan2(centre.y - from.y, centre.x - from.x);
    const off = Math.abs(((((rideWay - unitWay) * 180) / Math.PI + 540) % 360) - 180);
    const gap = Math.max(0, a - front, rear - a, c - left, right - c);
    // Short of it: the end is no farther along the way to its centre than its centre is.
    const toCentre = Math.hypot(centre.x - from.x, centre.y - from.y);
    const short =
      (to.x - from.x) * (centre.x - from.x) + (to.y - from.y) * (centre.y - from.y) < toCentre ** 2;
    if (off <= HEADING && short && gap > 0) return `towards ${u.name}, ${inches(gap)} from it`;
  }
  const ahead = readable(a - front);
  const behind = readable(rear - a);
  const toLeft = readable(c - left);
  const toRight = readable(right - c);
  const lengthwise = ahead > 0 ? `${inches(ahead)} in front` : behind > 0 ? `${inches(behind)} behind` : '';
  const sideways = toLeft > 0 ? 'left' : toRight > 0 ? 'right' : '';
  if (sideways) {
    const by = inches(Math.max(toLeft, toRight));
    return `${by} to the ${sideways} of ${u.name}${lengthwise ? `, ${lengthwise}` : ''}`;
  }
  if (ahead > 0) return `${inches(ahead)} in front of ${u.name}`;
  if (behind > 0) return `${inches(behind)} behind ${u.name}`;
  return `with ${u.name}`;
}
