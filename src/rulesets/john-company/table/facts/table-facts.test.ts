import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../../../core/geometry/points.ts';
import { SuppliedDice } from '../../../../core/random/dice.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { tableOf } from '../../../../core/table/fixtures.ts';
import type {
  GeneralState,
  StandSize,
  TableState,
  TerrainFeature,
  UnitState,
} from '../../../../core/table/model.ts';
import { moveTable } from '../../../../core/table/transform.ts';
import { resolveConfrontation } from '../../procedures/confrontation/resolve.ts';
import { resolveArtilleryFire } from '../../procedures/fire/artillery.ts';
import { resolveSmallArmsFire } from '../../procedures/fire/small-arms.ts';
import { reactionRow, resolveReactionTest } from '../../procedures/reaction-test.ts';
import { fixtureBattle } from '../fixture-forces.ts';
import { type Anchor, layoutFormation, type TroopFormation } from '../formations.ts';
import { JohnCompanySight } from '../line-of-sight.ts';
import type { JcForces, JcUnitProfile, JcUnitState } from '../unit-profile.ts';
import { traceReasons } from './reasons.ts';
import { deriveAllReactionFacts, JcTableFacts } from './table-facts.ts';

/**
 * Hand-checked derivations. Stands are 2" wide and 1" deep; the unit under test ('u', red) usually
 * stands at the origin facing +y, a line of 4 from x -4 to 4 and y -1 to 0.
 */
const SIZE: StandSize = { width: 2, depth: 1 };
const at = (x: number, y: number, facing = 90): Anchor => ({ x, y, facing });

interface Piece {
  readonly unit: UnitState;
  readonly profile: JcUnitProfile;
  readonly state?: JcUnitState;
}
function troops(
  id: string,
  side: string,
  formation: TroopFormation,
  n: number,
  anchor: Anchor,
  profile: Partial<JcUnitProfile> & Pick<JcUnitProfile, 'troop'>,
  state: JcUnitState = {},
): Piece {
  const kind = profile.troop.includes('cavalry') ? 'cavalry' : 'infantry';
  const stands = layoutFormation({ unitId: id, formation, standCount: n, standSize: SIZE, kind, anchor });
  return {
    unit: { id, side, formation, facing: anchor.facing, stands },
    profile: { origin: 'indian', resolveLevel: 15, startingStands: n, ...profile },
    state,
  };
}
function battle(
  pieces: readonly Piece[],
  more: { terrain?: TerrainFeature[]; generals?: GeneralState[]; forces?: Partial<JcForces> } = {},
): { table: TableState; forces: JcForces } {
  const table = tableOf({
    units: pieces.map((p) => p.unit),
    terrain: more.terrain ?? [],
    generals: more.generals ?? [],
  });
  const forces: JcForces = {
    profiles: Object.fromEntries(pieces.map((p) => [p.unit.id, p.profile])),
    states: Object.fromEntries(pieces.map((p) => [p.unit.id, p.state ?? {}])),
    ...more.forces,
  };
  return { table, forces };
}
const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const ids = (list: readonly { id: string; count?: number }[]) =>
  list.map((m) => (m.count === undefined ? m.id : `${m.id} x${m.count}`)).sort();

const BRITISH_LINE: Partial<JcUnitProfile> & Pick<JcUnitProfile, 'troop'> = {
  troop: 'british-infantry',
  origin: 'european',
  resolveLevel: 20,
  weapon: 'percussion-musket',
};

