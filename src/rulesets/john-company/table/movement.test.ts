import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rectDistance } from '../../../core/geometry/rectangles.ts';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { tableOf } from '../../../core/table/fixtures.ts';
import type { TerrainFeature, UnitState } from '../../../core/table/model.ts';
import { moveTable } from '../../../core/table/transform.ts';
import {
  type MoveContext,
  type MoveReport,
  type MoverFacts,
  moveContext,
  ReplayDice,
  resolveMove,
  unitFactsOf,
} from './movement.ts';
import { context, rect, unit } from './movement-fixtures.ts';
import { convexOverlapDepth, PENETRATION, standCorners } from './movement-geometry.ts';
import type { Manoeuvre } from './movement-manoeuvres.ts';

/**
 * A number in hundredths from min to max, nudged by an irrational ten-thousandth so that it never ties
 * exactly with the round numbers of the fixtures (fast-check's own doubles favour extreme values).
 */
const num = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100 + 1e-4 * Math.SQRT2);

/**
 * Unit 'a': four British infantry stands (1.5" x 0.75") in close-order line centred on (20, 10),
 * facing +y: its front runs from (17, 10.375) to (23, 10.375); Normal Move 6".
 */
const A = unit('a', { x: 20, y: 10 });
const BRIT: MoverFacts = { troop: 'british-infantry', order: 'forward-march' };
const noDice = () => new SuppliedDice([]);

function move(ctx: MoveContext, manoeuvres: Manoeuvre[], mover: MoverFacts = BRIT, more = {}): MoveReport {
  return resolveMove(ctx, { unitId: 'a', manoeuvres, mover, ...more }, noDice());
}

const frontY = (u: UnitState) => Math.max(...u.stands.map((s) => s.y)) + 0.375;

