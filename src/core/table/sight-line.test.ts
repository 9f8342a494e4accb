import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { polygonRuns } from '../geometry/polygons.ts';
import { BOX_STRIDE, clipSegmentToBox } from '../geometry/rectangles.ts';
import { EPSILON, SEGMENT_STRIDE, segmentsTouch } from '../geometry/segments.ts';
import { generateTable, tableOf } from './fixtures.ts';
import type { GeneralState, TerrainFeature, UnitStandState, UnitState } from './model.ts';
import { SightTracer } from './sight-line.ts';
import { type SightProfile, TableIndex } from './spatial-index.ts';
import { moveTable } from './transform.ts';

const PROFILE: SightProfile = {
  barriers: ['wall-low', 'wall-high', 'entrenchment'],
  zones: ['light-woods', 'hill', 'town'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'crew', 'limber'],
  contact: 0.1,
};

const stand = (id: string, x: number, y: number, facing = 90, width = 2, depth = 1): UnitStandState => ({
  id,
  kind: 'infantry',
  x,
  y,
  facing,
  width,
  depth,
  rank: 0,
  file: 0,
});
const unit = (id: string, ...stands: UnitStandState[]): UnitState => ({
  id,
  side: 'red',
  formation: 'line',
  facing: 90,
  stands,
});
const general = (id: string, x: number, y: number): GeneralState => ({
  id,
  side: 'red',
  stand: { id: `${id}/s`, kind: 'general', x, y, facing: 90, width: 1, depth: 1 },
});
const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

function tracerFor(parts: Parameters<typeof tableOf>[0]): SightTracer {
  return new SightTracer(new TableIndex(tableOf(parts), PROFILE));
}

/** Traces between two bare points. */
const clear = (t: SightTracer, ax: number, ay: number, bx: number, by: number) =>
  t.trace(ax, ay, -1, bx, by, -1);

describe('sight lines: the grazing decision (solids block on contact)', () => {
  // A stand 2" wide, 1" deep, centred at (10, 10): x 9..11, y 9.5..10.5.
  const t = tracerFor({ units: [unit('u', stand('s', 10, 10))] });

  it('blocks a line through a stand', () => {
    expect(clear(t, 10, 0, 10, 20)).toBe(false);
    expect(t.blockingStand).toBe(0);
  });
  it('blocks a line that grazes a corner', () => {
    expect(clear(t, 8, 13.5, 14, 7.5)).toBe(false); // touches the corner (11, 10.5) only
    expect(clear(t, 8, 13.5 + 1e-6, 14, 7.5 + 1e-6)).toBe(true);
    expect(clear(t, 12, 9.5, 11, 10.5)).toBe(false);
  });
  it('blocks a line that runs along an edge', () => {
    expect(clear(t, 0, 10.5, 20, 10.5)).toBe(false);
    expect(clear(t, 11, 0, 11, 20)).toBe(false);
  });
  it('does not block a line that passes a hair away', () => {
    expect(clear(t, 0, 10.5 + 1e-6, 20, 10.5 + 1e-6)).toBe(true);
    expect(clear(t, 11 + 1e-6, 0, 11 + 1e-6, 20)).toBe(true);
  });
  it('blocks a line along the seam between two stands in base contact', () => {
    const line = tracerFor({ units: [unit('u', stand('l', 9, 10), stand('r', 11, 10))] });
    expect(clear(line, 10, 0, 10, 20)).toBe(false);
    // The same, exactly at a seam produced by arithmetic (40 mm stands, not exact in inches).
    const w = 40 / 25.4;
    const snug = tracerFor({ units: [unit('u', stand('l', 10, 10, 90, w), stand('r', 10 + w, 10, 90, w))] });
    expect(clear(snug, 10 + w / 2, 0, 10 + w / 2, 20)).toBe(false);
  });
  it('blocks a line through the end of a wall, or along it, but not past its end', () => {
    const walled = tracerFor({
      terrain: [
        {
          id: 'w',
          kind: 'wall-low',
          path: [
            { x: 0, y: 10 },
            { x: 10, y: 10 },
          ],
        },
      ],
    });
    expect(clear(walled, 5, 0, 5, 20)).toBe(false);
    expect(walled.blockingBarrier).toBe(0);
    expect(clear(walled, 10, 0, 10, 20)).toBe(false);
    expect(clear(walled, -5, 10, 20, 10)).toBe(false);
    expect(clear(walled, 10 + 1e-6, 0, 10 + 1e-6, 20)).toBe(true);
  });
  it('leaves no hole where two walls meet', () => {
    const corner = tracerFor({
      terrain: [
        {
          id: 'a',
          kind: 'wall-low',
          path: [
            { x: 0, y: 10 },
            { x: 10, y: 10 },
          ],
        },
        {
          id: 'b',
          kind: 'wall-high',
          path: [
            { x: 10, y: 10 },
            { x: 10, y: 0 },
          ],
        },
      ],
    });
    expect(clear(corner, 5, 15, 15, 5)).toBe(false);
  });
});

