import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rectsOverlap } from '../../../core/geometry/rectangles.ts';
import { squareFaces } from '../../../core/scenario/layout.ts';
import type { UnitStandState, UnitState } from '../../../core/table/model.ts';
import type { Formation } from '../vocabulary.ts';
import {
  type Anchor,
  changeFormation,
  describeLayout,
  detachLightCompany,
  formationAllowed,
  frontCentre,
  type LayoutRequest,
  layoutFormation,
  lightCompanyReach,
  mayDeployLightCompany,
  rejoinLightCompany,
  type TroopFormation,
  troopGrid,
} from './formations.ts';
import type { JcUnitProfile } from './unit-profile.ts';

/**
 * Hand-checked layouts: stands 2" wide and 1" deep, anchored at (10, 10) facing +y (90 degrees), so
 * "right" is +x and ranks run towards -y. A stand's centre is half a depth behind its front edge.
 */
const SIZE = { width: 2, depth: 1 };
const A: Anchor = { x: 10, y: 10, facing: 90 };
const troops = (formation: TroopFormation, standCount: number, more: Partial<LayoutRequest> = {}) =>
  layoutFormation({
    unitId: 'u',
    formation,
    standCount,
    standSize: SIZE,
    kind: 'infantry',
    anchor: A,
    ...more,
  } as LayoutRequest);
const at = (stands: readonly UnitStandState[]) => stands.map((s) => [s.x, s.y, s.rank, s.file]);
const unitOf = (formation: Formation, stands: UnitStandState[], facing = 90): UnitState => ({
  id: 'u',
  side: 'red',
  formation,
  facing,
  stands,
});

/** Interiors overlap: the rectangles shrunk by a hair still meet. */
function overlapping(stands: readonly UnitStandState[]): [string, string] | null {
  const hair = 1e-6;
  const shrink = (s: UnitStandState) => ({ ...s, width: s.width - hair, depth: s.depth - hair });
  for (let i = 0; i < stands.length; i++)
    for (let j = i + 1; j < stands.length; j++)
      if (rectsOverlap(shrink(stands[i]!), shrink(stands[j]!))) return [stands[i]!.id, stands[j]!.id];
  return null;
}