describe('manoeuvres over open ground', () => {
  const ctx = context([A], { a: { troop: 'british-infantry' } });

  it('advances straight ahead: 6" used of 6"', () => {
    const r = move(ctx, [{ kind: 'advance', inches: 6 }]);
    expect(r.path).toMatchObject({ moveInches: 6, wheelInches: 0, flankMarchInches: 0, terrain: [] });
    expect(r.allowance.used).toBeCloseTo(6, 9);
    expect(r.legal).toBe(true);
    expect(r.disordered).toBe(false);
    expect(frontY(r.unit)).toBeCloseTo(16.375, 9);
    // Each stand's sweep is the rectangle from its start to its end.
    expect(r.sweeps[0]!.pieces).toHaveLength(1);
  });

  it('wheels on the inner stand, measured on the outer edge: 30 degrees of a 6" front is pi"', () => {
    const r = move(ctx, [{ kind: 'wheel', degrees: 30 }]);
    expect(r.path.wheelInches).toBeCloseTo(Math.PI, 9);
    expect(r.unit.facing).toBe(120);
    // Wheeling left pivots on the front-left corner, which stays put.
    const left = r.unit.stands[0]!;
    const c = standCorners(left);
    expect(c[0]).toBeCloseTo(17, 9);
    expect(c[1]).toBeCloseTo(10.375, 9);
    // A wheel to the right pivots on the right end.
    const right = move(ctx, [{ kind: 'wheel', degrees: -90 }]);
    const rc = standCorners(right.unit.stands[3]!);
    expect(rc[2]).toBeCloseTo(23, 9);
    expect(rc[3]).toBeCloseTo(10.375, 9);
    expect(right.path.wheelInches).toBeCloseTo(3 * Math.PI, 9);
  });

  it('obliques keep facing (regulars only, up to 45 degrees)', () => {
    const r = move(ctx, [{ kind: 'oblique', inches: 4, degrees: -45 }], { troop: 'british-infantry' });
    expect(r.unit.facing).toBe(90);
    expect(r.unit.stands[0]!.x - A.stands[0]!.x).toBeCloseTo(4 * Math.SQRT1_2, 9);
    expect(r.path.moveInches).toBeCloseTo(4, 9);
    expect(r.legal).toBe(true);
    const wide = move(ctx, [{ kind: 'oblique', inches: 4, degrees: 50 }], { troop: 'british-infantry' });
    expect(wide.violations.map((v) => v.code)).toContain('oblique-too-wide');
    const irregular = resolveMove(
      context([unit('a', { x: 20, y: 10, formation: 'mass' })], {}),
      {
        unitId: 'a',
        manoeuvres: [{ kind: 'oblique', inches: 2, degrees: 20 }],
        mover: { troop: 'native-irregular-infantry' },
      },
      noDice(),
    );
    expect(irregular.violations.map((v) => v.code)).toEqual(['oblique-regulars-only']);
  });

  it('flank marches cost 2" per 1"', () => {
    const r = move(ctx, [{ kind: 'flank-march', inches: 2, side: 'right' }], { troop: 'british-infantry' });
    expect(r.path.flankMarchInches).toBeCloseTo(2, 9);
    expect(r.allowance.used).toBeCloseTo(4, 9);
    expect(r.unit.stands[0]!.x).toBeCloseTo(A.stands[0]!.x + 2, 9);
    expect(r.unit.facing).toBe(90);
  });

  it('about faces in place for a quarter of the move', () => {
    const r = move(ctx, [{ kind: 'about-face' }, { kind: 'advance', inches: 4.5 }], {
      troop: 'british-infantry',
    });
    expect(r.path.aboutFaces).toBe(1);
    expect(r.allowance.maximumNormalMove).toBeCloseTo(4.5, 9);
    expect(r.allowance.fits).toBe(true);
    expect(r.unit.facing).toBe(270);
    expect(r.unit.stands.map((s) => s.x)).toEqual(A.stands.map((s) => s.x));
    expect(r.unit.stands[0]!.y).toBeCloseTo(10 - 4.5, 9);
  });

  it('changes formation with a Form order, and only with one', () => {
    const ok = move(ctx, [{ kind: 'form', target: { formation: 'close-order-column', files: 2 } }], {
      troop: 'british-infantry',
      order: 'form-column',
    });
    expect(ok.legal).toBe(true);
    expect(ok.unit.formation).toBe('close-order-column');
    expect(new Set(ok.unit.stands.map((s) => s.rank)).size).toBe(2);
    const no = move(ctx, [{ kind: 'form', target: { formation: 'close-order-column', files: 2 } }]);
    expect(no.violations.map((v) => v.code)).toContain('formation-change-not-ordered');
    const wrong = move(ctx, [{ kind: 'form', target: { formation: 'open-order-line' } }], {
      troop: 'british-infantry',
      order: 'form-column',
    });
    expect(wrong.violations.map((v) => v.code)).toContain('wrong-formation');
  });
});

