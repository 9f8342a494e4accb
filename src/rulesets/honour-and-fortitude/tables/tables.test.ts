import { describe, expect, it } from 'vitest';
import { rangeTableProblem } from '../../../core/rules/tables.ts';
import { MOVEMENT_COLUMNS, TROOP_CLASSES } from '../vocabulary.ts';
import { CASUALTY_TABLE, type CasualtyCell } from './casualties.ts';
import { FIRE_MODIFIERS } from './fire-modifiers.ts';
import { INITIATION_TABLE } from './initiation.ts';
import { MELEE_ADVANTAGES, MELEE_TABLE, meleeRowFor } from './melee.ts';
import { MORALE_MODIFIERS, MORALE_ROWS, MORALE_TABLE, moraleRowFor } from './morale.ts';
import { GROUND_TABLE, MOVEMENT_TABLE, shiftColumn } from './movement.ts';
import { FIRING_RANGES, rangeBandAt } from './ranges.ts';
import { stateForScore, UNIT_STATE_TABLE } from './reconstruction.ts';

/** The sheet's values, typed in again from /work/shared/rules/honour-and-fortitude.txt. */
describe('Movement table: every row', () => {
  const sheet = {
    'infantry-line-siege-guns': [10, 6, 4, 2, 1],
    'infantry-column-field-guns': [14, 10, 6, 3, 2],
    'skirmishers-regular-cavalry-elephants': [18, 12, 8, 4, 2],
    'irregular-cavalry': [24, 16, 12, 6, 3],
  } as const;
  it.each(TROOP_CLASSES)('%s', (troop) => {
    expect(MOVEMENT_COLUMNS.map((c) => MOVEMENT_TABLE.rows[troop][c])).toEqual(sheet[troop]);
  });
  it('terrain shifts stop at Plodders', () => {
    expect(shiftColumn('aggressive', 1)).toBe('active');
    expect(shiftColumn('passive', 3)).toBe('plodders');
    expect(shiftColumn('plodders', 2)).toBe('plodders');
  });
  it('broken ground: one column, all but skirmishers disordered; rough: two for foot, three for others', () => {
    expect(GROUND_TABLE.rows.broken.foot).toEqual({
      shift: 1,
      skirmishers: 'good-order',
      others: 'disordered',
    });
    expect(GROUND_TABLE.rows.broken.mounted.shift).toBe(1);
    expect(GROUND_TABLE.rows.rough.foot).toEqual({ shift: 2, skirmishers: 'disordered', others: 'confused' });
    expect(GROUND_TABLE.rows.rough.mounted.shift).toBe(3);
    expect(GROUND_TABLE.rows.open.foot.shift).toBe(0);
  });
});

describe('Firing ranges: every row', () => {
  it.each([
    ['matchlock', 4, 8],
    ['flintlock', 5, 10],
    ['rifle', 6, 12],
    ['enfield-rifle', 8, 16],
    ['from-horseback', 2, 4],
    ['light-gun', 12, 24],
    ['field-gun', 18, 36],
    ['siege-gun', 24, 48],
  ] as const)('%s: close %i", long %i"', (weapon, close, long) => {
    expect(FIRING_RANGES.rows[weapon]).toEqual({ close, long });
    expect(rangeBandAt(weapon, close)).toBe('close');
    expect(rangeBandAt(weapon, close + 0.1)).toBe('long');
    expect(rangeBandAt(weapon, long)).toBe('long');
    expect(rangeBandAt(weapon, long + 0.1)).toBeUndefined();
  });
  it('has exactly the eight weapons of the sheet', () => {
    expect(Object.keys(FIRING_RANGES.rows)).toHaveLength(8);
  });
});

describe('Casualty table: every cell', () => {
  const text = (cell: CasualtyCell) =>
    cell.certain === 0
      ? `(${cell.extraOn})`
      : cell.extraOn
        ? `${cell.certain}+(${cell.extraOn})`
        : `${cell.certain}`;
  const sheet = [
    '(1) (2) (3) (4) 1 1 1+(3) 2 2+(3) 3',
    '(2) (3) (4) 1 2 2 3 3 4 5',
    '(3) (4) 1 2 2+(3) 3 3+(3) 4 5 6',
    '(4) 1 1+(3) 2+(3) 3+(3) 4 4+(3) 5 6 7',
    '1 1 2 3 4 4 5 6 7 8',
    '1 2 3 3+(3) 4+(3) 5 6 7 8 9',
    '1+(3) 2+(3) 3+(3) 4 5 6 7 8 9 10',
  ];
  it.each(CASUALTY_TABLE.rows.map((row, i) => [`${row.from}-${row.to}`, i] as const))(
    'row %s',
    (_label, i) => {
      expect(CASUALTY_TABLE.rows[i]!.result.map(text).join(' ')).toBe(sheet[i]);
    },
  );
  it('covers 0..10 without gaps', () => {
    expect(rangeTableProblem(CASUALTY_TABLE)).toBeUndefined();
    expect(CASUALTY_TABLE.rows.map((r) => [r.from, r.to])).toEqual([
      [0, 0],
      [1, 1],
      [2, 3],
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 10],
    ]);
  });
});

