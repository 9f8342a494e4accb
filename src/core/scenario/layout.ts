import { cosDegrees, normalizeDegrees, sinDegrees } from '../geometry/angles.ts';
import {
  type StandId,
  type StandKind,
  type StandSize,
  type UnitId,
  type UnitStandState,
  unitStand,
} from '../table/model.ts';
import {
  isNeutralBatteryFormation,
  type NeutralBatteryFormation,
  type NeutralTroopFormation,
} from './vocabulary.ts';

/**
 * Where each stand of a unit goes in each of the scenario format's formations (./vocabulary.ts), given
 * the point its front is anchored on: how a scenario's units start the battle, whatever the rule set,
 * and how John Company re-forms them in play (its formations are these, renamed:
 * src/rulesets/john-company/table/formations.ts). Every length is in inches; angles in degrees (see
 * core/geometry/angles.ts).
 *
 * A layout is anchored on the **front-centre** of the unit: the midpoint of the front edge of its front
 * rank, with the unit's facing. Ranks run backwards from there (rank 0 in front), files left to right
 * seen from behind (file 0 on the left). Stands of one unit never overlap (they may touch).
 */

/** The point a unit's front is anchored on: its front-centre, and the unit's facing. */
export interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}

/** Infantry or cavalry: `standCount` identical stands. */
export interface TroopLayout {
  readonly formation: NeutralTroopFormation;
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
  readonly formation: NeutralBatteryFormation;
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

export function isBatteryLayout(s: LayoutShape): s is BatteryLayout {
  return isNeutralBatteryFormation(s.formation);
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

/** Throws a RangeError unless `n` is a whole number of at least 1 (`what` names it). */
export function positiveInt(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`${what} must be a whole number of at least 1, not ${n}`);
}

function positiveSize(s: StandSize, what: string): void {
  if (!(s.width > 0 && s.depth > 0)) throw new RangeError(`${what} must have a positive width and depth`);
}

/**
 * The grid of a troop formation (John Company's Part 2 and Part 3's Form orders, as read in
 * docs/table-john-company.md):
 * - line: one rank, stands touching; open line: one rank, a stand-width gap;
 * - column: a road column (at most 2 files, the default) or a field column (more ranks
 *   than files); stands per rank = stands / ranks rounded up, the partial rank at the rear;
 * - open column: as a column, with a stand-width gap between files and a stand-depth gap
 *   between ranks;
 * - mass: a dense block, by default as near square on the table as the stands allow;
 * - skirmish: 1 (default) or 2 ranks, a stand-width gap between stands, the second rank behind
 *   the gaps of the first.
 * A square is laid out by faces (see `layoutUnit`). Throws a RangeError for a shape the formation
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
    case 'line':
    case 'open-line': {
      if ((ranks ?? 1) !== 1 || (files ?? n) !== n) throw new RangeError('a line has a single rank');
      return {
        ranks: 1,
        files: n,
        gapX: layout.formation === 'open-line' ? w : 0,
        gapY: 0,
        staggered: false,
      };
    }
    case 'column':
    case 'open-column': {
      const f = files ?? (ranks !== undefined ? byRanks(ranks) : Math.min(2, n));
      if (f > n) throw new RangeError(`a column of ${n} stands cannot be ${f} stands wide`);
      const r = Math.ceil(n / f);
      if (f > 2 && r <= f)
        throw new RangeError(
          `${r} ranks of ${f}: a column is at most 2 stands wide (road column) or has more ranks than files (field column)`,
        );
      const open = layout.formation === 'open-column';
      return { ranks: r, files: f, gapX: open ? w : 0, gapY: open ? d : 0, staggered: false };
    }
    case 'mass': {
      const f =
        files ?? (ranks !== undefined ? byRanks(ranks) : Math.min(n, Math.ceil(Math.sqrt((n * d) / w))));
      if (f > n) throw new RangeError(`a mass of ${n} stands cannot be ${f} stands wide`);
      return { ranks: Math.ceil(n / f), files: f, gapX: 0, gapY: 0, staggered: false };
    }
    case 'skirmish': {
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
    this.stands.push(
      unitStand(
        id,
        kind,
        a.x + this.fy * lateral + this.fx * forward,
        a.y - this.fx * lateral + this.fy * forward,
        normalizeDegrees(a.facing + turn),
        size.width,
        size.depth,
        rank,
        file,
        serves,
      ),
    );
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
 * A battery. Unlimbered (John Company's Part 4: guns in line, each gun model with its crew stands): the
 * gun models side by side in rank 0, each gun's crew stands side by side directly behind it (rank 1), its
 * limber behind them (rank 2); each gun's section is as wide as the widest of its models, sections
 * touching. Limbered: the guns one behind another, each behind its limber, its crews behind it, ranks
 * counted from the front, all on the battery's axis.
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
  if (req.formation === 'unlimbered') {
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
 */
export function layoutUnit(request: LayoutRequest): UnitStandState[] {
  return isBatteryLayout(request) ? layoutBattery(request) : layoutTroops(request);
}