describe('terrain, walls and water', () => {
  const woods = (y0: number, y1: number): TerrainFeature => ({
    id: 'w',
    kind: 'light-woods',
    outline: rect(0, y0, 40, y1),
  });

  it('charges light woods at 2 per inch crossed, and Disorders on losing a quarter', () => {
    const one = move(context([A], {}, [woods(12, 13)]), [{ kind: 'advance', inches: 5 }]);
    expect(one.path.moveInches).toBeCloseTo(4, 9);
    expect(one.path.terrain).toEqual([{ terrain: 'light-woods', inches: expect.closeTo(1, 9) }]);
    expect(one.allowance.used).toBeCloseTo(6, 9);
    expect(one.legal).toBe(true);
    expect(one.disordered).toBe(false);
    const two = move(context([A], {}, [woods(12, 14)]), [{ kind: 'advance', inches: 4 }]);
    expect(two.allowance.used).toBeCloseTo(6, 9);
    expect(two.disorderCauses).toEqual(['terrain-loss']);
    const far = move(context([A], {}, [woods(12, 13)]), [{ kind: 'advance', inches: 6 }]);
    expect(far.violations.map((v) => v.code)).toEqual(['exceeds-allowance']);
  });

  it('pays for the stand whose ground costs most', () => {
    // Woods in front of the right-hand stand only.
    const r = move(context([A], {}, [{ id: 'w', kind: 'light-woods', outline: rect(21.8, 12, 30, 13) }]), [
      { kind: 'advance', inches: 4 },
    ]);
    expect(r.path.terrain).toEqual([{ terrain: 'light-woods', inches: expect.closeTo(1, 9) }]);
  });

  it('makes heavy woods impassable to cavalry', () => {
    const cav = unit('a', { x: 20, y: 10, kind: 'cavalry' });
    const r = resolveMove(
      context([cav], {}, [{ id: 'w', kind: 'heavy-woods', outline: rect(0, 12, 40, 13) }]),
      { unitId: 'a', manoeuvres: [{ kind: 'advance', inches: 4 }], mover: { troop: 'british-cavalry' } },
      noDice(),
    );
    expect(r.violations.map((v) => v.code)).toEqual(['impassable-terrain']);
  });

  it('costs a low wall 4" for close-order infantry; cavalry jump it for 5" and are Disordered', () => {
    const wall: TerrainFeature = {
      id: 'wall',
      kind: 'wall-low',
      path: [
        { x: 0, y: 12 },
        { x: 40, y: 12 },
      ],
    };
    const inf = move(context([A], {}, [wall]), [{ kind: 'advance', inches: 2 }], {
      troop: 'british-infantry',
    });
    expect(inf.path.walls).toEqual(['low']);
    expect(inf.allowance.used).toBeCloseTo(6, 9);
    const cav = resolveMove(
      context([unit('a', { x: 20, y: 10, kind: 'cavalry' })], {}, [wall]),
      { unitId: 'a', manoeuvres: [{ kind: 'advance', inches: 3 }], mover: { troop: 'british-cavalry' } },
      noDice(),
    );
    expect(cav.allowance.used).toBeCloseTo(8, 9);
    expect(cav.disorderCauses).toContain('wall-jump');
  });

  it('never crosses a fortified city wall', () => {
    const city: TerrainFeature = {
      id: 'city',
      kind: 'fortified-city-wall',
      path: [
        { x: 0, y: 12 },
        { x: 40, y: 12 },
      ],
    };
    const r = move(context([A], {}, [city]), [{ kind: 'advance', inches: 3 }], { troop: 'british-infantry' });
    expect(r.violations.map((v) => v.code)).toEqual(['impassable-barrier']);
  });

  it('rolls the water dice once per crossing and Disorders', () => {
    const stream: TerrainFeature = {
      id: 's',
      kind: 'stream',
      path: [
        { x: 0, y: 13 },
        { x: 40, y: 13 },
      ],
      width: 3,
      crossingDice: 2,
    };
    const r = resolveMove(
      context([A], {}, [stream]),
      {
        unitId: 'a',
        manoeuvres: [{ kind: 'advance', inches: 4 }],
        mover: { troop: 'british-infantry', movement: 'normal-plus-2-dice' },
      },
      new SuppliedDice({ extraDice: [6, 6], stream: [1, 2] }),
    );
    expect(r.path.water).toEqual(['stream']);
    expect(r.allowance.used).toBeCloseTo(7, 9);
    expect(r.disorderCauses).toContain('water');
  });

  it('charges towns 2 per inch within 2" of a building, Disordering off the road only', () => {
    const town: TerrainFeature = {
      id: 't',
      kind: 'town',
      outline: rect(0, 13, 40, 20),
      buildings: [rect(0, 14, 40, 15)],
    };
    const off = move(context([A], {}, [town]), [{ kind: 'advance', inches: 2 }], {
      troop: 'british-infantry',
    });
    // Leading edge from y 10.375 to 12.375: the town's reach starts at y 12.
    expect(off.path.terrain).toEqual([{ terrain: 'town', inches: expect.closeTo(0.375, 9) }]);
    expect(off.disorderCauses).toContain('town');
    const road: TerrainFeature = {
      id: 'r',
      kind: 'road',
      path: [
        { x: 20, y: 0 },
        { x: 20, y: 30 },
      ],
      width: 20,
    };
    const on = move(context([A], {}, [town, road]), [{ kind: 'advance', inches: 2 }], {
      troop: 'british-infantry',
    });
    expect(on.path.terrain).toEqual([{ terrain: 'town-on-road', inches: expect.closeTo(0.375, 9) }]);
    expect(on.disordered).toBe(false);
  });
});

