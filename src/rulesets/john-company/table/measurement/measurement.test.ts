import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../../../core/geometry/points.ts';
import { tableOf } from '../../../../core/table/fixtures.ts';
import type { StandSize, TerrainFeature, UnitState } from '../../../../core/table/model.ts';
import { moveTable } from '../../../../core/table/transform.ts';
import { fixtureBattle } from '../fixture-forces.ts';
import { type Anchor, frontCentre, layoutFormation, type TroopFormation } from '../formations.ts';
import { JohnCompanySight } from '../line-of-sight.ts';
import { frontDistance, rangeBandAt, standsInContact, standToUnitDistance } from './distances.ts';
import { enfiladeOf } from './enfilade.ts';
import { firingStands } from './firing-stands.ts';
import { lineOfRetreat } from './line-of-retreat.ts';
import { facesTowards, quarterOf } from './quarters.ts';
import { uphillOf } from './slopes.ts';
import { terrainGeometry } from './terrain-geometry.ts';
import { unitGeometry } from './unit-geometry.ts';

/**
 * Hand-checked measurements. Troop stands are 2" wide and 1" deep; the tester usually stands at the
 * origin facing +y (90 degrees), so its front edge is y = 0, its right is +x and its rear y = -1.
 */
const SIZE: StandSize = { width: 2, depth: 1 };
const GUN: StandSize = { width: 1.5, depth: 1.5 };

function troops(
  id: string,
  formation: TroopFormation,
  n: number,
  anchor: Anchor,
  side = 'red',
  more: { ranks?: number; files?: number } = {},
): UnitState {
  const stands = layoutFormation({
    unitId: id,
    formation,
    standCount: n,
    standSize: SIZE,
    kind: 'infantry',
    anchor,
    ...more,
  });
  return { id, side, formation, facing: anchor.facing, stands };
}
function battery(
  id: string,
  guns: number,
  anchor: Anchor,
  side = 'red',
  formation: 'artillery-deployed' | 'artillery-limbered' = 'artillery-deployed',
): UnitState {
  const stands = layoutFormation({
    unitId: id,
    formation,
    guns,
    crews: 2,
    gunSize: GUN,
    crewSize: SIZE,
    anchor,
  });
  return { id, side, formation, facing: anchor.facing, stands };
}
const at = (x: number, y: number, facing = 90): Anchor => ({ x, y, facing });
const g = unitGeometry;
const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const NO_TERRAIN = terrainGeometry(tableOf({}));

describe('range: front edge to front edge', () => {
  const firer = troops('f', 'close-order-line', 4, at(0, 0));

  it('measures from the firer front face to the nearest edge of the target', () => {
    const facing = troops('t', 'close-order-line', 4, at(0, 5, 270), 'blue');
    expect(frontDistance(g(firer), g(facing))).toBe(5);
    // A target seen from its rear: its rear edge is the nearest.
    const away = troops('t', 'close-order-column', 4, at(0, 9, 90), 'blue');
    expect(frontDistance(g(firer), g(away))).toBe(7);
  });

  it('measures to the gun models when the target is artillery', () => {
    // A battery facing away: guns from y = 10.5 to 12, crews behind them (nearer) from 9.5 to 10.5.
    const guns = battery('b', 2, at(0, 12, 90), 'blue');
    expect(frontDistance(g(firer), g(guns))).toBe(10.5);
    expect(frontDistance(g(firer), g(guns), false)).toBe(9.5);
  });

  it('reads the range band from the weapon tables', () => {
    expect(rangeBandAt('percussion-musket', 5)).toBe('long');
    expect(rangeBandAt('rifled-musket', 5)).toBe('medium');
    expect(rangeBandAt('flintlock-musket', 8.5)).toBeNull();
    expect(rangeBandAt('british-field', 15)).toBe('short');
    expect(rangeBandAt('british-light-mortar', 5)).toBeNull();
  });
});

