import { cosDegrees, normalizeDegrees, sinDegrees } from '../../../core/geometry/angles.ts';
import { rectDistance } from '../../../core/geometry/rectangles.ts';
import { type RuleRef, ruleRef } from '../../../core/rules/trace.ts';
import type {
  StandId,
  StandKind,
  StandSize,
  UnitId,
  UnitStandState,
  UnitState,
} from '../../../core/table/model.ts';
import { FORMATIONS, type Formation, jc3, jc4, musterDefault } from '../vocabulary.ts';
import { currentStatus, type JcUnitProfile, type JcUnitState, troopOf } from './unit-profile.ts';

/**
 * John Company's formations on the virtual table (Part 2, Formations; Part 3, the Form ... orders):
 * where each stand of a unit goes, given the point its front is anchored on, and which formations each
 * class of troops may use. Every length is in inches; angles in degrees (see core/geometry/angles.ts).
 *
 * A layout is anchored on the **front-centre** of the unit: the midpoint of the front edge of its front
 * rank, with the unit's facing. Ranks run backwards from there (rank 0 in front), files left to right
 * seen from behind (file 0 on the left). Stands of one unit never overlap (they may touch).
 */

const jc1 = (section: string, item?: string) => ruleRef('John Company Part 1', section, item);

/** The point a unit's front is anchored on: its front-centre, and the unit's facing. */
export interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}

export const BATTERY_FORMATIONS = ['artillery-deployed', 'artillery-limbered'] as const;
export type BatteryFormation = (typeof BATTERY_FORMATIONS)[number];
export type TroopFormation = Exclude<Formation, BatteryFormation>;

/** Infantry or cavalry: `standCount` identical stands. */
export interface TroopLayout {
  readonly formation: TroopFormation;
  readonly standCount: number;
  readonly standSize: StandSize;
  readonly kind: 'infantry' | 'cavalry';
  /**
   * Columns, mass and skirmish order: ranks chosen (stands per rank = stands / ranks, rounded up; a
   * partial rank goes at the rear). Lines have one rank; a square has its four faces.
   */
  readonly ranks?: number;
  /** Columns and mass: stands per rank, instead of `ranks`. */
  readonly files?: number;
}

/** A battery: gun models, their crew stands and (optionally) a limber model per gun. */
export interface BatteryLayout {
  readonly formation: BatteryFormation;
  readonly guns: number;
  /** Crew stands per gun: the same for every gun, or one number per gun. */
  readonly crews: number | readonly number[];
  readonly gunSize: StandSize;
  readonly crewSize: StandSize;
  /** The limber models' size; omit when the battery has none on the table. */
  readonly limberSize?: StandSize;
}

export type LayoutShape = TroopLayout | BatteryLayout;

export type LayoutRequest = LayoutShape & {
  readonly unitId: UnitId;
  readonly anchor: Anchor;
  /**
   * Stand ids to use. Troops: in the order of the result (rank by rank, left to right). A battery:
   * the guns' ids, then the crews' (gun by gun), then the limbers'. Default `<unit>/<n>` for troops and
   * `<unit>/gun<g>`, `<unit>/crew<g>.<c>`, `<unit>/limber<g>` for a battery.
   */
  readonly ids?: readonly StandId[];
};

export function isBatteryFormation(f: Formation): f is BatteryFormation {
  return f === 'artillery-deployed' || f === 'artillery-limbered';
}

export function isBatteryLayout(s: LayoutShape): s is BatteryLayout {
  return isBatteryFormation(s.formation);
}

export function isFormation(f: string): f is Formation {
  return (FORMATIONS as readonly string[]).includes(f);
}

/** Ranks x files of a troop formation, and its gaps (inches between neighbouring stands). */
export interface TroopGrid {
  readonly ranks: number;
  readonly files: number;
  /** Lateral gap between stands of a rank. */
  readonly gapX: number;
  /** Gap between ranks. */
  readonly gapY: number;
  /** Skirmish order: the second rank stands behind the gaps of the first. */
  readonly staggered: boolean;
}

