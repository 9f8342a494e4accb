import { describe, expect, it } from 'vitest';
import { lookupRange, rangeTableProblem } from '../../../core/rules/tables.ts';
import { TROOP_TYPES } from '../vocabulary.ts';
import { ARTILLERY_TABLE, CREW_PER_GUN, rangeInFeet } from './artillery.ts';
import { ARTILLERY_HITS_CHART, HITS_PER_CASUALTY, LEADER_HIT_SCORE } from './casualties.ts';
import {
  CONTROL_CHART,
  CONTROL_ROLL_RANGE,
  controlChart,
  LEADER_INFLUENCE,
  PERSONALITY_CHART,
  PERSONALITY_DIRECTION,
  personalityChart,
} from './command.ts';
import { DEMOLITION_POINTS, ENGINEERING_TABLE } from './engineering.ts';
import { MELEE_MODIFIERS, MELEE_RULES } from './melee.ts';
import {
  GROUND,
  LINEAR_OBSTACLE_SHARE_LEFT,
  MOVE_RATES,
  MOVERS,
  ROAD_FACTOR,
  TERRAIN_SPEED,
} from './movement.ts';
import {
  FIRE_OPTIONS_TABLE,
  NATIONAL_MODIFIER_VALUE,
  rangeBandOf,
  SMALL_ARMS_TABLE,
  TO_HIT,
} from './small-arms.ts';

describe('MacDuff command tables (3)', () => {
  it('reads the Control Check chart as Muster reconstructs it: <=1 no advance, 2-5 as desired, >=6 charge', () => {
    const at = (n: number) => lookupRange(CONTROL_CHART, n).result;
    expect([-1, 0, 1].map(at)).toEqual(['no-advance', 'no-advance', 'no-advance']);
    expect([2, 3, 4, 5].map(at)).toEqual([
      'act-as-desired',
      'act-as-desired',
      'act-as-desired',
      'act-as-desired',
    ]);
    expect([6, 7, 8].map(at)).toEqual(['charge-or-shoot', 'charge-or-shoot', 'charge-or-shoot']);
    expect(rangeTableProblem(CONTROL_CHART)).toBeUndefined();
    expect(CONTROL_CHART.source.source).toMatch(/reconstruction/);
  });

  it('rebuilds the chart from other bands and rejects bands that leave a gap', () => {
    const alt = controlChart({ noAdvanceAtMost: 2, chargeAtLeast: 5 });
    expect(lookupRange(alt, 2).result).toBe('no-advance');
    expect(lookupRange(alt, 5).result).toBe('charge-or-shoot');
    expect(() => controlChart({ noAdvanceAtMost: 9, chargeAtLeast: 10 })).toThrow(
      'macduff-control-check: row 10-9 is reversed',
    );
    expect(CONTROL_ROLL_RANGE).toEqual({ min: -1, max: 8 });
  });

  it('reads the Personality chart in the printed order: 1 rash, 2 indecisive, 3-4 bold, 5-6 cautious', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => lookupRange(PERSONALITY_CHART, d).result)).toEqual([
      'rash',
      'indecisive',
      'bold',
      'bold',
      'cautious',
      'cautious',
    ]);
    const alt = personalityChart(['bold', 'bold', 'bold', 'rash', 'rash', 'cautious']);
    expect(alt.rows).toHaveLength(3);
    expect(() => personalityChart(['bold'])).toThrow('the Personality chart needs one personality per face');
  });

  it("gives company officers 1 point and higher officers 2, in each personality's direction (3.3)", () => {
    expect(LEADER_INFLUENCE.rows['company-or-irregular'].points).toBe(1);
    expect(LEADER_INFLUENCE.rows.higher.points).toBe(2);
    expect(PERSONALITY_DIRECTION).toEqual({ rash: 1, cautious: -1, bold: 'choose', indecisive: 0 });
  });
});