describe('interpenetration (Part 3, rules 1-6)', () => {
  const friend = (over: Partial<Parameters<typeof unit>[1]> = {}) => unit('b', { x: 20, y: 13, ...over });

  it('rule 1: infantry passes regular infantry on Hold freely', () => {
    const r = move(context([A, friend()], { b: { troop: 'british-infantry', order: 'hold' } }), [
      { kind: 'advance', inches: 5 },
    ]);
    expect(r.interpenetrations).toEqual([
      { unitId: 'b', verdict: expect.objectContaining({ ruleNumber: 1, otherMayNotReformOrRally: true }) },
    ]);
    expect(r.disordered).toBe(false);
  });

  it('rule 6: any other case Disorders both', () => {
    const r = move(context([A, friend()], { b: { troop: 'british-infantry', order: 'forward-march' } }), [
      { kind: 'advance', inches: 5 },
    ]);
    expect(r.interpenetrations[0]!.verdict.ruleNumber).toBe(6);
    expect(r.disorderCauses).toEqual(['interpenetration']);
    expect(r.disordersOthers).toEqual(['b']);
  });

  it('rule 2: regular cavalry through regular infantry, both in open order', () => {
    const cav = unit('a', { x: 20, y: 10, kind: 'cavalry', formation: 'open-order-line', gap: 1.5 });
    const inf = friend({ formation: 'open-order-line', gap: 1.5 });
    const r = resolveMove(
      context([cav, inf], { b: { troop: 'british-infantry' } }),
      { unitId: 'a', manoeuvres: [{ kind: 'advance', inches: 6 }], mover: { troop: 'british-cavalry' } },
      noDice(),
    );
    expect(r.interpenetrations[0]!.verdict.ruleNumber).toBe(2);
    expect(r.disordered).toBe(false);
  });

  it('rule 3: skirmishers pass formed troops freely', () => {
    const r = move(
      context([A, friend({ formation: 'skirmish-order', gap: 1.5 })], { b: { troop: 'british-infantry' } }),
      [{ kind: 'advance', inches: 5 }],
    );
    expect(r.interpenetrations[0]!.verdict.ruleNumber).toBe(3);
  });

  it('rule 4: a mandatory move Disorders both', () => {
    const r = resolveMove(
      context([A, friend()], { b: { troop: 'british-infantry', order: 'hold' } }),
      {
        unitId: 'a',
        manoeuvres: [{ kind: 'straight', inches: 5, direction: 90 }],
        mover: { troop: 'british-infantry', movement: 'forced-back' },
        kind: 'mandatory',
      },
      noDice(),
    );
    expect(r.interpenetrations[0]!.verdict.ruleNumber).toBe(4);
    expect(r.disordersOthers).toEqual(['b']);
  });

  it('rule 5: a move that would end on another unit stops short of it, Disordered', () => {
    const r = move(context([A, friend()], { b: { troop: 'british-infantry', order: 'hold' } }), [
      { kind: 'advance', inches: 3 },
    ]);
    expect(r.stoppedShort).toEqual(['b']);
    expect(r.interpenetrations).toEqual([]);
    // b's rear edge is at y 12.625: a's front stops there.
    expect(frontY(r.unit)).toBeCloseTo(12.625, 9);
    expect(r.disorderCauses).toEqual(['stopped-short']);
    expect(r.contacts).toEqual(['b']);
    expect(r.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(2.25, 9) }]);
    // A minimum move is waived for a unit stopped short.
    expect(r.legal).toBe(true);
  });

  it('never passes through an enemy', () => {
    const r = move(
      context([A, friend({ side: 'blue', facing: 270 })], { b: { troop: 'british-infantry' } }),
      [{ kind: 'advance', inches: 6 }],
    );
    expect(r.violations.map((v) => v.code)).toContain('passes-through-enemy');
  });

  it('slides past a unit it only touches', () => {
    const beside = unit('b', { x: 26, y: 10 });
    const r = move(context([A, beside], { b: { troop: 'british-infantry' } }), [
      { kind: 'advance', inches: 5 },
    ]);
    expect(r.interpenetrations).toEqual([]);
    expect(r.stoppedShort).toEqual([]);
  });
});

