import { angleBetween, bearing, cosDegrees, sinDegrees, turnBetween } from '../../../core/geometry/angles.ts';
import { flattenPoints } from '../../../core/geometry/points.ts';
import { pointInPolygon } from '../../../core/geometry/polygons.ts';
import { BOX_STRIDE, boxDistance, packBox, segmentBoxDistance } from '../../../core/geometry/rectangles.ts';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import type { FeatureId, TableState, UnitId, UnitState } from '../../../core/table/model.ts';
import { MOVEMENT_RATES } from '../tables/movement-rates.ts';
import { jc3 } from '../vocabulary.ts';
import {
  farthestMove,
  type MoveContext,
  type MoveReport,
  type MoverFacts,
  replayOf,
  resolveMove,
} from './movement.ts';
import { pointPolygonDistance, standCorners, unitCentre } from './movement-geometry.ts';
import type { Manoeuvre } from './movement-manoeuvres.ts';
import { costPerInch } from './movement-terrain.ts';

/**
 * Mandatory moves on the virtual table (Part 3, Mandatory Moves 1-4): Fall Back, Forced Back, Rout
 * and Pursue, laid out by Muster as the text describes them and costed like any move. A fleeing unit
 * turns in place if it must (facing changes are free on mandatory moves), then goes in a straight line;
 * it never passes through an enemy (it stops on touching one) and never ends on a friend (rule 5). Every
 * fleeing move keeps its centre from getting nearer the centre of the enemy it flees: friends and cover
 * count only "to its rear" (their direction within 90 degrees of straight away from that enemy), and the
 * way to the base edge is bent sideways when the edge lies beyond the enemy.
 */

/**
 * A side's base edge, its rear: a point on the line and the direction from the table towards it. Give
 * it with the table (and move it with the table when the table is turned).
 */
export interface BaseEdge {
  readonly x: number;
  readonly y: number;
  readonly direction: number;
}

/** The base edge along one side of the table: south is y = 0, north y = depth, west x = 0, east x = width. */
export function tableEdge(table: TableState, edge: 'south' | 'north' | 'west' | 'east'): BaseEdge {
  switch (edge) {
    case 'south':
      return { x: table.width / 2, y: 0, direction: 270 };
    case 'north':
      return { x: table.width / 2, y: table.depth, direction: 90 };
    case 'west':
      return { x: 0, y: table.depth / 2, direction: 180 };
    case 'east':
      return { x: table.width, y: table.depth / 2, direction: 0 };
  }
}

/** Where a fleeing unit heads. */
export type FleeTarget =
  | { readonly kind: 'away' }
  | { readonly kind: 'friend'; readonly unitId: UnitId }
  | { readonly kind: 'cover'; readonly featureId: FeatureId }
  | { readonly kind: 'rear' };

export interface MandatoryMoveRequest {
  readonly unitId: UnitId;
  /** Its movement facts; the movement result is set by the move (fall-back, forced-back, rout). */
  readonly mover: MoverFacts;
  /** The enemy it moves away from (default: the nearest enemy unit, edge to edge). */
  readonly from?: UnitId;
  /** Its side's base edge. */
  readonly rear: BaseEdge;
}

export interface FallBackRequest extends MandatoryMoveRequest {
  /** How far (between half and a full Normal Move; default the full move). */
  readonly inches?: number;
  /** Cover to fall back into, if it may (free of enemies, farther from the enemy, passable). */
  readonly cover?: FeatureId;
}

export interface MandatoryMoveReport {
  readonly move: MoveReport;
  readonly target: FleeTarget;
  /** The direction it moved (degrees). */
  readonly direction: number;
  /** The enemy it moved away from, if any. */
  readonly enemy: UnitId | undefined;
  /** It could not go its full distance (terrain, an enemy, a friend it would end on). */
  readonly blocked: boolean;
  /** Some stand ends beyond the table's edge: the unit leaves the table. */
  readonly leavesTable: boolean;
  readonly rule: RuleRef;
  /** Why it went where it went, in Muster's words. */
  readonly label: string;
}

/** Kinds of area a fleeing unit counts as cover. */
const COVER_KINDS = new Set(['light-woods', 'heavy-woods', 'town']);