describe('stands able to fire', () => {
  const firer = troops('f', 'close-order-line', 4, at(0, 0));
  const one = (x: number, y: number, facing = 270, side = 'blue') =>
    troops('t', 'close-order-line', 1, at(x, y, facing), side);

  it('a stand fires when some part of the target overlaps its front face projected ahead', () => {
    // The target spans x -1..1: it overlaps the stands over -2..0 and 0..2.
    expect(firingStands(g(firer), 'rifled-musket', g(one(0, 4)))).toMatchObject({
      frontRank: 2,
      distance: 4,
    });
    // Spanning 0..2 exactly, it only touches the projections of its neighbours: one stand fires.
    expect(firingStands(g(firer), 'rifled-musket', g(one(1, 4))).frontRank).toBe(1);
    // Beyond extreme range (musket 8"), nothing fires.
    expect(firingStands(g(firer), 'percussion-musket', g(one(0, 8.5)))).toMatchObject({
      frontRank: 0,
      distance: Infinity,
    });
  });

  it('firearms fire with the front rank only, bows and javelins with the first two', () => {
    const column = troops('f', 'close-order-column', 4, at(0, 0));
    const wide = troops('t', 'close-order-line', 4, at(0, 2, 270), 'blue');
    expect(firingStands(g(column), 'matchlock', g(wide))).toMatchObject({ frontRank: 2, secondRank: 0 });
    expect(firingStands(g(column), 'bows', g(wide))).toMatchObject({ frontRank: 2, secondRank: 2 });
  });

  it('every face of a square fires to its own front', () => {
    const square = troops('f', 'square', 4, at(0, 0));
    // Left face: its stand faces -x at x = -1.5, y = -2; a target to the left, level with it.
    const left = troops('t', 'close-order-line', 1, at(-6, -2, 0), 'blue');
    const r = firingStands(g(square), 'rifled-musket', g(left));
    expect(r.frontRank).toBe(1);
    expect(square.stands[r.stands[0]!]!.rank).toBe(1);
  });

  it('with a sight, a stand fires only at what it sees', () => {
    const target = one(0, 6);
    const screen = troops('s', 'close-order-line', 1, at(-1, 3, 270), 'red');
    const table = tableOf({ units: [firer, target, screen] });
    const sight = new JohnCompanySight(table);
    // The screen (x -2..0) hides the target from the stand over -2..0; the stand over 0..2 sees past it.
    const r = firingStands(g(firer), 'rifled-musket', g(target), { sight });
    expect(r.stands.map((i) => firer.stands[i]!.id)).toEqual(['f/2']);
  });

  it('artillery: guns fire within 30 degrees either side, counting their crew stands', () => {
    const guns = battery('b', 1, at(0, 0));
    const bearing = (deg: number, dist = 12) => {
      const r = (deg * Math.PI) / 180;
      return troops(
        't',
        'close-order-line',
        1,
        at(dist * Math.sin(r), dist * Math.cos(r) + 0.5, 270),
        'blue',
      );
    };
    expect(firingStands(g(guns), 'british-field', g(bearing(0)))).toMatchObject({ guns: 1, frontRank: 2 });
    expect(firingStands(g(guns), 'british-field', g(bearing(28))).guns).toBe(1);
    expect(firingStands(g(guns), 'british-field', g(bearing(45))).guns).toBe(0);
    // Zambureks (a small arm): the gun model aims straight ahead like a small-arms stand; its crews fire.
    expect(firingStands(g(guns), 'zamburek', g(bearing(0, 8)))).toMatchObject({ frontRank: 2, guns: 0 });
    expect(firingStands(g(guns), 'zamburek', g(bearing(28, 8))).frontRank).toBe(0);
    // A limbered battery does not fire.
    expect(
      firingStands(g(battery('b', 1, at(0, 0), 'red', 'artillery-limbered')), 'british-field', g(bearing(0)))
        .guns,
    ).toBe(0);
  });
});

describe('enfilade', () => {
  // Target: a line of 4 facing +y at the origin (x -4..4, y -1..0): its right end's middle is (4, -0.5).
  const line = troops('t', 'close-order-line', 4, at(0, 0), 'blue');
  const firerAt = (x: number, y: number) => troops('f', 'close-order-line', 1, at(x, y, 180));

  it('fire from within 10 degrees of the end of a line is enfilade', () => {
    // The firer's front edge middle is 16" beyond the end and 1" off the line: 3.6 degrees.
    const e = enfiladeOf(g(firerAt(20, 0.5)), [0], g(line));
    expect(e).toMatchObject({ flank: 'right', targetRanks: 1 });
    expect(e!.angle).toBeCloseTo((Math.atan2(1, 16) * 180) / Math.PI, 9);
    // 3.5" off: 12.3 degrees.
    expect(enfiladeOf(g(firerAt(20, 3)), [0], g(line))).toBeNull();
    // Left end.
    expect(enfiladeOf(g(troops('f', 'close-order-line', 1, at(-20, -0.5, 0))), [0], g(line))?.flank).toBe(
      'left',
    );
  });

  it('fire from the flank of a column is enfilade, counting its ranks', () => {
    const column = troops('t', 'close-order-column', 8, at(0, 0), 'blue');
    // 2 files (x -2..2) of 4 ranks (y -4..0): the flank's middle is (2, -2).
    expect(enfiladeOf(g(firerAt(20, -1)), [0], g(column))).toMatchObject({ flank: 'right', targetRanks: 4 });
  });

  it('fire from ahead is not; squares, masses and skirmishers have no end to enfilade', () => {
    expect(enfiladeOf(g(troops('f', 'close-order-line', 1, at(0, 10, 270))), [0], g(line))).toBeNull();
    expect(enfiladeOf(g(firerAt(20, 0.5)), [0], g(troops('t', 'square', 4, at(0, 0), 'blue')))).toBeNull();
  });
});