function positiveInt(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`${what} must be a whole number of at least 1, not ${n}`);
}

function positiveSize(s: StandSize, what: string): void {
  if (!(s.width > 0 && s.depth > 0)) throw new RangeError(`${what} must have a positive width and depth`);
}

/**
 * The grid of a troop formation (Part 2 and Part 3's Form orders; the readings in
 * docs/table-john-company.md):
 * - close-order line: one rank, stands touching; open-order line: one rank, a stand-width gap;
 * - close-order column: a road column (at most 2 files, the default) or a field column (more ranks
 *   than files); stands per rank = stands / ranks rounded up, the partial rank at the rear;
 * - open-order column: as a column, with a stand-width gap between files and a stand-depth gap
 *   between ranks;
 * - mass: a dense block, by default as near square on the table as the stands allow;
 * - skirmish order: 1 (default) or 2 ranks, a stand-width gap between stands, the second rank behind
 *   the gaps of the first.
 * A square is laid out by faces (see `layoutFormation`). Throws a RangeError for a shape the formation
 * does not allow.
 */
export function troopGrid(layout: TroopLayout): TroopGrid {
  const n = layout.standCount;
  positiveInt(n, 'standCount');
  positiveSize(layout.standSize, 'standSize');
  const { width: w, depth: d } = layout.standSize;
  const { ranks, files } = layout;
  if (ranks !== undefined) positiveInt(ranks, 'ranks');
  if (files !== undefined) positiveInt(files, 'files');
  if (ranks !== undefined && files !== undefined)
    throw new RangeError('give ranks or files, not both (the other follows from the stand count)');
  const byRanks = (r: number) => Math.ceil(n / r);
  switch (layout.formation) {
    case 'close-order-line':
    case 'open-order-line': {
      if ((ranks ?? 1) !== 1 || (files ?? n) !== n) throw new RangeError('a line has a single rank');
      return {
        ranks: 1,
        files: n,
        gapX: layout.formation === 'open-order-line' ? w : 0,
        gapY: 0,
        staggered: false,
      };
    }
    case 'close-order-column':
    case 'open-order-column': {
      const f = files ?? (ranks !== undefined ? byRanks(ranks) : Math.min(2, n));
      if (f > n) throw new RangeError(`a column of ${n} stands cannot be ${f} stands wide`);
      const r = Math.ceil(n / f);
      if (f > 2 && r <= f)
        throw new RangeError(
          `${r} ranks of ${f}: a column is at most 2 stands wide (road column) or has more ranks than files (field column)`,
        );
      const open = layout.formation === 'open-order-column';
      return { ranks: r, files: f, gapX: open ? w : 0, gapY: open ? d : 0, staggered: false };
    }
    case 'mass': {
      const f =
        files ?? (ranks !== undefined ? byRanks(ranks) : Math.min(n, Math.ceil(Math.sqrt((n * d) / w))));
      if (f > n) throw new RangeError(`a mass of ${n} stands cannot be ${f} stands wide`);
      return { ranks: Math.ceil(n / f), files: f, gapX: 0, gapY: 0, staggered: false };
    }
    case 'skirmish-order': {
      if (files !== undefined) throw new RangeError('skirmish order takes ranks (1 or 2), not files');
      const r = ranks ?? 1;
      if (r > 2) throw new RangeError('skirmish order is 1 or 2 ranks deep');
      const f = byRanks(r);
      return { ranks: Math.ceil(n / f), files: f, gapX: w, gapY: 0, staggered: true };
    }
    case 'square':
      throw new RangeError('a square has faces, not a grid');
  }
}

/** The faces of a square: stands on the front, each side and the rear. */
export interface SquareFaces {
  readonly front: number;
  readonly side: number;
  readonly rear: number;
}

/**
 * How a square's stands share its four faces: a quarter each, the remainder to the front, then the
 * rear, then the front again (so the square stays symmetric left to right). At least 4 stands.
 */
