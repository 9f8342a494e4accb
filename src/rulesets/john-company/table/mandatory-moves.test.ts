import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rectDistance } from '../../../core/geometry/rectangles.ts';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { tableOf } from '../../../core/table/fixtures.ts';
import type { TerrainFeature, UnitState } from '../../../core/table/model.ts';
import { moveTable } from '../../../core/table/transform.ts';
import {
  type BaseEdge,
  fallBack,
  forcedBack,
  type MandatoryMoveReport,
  pursue,
  rout,
  tableEdge,
} from './mandatory-moves.ts';
import { type MoveContext, moveContext, type UnitFacts } from './movement.ts';
import { context, rect, unit } from './movement-fixtures.ts';
import { unitCentre } from './movement-geometry.ts';

/**
 * A number in hundredths from min to max, nudged by an irrational ten-thousandth so that it never ties
 * exactly with the round numbers of the fixtures (fast-check's own doubles favour extreme values).
 */
const num = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100 + 1e-4 * Math.SQRT2);

/**
 * Unit 'a': four British infantry stands in line centred on (20, 20) facing +y (Normal Move 6",
 * Charge Bonus 4"); enemy 'e' 5" in front of it facing back; red's base edge is the south edge (y 0).
 */
const A = unit('a', { x: 20, y: 20 });
const E = unit('e', { x: 20, y: 25, side: 'blue', facing: 270 });
const INF: UnitFacts = { troop: 'british-infantry' };
const noDice = () => new SuppliedDice([]);
const mover = { troop: 'british-infantry' as const };

function scene(units: UnitState[], terrain: TerrainFeature[] = []): { ctx: MoveContext; rear: BaseEdge } {
  const ctx = context(units, Object.fromEntries(units.map((u) => [u.id, INF])), terrain);
  return { ctx, rear: tableEdge(ctx.table, 'south') };
}

const centre = (u: UnitState) => unitCentre(u.stands);

describe('Fall Back', () => {
  it('moves a full Normal Move straight away from the enemy, still facing it', () => {
    const { ctx, rear } = scene([A, E]);
    const r = fallBack(ctx, { unitId: 'a', mover, rear }, noDice());
    expect(r.target).toEqual({ kind: 'away' });
    expect(r.direction).toBe(270);
    expect(r.enemy).toBe('e');
    expect(r.move.unit.facing).toBe(90);
    expect(centre(r.move.unit)[1]).toBeCloseTo(14, 9);
    expect(r.move.disordered).toBe(false);
    expect(r.move.legal).toBe(true);
  });

  it('goes at least half a Normal Move', () => {
    const { ctx, rear } = scene([A, E]);
    expect(centre(fallBack(ctx, { unitId: 'a', mover, rear, inches: 1 }, noDice()).move.unit)[1]).toBeCloseTo(
      17,
      9,
    );
    expect(centre(fallBack(ctx, { unitId: 'a', mover, rear, inches: 4 }, noDice()).move.unit)[1]).toBeCloseTo(
      16,
      9,
    );
  });

  it('may fall back into cover to its rear, free of enemies', () => {
    const wood: TerrainFeature = { id: 'w', kind: 'light-woods', outline: rect(8, 8, 16, 14) };
    const { ctx, rear } = scene([A, E], [wood]);
    const r = fallBack(ctx, { unitId: 'a', mover, rear, cover: 'w' }, noDice());
    expect(r.target).toEqual({ kind: 'cover', featureId: 'w' });
    // Towards the wood's nearest point (16, 14).
    expect(r.direction).toBeCloseTo((Math.atan2(-6, -4) * 180) / Math.PI + 360, 9);
    const held = scene([A, E, unit('x', { x: 12, y: 11, side: 'blue' })], [wood]);
    expect(fallBack(held.ctx, { unitId: 'a', mover, rear: held.rear, cover: 'w' }, noDice()).target).toEqual({
      kind: 'away',
    });
  });
});

