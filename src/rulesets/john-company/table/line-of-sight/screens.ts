import { BOX_STRIDE, boxDistance, segmentBoxDistance } from '../../../../core/geometry/rectangles.ts';
import type { TableIndex } from '../../../../core/table/spatial-index.ts';
import { jc4 } from '../../vocabulary.ts';

/**
 * Skirmish screens in sight lines (Part 4, Skirmishers). A skirmish line is a unit in skirmish order. A
 * sight line passes through or over it when it comes within half a stand's width of one of its stands:
 * skirmishers stand a stand's width apart, so half a width from each fills the gaps (docs/table.md,
 * "Line of sight: skirmish screens").
 * - Fire: skirmishers may not be fired through or over, by friend or foe. A line of fire that passes
 *   through a skirmish line of a third unit is blocked (`fireScreen`); fire at a unit close behind its
 *   screen goes into the skirmishers, who pass it every other casualty (procedures/fire/casualties.ts).
 * - View (spotting, and so the targets a charge may choose): a skirmish line hides the stands of its own
 *   side more than 3" behind it, edge to edge (cavalry behind infantry skirmishers: more than 6"); a
 *   stand closer than that is seen (`viewScreen`), and a charge may go at a unit seen behind skirmishers.
 */

/** The rule a skirmish screen cites. */
export const SCREEN_RULE = jc4('Skirmishers', 'skirmish lines screen from view and fire');
/** Inches behind a skirmish line beyond which a stand of its side is hidden. */
export const SCREEN_DEPTH = 3;
/** The same for cavalry behind infantry skirmishers. */
export const SCREEN_DEPTH_CAVALRY = 6;

/** The skirmish lines of a table: unit indices (see `TableIndex`), with whether each holds infantry. */
export interface SkirmishLines {
  readonly units: Int32Array;
  readonly infantry: Uint8Array;
  /** Each line's side. */
  readonly sides: readonly string[];
}

const NO_LINES: SkirmishLines = { units: new Int32Array(0), infantry: new Uint8Array(0), sides: [] };

/** The units of `index` in skirmish order. */
export function skirmishLinesOf(index: TableIndex): SkirmishLines {
  const units: number[] = [];
  const infantry: number[] = [];
  const sides: string[] = [];
  index.unitIds.forEach((id, u) => {
    const unit = index.table.units[id]!;
    if (unit.formation !== 'skirmish-order') return;
    units.push(u);
    infantry.push(unit.stands.some((s) => s.kind === 'infantry') ? 1 : 0);
    sides.push(unit.side);
  });
  if (units.length === 0) return NO_LINES;
  return { units: Int32Array.from(units), infantry: Uint8Array.from(infantry), sides };
}

const LINE = new Float64Array(4);

/** Whether the line from stand v's centre to stand t's passes through or over skirmish unit k. */
function crosses(ix: TableIndex, k: number, v: number, t: number): boolean {
  const boxes = ix.standBoxes;
  LINE[0] = boxes[v * BOX_STRIDE]!;
  LINE[1] = boxes[v * BOX_STRIDE + 1]!;
  LINE[2] = boxes[t * BOX_STRIDE]!;
  LINE[3] = boxes[t * BOX_STRIDE + 1]!;
  for (let s = ix.unitStandStart[k]!; s < ix.unitStandStart[k + 1]!; s++) {
    // Half a width: the packed box's half width.
    if (segmentBoxDistance(LINE, 0, boxes, s * BOX_STRIDE) <= boxes[s * BOX_STRIDE + 4]!) return true;
  }
  return false;
}

/**
 * The first stand of a skirmish line that the line of fire from stand v to stand t passes through or
 * over (neither v's unit nor t's), or -1 when none does.
 */
export function fireScreen(ix: TableIndex, lines: SkirmishLines, v: number, t: number): number {
  const uv = ix.standUnit[v]!;
  const ut = ix.standUnit[t]!;
  for (let i = 0; i < lines.units.length; i++) {
    const k = lines.units[i]!;
    if (k === uv || k === ut || !crosses(ix, k, v, t)) continue;
    return ix.unitStandStart[k]!;
  }
  return -1;
}

/**
 * The first stand of a skirmish line of stand t's side that hides t from a viewer at stand v: the line
 * between them passes through it and t stands farther behind it than the screen's depth. -1 when none.
 * A unit in skirmish order is not screened by other skirmishers.
 */
export function viewScreen(ix: TableIndex, lines: SkirmishLines, v: number, t: number): number {
  const ut = ix.standUnit[t]!;
  if (ut < 0) return -1;
  const target = ix.table.units[ix.unitIds[ut]!]!;
  if (target.formation === 'skirmish-order') return -1;
  const cavalry = ix.stands[t]!.kind === 'cavalry';
  const boxes = ix.standBoxes;
  for (let i = 0; i < lines.units.length; i++) {
    const k = lines.units[i]!;
    if (k === ut || lines.sides[i] !== target.side || !crosses(ix, k, v, t)) continue;
    const depth = cavalry && lines.infantry[i] === 1 ? SCREEN_DEPTH_CAVALRY : SCREEN_DEPTH;
    let behind = Number.POSITIVE_INFINITY;
    for (let s = ix.unitStandStart[k]!; s < ix.unitStandStart[k + 1]!; s++)
      behind = Math.min(behind, boxDistance(boxes, t * BOX_STRIDE, boxes, s * BOX_STRIDE));
    if (behind > depth) return ix.unitStandStart[k]!;
  }
  return -1;
}