export function squareFaces(standCount: number): SquareFaces {
  positiveInt(standCount, 'standCount');
  if (standCount < 4) throw new RangeError(`a square needs 4 stands (one per face), not ${standCount}`);
  const q = Math.floor(standCount / 4);
  const r = standCount - 4 * q;
  return { front: q + (r >= 1 ? 1 : 0) + (r >= 3 ? 1 : 0), side: q, rear: q + (r >= 2 ? 1 : 0) };
}

/** Places stands in the anchor's frame: `lateral` to the right, `forward` ahead of the front line. */
class Placer {
  readonly fx: number;
  readonly fy: number;
  readonly stands: UnitStandState[] = [];

  constructor(readonly anchor: Anchor) {
    this.fx = cosDegrees(anchor.facing);
    this.fy = sinDegrees(anchor.facing);
  }

  put(
    id: StandId,
    kind: StandKind,
    size: StandSize,
    lateral: number,
    forward: number,
    turn: number,
    rank: number,
    file: number,
    serves?: StandId,
  ): void {
    // Right = (sin f, -cos f), forward = (cos f, sin f).
    const a = this.anchor;
    const stand: UnitStandState = {
      id,
      kind,
      x: a.x + this.fy * lateral + this.fx * forward,
      y: a.y - this.fx * lateral + this.fy * forward,
      facing: normalizeDegrees(a.facing + turn),
      width: size.width,
      depth: size.depth,
      rank,
      file,
      ...(serves === undefined ? {} : { serves }),
    };
    this.stands.push(stand);
  }
}

function idList(ids: readonly StandId[] | undefined, count: number): readonly StandId[] | undefined {
  if (ids === undefined) return undefined;
  if (ids.length !== count) throw new RangeError(`${count} stand ids are needed, ${ids.length} were given`);
  if (new Set(ids).size !== ids.length) throw new RangeError('stand ids must be distinct');
  return ids;
}

function layoutTroops(
  req: TroopLayout & { unitId: UnitId; anchor: Anchor; ids?: readonly StandId[] },
): UnitStandState[] {
  const n = req.standCount;
  const ids = idList(req.ids, n);
  const idOf = (i: number) => ids?.[i] ?? `${req.unitId}/${i}`;
  const size = req.standSize;
  const { width: w, depth: d } = size;
  const p = new Placer(req.anchor);
  if (req.formation === 'square') {
    if (req.ranks !== undefined || req.files !== undefined)
      throw new RangeError('a square takes no ranks or files: its stands share four faces');
    const faces = squareFaces(n);
    // Half the square's width: the wider of front and rear, and room for both side faces.
    const half = Math.max((faces.front * w) / 2, (faces.rear * w) / 2, d);
    let i = 0;
    for (let k = 0; k < faces.front; k++)
      p.put(idOf(i++), req.kind, size, (k - (faces.front - 1) / 2) * w, -d / 2, 0, 0, k);
    for (let k = 0; k < faces.side; k++)
      p.put(idOf(i++), req.kind, size, -half + d / 2, -d - (k + 0.5) * w, 90, 1, k);
    for (let k = 0; k < faces.side; k++)
      p.put(idOf(i++), req.kind, size, half - d / 2, -d - (k + 0.5) * w, -90, 2, k);
    const rearLine = -d - faces.side * w - d / 2;
    for (let k = 0; k < faces.rear; k++)
      p.put(idOf(i++), req.kind, size, (k - (faces.rear - 1) / 2) * w, rearLine, 180, 3, k);
    return p.stands;
  }
  const g = troopGrid(req);
  const pitchX = w + g.gapX;
  const pitchY = d + g.gapY;
  let i = 0;
  for (let rank = 0; rank < g.ranks; rank++) {
    const inRank = Math.min(g.files, n - rank * g.files);
    // A partial rank is centred; a staggered rank stands behind the gaps of the rank before it.
    const shift = g.staggered && rank % 2 === 1 && (g.files - inRank) % 2 === 0 ? pitchX / 2 : 0;
    for (let file = 0; file < inRank; file++)
      p.put(
        idOf(i++),
        req.kind,
        size,
        (file - (inRank - 1) / 2) * pitchX + shift,
        -d / 2 - rank * pitchY,
        0,
        rank,
        file,
      );
  }
  return p.stands;
}