describe('MacDuff movement tables (5, 7)', () => {
  it('has every troop and gun rate of the text', () => {
    expect(MOVE_RATES.troops['irregular-infantry']).toMatchObject({ inches: 6, dice: 2 });
    expect(MOVE_RATES.troops['regular-infantry']).toMatchObject({ inches: 6, dice: 1 });
    expect(MOVE_RATES.troops['light-cavalry']).toMatchObject({ inches: 18, dice: 1 });
    expect(MOVE_RATES.troops['heavy-cavalry']).toMatchObject({ inches: 12, dice: 1 });
    expect(MOVE_RATES.guns['machine-gun'].manhandled).toMatchObject({ inches: 3, dice: 1 });
    expect(MOVE_RATES.guns['field-gun'].manhandled).toMatchObject({ inches: 0, dice: 1 });
    expect(MOVE_RATES.guns['heavy-gun'].manhandled).toMatchObject({ inches: 0, dice: 1 });
    expect(MOVE_RATES.guns['heavy-gun'].limbered).toMatchObject({ inches: 6, dice: 1 });
    expect(MOVE_RATES.guns['field-gun'].limbered).toMatchObject({ inches: 12, dice: 1 });
    expect(MOVE_RATES.guns['machine-gun'].limbered).toMatchObject({ inches: 12, dice: 1 });
    for (const t of TROOP_TYPES) expect(t in MOVE_RATES.troops || t in MOVE_RATES.guns).toBe(true);
  });

  it('has a speed for every ground and mover, as 7.2-7.5 give them', () => {
    for (const g of GROUND)
      for (const m of MOVERS) expect(TERRAIN_SPEED.rows[g][m]).toBeGreaterThanOrEqual(0);
    expect(TERRAIN_SPEED.rows.open).toEqual({
      skirmishers: 1,
      'irregular-infantry': 1,
      'close-order-infantry': 1,
      cavalry: 1,
      artillery: 1,
    });
    expect(TERRAIN_SPEED.rows.broken).toEqual({
      skirmishers: 1,
      'irregular-infantry': 1,
      'close-order-infantry': 0.5,
      cavalry: 0.25,
      artillery: 0.25,
    });
    expect(TERRAIN_SPEED.rows.difficult).toEqual({
      skirmishers: 0.5,
      'irregular-infantry': 0,
      'close-order-infantry': 0,
      cavalry: 0,
      artillery: 0,
    });
    expect(TERRAIN_SPEED.rows.village).toEqual({
      skirmishers: 0.5,
      'irregular-infantry': 0.5,
      'close-order-infantry': 0.5,
      cavalry: 0,
      artillery: 0,
    });
    expect(ROAD_FACTOR).toEqual({ none: 1, secondary: 1.5, highway: 2 });
    expect(LINEAR_OBSTACLE_SHARE_LEFT).toEqual({
      skirmishers: 0.5,
      'irregular-infantry': 0.5,
      'close-order-infantry': 0.5,
      cavalry: 0.5,
      artillery: 0,
    });
  });
});