describe('layoutFormation: troops', () => {
  it('close-order line: one rank, stands touching, centred on the anchor', () => {
    expect(at(troops('close-order-line', 3))).toEqual([
      [8, 9.5, 0, 0],
      [10, 9.5, 0, 1],
      [12, 9.5, 0, 2],
    ]);
  });

  it('open-order line: a stand-width gap between stands', () => {
    expect(at(troops('open-order-line', 3))).toEqual([
      [6, 9.5, 0, 0],
      [10, 9.5, 0, 1],
      [14, 9.5, 0, 2],
    ]);
  });

  it('road column (default): 2 files, the partial rank centred at the rear', () => {
    expect(at(troops('close-order-column', 5))).toEqual([
      [9, 9.5, 0, 0],
      [11, 9.5, 0, 1],
      [9, 8.5, 1, 0],
      [11, 8.5, 1, 1],
      [10, 7.5, 2, 0],
    ]);
  });

  it('field column: stands per rank = stands / ranks, rounded up; partial rank at the rear', () => {
    // 10 stands in 4 ranks: 3 per rank, 3 + 3 + 3 + 1.
    const s = troops('close-order-column', 10, { ranks: 4 });
    expect(s.filter((x) => x.rank === 0).map((x) => x.x)).toEqual([8, 10, 12]);
    expect(s.filter((x) => x.rank === 3).map((x) => [x.x, x.y])).toEqual([[10, 6.5]]);
    expect(
      troopGrid({
        formation: 'close-order-column',
        standCount: 12,
        standSize: SIZE,
        kind: 'infantry',
        ranks: 4,
      }),
    ).toMatchObject({ ranks: 4, files: 3 });
  });

  it('a column must be deeper than wide unless at most 2 stands wide', () => {
    expect(() => troops('close-order-column', 9, { files: 3 })).toThrow(/more ranks than files/);
    expect(() => troops('close-order-column', 8, { ranks: 2 })).toThrow(/more ranks than files/);
    expect(() => troops('close-order-column', 4, { files: 5 })).toThrow(RangeError);
    expect(() => troops('close-order-column', 6, { files: 2, ranks: 3 })).toThrow(/not both/);
  });

  it('open-order column: a stand-width gap between files and a stand-depth gap between ranks', () => {
    expect(at(troops('open-order-column', 4))).toEqual([
      [8, 9.5, 0, 0],
      [12, 9.5, 0, 1],
      [8, 7.5, 1, 0],
      [12, 7.5, 1, 1],
    ]);
  });

  it('mass: a dense block, by default about as deep as it is wide', () => {
    // 8 stands of 2" x 1": ceil(sqrt(8 / 2)) = 2 files of 4 ranks, 4" x 4".
    const s = troops('mass', 8);
    expect(s.filter((x) => x.rank === 0)).toHaveLength(2);
    expect(Math.max(...s.map((x) => x.rank))).toBe(3);
    expect(at(troops('mass', 6, { files: 3 })).slice(3)).toEqual([
      [8, 8.5, 1, 0],
      [10, 8.5, 1, 1],
      [12, 8.5, 1, 2],
    ]);
  });

  it('skirmish order: a stand-width gap; a second rank behind the gaps of the first', () => {
    expect(at(troops('skirmish-order', 3))).toEqual([
      [6, 9.5, 0, 0],
      [10, 9.5, 0, 1],
      [14, 9.5, 0, 2],
    ]);
    // 5 stands in 2 ranks: 3 in front at x = 6, 10, 14; 2 behind the gaps at x = 8, 12.
    expect(at(troops('skirmish-order', 5, { ranks: 2 })).slice(3)).toEqual([
      [8, 8.5, 1, 0],
      [12, 8.5, 1, 1],
    ]);
    // 4 stands in 2 ranks: 2 in front (x = 8, 12), 2 behind shifted half a pitch (x = 10, 14).
    expect(
      at(troops('skirmish-order', 4, { ranks: 2 }))
        .slice(2)
        .map(([x]) => x),
    ).toEqual([10, 14]);
    expect(() => troops('skirmish-order', 6, { ranks: 3 })).toThrow(/1 or 2 ranks/);
  });

  it('square: four faces facing outwards, the remainder to the front and then the rear', () => {
    expect(squareFaces(4)).toEqual({ front: 1, side: 1, rear: 1 });
    expect(squareFaces(7)).toEqual({ front: 3, side: 1, rear: 2 });
    expect(squareFaces(11)).toEqual({ front: 4, side: 2, rear: 3 });
    expect(() => squareFaces(3)).toThrow(/4 stands/);
    const s = troops('square', 7);
    // Front 3 (6" wide, half 3"); side faces 1 each at x = 10 -/+ 2.5, 1.5" behind the front line...
    expect(s.map((x) => [x.x, x.y, x.facing, x.rank, x.file])).toEqual([
      [8, 9.5, 90, 0, 0],
      [10, 9.5, 90, 0, 1],
      [12, 9.5, 90, 0, 2],
      [7.5, 8, 180, 1, 0],
      [12.5, 8, 0, 2, 0],
      [9, 6.5, 270, 3, 0],
      [11, 6.5, 270, 3, 1],
    ]);
    expect(() => troops('square', 8, { ranks: 2 })).toThrow(/no ranks or files/);
  });

  it('lines take no ranks', () => {
    expect(() => troops('close-order-line', 6, { ranks: 2 })).toThrow(/single rank/);
  });

  it('uses the ids given, in order, and rejects a wrong count or duplicates', () => {
    expect(troops('close-order-line', 2, { ids: ['a', 'b'] }).map((s) => s.id)).toEqual(['a', 'b']);
    expect(troops('close-order-line', 2).map((s) => s.id)).toEqual(['u/0', 'u/1']);
    expect(() => troops('close-order-line', 2, { ids: ['a'] })).toThrow(/2 stand ids/);
    expect(() => troops('close-order-line', 2, { ids: ['a', 'a'] })).toThrow(/distinct/);
  });
});

