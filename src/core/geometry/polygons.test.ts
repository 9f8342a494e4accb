import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenPoints } from './points.ts';
import { pointInPolygon, polygonRuns, polylineCrossings, segmentPolygonRelation } from './polygons.ts';

const flat = (...xy: number[]) => Float64Array.from(xy);
const SQUARE = flat(0, 0, 4, 0, 4, 4, 0, 4);

function runs(poly: Float64Array, ax: number, ay: number, bx: number, by: number): number[] {
  const out = new Float64Array(poly.length);
  const n = polygonRuns(poly, 0, poly.length / 2, [ax, ay, bx, by], 0, out);
  return [...out.subarray(0, 2 * n)].map((t) => Math.round(t * 1e12) / 1e12);
}

function crossings(line: Float64Array, ax: number, ay: number, bx: number, by: number): number[] {
  const out = new Float64Array(line.length);
  const n = polylineCrossings(line, 0, line.length / 2, [ax, ay, bx, by], 0, out);
  return [...out.subarray(0, n)].map((t) => Math.round(t * 1e12) / 1e12);
}

describe('point in polygon', () => {
  it('tells inside, boundary and outside, either winding', () => {
    const cw = flat(0, 0, 0, 4, 4, 4, 4, 0);
    for (const p of [SQUARE, cw]) {
      expect(pointInPolygon(p, 0, 4, 2, 2)).toBe(1);
      expect(pointInPolygon(p, 0, 4, 4, 2)).toBe(0);
      expect(pointInPolygon(p, 0, 4, 0, 0)).toBe(0);
      expect(pointInPolygon(p, 0, 4, 5, 2)).toBe(-1);
    }
  });
  it('handles concave shapes and offsets', () => {
    // An L: the notch (3, 3) is outside.
    const ell = flat(9, 9, 0, 0, 4, 0, 4, 2, 2, 2, 2, 4, 0, 4);
    expect(pointInPolygon(ell, 2, 6, 1, 1)).toBe(1);
    expect(pointInPolygon(ell, 2, 6, 3, 3)).toBe(-1);
    expect(pointInPolygon(ell, 2, 6, 3, 2)).toBe(0);
  });
});

describe('segment runs through a polygon (zones count by their interior)', () => {
  it('finds the run of a segment passing through', () => {
    expect(runs(SQUARE, -2, 2, 6, 2)).toEqual([0.25, 0.75]);
    expect(runs(SQUARE, 1, 1, 3, 3)).toEqual([0, 1]);
    expect(runs(SQUARE, 2, 2, 6, 2)).toEqual([0, 0.5]);
    expect(runs(SQUARE, 6, 2, 2, 2)).toEqual([0.5, 1]);
    expect(runs(SQUARE, -2, 6, 6, 6)).toEqual([]);
  });
  it('gives no run to a segment grazing a corner or running along an edge', () => {
    expect(runs(SQUARE, 2, 6, 6, 2)).toEqual([]); // touches the corner (4, 4) only
    expect(runs(SQUARE, -2, 0, 6, 0)).toEqual([]);
    expect(runs(SQUARE, -2, 4, 6, 4)).toEqual([]);
    expect(runs(SQUARE, 0, -2, 0, 6)).toEqual([]);
    expect(runs(SQUARE, 4, 6, 4, -2)).toEqual([]);
  });
  it('counts a segment through two opposite corners as inside between them', () => {
    expect(runs(SQUARE, -1, -1, 5, 5)).toEqual([1 / 6, 5 / 6].map((t) => Math.round(t * 1e12) / 1e12));
    const diamond = flat(0, -2, 2, 0, 0, 2, -2, 0);
    expect(runs(diamond, -4, 0, 4, 0)).toEqual([0.25, 0.75]);
  });
  it('starts the interior where an edge along the segment gives way', () => {
    // Along the edge (0,0)-(2,0), then through the interior from x = 2 to x = 4.
    const step = flat(0, 0, 2, 0, 2, -1, 4, -1, 4, 2, 0, 2);
    expect(runs(step, -1, 0, 5, 0)).toEqual([0.5, 0.833333333333]);
    expect(runs(step, 5, 0, -1, 0)).toEqual([0.166666666667, 0.5]);
  });
  it('finds one run per lobe of a concave polygon', () => {
    const u = flat(0, 0, 6, 0, 6, 4, 4, 4, 4, 1, 2, 1, 2, 4, 0, 4);
    expect(runs(u, -1, 3, 7, 3)).toEqual([0.125, 0.375, 0.625, 0.875]);
  });
  it('is the same set of runs in either direction, and unchanged by translation', () => {
    const coord = fc.integer({ min: -10, max: 10 });
    fc.assert(
      fc.property(coord, coord, coord, coord, fc.integer({ min: -50, max: 50 }), (ax, ay, bx, by, shift) => {
        const poly = flat(0, 0, 6, 0, 6, 4, 4, 4, 4, 1, 2, 1, 2, 4, 0, 4);
        const forward = runs(poly, ax, ay, bx, by);
        const back = runs(poly, bx, by, ax, ay);
        const mirrored = back.map((t) => Math.round((1 - t) * 1e9) / 1e9 + 0).reverse();
        expect(forward.map((t) => Math.round(t * 1e9) / 1e9 + 0)).toEqual(mirrored);
        const moved = poly.map((v) => v + shift);
        expect(runs(moved, ax + shift, ay + shift, bx + shift, by + shift)).toEqual(forward);
      }),
    );
  });
});

describe('crossing a polyline (a crest)', () => {
  it('crosses from one side to the other', () => {
    expect(crossings(flat(0, 0, 4, 0), 2, -1, 2, 1)).toEqual([0.5]);
    expect(crossings(flat(0, 1, 2, 0, 4, -1), 2, -2, 2, 2)).toEqual([0.5]);
  });
  it('does not count touching an end or a vertex that turns back', () => {
    expect(crossings(flat(0, 0, 4, 0), 4, -1, 4, 1)).toEqual([]);
    expect(crossings(flat(0, 1, 2, 0, 4, 1), -1, 0, 5, 0)).toEqual([]);
    expect(crossings(flat(0, 0, 4, 0), 2, 1, 2, 3)).toEqual([]);
  });
  it('puts a crossing along a stretch in its middle', () => {
    expect(crossings(flat(0, 1, 1, 0, 3, 0, 4, -1), -2, 0, 6, 0)).toEqual([0.5]);
  });
});

describe('segment against polygon', () => {
  it('classifies', () => {
    expect(segmentPolygonRelation(SQUARE, 0, 4, 1, 1, 3, 2)).toBe('inside');
    expect(segmentPolygonRelation(SQUARE, 0, 4, 1, 1, 4, 2)).toBe('inside');
    expect(segmentPolygonRelation(SQUARE, 0, 4, 1, 1, 6, 2)).toBe('crosses');
    expect(segmentPolygonRelation(SQUARE, 0, 4, -1, 0, 5, 0)).toBe('touches');
    expect(segmentPolygonRelation(SQUARE, 0, 4, 2, 6, 6, 2)).toBe('touches');
    expect(segmentPolygonRelation(SQUARE, 0, 4, 5, 5, 6, 2)).toBe('outside');
    expect(segmentPolygonRelation(SQUARE, 0, 4, 2, 2, 2, 2)).toBe('inside');
    expect(
      segmentPolygonRelation(
        flattenPoints([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 0, y: 1 },
        ]),
        0,
        3,
        0,
        0,
        0,
        0,
      ),
    ).toBe('touches');
  });
});