describe('reaction facts', () => {
  // Left: cavalry 8" from the tester's left end, facing it (9" + 5" charge reach). Rear: a mass 9" behind
  // (9" + 4"). Far right: a line 16" off (5" + 4"). Close right: a line facing away. A friendly column
  // 6.3" from the tester's place, behind its front line (7" move). An Inspiring General at its rear.
  const tester = troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE, {
    orders: 'advance',
    lastStatus: 'Shaken',
    standsLostSinceLastCheck: 3,
  });
  const pieces = [
    tester,
    troops('l', 'blue', 'close-order-line', 2, at(-12, -3, 0), { troop: 'native-regular-cavalry' }),
    troops('r', 'blue', 'mass', 4, at(0, -10, 90), { troop: 'native-irregular-infantry' }),
    troops('far', 'blue', 'close-order-line', 3, at(20, -3, 180), { troop: 'native-regular-infantry' }),
    troops('away', 'blue', 'close-order-line', 2, at(9, -3, 0), { troop: 'native-regular-infantry' }),
    troops('f', 'red', 'close-order-column', 4, at(6, -2, 90), { troop: 'british-infantry' }),
  ];
  const general: GeneralState = {
    id: 'g',
    side: 'red',
    stand: { id: 'g', kind: 'general', x: 0, y: -1.5, facing: 90, width: 1, depth: 1 },
  };
  const { table, forces } = battle(pieces, {
    generals: [general],
    forces: { generals: { g: { leadership: 'Inspiring', generalship: 'Competent' } } },
  });
  const facts = new JcTableFacts(table, forces);

  it('counts enemies able to charge from behind its front line, one per quarter', () => {
    const r = facts.reaction('u');
    expect(ids(r.negative)).toEqual(['enemy-on-flank-or-rear x2', 'stands-lost-since-last-check x3']);
    const flank = r.negative.find((m) => m.id === 'enemy-on-flank-or-rear')!;
    expect(flank.reasons.map((x) => [x.unit, x.value])).toEqual([
      ['l', 8],
      ['r', 9],
    ]);
    expect(ids(r.positive)).toEqual(['close-order', 'uncommitted-friends-flank-or-rear']);
    expect(r.general).toEqual({ id: 'g', leadership: 'Inspiring' });
  });

  it('plugs straight into the reaction test', () => {
    const r = facts.reaction('u');
    // 20 + 1 (friends) + 2 (close order) = 23 (European: no cap); - 2 (two quarters) - 3 (stands lost)
    // - 1 (last Shaken) = 17; + 2 (Inspiring General) = 19; Random Factor 0: Confident.
    const trace = new Trace();
    const result = resolveReactionTest(r.facts, new SuppliedDice({ randomFactor: [3, 3] }), trace);
    expect(result).toMatchObject({ tested: true, level: 19, status: 'Confident' });
    traceReasons([...r.positive, ...r.negative], trace);
    expect(trace.steps.some((s) => s.label.includes('l on its left flank'))).toBe(true);
  });

  it('flanks are secure when no enemy behind its front line can charge it', () => {
    // Move the cavalry and the mass on mandatory moves: they cannot charge.
    const calm = battle(pieces, {
      forces: {
        states: {
          u: {},
          l: { mandatoryMove: 'rout' },
          r: { mandatoryMove: 'fall-back' },
          f: { committed: true },
        },
      },
    });
    const r = new JcTableFacts(calm.table, calm.forces).reaction('u');
    expect(ids(r.positive)).toEqual(['close-order', 'flanks-and-rear-secure']);
    expect(r.negative).toEqual([]);
    expect(r.facts.orders).toBe('without-orders');
    // No negative applies: on activation it need not test.
    expect(resolveReactionTest(r.facts, new SuppliedDice({ withoutOrders: [1] })).tested).toBe(false);
  });

  it('a square has no flank or rear', () => {
    const square = troops('u', 'red', 'square', 8, at(0, 0), BRITISH_LINE);
    const { table: t, forces: f } = battle([square, ...pieces.slice(1)]);
    const r = new JcTableFacts(t, f).reaction('u');
    expect(ids(r.positive)).toContain('flanks-and-rear-secure');
    expect(r.positive.find((m) => m.id === 'flanks-and-rear-secure')!.reasons[0]!.label).toMatch(/square/);
    expect(ids(r.negative)).not.toContain('enemy-on-flank-or-rear x1');
  });

  it('no line of retreat between enemies on both flanks and the rear', () => {
    const hemmed = battle([
      troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE),
      troops('a', 'blue', 'close-order-line', 1, at(-5, -1.5, 180), { troop: 'native-regular-infantry' }),
      troops('b', 'blue', 'close-order-line', 1, at(0, -5.5, 270), { troop: 'native-regular-infantry' }),
      troops('c', 'blue', 'close-order-line', 1, at(5, -1.5, 0), { troop: 'native-regular-infantry' }),
    ]);
    const r = new JcTableFacts(hemmed.table, hemmed.forces).reaction('u');
    expect(ids(r.negative)).toContain('no-line-of-retreat');
    expect(r.negative.find((m) => m.id === 'no-line-of-retreat')!.reasons[0]!.label).toBe(
      'No gap to the rear: closed by a, b, c',
    );
  });

  it('woods, outnumbering, quarters lost and a 2:1 charge', () => {
    const wood: TerrainFeature = { id: 'wood', kind: 'light-woods', outline: rect(-10, -5, 10, 2) };
    const b = battle(
      [
        troops(
          'u',
          'red',
          'close-order-line',
          4,
          at(0, 0),
          { ...BRITISH_LINE, startingStands: 8 },
          { chargedBy: ['e'] },
        ),
        troops('v', 'red', 'close-order-line', 4, at(0, 10), { ...BRITISH_LINE, startingStands: 5 }),
        troops('e', 'blue', 'close-order-line', 8, at(0, 20, 270), { troop: 'native-regular-infantry' }),
        troops(
          'm',
          'blue',
          'close-order-line',
          4,
          at(0, 30, 270),
          { troop: 'native-regular-infantry' },
          { mandatoryMove: 'rout' },
        ),
      ],
      { terrain: [wood] },
    );
    const f = new JcTableFacts(b.table, b.forces);
    const u = f.reaction('u');
    // Red 8 stands against 8 (the routing unit does not count): no 2:1. 4 of 8 left: 2 quarters.
    expect(ids(u.positive)).toEqual(['close-order', 'flanks-and-rear-secure', 'in-woods']);
    expect(ids(u.negative)).toEqual(['charged-by-2-to-1', 'quarters-of-stands-lost x2']);
    // 4 of 5 left: not a full quarter lost; its stands stick out of the wood.
    expect(ids(f.reaction('v').negative)).toEqual([]);
    expect(ids(f.reaction('v').positive)).not.toContain('in-woods');
    const outnumbered = battle([
      troops('u', 'red', 'close-order-line', 8, at(0, 0), BRITISH_LINE),
      troops('e', 'blue', 'close-order-line', 4, at(0, 20, 270), { troop: 'native-regular-infantry' }),
    ]);
    expect(ids(new JcTableFacts(outnumbered.table, outnumbered.forces).reaction('u').positive)).toContain(
      'army-outnumbers-enemy-2-to-1',
    );
  });

  it('defending works: lining a wall with the enemy beyond it, or inside closed works', () => {
    const wall: TerrainFeature = {
      id: 'wall',
      kind: 'wall-low',
      path: [
        { x: -10, y: 0.05 },
        { x: 10, y: 0.05 },
      ],
    };
    const defend = (enemyY: number, orders: JcUnitState['orders'] = 'defend') =>
      battle(
        [
          troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE, { orders }),
          troops('e', 'blue', 'close-order-line', 2, at(0, enemyY, 270), {
            troop: 'native-regular-infantry',
          }),
        ],
        { terrain: [wall] },
      );
    const positives = (b: ReturnType<typeof defend>) =>
      ids(new JcTableFacts(b.table, b.forces).reaction('u').positive);
    expect(positives(defend(12))).toContain('in-fortifications');
    expect(positives(defend(12, 'advance'))).not.toContain('in-fortifications');
    // An enemy on its own side of the wall (behind it, within the wall's length).
    expect(positives(defend(-12))).not.toContain('in-fortifications');
    const fort: TerrainFeature = {
      id: 'fort',
      kind: 'fortification',
      path: rect(-6, -4, 6, 3),
      closed: true,
    };
    const inside = battle(
      [
        troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE, { orders: 'defend' }),
        troops('e', 'blue', 'close-order-line', 2, at(0, 20, 270), { troop: 'native-regular-infantry' }),
      ],
      { terrain: [fort] },
    );
    const r = new JcTableFacts(inside.table, inside.forces).reaction('u');
    expect(r.positive.find((m) => m.id === 'in-fortifications')?.reasons[0]?.feature).toBe('fort');
    const shared = battle(
      [
        troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE, { orders: 'defend' }),
        troops('e', 'blue', 'close-order-line', 2, at(4, -2), { troop: 'native-regular-infantry' }),
      ],
      { terrain: [fort] },
    );
    // An enemy inside the same works.
    expect(positives(shared)).not.toContain('in-fortifications');
  });

  it('command radius: from the General to the nearest stand', () => {
    const b = battle(
      [troops('u', 'red', 'close-order-line', 4, at(0, 0), { ...BRITISH_LINE, general: 'g' })],
      {
        generals: [
          {
            id: 'g',
            side: 'red',
            stand: { id: 'g', kind: 'general', x: 0, y: -13.5, facing: 90, width: 1, depth: 1 },
          },
        ],
        forces: { generals: { g: { leadership: 'Cautious', generalship: 'Competent' } } },
      },
    );
    // 12" from the General's edge (y -13) to the line's rear (y -1): Competent's 12" radius.
    expect(new JcTableFacts(b.table, b.forces).command('u')).toMatchObject({
      inCommand: true,
      distance: 12,
      radius: 12,
    });
    const far = {
      ...b.forces,
      generals: { g: { leadership: 'Cautious' as const, generalship: 'Lackluster' as const } },
    };
    expect(new JcTableFacts(b.table, far).command('u')?.inCommand).toBe(false);
  });
});