describe('layoutFormation: batteries', () => {
  const GUN = { width: 1.5, depth: 1.5 };
  const battery = (formation: 'artillery-deployed' | 'artillery-limbered', limbers = true) =>
    layoutFormation({
      unitId: 'b',
      formation,
      guns: 2,
      crews: [2, 1],
      gunSize: GUN,
      crewSize: SIZE,
      ...(limbers ? { limberSize: GUN } : {}),
      anchor: { x: 0, y: 0, facing: 0 },
    });

  it('deployed: guns in line, each gun with its crew behind it and its limber behind them', () => {
    // Facing +x: right is -y. Sections 4" (two crews) and 2" wide (the gun and one crew).
    const s = battery('artillery-deployed');
    expect(s.map((x) => [x.id, x.kind, x.x, x.y, x.rank, x.file, x.serves ?? null])).toEqual([
      ['b/gun0', 'gun', -0.75, 1, 0, 0, null],
      ['b/gun1', 'gun', -0.75, -2, 0, 1, null],
      ['b/crew0.0', 'crew', -2, 2, 1, 0, 'b/gun0'],
      ['b/crew0.1', 'crew', -2, 0, 1, 1, 'b/gun0'],
      ['b/crew1.0', 'crew', -2, -2, 1, 2, 'b/gun1'],
      ['b/limber0', 'limber', -3.25, 1, 2, 0, 'b/gun0'],
      ['b/limber1', 'limber', -3.25, -2, 2, 1, 'b/gun1'],
    ]);
  });

  it('limbered: a column of limber, gun and crew, gun after gun', () => {
    const s = battery('artillery-limbered');
    expect(s.map((x) => [x.id, x.x, x.y, x.rank, x.file])).toEqual([
      ['b/limber0', -0.75, 0, 0, 0],
      ['b/gun0', -2.25, 0, 1, 0],
      ['b/crew0.0', -3.5, 1, 2, 0],
      ['b/crew0.1', -3.5, -1, 2, 1],
      ['b/limber1', -4.75, 0, 3, 0],
      ['b/gun1', -6.25, 0, 4, 0],
      ['b/crew1.0', -7.5, 0, 5, 0],
    ]);
    expect(battery('artillery-limbered', false).map((x) => x.kind)).toEqual([
      'gun',
      'crew',
      'crew',
      'gun',
      'crew',
    ]);
  });

  it('changing formation keeps each crew and limber with its gun', () => {
    const deployed: UnitState = {
      id: 'b',
      side: 'red',
      formation: 'artillery-deployed',
      facing: 0,
      stands: battery('artillery-deployed'),
    };
    const limbered = changeFormation(deployed, { formation: 'artillery-limbered' });
    expect(limbered.stands.map((s) => s.id).sort()).toEqual(deployed.stands.map((s) => s.id).sort());
    expect(limbered.stands.filter((s) => s.serves === 'b/gun1').map((s) => s.id)).toEqual([
      'b/limber1',
      'b/crew1.0',
    ]);
    // The pivot is the middle of the guns' front (the sections differ in width, so not the anchor).
    expect(frontCentre(limbered)).toEqual(frontCentre(deployed));
    expect(frontCentre(deployed)).toEqual({ x: 0, y: -0.5, facing: 0 });
    expect(() => changeFormation(deployed, { formation: 'close-order-line' })).toThrow(/only artillery/);
  });
});