function crewCounts(layout: BatteryLayout): readonly number[] {
  positiveInt(layout.guns, 'guns');
  const crews = layout.crews;
  const counts = typeof crews === 'number' ? Array.from({ length: layout.guns }, () => crews) : crews;
  if (counts.length !== layout.guns) throw new RangeError(`one crew count per gun: ${layout.guns} needed`);
  for (const c of counts)
    if (!Number.isInteger(c) || c < 0) throw new RangeError(`crew counts must be whole numbers, not ${c}`);
  return counts;
}

/**
 * A battery. Deployed (Part 4: guns in line, each gun model with its crew stands): the gun models side
 * by side in rank 0, each gun's crew stands side by side directly behind it (rank 1), its limber behind
 * them (rank 2); each gun's section is as wide as the widest of its models, sections touching. Limbered:
 * the guns one behind another, each behind its limber, its crews behind it, ranks counted from the
 * front, all on the battery's axis.
 */
function layoutBattery(
  req: BatteryLayout & { unitId: UnitId; anchor: Anchor; ids?: readonly StandId[] },
): UnitStandState[] {
  const crews = crewCounts(req);
  positiveSize(req.gunSize, 'gunSize');
  positiveSize(req.crewSize, 'crewSize');
  if (req.limberSize) positiveSize(req.limberSize, 'limberSize');
  const guns = req.guns;
  const crewTotal = crews.reduce((a, b) => a + b, 0);
  const ids = idList(req.ids, guns + crewTotal + (req.limberSize ? guns : 0));
  const crewStart: number[] = [];
  let at = guns;
  for (const c of crews) {
    crewStart.push(at);
    at += c;
  }
  const gunId = (g: number) => ids?.[g] ?? `${req.unitId}/gun${g}`;
  const crewId = (g: number, c: number) => ids?.[crewStart[g]! + c] ?? `${req.unitId}/crew${g}.${c}`;
  const limberId = (g: number) => ids?.[guns + crewTotal + g] ?? `${req.unitId}/limber${g}`;
  const { gunSize: gs, crewSize: cs, limberSize: ls } = req;
  const p = new Placer(req.anchor);
  if (req.formation === 'artillery-deployed') {
    const widths = crews.map((c) => Math.max(gs.width, c * cs.width, ls ? ls.width : 0));
    const total = widths.reduce((a, b) => a + b, 0);
    const centres: number[] = [];
    let left = -total / 2;
    for (const wdt of widths) {
      centres.push(left + wdt / 2);
      left += wdt;
    }
    for (let g = 0; g < guns; g++) p.put(gunId(g), 'gun', gs, centres[g]!, -gs.depth / 2, 0, 0, g);
    let file = 0;
    for (let g = 0; g < guns; g++)
      for (let c = 0; c < crews[g]!; c++)
        p.put(
          crewId(g, c),
          'crew',
          cs,
          centres[g]! + (c - (crews[g]! - 1) / 2) * cs.width,
          -gs.depth - cs.depth / 2,
          0,
          1,
          file++,
          gunId(g),
        );
    if (ls) {
      const crewDepth = crewTotal > 0 ? cs.depth : 0;
      for (let g = 0; g < guns; g++)
        p.put(
          limberId(g),
          'limber',
          ls,
          centres[g]!,
          -gs.depth - crewDepth - ls.depth / 2,
          0,
          2,
          g,
          gunId(g),
        );
    }
    return p.stands;
  }
  let forward = 0;
  let rank = 0;
  for (let g = 0; g < guns; g++) {
    if (ls) {
      p.put(limberId(g), 'limber', ls, 0, forward - ls.depth / 2, 0, rank++, 0, gunId(g));
      forward -= ls.depth;
    }
    p.put(gunId(g), 'gun', gs, 0, forward - gs.depth / 2, 0, rank++, 0);
    forward -= gs.depth;
    if (crews[g]! > 0) {
      for (let c = 0; c < crews[g]!; c++)
        p.put(
          crewId(g, c),
          'crew',
          cs,
          (c - (crews[g]! - 1) / 2) * cs.width,
          forward - cs.depth / 2,
          0,
          rank,
          c,
          gunId(g),
        );
      rank++;
      forward -= cs.depth;
    }
  }
  return p.stands;
}

