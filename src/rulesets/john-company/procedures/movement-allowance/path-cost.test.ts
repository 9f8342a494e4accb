import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MoverClass, RateColumn, TroopTypeId } from '../../tables/movement-rates.ts';
import { TERRAIN_COSTS, TERRAINS, type TerrainId, WALL_JUMP_ROLL } from '../../tables/terrain-costs.ts';
import { move } from './fixtures.ts';

describe('movement allowance: terrain, every row', () => {
  const movers: [MoverClass, TroopTypeId, RateColumn][] = [
    ['regular-infantry', 'british-infantry', 'skirmish-order'],
    ['irregular-infantry', 'native-irregular-infantry', 'mass'],
    ['cavalry', 'british-cavalry', 'skirmish-order'],
    ['artillery', 'british-horse-artillery', 'artillery-column'],
  ];
  // Inches per inch, as read from Part 3: open, difficult, swamp, light woods, heavy woods, town, town on road.
  const expected: Record<MoverClass, (number | null)[]> = {
    'regular-infantry': [1, 3, 3, 2, 4, 2, 2],
    'irregular-infantry': [1, 3, 3, 2, 3, 2, 2],
    cavalry: [1, 3, 3, 3, null, 2, 2],
    artillery: [1, 3, 3, 3, null, 2, 2],
  };
  const cells = movers.flatMap(([mover, troop, formation]) =>
    TERRAINS.map((terrain, i) => [mover, terrain, troop, formation, expected[mover][i]!] as const),
  );
  it.each(cells)('%s in %s: %s per inch', (mover, terrain, troop, formation, per) => {
    expect(TERRAIN_COSTS.terrains[terrain].cost[mover]).toBe(per);
    const r = move({ troop, formation, terrain: [{ terrain, inches: 2 }] });
    if (per === null) {
      expect(r).toMatchObject({ impassable: true, fits: false });
    } else {
      expect(r.used).toBe(2 * per);
      expect(r.terrainLoss).toBe(2 * (per - 1));
      expect(r.impassable).toBe(false);
    }
    expect(r.distance).toBe(2);
  });

  it.each([
    ['swamp', true],
    ['town', true],
    ['town-on-road', false],
    ['open', false],
  ] as const)('%s Disorders whatever the cost: %s', (terrain: TerrainId, disorders) => {
    // 1" of it, for British cavalry in skirmish order (26"): far below a quarter.
    const r = move({
      troop: 'british-cavalry',
      formation: 'skirmish-order',
      terrain: [{ terrain, inches: 1 }],
    });
    expect(r.disorderCauses.includes(terrain as 'swamp' | 'town')).toBe(disorders);
    expect(r.disorderCauses.includes('terrain-loss')).toBe(false);
  });
});

describe('movement allowance: walls', () => {
  it.each([
    ['close-order-line', 'low', 4],
    ['close-order-line', 'medium', 6],
    ['close-order-line', 'high', 8],
    ['open-order-line', 'low', 4],
    ['skirmish-order', 'medium', 6],
  ] as const)('British infantry in %s crosses a %s wall for %i"', (formation, wall, cost) => {
    const r = move({ formation, walls: [wall], rateVariant: 'second' });
    expect(r.used).toBe(cost);
  });

  it.each([
    ['low', 3],
    ['medium', 5],
    ['high', 7],
  ] as const)('troops in mass cross a %s wall for %i"', (wall, cost) => {
    expect(move({ troop: 'native-irregular-infantry', formation: 'mass', walls: [wall] }).used).toBe(cost);
  });

  it('the low-wall cost may be set for a unit (the +2"/+4" still apply)', () => {
    expect(move({ formation: 'skirmish-order', walls: ['low', 'high'], lowWallCost: 2 }).used).toBe(2 + 6);
  });

  it('cavalry jumps a low wall for 5" and is Disordered; no dice', () => {
    const r = move({ troop: 'british-cavalry', formation: 'skirmish-order', walls: ['low'] });
    expect(r).toMatchObject({ used: 5, standsLost: 0 });
    expect(r.disorderCauses).toContain('wall-jump');
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 0],
    [4, 0],
    [5, 0],
    [6, 0],
  ])('cavalry jumping a medium wall (9") rolls %i: %i stands lost', (face, lost) => {
    expect(WALL_JUMP_ROLL.combine([face])).toBe(lost);
    const r = move(
      { troop: 'british-cavalry', formation: 'skirmish-order', walls: ['medium'] },
      { wallJump: [face] },
    );
    expect(r).toMatchObject({ used: 9, standsLost: lost });
  });

  it('cavalry cannot jump a high wall; guns cannot cross any wall', () => {
    expect(move({ troop: 'british-cavalry', formation: 'skirmish-order', walls: ['high'] })).toMatchObject({
      impassable: true,
      fits: false,
    });
    expect(
      move({ troop: 'jinsi-field-artillery', formation: 'artillery-line', walls: ['low'] }).impassable,
    ).toBe(true);
  });

  it('stands lost never exceed 2 per medium wall', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }), (faces) => {
        const r = move(
          {
            troop: 'british-cavalry',
            formation: 'skirmish-order',
            walls: faces.map(() => 'medium' as const),
          },
          { wallJump: faces },
        );
        expect(r.standsLost).toBeLessThanOrEqual(2 * faces.length);
        expect(r.standsLost).toBe(faces.reduce((n, f) => n + (f <= 2 ? f : 0), 0));
      }),
    );
  });
});

describe('movement allowance: water', () => {
  it.each([
    ['nullah', [4], 4],
    ['stream', [3, 5], 8],
    ['river', [1, 2, 3], 6],
  ] as const)('a %s costs its dice %j: %i"', (kind, faces, cost) => {
    const r = move({ formation: 'skirmish-order', water: [kind] }, { [kind]: [...faces] });
    expect(r.used).toBe(cost);
    expect(r.disorderCauses).toContain('water');
  });

  it('a river is 4d6 when fixed so before play; several crossings of a kind take their dice in order', () => {
    expect(
      move({ formation: 'skirmish-order', water: ['river'], riverDice: 4 }, { river: [1, 1, 1, 1] }).used,
    ).toBe(4);
    expect(move({ formation: 'skirmish-order', water: ['nullah', 'nullah'] }, { nullah: [2, 5] }).used).toBe(
      7,
    );
  });

  it('crossing water forbids fire, and guns cannot prolonge across it', () => {
    expect(move({ order: 'advance-and-fire', moveInches: 3, water: ['nullah'] }, [1]).mayFire).toBe(false);
    const r = move({
      troop: 'british-field-artillery',
      formation: 'artillery-prolonge',
      order: 'prolonge',
      water: ['nullah'],
    });
    expect(r).toMatchObject({ impassable: true, fits: false });
  });
});