describe('sight lines between stands', () => {
  it('measures only between the stands: from where the line leaves one to where it enters the other', () => {
    const t = tracerFor({ units: [unit('a', stand('a', 10, 10)), unit('b', stand('b', 10, 20, 270))] });
    expect(t.traceStands(0, 1)).toBe(true);
    expect(t.length).toBe(10);
    expect(t.from).toBeCloseTo(0.05, 12);
    expect(t.to).toBeCloseTo(0.95, 12);
    expect(t.traceStands(1, 0)).toBe(true);
    expect(t.from).toBeCloseTo(0.05, 12);
  });
  it('is blocked by other stands, even of the same unit, but not by generals', () => {
    const t = tracerFor({
      units: [unit('a', stand('front', 10, 12), stand('rear', 10, 10)), unit('b', stand('b', 10, 20, 270))],
      generals: [general('g', 10, 16)],
    });
    expect(t.traceStands(1, 2)).toBe(false);
    expect(t.blockingStand).toBe(0);
    expect(t.traceStands(0, 2)).toBe(true);
  });
  it('lets a stand lining a wall see over it, and see other stands lining it', () => {
    const wall: TerrainFeature = {
      id: 'w',
      kind: 'wall-high',
      path: [
        { x: 0, y: 10.55 },
        { x: 30, y: 10.55 },
      ],
    };
    const t = tracerFor({
      terrain: [wall],
      units: [unit('a', stand('lining', 10, 10), stand('back', 20, 9.8)), unit('b', stand('b', 12, 20, 270))],
    });
    expect(t.traceStands(0, 2)).toBe(true);
    expect(t.traceStands(2, 0)).toBe(true);
    expect(t.traceStands(1, 2)).toBe(false); // 0.25" back from the wall: not in contact
    expect(t.blockingBarrier).toBe(0);
  });
  it('has nothing between stands in contact, even diagonal neighbours meeting at a corner', () => {
    const t = tracerFor({ units: [unit('a', stand('a', 10, 10), stand('b', 12, 10))] });
    expect(t.traceStands(0, 1)).toBe(true);
    expect(t.zoneCount).toBe(0);
    // Four stands meeting at (11, 10.5): the line between diagonal neighbours passes that corner only.
    const block = tracerFor({
      units: [unit('a', stand('a', 10, 10), stand('b', 12, 10), stand('c', 10, 11), stand('d', 12, 11))],
    });
    expect(block.traceStands(0, 3)).toBe(true);
    expect(block.traceStands(1, 2)).toBe(true);
  });
});

describe('zones along a sight line', () => {
  const wood: TerrainFeature = { id: 'wood', kind: 'light-woods', outline: square(10, 10, 20, 20) };
  const hill: TerrainFeature = {
    id: 'hill',
    kind: 'hill',
    outline: square(30, 0, 50, 20),
    elevation: 1,
    steep: false,
    crest: [
      { x: 30, y: 10 },
      { x: 40, y: 10 },
      { x: 50, y: 12 },
    ],
  };
  const t = tracerFor({ terrain: [wood, hill] });

  it('lists the zones met and their runs, in a->b terms', () => {
    expect(clear(t, 0, 15, 25, 15)).toBe(true);
    expect([...t.zones.subarray(0, t.zoneCount)]).toEqual([0]);
    expect(t.zoneRuns(0)).toBe(1);
    expect([...t.runs.subarray(0, 2)]).toEqual([0.4, 0.8]);
    expect(clear(t, 25, 15, 0, 15)).toBe(true);
    expect(t.zoneRuns(0)).toBe(1);
    expect(t.runs[0]).toBeCloseTo(0.2, 12);
    expect(t.runs[1]).toBeCloseTo(0.6, 12);
  });
  it('gives no run for grazing a corner or running along an edge', () => {
    expect(clear(t, 10, 0, 30, 20)).toBe(true); // through the corner (20, 10) only
    expect(t.zoneRuns(0)).toBe(0);
    expect(clear(t, 0, 10, 25, 10)).toBe(true);
    expect(t.zoneRuns(0)).toBe(0);
  });
  it('reports crest crossings strictly between the ends', () => {
    expect(clear(t, 35, 0, 35, 20)).toBe(true);
    expect(t.crestCrossings(1)).toBe(1);
    expect(t.crossings[0]).toBeCloseTo(0.5, 12);
    expect(clear(t, 35, 10, 35, 20)).toBe(true); // starts on the crest
    expect(t.crestCrossings(1)).toBe(0);
    expect(clear(t, 0, 15, 25, 15)).toBe(true);
    expect(t.crestCrossings(0)).toBe(0); // the wood has no crest
  });
});