describe('MacDuff fire tables (8, 9)', () => {
  it("has Muster's reconstructed ranges for every class, long at least close", () => {
    const rows = SMALL_ARMS_TABLE.rows;
    expect(rows['smoothbore-carbine']).toMatchObject({ close: 6, long: 12, loading: 'muzzle' });
    expect(rows['smoothbore-musket']).toMatchObject({ close: 8, long: 16, loading: 'muzzle' });
    expect(rows['rifled-muzzle-loader']).toMatchObject({ close: 12, long: 30, loading: 'muzzle' });
    expect(rows['patched-ball-rifle']).toMatchObject({ close: 12, long: 30, loading: 'patched-ball' });
    expect(rows.breechloader).toMatchObject({ close: 15, long: 40, loading: 'breech' });
    expect(rows.repeater).toMatchObject({ close: 15, long: 40, loading: 'magazine' });
    expect(rows.revolver).toMatchObject({ close: 3, long: 3, loading: 'revolver' });
    for (const r of Object.values(rows)) expect(r.long).toBeGreaterThanOrEqual(r.close);
    expect(SMALL_ARMS_TABLE.source.source).toMatch(/reconstruction/);
    expect(rangeBandOf(rows['smoothbore-musket'], 8)).toBe('close');
    expect(rangeBandOf(rows['smoothbore-musket'], 8.5)).toBe('long');
    expect(rangeBandOf(rows['smoothbore-musket'], 16.5)).toBeUndefined();
  });

  it('hits on 4-6 close, 5-6 long and 6 mounted; Boers +1, natives -1 (8.2, 8.3, 8.9)', () => {
    expect([TO_HIT.close.score, TO_HIT.long.score, TO_HIT.mounted.score]).toEqual([4, 5, 6]);
    expect(NATIONAL_MODIFIER_VALUE).toEqual({ none: 0, 'boer-or-metis': 1, 'native-against-british': -1 });
  });

  it('has every fire option of 8.4-8.6', () => {
    const o = FIRE_OPTIONS_TABLE.rows;
    expect(o.stand).toMatchObject({ share: 1, volleys: 1, moveHalf: false, smoke: 1 });
    expect(o['half-and-move']).toMatchObject({ share: 0.5, volleys: 1, moveHalf: true, smoke: 1 });
    expect(o['volley-and-move']).toMatchObject({
      share: 1,
      moveHalf: true,
      smoke: 2,
      mustRally: true,
      freshCloseOrderRegularsOnly: true,
    });
    expect(o['fire-and-move']).toMatchObject({ share: 1, moveHalf: true, smoke: 0 });
    expect(o['stand-twice']).toMatchObject({ volleys: 2, moveHalf: false });
    expect(o['stand-four']).toMatchObject({ volleys: 4, mustRally: true, loadings: ['magazine'] });
  });

  it('has the artillery constants of 9 and the errata', () => {
    expect(ARTILLERY_TABLE.canisterRange.inches).toBe(12);
    expect(ARTILLERY_TABLE.canisterToHit.smoothbore.score).toBe(4);
    expect(ARTILLERY_TABLE.canisterToHit.rifled.score).toBe(5);
    expect(ARTILLERY_TABLE.squareDiceFactor.factor).toBe(2);
    expect(ARTILLERY_TABLE.shotModifiers.rifled.value).toBe(1);
    expect(ARTILLERY_TABLE.shotModifiers['mountain-or-6pdr'].value).toBe(-1);
    expect(ARTILLERY_TABLE.shotModifiers.native.value).toBe(-1);
    expect(ARTILLERY_TABLE.machineGun.range.inches).toBe(24);
    expect(ARTILLERY_TABLE.machineGun.jamAtMost.score).toBe(1);
    expect(ARTILLERY_TABLE.breach.score.value).toBe(6);
    expect(ARTILLERY_TABLE.breach.heavyScore.value).toBe(5);
    expect(CREW_PER_GUN).toEqual({ field: 3, horse: 3, 'mountain-or-6pdr': 3, heavy: 5, 'machine-gun': 3 });
    expect([1, 12, 13, 24, 25].map(rangeInFeet)).toEqual([1, 1, 2, 2, 3]);
  });
});

describe('MacDuff casualty, melee and engineering tables (10, 11, 13)', () => {
  it('counts hits per casualty as 10.1-10.4 do', () => {
    expect(HITS_PER_CASUALTY.rows['close-order-infantry'].hits).toBe(1);
    expect(HITS_PER_CASUALTY.rows.skirmishers.hits).toBe(2);
    expect(HITS_PER_CASUALTY.rows.cavalry.hits).toBe(2);
    expect(HITS_PER_CASUALTY.hardCoverFactor.factor).toBe(2);
    expect(LEADER_HIT_SCORE.score).toBe(6);
  });

  it('reads the artillery hits chart: 1-3 crew, 4-5 draught animal, 6 gun', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => lookupRange(ARTILLERY_HITS_CHART, d).result)).toEqual([
      'crew',
      'crew',
      'crew',
      'draught-animal',
      'draught-animal',
      'gun',
    ]);
  });

  it('lists the melee modifiers of 11.2', () => {
    expect(MELEE_MODIFIERS.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['imperial', 1],
      ['lancers-or-heavy-charging', 1],
      ['defending-obstacle', 1],
    ]);
    expect(MELEE_RULES.twoVersusOne.value).toBe(1);
    expect(MELEE_RULES.doubled.factor).toBe(2);
    expect(MELEE_RULES.winningMargin.value).toBe(2);
  });

  it('times every engineering task as 13.2 does', () => {
    const t = ENGINEERING_TABLE.rows;
    expect([t['pontoon-bridge'].turns, t['demolition-charge'].turns, t['repair-bridge'].turns]).toEqual([
      'inch-per-turn',
      1,
      'd6',
    ]);
    expect([t.redoubt.turns, t['cut-road'].turns, t['fortify-village'].turns]).toEqual([6, 1, 3]);
    expect(DEMOLITION_POINTS).toEqual({
      wooden: { damage: 6, destroy: 12 },
      stone: { damage: 12, destroy: 24 },
    });
  });
});