describe('fire facts', () => {
  it('small arms: stands, range, target, straight into the fire procedure', () => {
    const b = battle([
      troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE),
      troops(
        't',
        'blue',
        'close-order-line',
        4,
        at(0, 3, 270),
        { troop: 'native-regular-infantry' },
        { disordered: true },
      ),
    ]);
    const d = new JcTableFacts(b.table, b.forces).fire('u', 't')!;
    expect(d.kind).toBe('small-arms');
    expect(d.facts).toEqual({
      weapon: 'percussion-musket',
      resolveLevel: 20,
      status: 'Resolute',
      frontRankStands: 4,
      targetFormation: 'close-order-line',
      targetDisordered: true,
      targetStands: 4,
      distance: 3,
    });
    // 20 - 2 (percussion) - 2 (disordered target) - 4 (medium, 3") = 12; Random Factor 0: row 12, 4 stands: 1.
    const r = resolveSmallArmsFire(
      d.facts as Parameters<typeof resolveSmallArmsFire>[0],
      new SuppliedDice({ randomFactor: [2, 2], eventDie: [4] }),
    );
    expect(r).toMatchObject({ fired: true, band: 'medium', fff: 12, standsLost: 1 });
  });

  it('enfilade from the end of a line: 2 stands per rank fire', () => {
    const b = battle([
      troops('u', 'red', 'close-order-line', 4, at(8, -0.5, 180), BRITISH_LINE),
      troops('t', 'blue', 'close-order-line', 4, at(0, 0, 90), { troop: 'native-regular-infantry' }),
    ]);
    const d = new JcTableFacts(b.table, b.forces).fire('u', 't')!;
    expect(d.facts).toMatchObject({
      frontRankStands: 2,
      enfilade: { targetRanks: 1, targetArm: 'infantry' },
      distance: 4,
    });
    const r = resolveSmallArmsFire(
      d.facts as Parameters<typeof resolveSmallArmsFire>[0],
      new SuppliedDice({ randomFactor: [1, 1], eventDie: [6] }),
    );
    // 20 - 2 (percussion) + 0 (enfiladed line) - 4 (medium: 4") = 14; Random Factor 0: row 14, 2 stands: 1.
    expect(r).toMatchObject({ standsFiring: 2, fff: 14, standsLost: 1 });
  });

  it('artillery: the crews of the guns that bear', () => {
    const guns = layoutFormation({
      unitId: 'b',
      formation: 'artillery-deployed',
      guns: 2,
      crews: 2,
      gunSize: { width: 1.5, depth: 1.5 },
      crewSize: SIZE,
      anchor: at(0, 0),
    });
    const battery: Piece = {
      unit: { id: 'b', side: 'red', formation: 'artillery-deployed', facing: 90, stands: guns },
      profile: {
        troop: 'british-field-artillery',
        origin: 'european',
        resolveLevel: 18,
        startingStands: 4,
        weapon: 'british-field',
      },
    };
    const b = battle([
      battery,
      troops('t', 'blue', 'close-order-column', 8, at(0, 14, 270), { troop: 'native-regular-infantry' }),
    ]);
    const d = new JcTableFacts(b.table, b.forces).fire('b', 't')!;
    expect(d.kind).toBe('artillery');
    expect(d.facts).toEqual({
      weapon: 'british-field',
      resolveLevel: 18,
      status: 'Confident',
      crewStands: 4,
      targetFormation: 'close-order-column',
      targetStands: 8,
      distance: 14,
    });
    // 18 + 5 (field) + 0 (column) - 2 (short) = 21; Random Factor 0: row 21, 4 stands: 2.
    const r = resolveArtilleryFire(
      d.facts as Parameters<typeof resolveArtilleryFire>[0],
      new SuppliedDice({ randomFactor: [4, 4], eventDie: [2] }),
    );
    expect(r).toMatchObject({ fff: 21, band: 'short', standsLost: 2 });
  });

  it('cover and line of sight from the sight', () => {
    // The target stands 1" inside a light wood, the firer 2" outside it: it sees 2" in (Part 4, A).
    const wood: TerrainFeature = { id: 'wood', kind: 'light-woods', outline: rect(-10, 2, 10, 10) };
    const b = battle(
      [
        troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE),
        troops('t', 'blue', 'close-order-line', 4, at(0, 3, 270), { troop: 'native-regular-infantry' }),
      ],
      { terrain: [wood] },
    );
    const facts = new JcTableFacts(b.table, b.forces, { sight: new JohnCompanySight(b.table) });
    const d = facts.fire('u', 't')!;
    expect(d.facts).toMatchObject({ frontRankStands: 4, targetCover: 'light-woods', distance: 3 });
    // 20 - 2 (percussion) - 2 (light woods) - 2 (close-order line) - 4 (medium) = 10: row 10, 4 stands: 1.
    const r = resolveSmallArmsFire(
      d.facts as Parameters<typeof resolveSmallArmsFire>[0],
      new SuppliedDice({ randomFactor: [5, 5], eventDie: [3] }),
    );
    expect(r).toMatchObject({ fff: 10, standsLost: 1 });
    // 3" deeper in, the firer no longer sees it.
    const deep = battle(
      [
        troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE),
        troops('t', 'blue', 'close-order-line', 4, at(0, 6, 270), { troop: 'native-regular-infantry' }),
      ],
      { terrain: [wood] },
    );
    const hidden = new JcTableFacts(deep.table, deep.forces, {
      sight: new JohnCompanySight(deep.table),
    }).fire('u', 't')!;
    expect(hidden.facts).toMatchObject({ frontRankStands: 0, distance: 6 });
  });

  it('carried to the next table while no unit changes between firer and target', () => {
    const firer = troops('u', 'red', 'close-order-line', 4, at(0, 0), BRITISH_LINE);
    const target = troops('t', 'blue', 'close-order-line', 4, at(0, 8, 270), {
      troop: 'native-regular-infantry',
    });
    const other = (anchor: Anchor) => troops('x', 'blue', 'close-order-line', 4, anchor, BRITISH_LINE);
    const first = battle([firer, target, other(at(30, 0))]);
    const sighted = (table: TableState, forces: JcForces, before?: JcTableFacts) =>
      new JcTableFacts(table, forces, { sight: new JohnCompanySight(table) }, before);
    const before = sighted(first.table, first.forces);
    const fire = before.fire('u', 't')!;
    expect(fire.facts).toMatchObject({ frontRankStands: 4, distance: 8 });
    const moved = (anchor: Anchor) => {
      const x = other(anchor);
      return {
        table: { ...first.table, units: { ...first.table.units, x: x.unit } },
        forces: { ...first.forces, profiles: { ...first.forces.profiles, x: x.profile } },
      };
    };
    // The third unit moves, well away from the band between the two: the very same facts.
    const away = moved(at(30, 10));
    expect(sighted(away.table, away.forces, before).fire('u', 't')).toBe(fire);
    // It steps in between: worked out again, and its stands block every line.
    const between = moved(at(0, 4));
    const now = sighted(between.table, between.forces, before).fire('u', 't')!;
    expect(now).not.toBe(fire);
    expect(now).toEqual(sighted(between.table, between.forces).fire('u', 't'));
    expect(now.facts).toMatchObject({ frontRankStands: 0 });
  });

  it('no weapon, no fire facts', () => {
    const b = battle([
      troops('u', 'red', 'close-order-line', 2, at(0, 0), { troop: 'native-regular-cavalry', lancers: true }),
      troops('t', 'blue', 'close-order-line', 2, at(0, 3, 270), { troop: 'native-regular-infantry' }),
    ]);
    expect(new JcTableFacts(b.table, b.forces).fire('u', 't')).toBeNull();
  });
});