/** What blocks a line between stands a and b, by scanning everything (no grid). */
function bruteForce(ix: TableIndex, a: number, b: number) {
  const p = ix.standBoxes;
  const line = [p[a * BOX_STRIDE]!, p[a * BOX_STRIDE + 1]!, p[b * BOX_STRIDE]!, p[b * BOX_STRIDE + 1]!];
  const clip = new Float64Array(2);
  clipSegmentToBox(line, 0, p, a * BOX_STRIDE, 0, clip);
  const t0 = clip[1]!;
  clipSegmentToBox(line, 0, p, b * BOX_STRIDE, 0, clip);
  const t1 = clip[0]!;
  const dx = line[2]! - line[0]!;
  const dy = line[3]! - line[1]!;
  if ((t1 - t0) * Math.hypot(dx, dy) <= EPSILON) return { solid: false, zones: new Set<number>() };
  const part = [line[0]! + t0 * dx, line[1]! + t0 * dy, line[0]! + t1 * dx, line[1]! + t1 * dy];
  let solid = false;
  for (let s = 0; s < ix.standCount; s++)
    if (
      s !== a &&
      s !== b &&
      ix.standBlocks[s] &&
      clipSegmentToBox(part, 0, p, s * BOX_STRIDE, EPSILON, clip)
    )
      solid = true;
  for (let g = 0; g < ix.barrierCount; g++)
    if (
      segmentsTouch(part, 0, ix.barrierSegments, g * SEGMENT_STRIDE) &&
      !ix.standContactsBarrier(a, g) &&
      !ix.standContactsBarrier(b, g)
    )
      solid = true;
  const zones = new Set<number>();
  const out = new Float64Array(256);
  for (let z = 0; z < ix.zoneCount; z++) {
    const n = polygonRuns(ix.zoneCoords, ix.zoneOffset[z]!, ix.zoneVertices[z]!, line, 0, out);
    for (let i = 0; i < n; i++)
      if (Math.min(out[2 * i + 1]!, t1) - Math.max(out[2 * i]!, t0) > 1e-9) zones.add(z);
  }
  return { solid, zones };
}

describe('the grid walk agrees with a scan of everything', () => {
  for (const seed of [1, 2, 3]) {
    it(`on generated table ${seed}`, () => {
      const ix = new TableIndex(generateTable(seed), PROFILE, { cellSize: 1 + seed });
      const t = new SightTracer(ix);
      fc.assert(
        fc.property(fc.nat(ix.standCount - 1), fc.nat(ix.standCount - 1), (a, b) => {
          fc.pre(a !== b);
          const expected = bruteForce(ix, a, b);
          const ok = t.traceStands(a, b);
          expect(!ok).toBe(expected.solid);
          if (ok) {
            const met = new Set(t.zones.subarray(0, t.zoneCount));
            for (const z of expected.zones) expect(met.has(z)).toBe(true);
          }
        }),
        { numRuns: 1500 },
      );
    });
  }
});

describe('sight line properties', () => {
  const table = generateTable(11);
  const ix = new TableIndex(table, PROFILE);
  const t = new SightTracer(ix);

  it('is symmetric: the same blocker either way, and mirrored runs', () => {
    fc.assert(
      fc.property(fc.nat(ix.standCount - 1), fc.nat(ix.standCount - 1), (a, b) => {
        const ab = t.traceStands(a, b);
        const blocker = [t.blockingStand, t.blockingBarrier];
        const zones = [...t.zones.subarray(0, t.zoneCount)].sort();
        const runs = zones.map((z) => [...t.runs.subarray(0, 2 * t.zoneRuns(z))]);
        const ba = t.traceStands(b, a);
        expect(ba).toBe(ab);
        expect([t.blockingStand, t.blockingBarrier]).toEqual(blocker);
        expect([...t.zones.subarray(0, t.zoneCount)].sort()).toEqual(zones);
        zones.forEach((z, i) => {
          const back = [...t.runs.subarray(0, 2 * t.zoneRuns(z))].map((v) => 1 - v).reverse();
          back.forEach((v, k) => {
            expect(v).toBeCloseTo(runs[i]![k]!, 12);
          });
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('is unchanged when the whole table is turned and moved', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (turn, shift) => {
          const moved = new SightTracer(
            new TableIndex(
              moveTable(table, { turn, aboutX: 36, aboutY: 24, shiftX: shift, shiftY: -shift }),
              PROFILE,
            ),
          );
          for (let k = 0; k < 300; k++) {
            const a = (k * 7919) % ix.standCount;
            const b = (k * 104729 + 13) % ix.standCount;
            expect(moved.traceStands(a, b)).toBe(t.traceStands(a, b));
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