describe('frontCentre and changing formation', () => {
  it('the anchor is the middle of the front edge of the front rank', () => {
    for (const f of [
      'close-order-line',
      'open-order-line',
      'close-order-column',
      'mass',
      'skirmish-order',
      'square',
    ] as const)
      expect(frontCentre(unitOf(f, troops(f, 9)))).toEqual(A);
  });

  it('column to line pivots on the centre of the front rank and keeps every stand', () => {
    const column = unitOf('close-order-column', troops('close-order-column', 6));
    const line = changeFormation(column, { formation: 'close-order-line' });
    expect(frontCentre(line)).toEqual(A);
    expect(line.formation).toBe('close-order-line');
    expect(line.stands.map((s) => s.id)).toEqual(column.stands.map((s) => s.id));
    expect(line.stands.map((s) => s.x)).toEqual([5, 7, 9, 11, 13, 15]);
    expect(() => changeFormation(line, { formation: 'artillery-deployed' })).toThrow(/troops cannot/);
  });

  it('describeLayout reads back what layoutFormation laid out', () => {
    const s = troops('close-order-column', 10, { ranks: 4 });
    expect(describeLayout(unitOf('close-order-column', s))).toMatchObject({ standCount: 10, files: 3 });
    expect(describeLayout(unitOf('skirmish-order', troops('skirmish-order', 5, { ranks: 2 })))).toMatchObject(
      { ranks: 2 },
    );
  });
});

describe('formationAllowed', () => {
  const profile = (troop: JcUnitProfile['troop'], more: Partial<JcUnitProfile> = {}): JcUnitProfile => ({
    troop,
    origin: 'indian',
    resolveLevel: 15,
    startingStands: 8,
    ...more,
  });
  const allowed = (p: JcUnitProfile) =>
    (
      [
        'close-order-line',
        'open-order-line',
        'close-order-column',
        'open-order-column',
        'square',
        'mass',
        'skirmish-order',
        'artillery-deployed',
        'artillery-limbered',
      ] as const
    ).filter((f) => formationAllowed(p, f).allowed);

  it('regular infantry: lines, columns and square; skirmish only when its Army List says so', () => {
    expect(allowed(profile('native-regular-infantry'))).toEqual([
      'close-order-line',
      'open-order-line',
      'close-order-column',
      'open-order-column',
      'square',
    ]);
    expect(allowed(profile('british-infantry', { skirmishCapable: true }))).toContain('skirmish-order');
  });

  it('regular cavalry: lines and columns, no square; irregulars: mass only; artillery deploys or limbers', () => {
    expect(allowed(profile('british-cavalry'))).toEqual([
      'close-order-line',
      'open-order-line',
      'close-order-column',
      'open-order-column',
    ]);
    expect(allowed(profile('native-irregular-infantry'))).toEqual(['mass']);
    expect(allowed(profile('native-irregular-cavalry', { skirmishCapable: true }))).toEqual(['mass']);
    expect(allowed(profile('jinsi-field-artillery'))).toEqual(['artillery-deployed', 'artillery-limbered']);
    expect(formationAllowed(profile('native-regular-cavalry'), 'square').rule.section).toBe(
      'Definitions Of Unit Orders',
    );
  });
});

describe('light companies', () => {
  const battalion: JcUnitProfile = {
    troop: 'british-infantry',
    origin: 'european',
    resolveLevel: 20,
    startingStands: 8,
    lightCompanyStands: 2,
  };
  const line = unitOf('close-order-line', troops('close-order-line', 8));

  it('may deploy when Steady or better, not charged, not on a mandatory move, with 2 skirmishers', () => {
    expect(mayDeployLightCompany(battalion, {}, line).allowed).toBe(true);
    const no = mayDeployLightCompany(
      { ...battalion, lightCompanyStands: 1 },
      { status: 'Shaken', chargedBy: ['x'], mandatoryMove: 'fall-back' },
      line,
    );
    expect(no.allowed).toBe(false);
    expect(no.reasons).toHaveLength(4);
  });

  it('detaches into skirmish order and rejoins, keeping every stand', () => {
    const { parent, company } = detachLightCompany(line, 2, 'u-light', { x: 10, y: 16, facing: 90 });
    expect(parent.stands).toHaveLength(6);
    expect(company.stands.map((s) => s.id)).toEqual(['u/6', 'u/7']);
    expect(company.formation).toBe('skirmish-order');
    expect(frontCentre(parent)).toEqual(A);
    // The company's rear edges are 5" ahead of the line's front edge: in reach; 12" still is, 12.5" not.
    expect(lightCompanyReach(parent, company)).toMatchObject({ inReach: true, farthest: 5 });
    const at12 = detachLightCompany(line, 2, 'u-light', { x: 10, y: 23, facing: 90 }).company;
    expect(lightCompanyReach(parent, at12).inReach).toBe(true);
    const far = detachLightCompany(line, 2, 'u-light', { x: 10, y: 23.5, facing: 90 }).company;
    expect(lightCompanyReach(parent, far).inReach).toBe(false);
    const back = rejoinLightCompany(parent, company);
    expect(back.stands.map((s) => s.id)).toEqual(line.stands.map((s) => s.id));
    expect(at(back.stands)).toEqual(at(line.stands));
  });
});