describe('confrontation facts', () => {
  it('uphill, heavy cavalry against infantry, close order, stands in contact', () => {
    const hill: TerrainFeature = {
      id: 'hill',
      kind: 'hill',
      outline: rect(-10, -10, 10, 0.3),
      elevation: 1,
      steep: false,
    };
    const b = battle(
      [
        troops('c', 'red', 'close-order-line', 2, at(0, 0), {
          troop: 'british-cavalry',
          origin: 'european',
          resolveLevel: 18,
          cavalryWeight: 'heavy',
        }),
        troops('t', 'blue', 'close-order-line', 3, at(0, 0, 270), {
          troop: 'native-regular-infantry',
          resolveLevel: 17,
        }),
        troops('t2', 'blue', 'close-order-line', 2, at(10, 0, 270), { troop: 'native-regular-infantry' }),
      ],
      { terrain: [hill] },
    );
    const d = new JcTableFacts(b.table, b.forces).confrontation('c', 't', { targetSide: ['t2'] });
    expect(ids(d.charger.modifiers)).toEqual(['cavalry-v-infantry', 'heavy-cavalry-or-lancers', 'uphill']);
    expect(ids(d.target.modifiers)).toEqual(['infantry-close-order']);
    expect(d.charger.standsInContact).toBe(2);
    // The target's middle stand faces both chargers; its outer stands overlap their outer halves.
    expect(d.target.standsInContact).toBe(3);
    expect(d.facts.target).toMatchObject({ stands: 3, sideStands: 5, status: 'Confident' });
    // Charger 18 + 1 (uphill) + 1 (heavy) + 2 (v infantry) + 1 (Confident) = 23; target 17 + 1 (close
    // order) + 1 (3 more stands) + 1 (Confident) = 20; Random Factors 0: difference 3, loser 20 >= 16.
    const r = resolveConfrontation(
      d.facts,
      new SuppliedDice({
        chargerRandomFactor: [3, 3],
        targetRandomFactor: [3, 3],
        chargerEventDie: [6],
        targetEventDie: [6],
        chargerLoss: [2],
      }),
    );
    expect(r).toMatchObject({ winner: 'charger', difference: 3 });
    expect(r.charger.level).toBe(23);
    expect(r.target.level).toBe(20);
  });

  it('a square holds on a Recoil', () => {
    const b = battle([
      troops('c', 'red', 'close-order-line', 2, at(0, 0), { troop: 'british-cavalry' }),
      troops('t', 'blue', 'square', 4, at(0, 0, 270), { troop: 'native-regular-infantry' }),
    ]);
    expect(
      new JcTableFacts(b.table, b.forces).confrontation('c', 't').facts.target.defendingWorksOrSquare,
    ).toBe(true);
  });
});

