import { flattenPoints } from '../../../../core/geometry/points.ts';
import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import type { TerrainFeature, UnitId } from '../../../../core/table/model.ts';
import type { TableIndex } from '../../../../core/table/spatial-index.ts';

/** What each zone of the index is to a sight line (0: nothing it reads). */
export const LIGHT = 1;
export const HEAVY = 2;
export const HILL = 3;
export const TOWN = 4;

/** What a sight reads of the terrain, by the index's zone and feature numbers (they follow the terrain alone). */
export interface TerrainSight {
  readonly role: Uint8Array;
  readonly zoneElevation: Float64Array;
  readonly zoneSteep: Uint8Array;
  readonly outlines: readonly Float64Array[];
  readonly buildings: readonly (readonly Float64Array[])[];
  /** The box, aligned with the table, holding each town's outline: minX, minY, maxX, maxY. */
  readonly townBoxes: Float64Array;
}

const terrainSights = new WeakMap<Readonly<Record<string, TerrainFeature>>, TerrainSight>();

/** The terrain's part of a sight, worked out once per terrain (it never changes during a battle). */
export function terrainSightOf(
  terrain: Readonly<Record<string, TerrainFeature>>,
  index: TableIndex,
): TerrainSight {
  const known = terrainSights.get(terrain);
  if (known) return known;
  const z = index.zoneCount;
  const role = new Uint8Array(z);
  const zoneElevation = new Float64Array(z);
  const zoneSteep = new Uint8Array(z);
  for (let k = 0; k < z; k++) {
    const f = index.features[index.zoneFeature[k]!]!;
    if (f.kind === 'light-woods') role[k] = LIGHT;
    else if (f.kind === 'heavy-woods') role[k] = HEAVY;
    else if (f.kind === 'town') role[k] = TOWN;
    else if (f.kind === 'hill') {
      role[k] = HILL;
      zoneElevation[k] = f.elevation;
      zoneSteep[k] = f.steep ? 1 : 0;
    }
  }
  const outlines = index.features.map((f) =>
    'outline' in f ? flattenPoints(f.outline) : 'path' in f ? flattenPoints(f.path) : new Float64Array(0),
  );
  const buildings = index.features.map((f) => (f.kind === 'town' ? f.buildings.map(flattenPoints) : []));
  const towns = index.features.flatMap((f, fi) => (f.kind === 'town' ? [outlines[fi]!] : []));
  const townBoxes = new Float64Array(4 * towns.length);
  towns.forEach((outline, k) => {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < outline.length; c += 2) {
      x0 = Math.min(x0, outline[c]!);
      y0 = Math.min(y0, outline[c + 1]!);
      x1 = Math.max(x1, outline[c]!);
      y1 = Math.max(y1, outline[c + 1]!);
    }
    townBoxes.set([x0, y0, x1, y1], 4 * k);
  });
  const built = { role, zoneElevation, zoneSteep, outlines, buildings, townBoxes };
  terrainSights.set(terrain, built);
  return built;
}

/**
 * Inches: a stand's bounding box farther than this from every town's cannot touch one, whatever the
 * rounding of the sight line's runs through the town (which is far finer).
 */
const TOWN_MARGIN = 0.01;

/**
 * Each stand's town defence (1: its unit is among `townDefenders`), kept only where a town's outline may
 * touch the stand. Defence is read only there (a line's run through a town reaching the stand; the
 * stand's centre in the town, for cover), so sights whose defenders differ elsewhere are the same sight.
 */
export function defendingStands(
  index: TableIndex,
  townBoxes: Float64Array,
  townDefenders: readonly UnitId[],
): Uint8Array {
  const defending = new Uint8Array(index.standCount);
  const boxes = index.standBoxes;
  for (const id of townDefenders) {
    const u = index.unitIndex(id);
    if (u < 0) throw new Error(`town defender ${id} is not a unit on the table`);
    for (let i = index.unitStandStart[u]!; i < index.unitStandStart[u + 1]!; i++) {
      const at = i * BOX_STRIDE;
      const cos = Math.abs(boxes[at + 2]!);
      const sin = Math.abs(boxes[at + 3]!);
      const reachX = boxes[at + 4]! * sin + boxes[at + 5]! * cos + TOWN_MARGIN;
      const reachY = boxes[at + 4]! * cos + boxes[at + 5]! * sin + TOWN_MARGIN;
      const x = boxes[at]!;
      const y = boxes[at + 1]!;
      for (let k = 0; k < townBoxes.length; k += 4)
        if (
          x + reachX >= townBoxes[k]! &&
          x - reachX <= townBoxes[k + 2]! &&
          y + reachY >= townBoxes[k + 1]! &&
          y - reachY <= townBoxes[k + 3]!
        )
          defending[i] = 1;
    }
  }
  return defending;
}
