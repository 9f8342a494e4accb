import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPointsGame as game } from './game.ts';
import { mayTakeMovementPoint, payerFor, planMove, turnCost } from './moves.ts';
import { inflict, rout, Work } from './sequence.ts';
import type { CpGameState, CpUnit } from './state.ts';
import { brokenFraction, holder, lossFraction, verdict } from './victory.ts';

/**
 * The battle's rules on the training scenario, one at a time: who pays for a point, how far and how a
 * unit may move, losses and routs, and the victory check.
 */

const TRAINING = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../scenarios/training-village-ford.json'), 'utf8'),
);
const start: CpGameState = game.setup(TRAINING, 5);

function withUnit(state: CpGameState, id: string, patch: Partial<CpUnit>): CpGameState {
  return { ...state, units: { ...state.units, [id]: { ...state.units[id]!, ...patch } } };
}

describe('command points', () => {
  it('the attached commander pays with his free point first, then his chain of command pays', () => {
    const unit = start.units['european-regiment']!;
    const bruce = start.commanders['gen-bruce']!;
    expect(bruce.attachedTo).toBeDefined();
    const attached: CpGameState = {
      ...start,
      commanders: { ...start.commanders, 'gen-bruce': { ...bruce, attachedTo: unit.id, freePoint: true } },
    };
    expect(payerFor(attached, unit)).toMatchObject({ commander: { id: 'gen-bruce' }, free: true });
    const spent: CpGameState = {
      ...start,
      commanders: {
        ...start.commanders,
        'gen-bruce': { ...bruce, attachedTo: unit.id, freePoint: false, points: 0 },
      },
    };
    expect(payerFor(spent, unit)?.commander.id).toBe('gen-ashby');
    const broke = {
      ...spent,
      commanders: { ...spent.commanders, 'gen-ashby': { ...spent.commanders['gen-ashby']!, points: 0 } },
    };
    expect(payerFor(broke, unit)).toBeUndefined();
  });
});

describe('movement on the table', () => {
  const line = start.units['european-regiment']!;

  it('a line moves 4" a point, once a turn', () => {
    expect(planMove(start, line, { type: 'move', unit: line.id, facing: line.facing, distance: 4 }).ok).toBe(
      true,
    );
    expect(
      planMove(start, line, { type: 'move', unit: line.id, facing: line.facing, distance: 4.5 }),
    ).toMatchObject({ ok: false });
    expect(
      mayTakeMovementPoint(withUnit(start, line.id, { movesThisTurn: 1 }), { ...line, movesThisTurn: 1 }),
    ).toBe(false);
  });

  it('a line wheels at most 3" at its outer end, and the wheel comes out of the move', () => {
    const small = turnCost(line, line.facing + 10);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(3);
    expect(
      planMove(start, line, { type: 'move', unit: line.id, facing: line.facing + 10, distance: 4 - small })
        .ok,
    ).toBe(true);
    expect(
      planMove(start, line, { type: 'move', unit: line.id, facing: line.facing + 10, distance: 4 }).ok,
    ).toBe(false);
    expect(
      planMove(start, line, { type: 'move', unit: line.id, facing: line.facing + 90, distance: 0 }).ok,
    ).toBe(false);
  });

  it('a column turns freely and may take more points far from the enemy', () => {
    const column = start.units['2nd-native-infantry']!;
    expect(turnCost(column, column.facing + 90)).toBe(0);
    const once = { ...column, movesThisTurn: 1 };
    expect(mayTakeMovementPoint(withUnit(start, column.id, once), once)).toBe(true);
  });

  it('a unit may not end overlapping another, nor leave the table', () => {
    const next = start.units['1st-native-infantry']!;
    const sideways = planMove(start, line, {
      type: 'move',
      unit: line.id,
      facing: line.facing,
      distance: 0.5,
      backward: true,
    });
    expect(sideways.ok).toBe(true);
    const crowded = withUnit(start, next.id, { stands: line.stands.map((s) => ({ ...s, y: s.y + 2 })) });
    expect(
      planMove(crowded, line, { type: 'move', unit: line.id, facing: line.facing, distance: 2 }),
    ).toMatchObject({
      ok: false,
    });
    expect(planMove(start, line, { type: 'move', unit: line.id, facing: 270, distance: 0 }).ok).toBe(false);
  });
});