describe('Fire modifiers: every row', () => {
  it('firers and target, in the sheet order', () => {
    expect(FIRE_MODIFIERS.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['firers-disordered', -2],
      ['firers-confused', -4],
      ['firers-moving', -2],
      ['long-range', -3],
      ['firers-mounted', -3],
      ['deep-target', -2],
      ['open-order-target', -3],
      ['target-in-soft-cover', -2],
      ['target-in-hard-cover', -4],
    ]);
  });
});

describe('Initiation: every state', () => {
  it('Aggressive 1-5, Active 1-4, Passive 1-3, Cowed 1-2 (Heroic as Aggressive)', () => {
    expect(INITIATION_TABLE.upTo).toEqual({ heroic: 5, aggressive: 5, active: 4, passive: 3, cowed: 2 });
  });
});

describe('Melee table and advantages: every row', () => {
  it('bundles and kills by net advantage', () => {
    expect(MELEE_TABLE.rows['evens-or-disadvantage']).toEqual({ bundleFrom: 5, bundleTo: 5, killFrom: 6 });
    expect(MELEE_TABLE.rows['advantage-1']).toEqual({ bundleFrom: 4, bundleTo: 5, killFrom: 6 });
    expect(MELEE_TABLE.rows['advantage-2-plus']).toEqual({ bundleFrom: 3, bundleTo: 4, killFrom: 5 });
  });
  it.each([
    [-3, 'evens-or-disadvantage'],
    [0, 'evens-or-disadvantage'],
    [1, 'advantage-1'],
    [2, 'advantage-2-plus'],
    [5, 'advantage-2-plus'],
  ] as const)('net %i reads %s', (net, row) => {
    expect(meleeRowFor(net)).toBe(row);
  });
  it("advantages and disadvantages as the sheet gives them (Heroic is Muster's)", () => {
    expect(MELEE_ADVANTAGES.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['charging-infantry', 1],
      ['elephant', 2],
      ['heavy-cavalry', 1],
      ['good-order-infantry-bayonets', 1],
      ['higher-morale-first-round', 1],
      ['higher-drill-later-rounds', 1],
      ['heroic', 1],
      ['in-disorder', -1],
      ['in-confusion', -2],
      ['enemy-in-soft-cover', -1],
      ['enemy-in-hard-cover', -2],
      ['gunners', -2],
    ]);
  });
});

describe('Morale table: every cell', () => {
  const sheet: Record<string, string[]> = {
    'one-or-less': [
      'become-heroic',
      'become-aggressive',
      'become-active',
      'become-passive',
      'halt-disordered',
    ],
    pass: ['obey-orders', 'obey-orders', 'obey-orders', 'obey-orders', 'halt-confused'],
    'fail-by-1': ['obey-orders', 'halt', 'halt', 'halt', 'run'],
    'fail-by-2': ['halt', 'retire', '1-3 retire / 4-6 panic', 'panic', 'run'],
    'fail-by-3': ['retire', 'panic', 'panic', 'panic', 'run'],
    'fail-by-4-plus': ['panic', 'panic', 'panic', 'panic', 'run'],
  };
  it.each(MORALE_ROWS)('%s', (row) => {
    const cells = (['aggressive', 'active', 'passive', 'cowed', 'routing'] as const).map((c) => {
      const cell = MORALE_TABLE.rows[row][c];
      return cell.kind === 'result'
        ? cell.result
        : `1-${cell.upTo} ${cell.low} / ${cell.upTo + 1}-6 ${cell.high}`;
    });
    expect(cells).toEqual(sheet[row]);
  });
  it.each([
    [0, 4, 'one-or-less'],
    [1, 4, 'one-or-less'],
    [4, 4, 'pass'],
    [5, 4, 'fail-by-1'],
    [6, 4, 'fail-by-2'],
    [7, 4, 'fail-by-3'],
    [8, 4, 'fail-by-4-plus'],
    [12, 4, 'fail-by-4-plus'],
  ] as const)('modified %i against Morale %i: %s', (roll, morale, row) => {
    expect(moraleRowFor(roll, morale)).toBe(row);
  });
  it('modifiers as the sheet gives them', () => {
    expect(MORALE_MODIFIERS.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['in-disorder', 1],
      ['each-20-percent-loss', 1],
      ['friends-in-rout', 1],
      ['enemy-to-flank', 1],
      ['under-artillery-fire', 1],
      ['in-confusion', 2],
      ['enemy-to-rear', 2],
      ['facing-charging-elephants', 2],
      ['general-present', -1],
      ['in-square-or-soft-cover', -1],
      ['supports-within-8', -1],
      ['in-hard-cover', -2],
    ]);
  });
});

describe("Muster's reconstruction: the unit state thresholds", () => {
  it.each([
    [17, 'aggressive'],
    [13, 'aggressive'],
    [12, 'active'],
    [10, 'active'],
    [9, 'passive'],
    [7, 'passive'],
    [6, 'cowed'],
    [2, 'cowed'],
  ] as const)('score %i: %s', (score, state) => {
    expect(stateForScore(score, UNIT_STATE_TABLE.thresholds)).toBe(state);
  });
  it('is marked as the reconstruction', () => {
    expect(UNIT_STATE_TABLE.source.source).toBe("Muster's reconstruction (H&F)");
  });
});