/**
 * The stands of a unit in `formation`, anchored on `anchor` (its front-centre and facing), by rank then
 * file. A square's "ranks" are its faces: 0 front, 1 left, 2 right, 3 rear, each facing outwards, files
 * numbered from the front-left corner (front and rear faces left to right as the unit faces, side faces
 * front to back). Throws a RangeError for a request the formation does not allow (see `troopGrid`).
 *
 * The signature is stable: movement calls it.
 */
export function layoutFormation(request: LayoutRequest): UnitStandState[] {
  return isBatteryLayout(request) ? layoutBattery(request) : layoutTroops(request);
}

/**
 * A unit's anchor: the midpoint of the front edge of its front rank (rank 0), and the unit's facing.
 * The front edge is the front-most point of the rank along the unit's facing; the midpoint is halfway
 * between the rank's left and right extremes.
 */
export function frontCentre(unit: UnitState): Anchor {
  const fx = cosDegrees(unit.facing);
  const fy = sinDegrees(unit.facing);
  const first = unit.stands[0];
  if (!first) throw new RangeError(`unit ${unit.id} has no stands`);
  const hasRank0 = unit.stands.some((s) => s.rank === 0);
  let front = Number.NEGATIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const s of unit.stands) {
    if (hasRank0 && s.rank !== 0) continue;
    // Offsets from the first stand keep the arithmetic small (and exact for square-on layouts).
    const dx = s.x - first.x;
    const dy = s.y - first.y;
    const along = dx * fx + dy * fy;
    const across = dx * fy - dy * fx;
    const c = Math.abs(cosDegrees(s.facing) * fx + sinDegrees(s.facing) * fy);
    const sn = Math.abs(sinDegrees(s.facing) * fx - cosDegrees(s.facing) * fy);
    const halfAlong = (c * s.depth + sn * s.width) / 2;
    const halfAcross = (c * s.width + sn * s.depth) / 2;
    if (along + halfAlong > front) front = along + halfAlong;
    if (across - halfAcross < left) left = across - halfAcross;
    if (across + halfAcross > right) right = across + halfAcross;
  }
  const lateral = (left + right) / 2;
  return {
    x: first.x + fy * lateral + fx * front,
    y: first.y - fx * lateral + fy * front,
    facing: unit.facing,
  };
}

/** The unit's stands in rank, then file, order. */
function inRankOrder(unit: UnitState): readonly UnitStandState[] {
  return [...unit.stands].sort((a, b) => a.rank - b.rank || a.file - b.file);
}

/**
 * The layout of an existing unit (without its anchor), read from its stands, with the stand ids in the
 * order `layoutFormation` takes them: so `layoutFormation({ ...describeLayout(u), unitId, anchor, ids })`
 * lays the same unit out again elsewhere. Troops use the first stand's size and kind.
 */
