import { describe, expect, it } from 'vitest';
import { pointInPolygon } from '../../../core/geometry/polygons.ts';
import { unit } from './movement-fixtures.ts';
import { standCorners } from './movement-geometry.ts';
import {
  divisible,
  leadingPoints,
  type Manoeuvre,
  measuredInches,
  measureOf,
  motionOf,
  partOf,
  pointPath,
  poseAt,
  poseOf,
  sweptPieces,
} from './movement-manoeuvres.ts';

/** Two stands (1.5" x 0.75") centred on (10, 10) facing +y: front from (8.5, 10.375) to (11.5, 10.375). */
const U = poseOf(unit('u', { x: 10, y: 10, files: 2 }));

const ended = (m: Manoeuvre, s = 1) => poseAt(U, motionOf(U, m), s);

describe('manoeuvres', () => {
  it('advance, oblique, flank march and straight lines are translations keeping facing', () => {
    expect(ended({ kind: 'advance', inches: 2 }).stands[0]!.y).toBeCloseTo(12, 12);
    const ob = ended({ kind: 'oblique', inches: 2, degrees: 90 });
    expect(ob.stands[0]!.x).toBeCloseTo(7.25, 12);
    expect(ob.facing).toBe(90);
    expect(ended({ kind: 'flank-march', inches: 1, side: 'right' }).stands[0]!.x).toBeCloseTo(10.25, 12);
    expect(ended({ kind: 'straight', inches: 1, direction: 270 }).stands[0]!.y).toBeCloseTo(9, 12);
  });

  it('a wheel swings about the inner front corner; halfway is half the turn', () => {
    const half = ended({ kind: 'wheel', degrees: -90 }, 0.5);
    expect(half.facing).toBe(45);
    const c = standCorners(half.stands[1]!);
    expect(c[2]).toBeCloseTo(11.5, 12);
    expect(c[3]).toBeCloseTo(10.375, 12);
    expect(measuredInches(U, { kind: 'wheel', degrees: -90 })).toBeCloseTo(1.5 * Math.PI, 12);
  });

  it('about face turns each stand in place; face turns the unit about its centre', () => {
    const about = ended({ kind: 'about-face' });
    expect(about.facing).toBe(270);
    expect(about.stands.map((s) => [s.x, s.y, s.facing])).toEqual([
      [9.25, 10, 270],
      [10.75, 10, 270],
    ]);
    const faced = ended({ kind: 'face', degrees: 180 });
    expect(faced.stands[0]!.x).toBeCloseTo(10.75, 12);
  });

  it('measures, cuts and classifies', () => {
    expect(measureOf({ kind: 'flank-march', inches: 1, side: 'left' })).toBe('flank-march');
    expect(measureOf({ kind: 'about-face' })).toBe('none');
    expect(partOf({ kind: 'advance', inches: 4 }, 0.25)).toEqual({ kind: 'advance', inches: 1 });
    expect(partOf({ kind: 'about-face' }, 0.5)).toBeUndefined();
    expect(divisible({ kind: 'form', target: { formation: 'close-order-column' } })).toBe(false);
  });

  it('leads with the front edge, or the flank edge in a flank march', () => {
    const front = leadingPoints(U.stands[0]!, motionOf(U, { kind: 'advance', inches: 1 }))!;
    expect([...front]).toEqual([8.5, 10.375, 9.25, 10.375, 10, 10.375]);
    const flank = leadingPoints(
      U.stands[1]!,
      motionOf(U, { kind: 'flank-march', inches: 1, side: 'right' }),
    )!;
    expect(flank[0]).toBeCloseTo(11.5, 12);
    expect(flank[2]).toBeCloseTo(11.5, 12);
    expect(leadingPoints(U.stands[0]!, motionOf(U, { kind: 'about-face' }))).toBeUndefined();
  });

  it('follows a turn along chords, and sweeps the ground a stand passes', () => {
    const motion = motionOf(U, { kind: 'wheel', degrees: 90 });
    const path = pointPath(11.5, 10.375, motion);
    expect(path.length).toBe(2 * 91);
    expect(path[180]).toBeCloseTo(8.5, 12);
    expect(path[181]).toBeCloseTo(13.375, 12);
    const pieces = sweptPieces(U, motion)[1]!;
    expect(pieces).toHaveLength(30);
    // A point the outer stand passes over on its way round is covered by some piece.
    const mid = poseAt(U, motion, 0.37).stands[1]!;
    expect(pieces.some((p) => pointInPolygon(p, 0, p.length / 2, mid.x, mid.y) >= 0)).toBe(true);
    const straight = sweptPieces(U, motionOf(U, { kind: 'advance', inches: 3 }))[0]!;
    expect(straight).toHaveLength(1);
    // The hull of the stand's start and end: its four outer corners.
    expect([...straight[0]!]).toEqual([8.5, 9.625, 10, 9.625, 10, 13.375, 8.5, 13.375]);
  });

  it('changes formation by laying the stands out anew', () => {
    const four = poseOf(unit('u', { x: 10, y: 10, files: 4 }));
    const column = poseAt(
      four,
      motionOf(four, { kind: 'form', target: { formation: 'close-order-column', files: 2 } }),
      1,
    );
    expect(column.formation).toBe('close-order-column');
    expect(column.stands.map((s) => s.id).sort()).toEqual(four.stands.map((s) => s.id).sort());
    expect(new Set(column.stands.map((s) => s.rank))).toEqual(new Set([0, 1]));
  });
});
