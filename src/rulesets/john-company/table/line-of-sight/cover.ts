import { pointInPolygon } from '../../../../core/geometry/polygons.ts';
import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import type { FeatureId, TerrainKind } from '../../../../core/table/model.ts';
import type { TableIndex } from '../../../../core/table/spatial-index.ts';
import type { TargetCover } from '../../tables/firing-table.ts';
import { jc4 } from '../../vocabulary.ts';
import type { TerrainSight } from './terrain-sight.ts';
import type { CoverVerdict } from './verdicts.ts';

const WORKS: ReadonlySet<TerrainKind> = new Set(['entrenchment', 'fortification', 'fortified-city-wall']);

/**
 * The cover stand s (by index) is in, for the fire modifiers (Part 4, small arms and artillery fire,
 * terrain items), the best that applies (`defending`: each stand's town defence, `defendingStands`):
 * - entrenchments or buildings: in contact with an entrenchment or fortification, or its centre inside
 *   a closed one; its centre inside a building; or its centre inside a town its unit defends;
 * - heavy woods, light woods: its centre inside the wood.
 * Walls and barricades give no fire cover (the fire modifiers list none).
 */
export function coverOfStand(
  ix: TableIndex,
  terrain: TerrainSight,
  defending: Uint8Array,
  s: number,
): CoverVerdict {
  const x = ix.standBoxes[s * BOX_STRIDE]!;
  const y = ix.standBoxes[s * BOX_STRIDE + 1]!;
  for (let k = ix.standContactStart[s]!; k < ix.standContactStart[s + 1]!; k++) {
    const f = ix.features[ix.barrierFeature[ix.standContacts[k]!]!]!;
    if (WORKS.has(f.kind))
      return coverVerdict('entrenchments-or-buildings', f.id, 'in contact with the works');
  }
  // The best cover, and where it comes from: the first feature giving it, in the index's order.
  let best: TargetCover = 'open';
  let bestFeature = -1;
  let how = '';
  const features = ix.features;
  for (let fi = 0; fi < features.length; fi++) {
    const f = features[fi]!;
    const outline = terrain.outlines[fi]!;
    let cover: TargetCover = 'open';
    let why = '';
    if (WORKS.has(f.kind) && 'closed' in f && f.closed) {
      if (inside(outline, x, y)) {
        cover = 'entrenchments-or-buildings';
        why = 'inside the works';
      }
    } else if (f.kind === 'town') {
      if (insideAny(terrain.buildings[fi]!, x, y)) {
        cover = 'entrenchments-or-buildings';
        why = 'in a building';
      } else if (defending[s] === 1 && inside(outline, x, y)) {
        cover = 'entrenchments-or-buildings';
        why = 'defending the town';
      }
    } else if ((f.kind === 'heavy-woods' || f.kind === 'light-woods') && inside(outline, x, y)) {
      cover = f.kind;
      why = 'centre inside the wood';
    }
    if (COVER_RANK[cover] > COVER_RANK[best]) {
      best = cover;
      bestFeature = fi;
      how = why;
    }
  }
  return bestFeature < 0 ? { cover: 'open' } : coverVerdict(best, features[bestFeature]!.id, how);
}

function insideAny(flats: readonly Float64Array[], x: number, y: number): boolean {
  for (const flat of flats) if (inside(flat, x, y)) return true;
  return false;
}

function inside(flat: Float64Array, x: number, y: number): boolean {
  return flat.length >= 6 && pointInPolygon(flat, 0, flat.length / 2, x, y) > 0;
}

const COVER_RANK: Readonly<Record<TargetCover, number>> = {
  open: 0,
  'light-woods': 1,
  'heavy-woods': 2,
  'entrenchments-or-buildings': 3,
};

const COVER_ITEM: Readonly<Record<TargetCover, string>> = {
  open: 'open',
  'light-woods': 'light woods',
  'heavy-woods': 'heavy woods (jungle)',
  'entrenchments-or-buildings': 'entrenchments or buildings',
};

function coverVerdict(cover: TargetCover, featureId: FeatureId, how: string): CoverVerdict {
  return {
    cover,
    featureId,
    rule: jc4('Small Arms Fire Modifiers', `3. target cover: ${COVER_ITEM[cover]} (${how})`),
  };
}