describe('flanks and rear', () => {
  // The tester: a line of 4 at the origin facing +y: x -4..4, y -1..0.
  const tester = g(troops('u', 'close-order-line', 4, at(0, 0)));

  it('splits the ground behind its front line into left, right and rear', () => {
    expect(quarterOf(tester, 0, 5)).toBeNull();
    expect(quarterOf(tester, -6, -0.5)).toBe('left');
    expect(quarterOf(tester, 6, -0.5)).toBe('right');
    expect(quarterOf(tester, 0, -5)).toBe('rear');
    // Behind the rear corners, the 45-degree lines divide rear from flank.
    expect(quarterOf(tester, 7, -5)).toBe('rear');
    expect(quarterOf(tester, 8, -4)).toBe('right');
    // A point level with the front line is not behind it.
    expect(quarterOf(tester, -6, 0)).toBeNull();
  });

  it('a square has no flank or rear', () => {
    expect(quarterOf(g(troops('u', 'square', 8, at(0, 0))), 0, -20)).toBeNull();
  });

  it('facing towards: some part of the other within 45 degrees of straight ahead', () => {
    expect(facesTowards(g(troops('e', 'close-order-line', 2, at(-10, -1, 0), 'blue')), tester)).toBe(true);
    expect(facesTowards(g(troops('e', 'close-order-line', 2, at(-10, -1, 180), 'blue')), tester)).toBe(false);
    // Facing +y from (-10, -12): the tester lies at about 35-50 degrees off its front: its corner is in.
    expect(facesTowards(g(troops('e', 'close-order-line', 1, at(-10, -12, 90), 'blue')), tester)).toBe(true);
    expect(facesTowards(g(troops('e', 'close-order-line', 1, at(-20, -12, 90), 'blue')), tester)).toBe(false);
  });
});

describe('line of retreat', () => {
  // The tester's rear-centre is (0, -1); its corridor is 4" wide (2 stands) and must keep 2" from enemies.
  const tester = g(troops('u', 'close-order-line', 4, at(0, 0)));
  const enemy = (id: string, x: number, y: number, facing = 90) =>
    g(troops(id, 'close-order-line', 1, at(x, y, facing), 'blue'));
  const left = enemy('l', -5, -1.5);
  const rear = enemy('r', 0, -5.5);
  const right = enemy('rt', 5, -1.5);

  it('enemies on both flanks and the rear close it', () => {
    const r = lineOfRetreat(tester, [left, rear, right], NO_TERRAIN, 'regular-infantry', 6);
    expect(r).toMatchObject({ open: false, closedBy: ['l', 'r', 'rt'] });
  });

  it('a gap straight back stays open', () => {
    // The flank enemies' inner edges are 8" apart (x -4 and 4): two 2" stands and 2" either side.
    expect(lineOfRetreat(tester, [left, right], NO_TERRAIN, 'regular-infantry', 6).open).toBe(true);
    const narrow = [enemy('l', -4.9, -1.5), enemy('rt', 4.9, -1.5)];
    expect(lineOfRetreat(tester, narrow, NO_TERRAIN, 'regular-infantry', 6).open).toBe(false);
    // Enemies far behind do not close it within a 6" look-ahead.
    expect(
      lineOfRetreat(tester, [left, enemy('r', 0, -14), right], NO_TERRAIN, 'regular-infantry', 6).open,
    ).toBe(true);
  });

  it('impassable ground and an enemy close it; ground alone never does', () => {
    // Heavy woods behind and to the left, from x -30 to -2.5 and y -30 to -2: impassable to cavalry.
    const woods: TerrainFeature = { id: 'jungle', kind: 'heavy-woods', outline: rect(-30, -30, -2.5, -2) };
    const terrain = terrainGeometry(tableOf({ terrain: [woods] }));
    const flankRight = enemy('e', 4, -4);
    expect(lineOfRetreat(tester, [], terrain, 'cavalry', 8).open).toBe(true);
    expect(lineOfRetreat(tester, [flankRight], NO_TERRAIN, 'cavalry', 8).open).toBe(true);
    expect(lineOfRetreat(tester, [flankRight], terrain, 'cavalry', 8)).toMatchObject({
      open: false,
      closedBy: ['e', 'jungle'],
    });
    // Infantry can go into heavy woods.
    expect(lineOfRetreat(tester, [flankRight], terrain, 'regular-infantry', 8).open).toBe(true);
  });

  it('an enemy it faces closes nothing', () => {
    const ahead = [enemy('a', -3, 3, 270), enemy('b', 3, 3, 270)];
    expect(lineOfRetreat(tester, ahead, NO_TERRAIN, 'regular-infantry', 6).open).toBe(true);
  });
});