describe('properties', () => {
  const troopFormations = [
    'close-order-line',
    'open-order-line',
    'close-order-column',
    'open-order-column',
    'square',
    'mass',
    'skirmish-order',
  ] as const;
  const request = fc.record({
    formation: fc.constantFrom(...troopFormations),
    standCount: fc.integer({ min: 4, max: 24 }),
    width: fc.double({ min: 0.5, max: 3, noNaN: true }),
    depth: fc.double({ min: 0.3, max: 2, noNaN: true }),
    x: fc.double({ min: -50, max: 50, noNaN: true }),
    y: fc.double({ min: -50, max: 50, noNaN: true }),
    facing: fc.double({ min: -720, max: 720, noNaN: true }),
    ranks: fc.integer({ min: 1, max: 2 }),
  });
  interface Req {
    formation: TroopFormation;
    standCount: number;
    width: number;
    depth: number;
    x: number;
    y: number;
    facing: number;
    ranks: number;
  }
  const lay = (t: Req) =>
    layoutFormation({
      unitId: 'p',
      formation: t.formation,
      standCount: t.standCount,
      standSize: { width: t.width, depth: t.depth },
      kind: 'infantry',
      anchor: { x: t.x, y: t.y, facing: t.facing },
      ...(t.formation === 'skirmish-order' ? { ranks: t.ranks } : {}),
    });

  it('stands of one unit never overlap, and the layout has every stand', () => {
    fc.assert(
      fc.property(request, (r) => {
        const s = lay(r);
        expect(s).toHaveLength(r.standCount);
        expect(overlapping(s)).toBeNull();
      }),
    );
  });

  it('batteries never overlap either', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
        fc.constantFrom('artillery-deployed' as const, 'artillery-limbered' as const),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (guns, crews, formation, facing) => {
          const s = layoutFormation({
            unitId: 'b',
            formation,
            guns,
            crews: crews.slice(0, guns),
            gunSize: { width: 1.2, depth: 1.6 },
            crewSize: { width: 1, depth: 0.8 },
            limberSize: { width: 1.4, depth: 1.4 },
            anchor: { x: 3, y: -4, facing },
          });
          expect(overlapping(s)).toBeNull();
        },
      ),
    );
  });

  it('a formation change keeps the stand count and ids, and the front-centre', () => {
    fc.assert(
      fc.property(request, fc.constantFrom(...troopFormations), (r, to) => {
        const from = unitOf(r.formation, lay(r), r.facing);
        const next = changeFormation(from, { formation: to });
        expect(next.stands).toHaveLength(from.stands.length);
        expect(new Set(next.stands.map((s) => s.id))).toEqual(new Set(from.stands.map((s) => s.id)));
        expect(overlapping(next.stands)).toBeNull();
        const a = frontCentre(from);
        const b = frontCentre(next);
        expect(b.x).toBeCloseTo(a.x, 9);
        expect(b.y).toBeCloseTo(a.y, 9);
      }),
    );
  });
});