interface Frame {
  readonly unit: UnitState;
  readonly cx: number;
  readonly cy: number;
  /** Unit vector straight away from the enemy (from its centre to ours). */
  readonly ux: number;
  readonly uy: number;
  readonly enemy: UnitState | undefined;
}

function frameOf(ctx: MoveContext, req: MandatoryMoveRequest): Frame {
  const unit = ctx.table.units[req.unitId];
  if (!unit) throw new Error(`no unit ${req.unitId} on the table`);
  const [cx, cy] = unitCentre(unit.stands);
  let enemy: UnitState | undefined;
  if (req.from !== undefined) {
    enemy = ctx.table.units[req.from];
    if (!enemy) throw new Error(`no unit ${req.from} on the table`);
  } else {
    let best = Infinity;
    for (const u of Object.values(ctx.table.units)) {
      if (u.side === unit.side || u.stands.length === 0) continue;
      const d = unitDistance(unit, u);
      if (d < best) {
        best = d;
        enemy = u;
      }
    }
  }
  let ux = cosDegrees(req.rear.direction);
  let uy = sinDegrees(req.rear.direction);
  if (enemy) {
    const [ex, ey] = unitCentre(enemy.stands);
    const d = Math.hypot(cx - ex, cy - ey);
    if (d > 1e-9) {
      ux = (cx - ex) / d;
      uy = (cy - ey) / d;
    }
  }
  return { unit, cx, cy, ux, uy, enemy };
}

/** Edge-to-edge distance between two units (each stand packed once, not once a pair). */
export function unitDistance(a: UnitState, b: UnitState): number {
  const m = a.stands.length;
  const n = b.stands.length;
  if (unitBoxes.length < (m + n) * BOX_STRIDE) unitBoxes = new Float64Array(2 * (m + n) * BOX_STRIDE);
  const boxes = unitBoxes;
  for (let i = 0; i < m; i++) packBox(a.stands[i]!, boxes, i * BOX_STRIDE);
  for (let j = 0; j < n; j++) packBox(b.stands[j]!, boxes, (m + j) * BOX_STRIDE);
  let best = Infinity;
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++)
      best = Math.min(best, boxDistance(boxes, i * BOX_STRIDE, boxes, (m + j) * BOX_STRIDE));
  return best;
}

/** Scratch for `unitDistance`: both units' stands, packed. */
let unitBoxes = new Float64Array(0);

/** The direction to the base edge, bent so as never to close on the enemy (see the module comment). */
function rearDirection(f: Frame, rear: BaseEdge): number {
  const rx = cosDegrees(rear.direction);
  const ry = sinDegrees(rear.direction);
  const along = rx * f.ux + ry * f.uy;
  if (along >= 0) return rear.direction;
  const px = rx - along * f.ux;
  const py = ry - along * f.uy;
  if (Math.hypot(px, py) < 1e-9) return bearing(0, 0, f.ux, f.uy);
  return bearing(0, 0, px, py);
}

/** Whether a point lies to the unit's rear: within 90 degrees of straight away from the enemy. */
function toRear(f: Frame, x: number, y: number): boolean {
  return (x - f.cx) * f.ux + (y - f.cy) * f.uy > 1e-9;
}

interface Candidate {
  readonly target: FleeTarget;
  readonly distance: number;
  readonly x: number;
  readonly y: number;
}