describe('contact, command and slopes', () => {
  const a = troops('a', 'close-order-line', 3, at(0, 0));

  it('counts stands in base contact within the 0.1" tolerance', () => {
    expect(standsInContact(g(a), g(troops('b', 'close-order-line', 3, at(0, 0, 270), 'blue')))).toBe(3);
    expect(standsInContact(g(a), g(troops('b', 'close-order-line', 3, at(0, 0.08, 270), 'blue')))).toBe(3);
    expect(standsInContact(g(a), g(troops('b', 'close-order-line', 3, at(0, 0.2, 270), 'blue')))).toBe(0);
    // A single stand against the middle of the line touches all three (corners count).
    expect(standsInContact(g(a), g(troops('b', 'close-order-line', 1, at(0, 0, 270), 'blue')))).toBe(3);
  });

  it('measures a General to the nearest stand of a unit', () => {
    const general = { id: 'g', kind: 'general' as const, x: 0, y: -5, facing: 90, width: 1, depth: 1 };
    expect(standToUnitDistance(general, g(a))).toBe(3.5);
  });

  it('uphill: the higher side, unless in rough ground or across an obstacle', () => {
    const hill: TerrainFeature = {
      id: 'h',
      kind: 'hill',
      outline: rect(-10, -10, 10, 0.5),
      elevation: 1,
      steep: false,
    };
    const b = troops('b', 'close-order-line', 3, at(0, 0, 270), 'blue');
    const terrain = terrainGeometry(tableOf({ terrain: [hill] }));
    expect(uphillOf(g(a), g(b), terrain)).toMatchObject({ uphill: true, elevation: 1, opponentElevation: 0 });
    expect(uphillOf(g(b), g(a), terrain).uphill).toBe(false);
    const rough: TerrainFeature = { id: 'r', kind: 'difficult', outline: rect(-10, -3, 10, 0) };
    expect(uphillOf(g(a), g(b), terrainGeometry(tableOf({ terrain: [hill, rough] })))).toMatchObject({
      uphill: false,
      spoiledBy: 'rough-ground',
    });
    const wall: TerrainFeature = {
      id: 'w',
      kind: 'wall-low',
      path: [
        { x: -10, y: 0 },
        { x: 10, y: 0 },
      ],
    };
    expect(uphillOf(g(a), g(b), terrainGeometry(tableOf({ terrain: [hill, wall] })))).toMatchObject({
      uphill: false,
      spoiledBy: 'obstacle',
    });
  });
});

describe('unitGeometry', () => {
  it('anchors on frontCentre', () => {
    for (const u of Object.values(fixtureBattle(3).table.units)) {
      const geo = g(u);
      const f = frontCentre(u);
      expect(geo.ax).toBeCloseTo(f.x, 9);
      expect(geo.ay).toBeCloseTo(f.y, 9);
    }
  });
});

describe('properties: measurements do not change when the whole table moves', () => {
  const motion = fc.record({
    turn: fc.double({ min: -360, max: 360, noNaN: true }),
    aboutX: fc.double({ min: -50, max: 50, noNaN: true }),
    aboutY: fc.double({ min: -50, max: 50, noNaN: true }),
    shiftX: fc.double({ min: -100, max: 100, noNaN: true }),
    shiftY: fc.double({ min: -100, max: 100, noNaN: true }),
  });

  it('ranges, quarters, facing, contact and lines of retreat', () => {
    const { table } = fixtureBattle(7);
    const summary = (t: typeof table) => {
      const units = Object.values(t.units).map(g);
      const terrain = terrainGeometry(t);
      return units.map((u, i) => {
        const v = units[(i + 7) % units.length]!;
        const enemies = units.filter((o) => o.unit.side !== u.unit.side);
        return {
          range: Math.round(frontDistance(u, v) * 1e6),
          quarter: quarterOf(u, v.ax, v.ay),
          faces: facesTowards(u, v),
          contact: standsInContact(u, v),
          retreat: lineOfRetreat(u, enemies, terrain, 'regular-infantry', 12).open,
        };
      });
    };
    const before = summary(table);
    fc.assert(
      fc.property(motion, (m) => {
        expect(summary(moveTable(table, m))).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