export function describeLayout(unit: UnitState): LayoutShape & { readonly ids: readonly StandId[] } {
  if (!isFormation(unit.formation)) throw new RangeError(`${unit.formation} is not a John Company formation`);
  const formation = unit.formation;
  const ordered = inRankOrder(unit);
  if (isBatteryFormation(formation)) {
    const guns = ordered.filter((s) => s.kind === 'gun');
    const gunIds = guns.map((g) => g.id);
    const crewsOf = gunIds.map((id) => ordered.filter((s) => s.kind === 'crew' && s.serves === id));
    const limbers = gunIds.map((id) => ordered.find((s) => s.kind === 'limber' && s.serves === id));
    const crewStand = crewsOf.find((c) => c.length > 0)?.[0];
    const limber = limbers.find((l) => l !== undefined);
    if (!guns[0] || !crewStand) throw new RangeError(`battery ${unit.id} needs a gun and a crew stand`);
    if (limber && limbers.some((l) => l === undefined))
      throw new RangeError(`battery ${unit.id}: a limber for every gun, or none`);
    return {
      formation,
      guns: guns.length,
      crews: crewsOf.map((c) => c.length),
      gunSize: { width: guns[0].width, depth: guns[0].depth },
      crewSize: { width: crewStand.width, depth: crewStand.depth },
      ...(limber ? { limberSize: { width: limber.width, depth: limber.depth } } : {}),
      ids: [...gunIds, ...crewsOf.flat().map((s) => s.id), ...(limber ? limbers.map((l) => l!.id) : [])],
    };
  }
  const first = ordered[0];
  if (!first || (first.kind !== 'infantry' && first.kind !== 'cavalry'))
    throw new RangeError(`unit ${unit.id} in ${formation} needs infantry or cavalry stands`);
  const base = {
    formation,
    standCount: ordered.length,
    standSize: { width: first.width, depth: first.depth },
    kind: first.kind,
    ids: ordered.map((s) => s.id),
  };
  if (formation === 'close-order-column' || formation === 'open-order-column' || formation === 'mass')
    return { ...base, files: ordered.filter((s) => s.rank === 0).length };
  if (formation === 'skirmish-order') return { ...base, ranks: new Set(ordered.map((s) => s.rank)).size };
  return base;
}

/** A new formation and (for columns, mass and skirmishers) its ranks or files. */
export type FormationTarget =
  | { readonly formation: TroopFormation; readonly ranks?: number; readonly files?: number }
  | { readonly formation: BatteryFormation };

/**
 * The unit in a new formation, its stands keeping their ids (troops in rank-then-file order: the old
 * front-left stand becomes the new front-left one; a battery's crews and limbers stay with their guns).
 * The pivot is the front-centre of the old front rank (`frontCentre`): it stays fixed unless `anchor`
 * says otherwise, and the unit keeps its facing. Throws a RangeError when the stands cannot take the
 * formation (troops into a battery formation or back, or a shape the formation does not allow);
 * whether the unit may use the formation at all is `formationAllowed`'s question.
 */
export function changeFormation(
  unit: UnitState,
  target: FormationTarget,
  anchor: Anchor = frontCentre(unit),
): UnitState {
  const old = describeLayout(unit);
  let shape: LayoutShape;
  if (isBatteryLayout(old)) {
    if (!isBatteryFormation(target.formation))
      throw new RangeError('a battery forms only artillery formations');
    shape = { ...old, formation: target.formation };
  } else {
    if (isBatteryFormation(target.formation))
      throw new RangeError('troops cannot form an artillery formation');
    const t = target as Extract<FormationTarget, { formation: TroopFormation }>;
    shape = {
      formation: t.formation,
      standCount: old.standCount,
      standSize: old.standSize,
      kind: old.kind,
      ...(t.ranks === undefined ? {} : { ranks: t.ranks }),
      ...(t.files === undefined ? {} : { files: t.files }),
    };
  }
  const stands = layoutFormation({ ...shape, unitId: unit.id, anchor, ids: old.ids });
  return { ...unit, formation: target.formation, facing: anchor.facing, stands };
}

// ---------------------------------------------------------------------------------------------
// Which formations each class of troops may use

/** Whether a unit may use a formation, and the rule that says so. */
export interface FormationPermission {
  readonly allowed: boolean;
  readonly rule: RuleRef;
  /** Why, in Muster's words. */
  readonly label: string;
}

const REGULAR_INFANTRY: readonly Formation[] = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
  'square',
];
const REGULAR_CAVALRY: readonly Formation[] = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
];