function friendsToRear(ctx: MoveContext, f: Frame): Candidate[] {
  const out: Candidate[] = [];
  for (const u of Object.values(ctx.table.units)) {
    if (u.id === f.unit.id || u.side !== f.unit.side || u.stands.length === 0) continue;
    const [x, y] = unitCentre(u.stands);
    if (!toRear(f, x, y)) continue;
    out.push({ target: { kind: 'friend', unitId: u.id }, distance: unitDistance(f.unit, u), x, y });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/**
 * Cover to the unit's rear that it can enter: woods and towns (by their outline) passable to it, with
 * its centre outside, and holding no stand of an enemy (`unoccupied`: of any other unit). Its point is
 * the outline's nearest point to the unit's centre.
 */
function coverToRear(
  ctx: MoveContext,
  f: Frame,
  troop: MoverFacts['troop'],
  unoccupied: boolean,
): Candidate[] {
  const mover = MOVEMENT_RATES.troops[troop].mover;
  const out: Candidate[] = [];
  for (const feature of Object.values(ctx.table.terrain)) {
    if (!COVER_KINDS.has(feature.kind) || !('outline' in feature)) continue;
    if (
      feature.kind !== 'town' &&
      !Number.isFinite(costPerInch(feature.kind as 'light-woods' | 'heavy-woods', mover))
    )
      continue;
    const coords = flattenPoints(feature.outline);
    if (pointInPolygon(coords, 0, coords.length / 2, f.cx, f.cy) > 0) continue;
    if (occupied(ctx, coords, f.unit, unoccupied)) continue;
    const [x, y] = nearestPoint(coords, f.cx, f.cy);
    if (!toRear(f, x, y)) continue;
    out.push({
      target: { kind: 'cover', featureId: feature.id },
      distance: unitToPolygon(f.unit, coords),
      x,
      y,
    });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

function occupied(ctx: MoveContext, coords: Float64Array, self: UnitState, anyUnit: boolean): boolean {
  for (const u of Object.values(ctx.table.units)) {
    if (u.id === self.id || (!anyUnit && u.side === self.side)) continue;
    for (const s of u.stands) {
      if (pointInPolygon(coords, 0, coords.length / 2, s.x, s.y) > 0) return true;
      const c = standCorners(s);
      for (let i = 0; i < 8; i += 2)
        if (pointInPolygon(coords, 0, coords.length / 2, c[i]!, c[i + 1]!) > 0) return true;
    }
  }
  return false;
}

function nearestPoint(coords: Float64Array, x: number, y: number): [number, number] {
  const n = coords.length / 2;
  let best = Infinity;
  let bx = x;
  let by = y;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = coords[2 * i]!;
    const ay = coords[2 * i + 1]!;
    const dx = coords[2 * j]! - ax;
    const dy = coords[2 * j + 1]! - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    const px = ax + t * dx;
    const py = ay + t * dy;
    const d = Math.hypot(px - x, py - y);
    if (d < best) {
      best = d;
      bx = px;
      by = py;
    }
  }
  return [bx, by];
}

function unitToPolygon(unit: UnitState, coords: Float64Array): number {
  const box = new Float64Array(BOX_STRIDE);
  const n = coords.length / 2;
  const seg = new Float64Array(4);
  let best = Infinity;
  for (const s of unit.stands) {
    if (pointPolygonDistance(coords, s.x, s.y) === 0) return 0;
    packBox(s, box, 0);
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      seg[0] = coords[2 * i]!;
      seg[1] = coords[2 * i + 1]!;
      seg[2] = coords[2 * j]!;
      seg[3] = coords[2 * j + 1]!;
      best = Math.min(best, segmentBoxDistance(seg, 0, box, 0));
    }
  }
  return best;
}

/** Whether the unit's stands face towards the enemy (its centre within 90 degrees of straight ahead). */
function facesEnemy(f: Frame): boolean {
  return angleBetween(f.unit.facing, bearing(0, 0, -f.ux, -f.uy)) < 90;
}

function enemiesOf(ctx: MoveContext, unit: UnitState): UnitId[] {
  return Object.values(ctx.table.units)
    .filter((u) => u.side !== unit.side)
    .map((u) => u.id);
}

/**
 * Moves the unit in a straight line in `direction` as far as `inches` and its allowance allow, then (when
 * `aboutFace`) turns it about where it stops. Turning first would swing a unit in contact with the enemy
 * (the usual case after a lost Confrontation) into that enemy and stop it where it stands.
 */
function flee(
  ctx: MoveContext,
  f: Frame,
  mover: MoverFacts,
  movement: 'fall-back' | 'forced-back' | 'rout',
  direction: number,
  aboutFace: boolean,
  inches: number | undefined,
  dice: DiceSource,
): { move: MoveReport; blocked: boolean } {
  const replay = replayOf(dice);
  const facts: MoverFacts = { ...mover, movement };
  const stopAt = enemiesOf(ctx, f.unit);
  const turn: Manoeuvre[] = aboutFace ? [{ kind: 'about-face' }] : [];
  // Only its allowance is read: no swept ground.
  const base = resolveMove(
    ctx,
    { unitId: f.unit.id, manoeuvres: turn, mover: facts, kind: 'mandatory', sweeps: false },
    replay,
  );
  const full = base.allowance.available;
  const wanted =
    inches === undefined ? full : Math.max(base.allowance.maximumNormalMove / 2, Math.min(inches, full));
  const build = (d: number) => ({
    unitId: f.unit.id,
    manoeuvres: [{ kind: 'straight' as const, inches: d, direction }, ...turn],
    mover: facts,
    kind: 'mandatory' as const,
    stopAt,
  });
  // The search asks for no swept ground; the one report kept is made once, with it.
  const found = farthestMove(ctx, (d) => ({ ...build(d), sweeps: false }), wanted, replay);
  const blocked = found.limited || found.report.stoppedShort.length > 0;
  const move = resolveMove(
    ctx,
    { ...build(found.inches), ...(blocked ? { reachedObjective: true } : {}) },
    replay,
  );
  return { move, blocked };
}

function report(
  ctx: MoveContext,
  f: Frame,
  moved: { move: MoveReport; blocked: boolean },
  target: FleeTarget,
  direction: number,
  rule: RuleRef,
  label: string,
): MandatoryMoveReport {
  const { width, depth } = ctx.table;
  const leavesTable = moved.move.unit.stands.some((s) => {
    const c = standCorners(s);
    for (let i = 0; i < 8; i += 2)
      if (c[i]! < 0 || c[i]! > width || c[i + 1]! < 0 || c[i + 1]! > depth) return true;
    return false;
  });
  return {
    move: moved.move,
    target,
    direction,
    enemy: f.enemy?.id,
    blocked: moved.blocked,
    leavesTable,
    rule,
    label,
  };
}

/**
 * Fall Back (Part 3, Mandatory Moves 1): half to a full Normal Move straight away from the enemy,
 * still facing it (no turn), in its formation. With `cover`, into that cover instead, if the cover is
 * free of enemies, passable, and its nearest point lies to the unit's rear (so farther from the enemy).
 */
export function fallBack(ctx: MoveContext, req: FallBackRequest, dice: DiceSource): MandatoryMoveReport {
  const f = frameOf(ctx, req);
  let target: FleeTarget = { kind: 'away' };
  let direction = bearing(0, 0, f.ux, f.uy);
  let label = f.enemy ? `Straight away from ${f.enemy.id}` : 'No enemy: towards its base edge';
  if (req.cover !== undefined) {
    const c = coverToRear(ctx, f, req.mover.troop, false).find(
      (k) => k.target.kind === 'cover' && k.target.featureId === req.cover,
    );
    if (c) {
      target = c.target;
      direction = bearing(f.cx, f.cy, c.x, c.y);
      label = `Into cover ${req.cover}, farther from the enemy`;
    } else label += ` (cover ${req.cover} is not free, passable and to its rear)`;
  }
  const moved = flee(ctx, f, req.mover, 'fall-back', direction, false, req.inches, dice);
  return report(ctx, f, moved, target, direction, jc3('Mandatory Moves', '1. Fall Back'), label);
}

/**
 * Forced Back (Part 3, Mandatory Moves 2): a full Normal Move towards the nearest friendly unit to its
 * rear, else the nearest unoccupied cover to its rear, else its base edge; backs to the enemy (an about
 * face first if it faced the enemy), Disordered.
 */
export function forcedBack(
  ctx: MoveContext,
  req: MandatoryMoveRequest,
  dice: DiceSource,
): MandatoryMoveReport {
  const f = frameOf(ctx, req);
  const pick = friendsToRear(ctx, f)[0] ?? coverToRear(ctx, f, req.mover.troop, true)[0];
  const direction = pick ? bearing(f.cx, f.cy, pick.x, pick.y) : rearDirection(f, req.rear);
  const target: FleeTarget = pick?.target ?? { kind: 'rear' };
  const moved = flee(ctx, f, req.mover, 'forced-back', direction, facesEnemy(f), undefined, dice);
  return report(ctx, f, moved, target, direction, jc3('Mandatory Moves', '2. Forced Back'), describe(target));
}

/**
 * Rout (Part 3, Mandatory Moves 3): a full Normal Move plus the Charge Bonus towards the nearest
 * friendly unit to its rear within reach (this move's distance, edge to edge), else the nearest cover to
 * its rear within reach (free of enemies), else its base edge; backs to the enemy, Disordered. Friends
 * win over cover whenever both are within reach.
 */
export function rout(ctx: MoveContext, req: MandatoryMoveRequest, dice: DiceSource): MandatoryMoveReport {
  const f = frameOf(ctx, req);
  const replay = replayOf(dice);
  const reach = resolveMove(
    ctx,
    {
      unitId: f.unit.id,
      manoeuvres: [],
      mover: { ...req.mover, movement: 'rout' },
      kind: 'mandatory',
      sweeps: false,
    },
    replay,
  ).allowance.available;
  const within = (c: Candidate | undefined) => (c && c.distance <= reach + 1e-9 ? c : undefined);
  const pick = within(friendsToRear(ctx, f)[0]) ?? within(coverToRear(ctx, f, req.mover.troop, false)[0]);
  const direction = pick ? bearing(f.cx, f.cy, pick.x, pick.y) : rearDirection(f, req.rear);
  const target: FleeTarget = pick?.target ?? { kind: 'rear' };
  const moved = flee(ctx, f, req.mover, 'rout', direction, facesEnemy(f), undefined, replay);
  return report(ctx, f, moved, target, direction, jc3('Mandatory Moves', '3. Rout'), describe(target));
}

function describe(t: FleeTarget): string {
  switch (t.kind) {
    case 'friend':
      return `Towards the nearest friends to its rear, ${t.unitId}`;
    case 'cover':
      return `Towards the nearest cover to its rear, ${t.featureId}`;
    case 'rear':
      return 'Towards its base edge';
    case 'away':
      return 'Straight away from the enemy';
  }
}

/** Confrontation range for a pursuer meeting a new enemy (Part 3, Mandatory Moves: 2"). */
export const CONFRONTATION_RANGE = 2;

export interface PursuitRequest {
  readonly unitId: UnitId;
  /** Its movement facts (order 'pursue' gives the Charge Bonus). */
  readonly mover: MoverFacts;
  /** The beaten unit it follows. */
  readonly target: UnitId;
}

export interface PursuitReport {
  readonly move: MoveReport;
  /** It reached the fleeing unit (base contact). */
  readonly caught: boolean;
  /** Other enemy units now within Confrontation range (2"): a new Confrontation may follow. */
  readonly newEnemiesInRange: readonly UnitId[];
  readonly rule: RuleRef;
}

/**
 * Pursuit (Part 3, Mandatory Moves 4; Pursue order): the pursuer turns to face the fleeing unit's
 * centre (free: a mandatory move) and follows it straight ahead at Normal Move plus Charge Bonus,
 * stopping on contact with it (caught) or with any other enemy.
 */
export function pursue(ctx: MoveContext, req: PursuitRequest, dice: DiceSource): PursuitReport {
  const unit = ctx.table.units[req.unitId];
  const target = ctx.table.units[req.target];
  if (!unit) throw new Error(`no unit ${req.unitId} on the table`);
  if (!target) throw new Error(`no unit ${req.target} on the table`);
  const [cx, cy] = unitCentre(unit.stands);
  const [tx, ty] = unitCentre(target.stands);
  const turn = turnBetween(unit.facing, bearing(cx, cy, tx, ty));
  const lead: Manoeuvre[] = Math.abs(turn) > 1e-9 ? [{ kind: 'face', degrees: turn }] : [];
  const mover: MoverFacts = { ...req.mover, order: 'pursue' };
  const replay = replayOf(dice);
  const stopAt = enemiesOf(ctx, unit);
  const base = resolveMove(ctx, { unitId: unit.id, manoeuvres: lead, mover, kind: 'mandatory' }, replay);
  const found = farthestMove(
    ctx,
    (d) => ({
      unitId: unit.id,
      manoeuvres: [...lead, { kind: 'advance', inches: d }],
      mover,
      kind: 'mandatory',
      stopAt,
    }),
    base.allowance.available,
    replay,
  );
  const move = found.report;
  const caught = move.contacts.includes(target.id);
  const newEnemiesInRange = Object.values(ctx.table.units)
    .filter(
      (u) =>
        u.side !== unit.side &&
        u.id !== target.id &&
        unitDistance(move.unit, u) <= CONFRONTATION_RANGE + 1e-9,
    )
    .map((u) => u.id);
  return { move, caught, newEnemiesInRange, rule: jc3('Mandatory Moves', '4. Pursue') };
}