describe('Forced Back', () => {
  it('heads for the nearest friends to its rear, backs to the enemy, Disordered', () => {
    const near = unit('f', { x: 30, y: 12 });
    const far = unit('g', { x: 10, y: 4 });
    const ahead = unit('h', { x: 40, y: 22 });
    const { ctx, rear } = scene([A, E, near, far, ahead]);
    const r = forcedBack(ctx, { unitId: 'a', mover, rear }, noDice());
    expect(r.target).toEqual({ kind: 'friend', unitId: 'f' });
    expect(r.move.manoeuvres.at(-1)).toEqual({ kind: 'about-face' });
    expect(r.move.unit.facing).toBe(270);
    expect(r.move.disorderCauses).toEqual(['mandatory-move']);
    const [x0, y0] = centre(A);
    const [x1, y1] = centre(r.move.unit);
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeCloseTo(6, 6);
  });

  it('gets away from an enemy in base contact (it turns about where it stops, not before)', () => {
    // The enemy's front touches 'a''s front: after a lost Confrontation.
    const contact = unit('e', { x: 20, y: 20 + A.stands[0]!.depth, side: 'blue', facing: 270 });
    const { ctx, rear } = scene([A, contact]);
    for (const r of [
      forcedBack(ctx, { unitId: 'a', mover, rear }, noDice()),
      rout(ctx, { unitId: 'a', mover, rear }, noDice()),
    ]) {
      expect(centre(A)[1] - centre(r.move.unit)[1]).toBeGreaterThan(5.9);
      expect(r.move.unit.facing).toBe(270);
    }
  });

  it('else unoccupied cover to its rear, else its base edge', () => {
    const wood: TerrainFeature = { id: 'w', kind: 'heavy-woods', outline: rect(0, 0, 8, 8) };
    const cover = scene([A, E], [wood]);
    expect(forcedBack(cover.ctx, { unitId: 'a', mover, rear: cover.rear }, noDice()).target).toEqual({
      kind: 'cover',
      featureId: 'w',
    });
    const open = scene([A, E]);
    const r = forcedBack(open.ctx, { unitId: 'a', mover, rear: open.rear }, noDice());
    expect(r.target).toEqual({ kind: 'rear' });
    expect(r.direction).toBe(270);
    // Cavalry cannot enter heavy woods: it is no cover for them.
    const cav = unit('a', { x: 20, y: 20, kind: 'cavalry' });
    const c = scene([cav, E], [wood]);
    expect(
      forcedBack(c.ctx, { unitId: 'a', mover: { troop: 'british-cavalry' }, rear: c.rear }, noDice()).target,
    ).toEqual({ kind: 'rear' });
  });

  it('turns aside rather than close on an enemy standing between it and its base edge', () => {
    const behind = unit('e', { x: 25, y: 25, side: 'blue', facing: 270 });
    const { ctx } = scene([A, behind]);
    const r = forcedBack(ctx, { unitId: 'a', mover, rear: tableEdge(ctx.table, 'north') }, noDice());
    expect(r.direction).toBeCloseTo(135, 9);
  });
});

describe('Rout', () => {
  it('runs a Normal Move plus the Charge Bonus, friends within reach first', () => {
    const friend = unit('f', { x: 20, y: 10 });
    const wood: TerrainFeature = { id: 'w', kind: 'light-woods', outline: rect(24, 10, 30, 15) };
    const { ctx, rear } = scene([A, E, friend], [wood]);
    const r = rout(ctx, { unitId: 'a', mover, rear }, noDice());
    expect(r.target).toEqual({ kind: 'friend', unitId: 'f' });
    expect(r.move.allowance.available).toBe(10);
    // It would end on the friends, so it stops short of them.
    expect(r.move.stoppedShort).toEqual(['f']);
    expect(r.blocked).toBe(true);
    expect(r.move.disorderCauses).toEqual(['mandatory-move', 'stopped-short']);
  });

  it('passes through friends it does not end on, Disordering both', () => {
    const friend = unit('f', { x: 20, y: 15 });
    const { ctx, rear } = scene([A, E, friend]);
    const r = rout(ctx, { unitId: 'a', mover, rear }, noDice());
    expect(r.move.interpenetrations.map((i) => [i.unitId, i.verdict.ruleNumber])).toEqual([['f', 4]]);
    expect(r.move.disordersOthers).toEqual(['f']);
    expect(centre(r.move.unit)[1]).toBeCloseTo(10, 6);
  });

  it('makes for cover within reach when no friends are, else the base edge', () => {
    const friend = unit('f', { x: 20, y: 2 });
    const wood: TerrainFeature = { id: 'w', kind: 'light-woods', outline: rect(24, 10, 30, 15) };
    const { ctx, rear } = scene([A, E, friend], [wood]);
    expect(rout(ctx, { unitId: 'a', mover, rear }, noDice()).target).toEqual({
      kind: 'cover',
      featureId: 'w',
    });
    const none = scene([A, E]);
    const r = rout(none.ctx, { unitId: 'a', mover, rear: none.rear }, noDice());
    expect(r.target).toEqual({ kind: 'rear' });
    expect(centre(r.move.unit)[1]).toBeCloseTo(10, 6);
  });

  it('stops on touching an enemy in its way, and may leave the table', () => {
    const cutOff = unit('x', { x: 20, y: 14, side: 'blue' });
    const { ctx, rear } = scene([A, E, cutOff]);
    const r = rout(ctx, { unitId: 'a', mover, rear }, noDice());
    expect(r.blocked).toBe(true);
    expect(r.move.contacts).toContain('x');
    const edge = scene([unit('a', { x: 20, y: 5 }), unit('e', { x: 20, y: 10, side: 'blue', facing: 270 })]);
    expect(rout(edge.ctx, { unitId: 'a', mover, rear: edge.rear }, noDice()).leavesTable).toBe(true);
  });
});