/**
 * Which formations a unit may use (Part 1, Unit Classification; Part 3, the Form orders and Movement
 * Rate Tables): artillery deploys or limbers; irregular infantry and cavalry fight in mass only; regular
 * infantry uses close and open order lines and columns and squares (Form Square: regular infantry
 * only), regular cavalry the lines and columns; skirmish order only for units whose Army List says so
 * (`skirmishCapable`: Form Skirmishers is for "specified units").
 */
export function formationAllowed(profile: JcUnitProfile, formation: Formation): FormationPermission {
  const t = troopOf(profile);
  if (t.arm === 'artillery') {
    const ok = isBatteryFormation(formation);
    return {
      allowed: ok,
      rule: jc1('Unit Classification', 'artillery'),
      label: ok ? 'Artillery deploys or limbers' : 'Artillery only deploys or limbers',
    };
  }
  if (!t.regular) {
    const ok = formation === 'mass';
    return {
      allowed: ok,
      rule: jc1('Unit Classification', `irregular ${t.arm}: mass only`),
      label: ok ? `Irregular ${t.arm} fights in mass` : `Irregular ${t.arm} fights in mass only`,
    };
  }
  if (formation === 'skirmish-order') {
    const ok = profile.skirmishCapable === true;
    return {
      allowed: ok,
      rule: jc3('Definitions Of Unit Orders', 'Form Skirmishers: specified units only'),
      label: ok ? 'Its Army List lets it skirmish' : 'Its Army List does not let it skirmish',
    };
  }
  const list = t.arm === 'infantry' ? REGULAR_INFANTRY : REGULAR_CAVALRY;
  const ok = list.includes(formation);
  return {
    allowed: ok,
    rule:
      formation === 'square'
        ? jc3('Definitions Of Unit Orders', 'Form Square: regular infantry')
        : jc1('Unit Classification', `regular ${t.arm}`),
    label: ok ? `Regular ${t.arm} may form ${formation}` : `Regular ${t.arm} may not form ${formation}`,
  };
}

/** Close order for reaction positive 8 and Confrontation: close-order line, column or square. */
export function isCloseOrder(formation: Formation): boolean {
  return formation === 'close-order-line' || formation === 'close-order-column' || formation === 'square';
}

/** Open order for the Confrontation modifier (-2): the gapped line and column. */
export function isOpenOrder(formation: Formation): boolean {
  return formation === 'open-order-line' || formation === 'open-order-column';
}

// ---------------------------------------------------------------------------------------------
// Light companies (Part 4, Skirmishers: light infantry companies)

/** A light company stays within this many inches of its parent battalion. */
export const LIGHT_COMPANY_REACH = 12;
const LIGHT_COMPANY_RULE = jc4('Skirmishers', 'light infantry companies');

/** Whether a battalion may send out its light company now, and every reason it may not. */
export interface LightCompanyPermission {
  readonly allowed: boolean;
  readonly rule: RuleRef;
  readonly reasons: readonly string[];
}

/**
 * Whether a line battalion may deploy its light company as a skirmishing sub-unit: regular infantry
 * with a light company of at least 2 stands (and more stands than that in the unit), not on a
 * mandatory move, not the target of a launched charge, and Steady or better.
 */
export function mayDeployLightCompany(
  profile: JcUnitProfile,
  state: JcUnitState,
  unit: UnitState,
): LightCompanyPermission {
  const reasons: string[] = [];
  const t = troopOf(profile);
  const company = profile.lightCompanyStands ?? 0;
  if (t.arm !== 'infantry' || !t.regular)
    reasons.push('only regular infantry battalions have light companies');
  if (company < 2) reasons.push('fewer than 2 stands of it may skirmish');
  else if (unit.stands.length <= company) reasons.push('the battalion has no stands to spare');
  if (state.mandatoryMove) reasons.push(`it is on a mandatory move (${state.mandatoryMove})`);
  if (state.chargedBy && state.chargedBy.length > 0) reasons.push('it is being charged');
  const status = currentStatus(profile, state);
  if (status === 'Shaken' || status === 'Wavering' || status === 'Panicked')
    reasons.push(`it is ${status}, not Steady or better`);
  return { allowed: reasons.length === 0, rule: LIGHT_COMPANY_RULE, reasons };
}

