import { describe, expect, it } from 'vitest';
import type { UnitState } from '../../src/core/table/model.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { Draft } from '../../src/game/john-company/draft.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import { commitMove, engineMove, followSupported, normalMove } from '../../src/game/john-company/moves.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { atStation, stationStanding } from '../../src/game/john-company/support-station.ts';
import { endTurn } from '../../src/game/john-company/turn-end.ts';
import type { Scenario, Unit } from '../../src/game/scenario/schema.ts';

/** The Support order's station (Part 3, Support; the reading in docs/game-john-company.md). */

const game = makeJohnCompanyGame({ traces: false });

/** Two Company battalions facing north (+y), the second placed at `at`, and a Maratha unit far off. */
function twoBattalions(at: { x: number; y: number }): Scenario {
  const base = practiceScenario({ unitsPerSide: 6 });
  const whole = [
    { x: 0, y: 0 },
    { x: 72, y: 0 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  const template = (id: string) => base.units.find((u) => u.id === id)!;
  const unit = (id: string, position: { x: number; y: number }, facing: number): Unit =>
    ({
      ...template(id),
      commander: id.startsWith('company') ? 'company-left' : 'maratha-left',
      name: id,
      position,
      facing,
    }) as Unit;
  return {
    ...base,
    terrain: [],
    units: [
      unit('company-1', { x: 30, y: 20 }, 90),
      unit('company-2', at, 90),
      unit('maratha-1', { x: 60, y: 44 }, 270),
    ],
    deployment: [
      { id: 'company-zone', side: 'company', outline: whole },
      { id: 'maratha-zone', side: 'maratha', outline: whole },
    ],
  };
}

/** The state at company-2's card, on Support for company-1. */
function supportersCard(at: { x: number; y: number }): JcGameState {
  const s = game.setup(twoBattalions(at), 1);
  return {
    ...s,
    units: {
      ...s.units,
      'company-2': { ...s.units['company-2']!, order: 'support', orderTarget: 'company-1' },
    },
    node: {
      phase: 'activation',
      activation: {
        kind: 'unit',
        unit: 'company-2',
        side: 'company',
        moved: false,
        fired: false,
        movedFraction: 0,
        mayRally: false,
      },
    },
  };
}

function station(s: JcGameState): boolean {
  const d = new Draft(s, { traces: false });
  return atStation(d.tableUnit('company-2'), d.tableUnit('company-1'), normalMove(d, 'company-2'));
}

describe('the Support order’s station', () => {
  it('is half to one Normal Move behind the supported unit, within 3" of its flanks', () => {
    const s = game.setup(twoBattalions({ x: 30, y: 10 }), 1);
    const a = s.table.units['company-1']!;
    const b = s.table.units['company-2']!;
    const standing = stationStanding(b, a);
    const rear = Math.min(...a.stands.map((st) => st.y - st.depth / 2));
    const front = Math.max(...b.stands.map((st) => st.y + st.depth / 2));
    expect(standing.behind).toBeCloseTo(rear - front, 6);
    expect(standing.offFlank).toBe(0);
    const moved = (dx: number, dy: number): UnitState => ({
      ...b,
      stands: b.stands.map((st) => ({ ...st, x: st.x + dx, y: st.y + dy })),
    });
    const n = 6; // a regular battalion's Normal Move in line
    const at = (dx: number, behind: number) => atStation(moved(dx, standing.behind - behind), a, n);
    expect(at(0, 3)).toBe(true);
    expect(at(0, 6)).toBe(true);
    expect(at(0, 2.9)).toBe(false);
    expect(at(0, 6.1)).toBe(false);
    // Sideways: across the frontage, or up to 3" beyond a flank.
    expect(at(standing.halfFrontage + 3, 4)).toBe(true);
    expect(at(-(standing.halfFrontage + 3.1), 4)).toBe(false);
  });

  it('is where a supporting unit’s legal moves take it', () => {
    // Some 9.2" behind, its centre 5" right of the supported line's: out of station, within a move of it.
    const s = supportersCard({ x: 25, y: 10 });
    expect(station(s)).toBe(false);
    const moves = game.legalCommands(s, 'company').filter((c) => c.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    let reached = 0;
    for (const m of moves) {
      const r = game.apply(s, 'company', m);
      expect(r.ok).toBe(true);
      if (r.ok && station(r.state)) reached++;
    }
    expect(reached).toBeGreaterThan(0);
  });

  it('offers no move away from the station to a unit already at its middle', () => {
    const s = game.setup(twoBattalions({ x: 30, y: 10 }), 1);
    const gap = stationStanding(s.table.units['company-2']!, s.table.units['company-1']!).behind;
    // Shift the supporter so that it stands 4.5" (3/4 of its Normal Move) behind.
    const card = supportersCard({ x: 30, y: 10 + gap - 4.5 });
    expect(station(card)).toBe(true);
    expect(game.legalCommands(card, 'company').filter((c) => c.type === 'move')).toEqual([]);
  });

  it('is where apply lets a supporting unit move: a move posted off station is refused in words', () => {
    const s = game.setup(twoBattalions({ x: 30, y: 10 }), 1);
    const gap = stationStanding(s.table.units['company-2']!, s.table.units['company-1']!).behind;
    // At the station's middle, 4.5" behind: 1" up keeps it; 3" back leaves it 7.5" behind, past a Normal Move.
    const card = supportersCard({ x: 30, y: 10 + gap - 4.5 });
    const back = (inches: number): JcCommand => ({
      type: 'move',
      unit: 'company-2',
      manoeuvres: [{ kind: 'about-face' }, { kind: 'advance', inches }, { kind: 'about-face' }],
    });
    const kept = game.apply(card, 'company', {
      type: 'move',
      unit: 'company-2',
      manoeuvres: [{ kind: 'advance', inches: 1 }],
    });
    expect(kept.ok).toBe(true);
    if (kept.ok) expect(station(kept.state)).toBe(true);
    expect(game.apply(card, 'company', back(3))).toEqual({
      ok: false,
      rejection: {
        code: 'illegal-move',
        message:
          'company-2 is on Support for company-1: its move must end at its station, 3" to 6" (half to one Normal Move) behind company-1 and within 3" of its flanks, or nearer to it than it stands',
      },
    });
    // Some 9.2" behind, out of station: a move nearer is let through, one farther off is not.
    const far = supportersCard({ x: 30, y: 10 });
    expect(station(far)).toBe(false);
    const nearer = game.apply(far, 'company', {
      type: 'move',
      unit: 'company-2',
      manoeuvres: [{ kind: 'advance', inches: 1 }],
    });
    expect(nearer.ok).toBe(true);
    expect(game.apply(far, 'company', back(1))).toMatchObject({
      ok: false,
      rejection: { code: 'illegal-move' },
    });
  });

  it('is kept when the supported unit moves: the supporter makes the same shift', () => {
    const s = game.setup(twoBattalions({ x: 30, y: 15.5 }), 1);
    const d = new Draft(s, { traces: false });
    d.patchUnit('company-2', { order: 'support', orderTarget: 'company-1' });
    expect(atStation(d.tableUnit('company-2'), d.tableUnit('company-1'), normalMove(d, 'company-2'))).toBe(
      true,
    );
    const before = d.tableUnit('company-1');
    const report = engineMove(
      d,
      'company-1',
      (n) => [{ kind: 'oblique', inches: n, degrees: 20 }],
      5,
      'normal',
      'normal',
      [],
    )!;
    commitMove(d, 'company-1', report, 'order');
    followSupported(d, 'company-1', before);
    expect(d.tableUnit('company-1')).not.toEqual(before);
    expect(atStation(d.tableUnit('company-2'), d.tableUnit('company-1'), normalMove(d, 'company-2'))).toBe(
      true,
    );
  });

  it('is broken at the end of the turn when the supporter is more than a Normal Move behind', () => {
    const far = (y: number) => {
      const s = game.setup(twoBattalions({ x: 30, y }), 1);
      const d = new Draft(s, { traces: false });
      d.patchUnit('company-2', {
        order: 'support',
        orderTarget: 'company-1',
        continuing: { order: 'support', target: 'company-1' },
      });
      endTurn(d);
      // The next turn has begun: the order carries on as a continuing one unless it was broken.
      return d.unit('company-2').continuing;
    };
    // Some 3.7" behind (the lines' centres 4.5" apart), then some 9.2".
    expect(far(15.5)).toEqual({ order: 'support', target: 'company-1' });
    expect(far(10)).toBeUndefined();
  });
});