describe('Pursuit', () => {
  it('follows the beaten unit at Normal Move plus Charge Bonus and catches it', () => {
    const beaten = unit('a', { x: 20, y: 16, facing: 270 });
    const { ctx } = scene([beaten, E]);
    const r = pursue(ctx, { unitId: 'e', mover, target: 'a' }, noDice());
    expect(r.move.allowance.available).toBe(10);
    expect(r.caught).toBe(true);
    expect(r.move.contacts).toContain('a');
  });

  it('names other enemies it comes within 2" of', () => {
    const beaten = unit('a', { x: 20, y: 5, facing: 270 });
    const other = unit('o', { x: 27.5, y: 17 });
    const { ctx } = scene([beaten, E, other]);
    const r = pursue(ctx, { unitId: 'e', mover, target: 'a' }, noDice());
    expect(r.caught).toBe(false);
    expect(r.newEnemiesInRange).toEqual(['o']);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const random = fc
  .record({
    enemy: fc.record({
      x: num(5, 35),
      y: num(24, 40),
      facing: num(0, 360),
    }),
    friends: fc.array(
      fc.record({
        x: num(0, 40),
        y: num(0, 40),
      }),
      { maxLength: 3 },
    ),
    facing: num(0, 360),
    wood: fc.record({
      x: num(0, 40),
      y: num(0, 40),
    }),
    edge: fc.constantFrom('south' as const, 'north' as const, 'west' as const, 'east' as const),
    kind: fc.constantFrom('fall-back' as const, 'forced-back' as const, 'rout' as const),
  })
  .map((s) => {
    const units: UnitState[] = [unit('a', { x: 20, y: 18, facing: s.facing })];
    const place = (u: UnitState) => {
      if (units.every((v) => v.stands.every((p) => u.stands.every((q) => rectDistance(p, q) > 0.01))))
        units.push(u);
    };
    place(unit('e', { x: s.enemy.x, y: s.enemy.y, facing: s.enemy.facing, side: 'blue' }));
    s.friends.forEach((f, i) => {
      place(unit(`f${i}`, { x: f.x, y: f.y, files: 2 }));
    });
    const terrain: TerrainFeature[] = [
      { id: 'w', kind: 'light-woods', outline: rect(s.wood.x, s.wood.y, s.wood.x + 6, s.wood.y + 4) },
    ];
    const table = tableOf({ units, terrain });
    return { table, edge: s.edge, kind: s.kind, hasEnemy: units.some((u) => u.id === 'e') };
  });

function flee(table: ReturnType<typeof tableOf>, kind: 'fall-back' | 'forced-back' | 'rout', rear: BaseEdge) {
  const ctx = moveContext(table, Object.fromEntries(Object.keys(table.units).map((id) => [id, INF])));
  const req = { unitId: 'a', mover, rear, ...(table.units['e'] ? { from: 'e' } : {}) };
  const r: MandatoryMoveReport =
    kind === 'fall-back'
      ? fallBack(ctx, req, noDice())
      : kind === 'forced-back'
        ? forcedBack(ctx, req, noDice())
        : rout(ctx, req, noDice());
  return r;
}

describe('properties', () => {
  it('a mandatory move never brings the unit nearer the enemy it flees', () => {
    fc.assert(
      fc.property(random, (s) => {
        fc.pre(s.hasEnemy);
        const r = flee(s.table, s.kind, tableEdge(s.table, s.edge));
        const [ex, ey] = unitCentre(s.table.units['e']!.stands);
        const [x0, y0] = unitCentre(s.table.units['a']!.stands);
        const [x1, y1] = unitCentre(r.move.unit.stands);
        expect(Math.hypot(x1 - ex, y1 - ey)).toBeGreaterThanOrEqual(Math.hypot(x0 - ex, y0 - ey) - 1e-9);
        // Every point of the straight line is as far or farther: the line heads away.
        const dx = x1 - x0;
        const dy = y1 - y0;
        expect(dx * (x0 - ex) + dy * (y0 - ey)).toBeGreaterThanOrEqual(-1e-9);
      }),
      { numRuns: 120 },
    );
  });

  it('is unchanged when the whole table (and its base edge) is moved and turned', () => {
    fc.assert(
      fc.property(random, num(0, 360), num(-30, 30), num(-30, 30), (s, turn, shiftX, shiftY) => {
        const rear = tableEdge(s.table, s.edge);
        const motion = { turn, aboutX: 20, aboutY: 20, shiftX, shiftY };
        const moved = moveTable(s.table, motion);
        const c = Math.cos((turn * Math.PI) / 180);
        const sn = Math.sin((turn * Math.PI) / 180);
        const movedRear: BaseEdge = {
          x: 20 + (rear.x - 20) * c - (rear.y - 20) * sn + shiftX,
          y: 20 + (rear.x - 20) * sn + (rear.y - 20) * c + shiftY,
          direction: rear.direction + turn,
        };
        const a = flee(s.table, s.kind, rear);
        const b = flee(moved, s.kind, movedRear);
        expect(b.target).toEqual(a.target);
        expect(b.move.allowance.used).toBeCloseTo(a.move.allowance.used, 5);
        expect(b.move.disorderCauses).toEqual(a.move.disorderCauses);
        const expected = moveTable(tableOf({ units: [a.move.unit] }), motion).units['a']!;
        expected.stands.forEach((st, i) => {
          expect(b.move.unit.stands[i]!.x).toBeCloseTo(st.x, 5);
          expect(b.move.unit.stands[i]!.y).toBeCloseTo(st.y, 5);
        });
      }),
      { numRuns: 80 },
    );
  });
});