/**
 * The light company sent out: its `stands` (the battalion's last stands in rank-then-file order, i.e.
 * from the rear) become unit `companyId` in skirmish order anchored on `anchor`; the battalion closes up
 * in its formation about its front-centre. The company keeps the side and the stand ids.
 */
export function detachLightCompany(
  parent: UnitState,
  stands: number,
  companyId: UnitId,
  anchor: Anchor,
  ranks: 1 | 2 = 1,
): { readonly parent: UnitState; readonly company: UnitState } {
  const old = describeLayout(parent);
  if (isBatteryLayout(old)) throw new RangeError('a battery has no light company');
  positiveInt(stands, 'stands');
  if (stands >= old.standCount)
    throw new RangeError(`the battalion has ${old.standCount} stands, ${stands} cannot leave`);
  const keep = old.ids.slice(0, old.standCount - stands);
  const leave = old.ids.slice(old.standCount - stands);
  const rest = troopShape(old, old.formation, keep.length);
  const parentStands = layoutFormation({
    ...rest,
    unitId: parent.id,
    anchor: frontCentre(parent),
    ids: keep,
  });
  const companyStands = layoutFormation({
    formation: 'skirmish-order',
    standCount: stands,
    standSize: old.standSize,
    kind: old.kind,
    ranks,
    unitId: companyId,
    anchor,
    ids: leave,
  });
  return {
    parent: { ...parent, stands: parentStands },
    company: {
      id: companyId,
      side: parent.side,
      formation: 'skirmish-order',
      facing: anchor.facing,
      stands: companyStands,
    },
  };
}

/** The light company back in its battalion: its stands rejoin at the rear, the battalion re-formed about its front-centre. */
export function rejoinLightCompany(parent: UnitState, company: UnitState): UnitState {
  const old = describeLayout(parent);
  if (isBatteryLayout(old)) throw new RangeError('a battery has no light company');
  const ids = [...old.ids, ...inRankOrder(company).map((s) => s.id)];
  const shape = troopShape(old, old.formation, ids.length);
  return {
    ...parent,
    stands: layoutFormation({ ...shape, unitId: parent.id, anchor: frontCentre(parent), ids }),
  };
}

/** The same troop formation with another stand count (a column or mass keeps its frontage where it can). */
function troopShape(old: TroopLayout, formation: TroopFormation, standCount: number): TroopLayout {
  const base = { formation, standCount, standSize: old.standSize, kind: old.kind };
  if (old.files !== undefined) {
    const files = Math.min(old.files, standCount);
    if (formation === 'mass') return { ...base, files };
    // A column must stay a column: narrow it to a road column when the frontage no longer fits.
    const ranks = Math.ceil(standCount / files);
    return { ...base, files: files > 2 && ranks <= files ? Math.min(2, standCount) : files };
  }
  if (old.ranks !== undefined) return { ...base, ranks: Math.min(old.ranks, standCount) };
  return base;
}

/** How far a light company is from its battalion: the farthest of its stands from the battalion's nearest stand. */
export interface LightCompanyReach {
  readonly inReach: boolean;
  /** Inches, edge to edge. */
  readonly farthest: number;
  readonly rule: RuleRef;
}

/** Whether every stand of the light company is within 12" (edge to edge) of some stand of its battalion. */
export function lightCompanyReach(parent: UnitState, company: UnitState): LightCompanyReach {
  let farthest = 0;
  for (const c of company.stands) {
    let nearest = Number.POSITIVE_INFINITY;
    for (const p of parent.stands) nearest = Math.min(nearest, rectDistance(c, p));
    farthest = Math.max(farthest, nearest);
  }
  return {
    inReach: farthest <= LIGHT_COMPANY_REACH + 1e-9,
    farthest,
    rule: musterDefault('Light companies', 'within 12" = every stand within 12" of a stand of the battalion'),
  };
}
