import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  angleBetween,
  bearing,
  cosDegrees,
  normalizeDegrees,
  sinDegrees,
  toDegrees,
  toRadians,
  turnBetween,
  withinDegreesOf,
} from './angles.ts';

describe('angles', () => {
  it('normalizes into [0, 360)', () => {
    expect(normalizeDegrees(360)).toBe(0);
    expect(normalizeDegrees(-90)).toBe(270);
    expect(normalizeDegrees(725)).toBe(5);
    expect(Object.is(normalizeDegrees(-0), 0)).toBe(true);
  });

  it('turns the short way, counter-clockwise positive', () => {
    expect(turnBetween(350, 10)).toBe(20);
    expect(turnBetween(10, 350)).toBe(-20);
    expect(turnBetween(0, 180)).toBe(180);
    expect(turnBetween(180, 0)).toBe(180);
    expect(angleBetween(90, 270)).toBe(180);
    expect(angleBetween(-45, 45)).toBe(90);
  });

  it('measures bearings counter-clockwise from +x', () => {
    expect(bearing(0, 0, 1, 0)).toBe(0);
    expect(bearing(0, 0, 0, 1)).toBe(90);
    expect(bearing(0, 0, -1, 0)).toBe(180);
    expect(bearing(0, 0, 0, -1)).toBe(270);
    expect(toDegrees(toRadians(33))).toBeCloseTo(33, 12);
  });

  it('tests arcs inclusively: a gun fires 30 degrees either side of straight ahead', () => {
    const ahead = 90;
    const at30 = bearing(0, 0, Math.cos(toRadians(60)), Math.sin(toRadians(60)));
    expect(withinDegreesOf(ahead, at30, 30)).toBe(true);
    expect(withinDegreesOf(ahead, 59.9, 30)).toBe(false);
    expect(withinDegreesOf(355, 20, 30)).toBe(true);
  });

  it('angleBetween is symmetric, in [0, 180], and unchanged by turning both directions', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (a, b, turn) => {
          const d = angleBetween(a, b);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(180);
          expect(angleBetween(b, a)).toBeCloseTo(d, 9);
          expect(angleBetween(a + turn, b + turn)).toBeCloseTo(d, 7);
        },
      ),
    );
  });
});

describe('exact trigonometry in degrees', () => {
  it('is exact at right angles and agrees with Math elsewhere', () => {
    expect([0, 90, 180, 270, 360, -90].map(cosDegrees)).toEqual([1, 0, -1, 0, 1, 0]);
    expect([0, 90, 180, 270, 360, -90].map(sinDegrees)).toEqual([0, 1, 0, -1, 0, -1]);
    expect(cosDegrees(33)).toBeCloseTo(Math.cos(toRadians(33)), 15);
    expect(sinDegrees(-147)).toBeCloseTo(Math.sin(toRadians(-147)), 15);
  });
});