describe("the order's limits", () => {
  const ctx = context([A], {});

  it('Forward March: within 30 degrees, at least half the move', () => {
    expect(move(ctx, [{ kind: 'advance', inches: 3 }]).legal).toBe(true);
    expect(move(ctx, [{ kind: 'advance', inches: 2 }]).violations.map((v) => v.code)).toEqual([
      'below-minimum',
    ]);
    const wide = move(ctx, [{ kind: 'oblique', inches: 4, degrees: 40 }]);
    expect(wide.violations.map((v) => v.code)).toEqual(['outside-arc']);
    const turned = move(ctx, [
      { kind: 'wheel', degrees: 35 },
      { kind: 'advance', inches: 1 },
    ]);
    expect(turned.violations.map((v) => v.code)).toContain('outside-arc');
  });

  it('Forward March may not come within 2" of an enemy; stopping at 2" waives the minimum', () => {
    const enemy = unit('e', { x: 20, y: 15, side: 'blue', facing: 270 });
    const c = context([A, enemy], { e: { troop: 'british-infantry' } });
    // The enemy's front edge is at y 14.625: 4.25" from a's front.
    const close = move(c, [{ kind: 'advance', inches: 3 }]);
    expect(close.violations.map((v) => v.code)).toEqual(['closest-approach']);
    const stop = move(c, [{ kind: 'advance', inches: 2.25 }]);
    expect(stop.legal).toBe(true);
  });

  it('Deploy Right: wheels, obliques (30-45) and flank marches to the right only', () => {
    const deploy: MoverFacts = { troop: 'british-infantry', order: 'deploy-right' };
    expect(move(ctx, [{ kind: 'wheel', degrees: -30 }], deploy).legal).toBe(true);
    expect(move(ctx, [{ kind: 'wheel', degrees: 30 }], deploy).violations.map((v) => v.code)).toEqual([
      'deploy-wrong-side',
    ]);
    expect(
      move(ctx, [{ kind: 'oblique', inches: 3, degrees: -20 }], deploy).violations.map((v) => v.code),
    ).toEqual(['deploy-oblique-angle']);
    expect(move(ctx, [{ kind: 'flank-march', inches: 1.5, side: 'right' }], deploy).legal).toBe(true);
  });

  it('Deploy Right: the flank march may end facing the way it went, for nothing', () => {
    const deploy: MoverFacts = { troop: 'british-infantry', order: 'deploy-right' };
    const marched = move(ctx, [{ kind: 'flank-march', inches: 1.5, side: 'right' }], deploy);
    const turned = move(
      ctx,
      [
        { kind: 'flank-march', inches: 1.5, side: 'right' },
        { kind: 'face', degrees: -90 },
      ],
      deploy,
    );
    expect(turned.legal).toBe(true);
    expect(turned.unit.facing).toBeCloseTo(A.facing - 90, 9);
    expect(turned.allowance.used).toBeCloseTo(marched.allowance.used, 9);
  });

  it('To The Rear, March: about face first, within 90 degrees of straight back', () => {
    const retire: MoverFacts = { troop: 'british-infantry', order: 'to-the-rear-march' };
    const ok = move(ctx, [{ kind: 'about-face' }, { kind: 'advance', inches: 4 }], retire);
    expect(ok.legal).toBe(true);
    expect(move(ctx, [{ kind: 'advance', inches: 2 }], retire).violations.map((v) => v.code)).toEqual([
      'outside-arc',
      'must-about-face-first',
    ]);
  });

  it('To The Rear, March may about face again only within half its move', () => {
    const retire: MoverFacts = { troop: 'british-infantry', order: 'to-the-rear-march' };
    const late = move(
      ctx,
      [{ kind: 'about-face' }, { kind: 'advance', inches: 3.5 }, { kind: 'about-face' }],
      retire,
    );
    expect(late.violations.map((v) => v.code)).toContain('second-about-face-too-late');
    const early = move(
      ctx,
      [{ kind: 'about-face' }, { kind: 'advance', inches: 2 }, { kind: 'about-face' }],
      retire,
    );
    expect(early.legal).toBe(true);
  });

  it('a unit that may not move may not turn either', () => {
    const r = move(ctx, [{ kind: 'about-face' }], { troop: 'british-infantry', movement: 'no-move' });
    expect(r.violations.map((v) => v.code)).toContain('no-movement-allowed');
  });

  it('Hold: no movement', () => {
    expect(
      move(ctx, [{ kind: 'advance', inches: 1 }], {
        troop: 'british-infantry',
        order: 'hold',
      }).violations.map((v) => v.code),
    ).toEqual(['order-forbids-movement', 'exceeds-allowance']);
  });

  it('free straight lines are for mandatory moves and charges only', () => {
    const r = move(ctx, [{ kind: 'straight', inches: 2, direction: 90 }]);
    expect(r.violations.map((v) => v.code)).toContain('not-a-manoeuvre');
  });
});