describe('the fixture table', () => {
  it('derives every unit', () => {
    const { table, forces } = fixtureBattle(1);
    const all = deriveAllReactionFacts(table, forces);
    expect(all).toHaveLength(60);
    for (const r of all) {
      const result = resolveReactionTest(
        r.facts,
        new SuppliedDice({ randomFactor: [3, 3], withoutOrders: [1] }),
      );
      // Every derived unit gets a Final Modified Resolve Level on the table's scale and a row of it.
      expect(result.level).toBeGreaterThanOrEqual(1);
      expect(result.level).toBeLessThanOrEqual(20);
      expect(result.row).toBe(reactionRow(r.facts.formation, r.facts.orders));
    }
  });

  it('facts do not change when the whole table is translated or rotated', () => {
    const { table, forces } = fixtureBattle(2);
    const summary = (t: TableState) =>
      deriveAllReactionFacts(t, forces).map((r) => [
        r.unit,
        ids(r.positive),
        ids(r.negative),
        r.general?.id ?? null,
      ]);
    const before = summary(table);
    fc.assert(
      fc.property(
        fc.record({
          turn: fc.double({ min: -360, max: 360, noNaN: true }),
          aboutX: fc.double({ min: -50, max: 50, noNaN: true }),
          aboutY: fc.double({ min: -50, max: 50, noNaN: true }),
          shiftX: fc.double({ min: -100, max: 100, noNaN: true }),
          shiftY: fc.double({ min: -100, max: 100, noNaN: true }),
        }),
        (m) => {
          expect(summary(moveTable(table, m))).toEqual(before);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('so do the facts of a melee of randomly placed, randomly facing units', () => {
    const kinds = [
      ['close-order-line', 'british-infantry'],
      ['close-order-column', 'native-regular-infantry'],
      ['mass', 'native-irregular-infantry'],
      ['close-order-line', 'native-regular-cavalry'],
    ] as const;
    // Positions on a 1" grid and facings every 10 degrees, each nudged by an amount unique to the unit:
    // shrinking would otherwise line units up exactly on each other's front lines or 45-degree rear
    // lines, or put them exactly at charge reach, where a measurement is a tie that rounding decides.
    const unit = fc.record({
      x: fc.integer({ min: 0, max: 40 }),
      y: fc.integer({ min: 0, max: 40 }),
      facing: fc.integer({ min: 0, max: 35 }),
      kind: fc.integer({ min: 0, max: 3 }),
      n: fc.integer({ min: 2, max: 6 }),
    });
    const motion = fc.record({
      turn: fc.double({ min: -360, max: 360, noNaN: true }),
      shiftX: fc.double({ min: -100, max: 100, noNaN: true }),
      shiftY: fc.double({ min: -100, max: 100, noNaN: true }),
    });
    let flanked = 0;
    fc.assert(
      fc.property(fc.array(unit, { minLength: 4, maxLength: 12 }), motion, (specs, m) => {
        const pieces = specs.map((u, i) => {
          const [formation, troop] = kinds[u.kind]!;
          const nudge = i + 1;
          const anchor = at(u.x + 0.0137 * nudge, u.y + 0.0291 * nudge, u.facing * 10 + 0.173 * nudge);
          return troops(`u${i}`, i % 2 ? 'blue' : 'red', formation, u.n, anchor, {
            troop,
            weapon: 'matchlock',
          });
        });
        const { table, forces } = battle(pieces);
        const summary = (t: TableState) => {
          const f = new JcTableFacts(t, forces);
          return Object.keys(t.units).map((id) => {
            const r = f.reaction(id);
            const shot = f.fire(id, `u${(Number(id.slice(1)) + 1) % pieces.length}`);
            return [
              ids(r.positive),
              ids(r.negative),
              shot?.facts.distance?.toFixed(6),
              shot?.kind === 'small-arms' ? shot.facts.frontRankStands : null,
            ];
          });
        };
        const before = summary(table);
        if (before.some(([, neg]) => (neg as string[]).some((n) => n.startsWith('enemy-on-flank'))))
          flanked++;
        expect(summary(moveTable(table, { ...m, aboutX: 20, aboutY: 20 }))).toEqual(before);
      }),
      { numRuns: 60 },
    );
    expect(flanked).toBeGreaterThan(10);
  });
});