describe('losses and routs', () => {
  it('D-points beyond 5 from fire are casualties; the last base lost destroys the unit', () => {
    const w = new Work(start);
    inflict(w, 'campoo-1st', 7, 0, 'fire');
    expect(w.units['campoo-1st']).toMatchObject({ dpoints: 5, bases: 4, status: 'formed' });
    expect(w.units['campoo-1st']!.stands).toHaveLength(4);
    inflict(w, 'campoo-1st', 0, 9, 'combat');
    expect(w.units['campoo-1st']).toMatchObject({ bases: 0, status: 'destroyed' });
  });

  it('a routing unit turns for home and runs 6"; lower-grade friends within 6" are shaken', () => {
    const w = new Work(start);
    const before = w.units['campoo-2nd']!;
    rout(w, 'campoo-2nd');
    const after = w.units['campoo-2nd']!;
    expect(after.status).toBe('routed');
    expect(after.facing).toBe(90);
    expect(after.y - before.y).toBeCloseTo(6, 6);
  });

  it('a rout shakes the friends within 6" of higher grade than the router, not those of its grade or lower', () => {
    // the 2nd campoo (routing) between the 1st campoo and the guns, each brought within 6" of it
    const router = start.units['campoo-2nd']!;
    const near = (id: string, grade: CpUnit['ratings']['grade'], dx: number): Partial<CpUnit> => {
      const u = start.units[id]!;
      const shift = router.x + dx - u.x;
      return {
        ratings: { ...u.ratings, grade },
        x: u.x + shift,
        y: router.y,
        stands: u.stands.map((st) => ({ ...st, x: st.x + shift, y: st.y - u.y + router.y })),
      };
    };
    const shaken = (routerGrade: CpUnit['ratings']['grade'], friendGrade: CpUnit['ratings']['grade']) => {
      let s = withUnit(start, 'campoo-2nd', { ratings: { ...router.ratings, grade: routerGrade } });
      s = withUnit(s, 'campoo-1st', near('campoo-1st', friendGrade, -14));
      const w = new Work(s);
      rout(w, 'campoo-2nd');
      return w.units['campoo-1st']!.shakenByRout === true;
    };
    expect(shaken('4th', '2nd')).toBe(true);
    expect(shaken('4th', '4th')).toBe(false);
    expect(shaken('2nd', '4th')).toBe(false);
    // too far: 14" between the anchors is within 6" of the stands; 30" is not
    const far = withUnit(
      withUnit(start, 'campoo-2nd', { ratings: { ...router.ratings, grade: '5th' } }),
      'campoo-1st',
      near('campoo-1st', '1st', -30),
    );
    const w = new Work(far);
    rout(w, 'campoo-2nd');
    expect(w.units['campoo-1st']!.shakenByRout).not.toBe(true);
  });
});

describe('victory', () => {
  it('nobody holds the village at the start; a lone unit in it holds it', () => {
    const village = start.victory.objectives[0]!;
    expect(holder(start, village)).toBeUndefined();
    const moved = withUnit(start, 'matchlockmen', {
      stands: start.units['matchlockmen']!.stands.map((s) => ({ ...s, x: s.x - 18, y: s.y - 8 })),
    });
    expect(holder(moved, village)).toBe('maratha');
  });

  it('army morale and losses count routed, destroyed and departed units', () => {
    const ids = Object.values(start.units)
      .filter((u) => u.side === 'maratha')
      .map((u) => u.id);
    let state = start;
    for (const id of ids.slice(0, 3)) state = withUnit(state, id, { status: 'gone' });
    expect(brokenFraction(state, 'maratha')).toBeCloseTo(0.5, 12);
    expect(lossFraction(state, 'maratha')).toBeGreaterThan(0.4);
    expect(verdict(state)).toMatchObject({ winner: 'company' });
    expect(verdict(start)).toBeUndefined();
    expect(verdict({ ...start, turn: start.victory.turnLimit })).toEqual({ reason: 'turn limit 10: a draw' });
  });
});