describe('facts, dice and trace', () => {
  it("reads the units' facts from John Company forces: Defend is Hold", () => {
    const facts = unitFactsOf({
      profiles: {
        a: { troop: 'british-infantry', origin: 'european', resolveLevel: 20, startingStands: 8 },
        b: { troop: 'native-regular-cavalry', origin: 'indian', resolveLevel: 15, startingStands: 4 },
      },
      states: { a: { orders: 'defend' }, b: { mandatoryMove: 'rout' } },
    });
    expect(facts).toEqual({
      a: { troop: 'british-infantry', order: 'hold' },
      b: { troop: 'native-regular-cavalry', onMandatoryMove: true },
    });
  });

  it('replays the same throws on every pass', () => {
    const replay = new ReplayDice(new SuppliedDice({ extraDice: [4] }));
    const mover: MoverFacts = { troop: 'british-infantry', movement: 'normal-plus-1-dice' };
    const ctx = context([A], {});
    const first = resolveMove(ctx, { unitId: 'a', manoeuvres: [], mover }, replay);
    const again = resolveMove(
      ctx,
      { unitId: 'a', manoeuvres: [{ kind: 'advance', inches: 10 }], mover },
      replay,
    );
    expect(first.allowance.available).toBe(10);
    expect(again.allowance.available).toBe(10);
    expect(again.legal).toBe(true);
  });

  it("records the allowance's steps in a trace", () => {
    const trace = new Trace();
    resolveMove(
      context([A], {}),
      { unitId: 'a', manoeuvres: [{ kind: 'wheel', degrees: 30 }], mover: BRIT },
      noDice(),
      trace,
    );
    expect(trace.steps.some((s) => s.label.startsWith('Wheel:'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const manoeuvre: fc.Arbitrary<Manoeuvre> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), inches: num(0, 8) }),
  fc.record({
    kind: fc.constant('oblique' as const),
    inches: num(0, 6),
    degrees: num(-45, 45),
  }),
  fc.record({
    kind: fc.constant('flank-march' as const),
    inches: num(0, 3),
    side: fc.constantFrom('left' as const, 'right' as const),
  }),
  fc.record({ kind: fc.constant('wheel' as const), degrees: num(-90, 90) }),
  fc.constant({ kind: 'about-face' as const }),
);

/** A table of the mover and up to three others, placed apart, with woods, a wall and a stream. */
const scene = fc
  .record({
    others: fc.array(
      fc.record({
        x: num(12, 28),
        y: num(12, 22),
        facing: num(0, 360),
        side: fc.constantFrom('red', 'blue'),
        hold: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    manoeuvres: fc.array(manoeuvre, { minLength: 1, maxLength: 3 }),
    order: fc.constantFrom(
      'forward-march' as const,
      'deploy-left' as const,
      'to-the-rear-march' as const,
      undefined,
    ),
  })
  .map(({ others, manoeuvres, order }) => {
    const units: UnitState[] = [A];
    others.forEach((o, i) => {
      const u = unit(`u${i}`, { x: o.x, y: o.y, facing: o.facing, side: o.side, files: 2 });
      const clear = units.every((v) =>
        v.stands.every((s) => u.stands.every((t) => rectDistance(s, t) > 0.01)),
      );
      if (clear) units.push(u);
    });
    const facts = Object.fromEntries(
      others.map((o, i) => [
        `u${i}`,
        { troop: 'british-infantry' as const, ...(o.hold ? { order: 'hold' as const } : {}) },
      ]),
    );
    const terrain: TerrainFeature[] = [
      { id: 'w', kind: 'light-woods', outline: rect(10, 14, 16, 20) },
      {
        id: 'wall',
        kind: 'wall-low',
        path: [
          { x: 24, y: 12 },
          { x: 34, y: 15 },
        ],
      },
      {
        id: 's',
        kind: 'nullah',
        path: [
          { x: 0, y: 5 },
          { x: 40, y: 6 },
        ],
        width: 2,
        crossingDice: 1,
      },
    ];
    const mover: MoverFacts = { troop: 'british-infantry', ...(order ? { order } : {}) };
    return { table: tableOf({ units, terrain }), facts, manoeuvres, mover };
  });

const run = (s: {
  table: ReturnType<typeof tableOf>;
  facts: Record<string, { troop: 'british-infantry' }>;
  manoeuvres: Manoeuvre[];
  mover: MoverFacts;
}) =>
  resolveMove(
    moveContext(s.table, s.facts),
    { unitId: 'a', manoeuvres: s.manoeuvres, mover: s.mover },
    new SuppliedDice({ nullah: [3, 3, 3, 3] }),
  );

describe('properties', () => {
  it('a committed move never uses more than its allowance', () => {
    fc.assert(
      fc.property(scene, (s) => {
        const r = run(s);
        if (r.legal) expect(r.allowance.used).toBeLessThanOrEqual(r.allowance.available + 1e-9);
      }),
      { numRuns: 150 },
    );
  });

  it('a move never ends overlapping another unit', () => {
    fc.assert(
      fc.property(scene, (s) => {
        const r = run(s);
        for (const other of Object.values(s.table.units)) {
          if (other.id === 'a') continue;
          for (const st of r.unit.stands)
            for (const t of other.stands)
              expect(convexOverlapDepth(standCorners(st), standCorners(t))).toBeLessThanOrEqual(PENETRATION);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is unchanged when the whole table is moved and turned', () => {
    fc.assert(
      fc.property(scene, num(0, 360), num(-50, 50), num(-50, 50), (s, turn, shiftX, shiftY) => {
        const motion = { turn, aboutX: 20, aboutY: 20, shiftX, shiftY };
        const a = run(s);
        const b = run({ ...s, table: moveTable(s.table, motion) });
        expect(b.allowance.used).toBeCloseTo(a.allowance.used, 6);
        expect(b.violations.map((v) => v.code)).toEqual(a.violations.map((v) => v.code));
        expect(b.disorderCauses).toEqual(a.disorderCauses);
        expect(b.interpenetrations.map((i) => [i.unitId, i.verdict.ruleNumber])).toEqual(
          a.interpenetrations.map((i) => [i.unitId, i.verdict.ruleNumber]),
        );
        expect(b.stoppedShort).toEqual(a.stoppedShort);
        const moved = moveTable(tableOf({ units: [a.unit] }), motion).units['a']!;
        moved.stands.forEach((st, i) => {
          expect(b.unit.stands[i]!.x).toBeCloseTo(st.x, 6);
          expect(b.unit.stands[i]!.y).toBeCloseTo(st.y, 6);
        });
      }),
      { numRuns: 100 },
    );
  });
});
