import { describe, expect, it } from 'vitest';
import { decide } from '../../src/game/john-company/ai/opponent.ts';
import { weaponRange } from '../../src/game/john-company/ai/situation.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import type { JcGameState, JcUnit } from '../../src/game/john-company/state.ts';
import type { Scenario, Unit } from '../../src/game/scenario/schema.ts';

/**
 * The computer's use of the lesser tools (docs/ai.md; ai/tactics.ts): each set up on the practice
 * battle's table (the Company attacks the village at (36, 24), the Marathas defend it), asserting the
 * choice in the situation that calls for it and its absence in the opposite one.
 */

const game = makeJohnCompanyGame({ traces: false });
const base = practiceScenario({ unitsPerSide: 6 });

interface Placed {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly facing?: number;
  readonly formation?: string;
}

/** The practice scenario with only the units given, where given, on open ground. */
function table(units: readonly Placed[]): Scenario {
  const whole = [
    { x: 0, y: 0 },
    { x: 72, y: 0 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  return {
    ...base,
    terrain: [],
    units: units.map((p) => {
      const t = base.units.find((u) => u.id === p.id)!;
      return {
        ...t,
        position: { x: p.x, y: p.y },
        facing: p.facing ?? t.facing,
        ...(p.formation !== undefined ? { formation: p.formation } : {}),
      } as Unit;
    }),
    deployment: [
      { id: 'company-zone', side: 'company', outline: whole },
      { id: 'maratha-zone', side: 'maratha', outline: whole },
    ],
  };
}

/** The counters the computer places for `side` in the first Step 2 (the other side's first, if it leads). */
function counters(units: readonly Placed[], side: string): JcCommand[] {
  let s = game.setup(table(units), 1);
  const out: JcCommand[] = [];
  for (let i = 0; i < 40 && s.node.phase === 'orders'; i++) {
    const mover = s.node.side;
    const c = decide(game.viewFor(s, mover), game.legalCommands(s, mover));
    if (mover === side) out.push(c);
    const r = game.apply(s, mover, c);
    if (!r.ok) throw new Error(r.rejection.message);
    s = r.state;
  }
  return out;
}

function orderOf(list: readonly JcCommand[], unit: string): string | undefined {
  const c = list.find((x) => x.type === 'place-order' && x.unit === unit);
  return c?.type === 'place-order' ? c.order : undefined;
}

/** The state at a unit's card, its order (and the patch given) set. */
function card(units: readonly Placed[], unit: string, patch: Partial<JcUnit>): JcGameState {
  const s = game.setup(table(units), 1);
  const u = s.units[unit]!;
  return {
    ...s,
    units: { ...s.units, [unit]: { ...u, ...patch } },
    node: {
      phase: 'activation',
      activation: {
        kind: 'unit',
        unit,
        side: u.side,
        moved: false,
        fired: false,
        movedFraction: 0,
        mayRally: false,
      },
    },
  };
}

function choice(s: JcGameState, side: string): JcCommand {
  return decide(game.viewFor(s, side), game.legalCommands(s, side));
}

describe('evading a charge', () => {
  /**
   * The Company's light horse charging the Maratha levies 3" away with `remaining` inches left; the
   * turn limit a draw (neither side wins by holding on) unless `defending`.
   */
  function charged(remaining: number, defending = false): JcGameState {
    const placed = table([
      { id: 'company-4', x: 30, y: 20 },
      { id: 'maratha-2', x: 30, y: 24.8 },
      { id: 'maratha-1', x: 60, y: 44 },
    ]);
    const s = game.setup(
      defending ? placed : { ...placed, victory: { ...placed.victory, atTurnLimit: 'draw' } },
      1,
    );
    return {
      ...s,
      units: {
        ...s.units,
        'company-4': {
          ...s.units['company-4']!,
          order: 'charge',
          orderTarget: 'maratha-2',
          charge: { target: 'maratha-2', remaining, straight: true },
        },
        'maratha-2': { ...s.units['maratha-2']!, chargedBy: ['company-4'] },
      },
      node: { phase: 'charge-response', side: 'maratha', charger: 'company-4', target: 'maratha-2' },
    };
  }

  it('retires out of reach of a charger that would beat it', () => {
    const s = charged(2);
    expect(game.legalCommands(s, 'maratha')).toContainEqual(
      expect.objectContaining({ order: 'to-the-rear-march' }),
    );
    expect(choice(s, 'maratha')).toMatchObject({ type: 'respond-to-charge', order: 'to-the-rear-march' });
  });

  it('stands when its side wins by holding on at the turn limit', () => {
    const chosen = choice(charged(2, true), 'maratha');
    expect(chosen.type).toBe('respond-to-charge');
    expect(chosen).not.toMatchObject({ order: 'to-the-rear-march' });
    expect(chosen).not.toMatchObject({ order: 'fire-and-retire' });
  });

  it('stands when the charger would catch it anyway', () => {
    const chosen = choice(charged(14), 'maratha');
    expect(chosen.type).toBe('respond-to-charge');
    expect(chosen).not.toMatchObject({ order: 'to-the-rear-march' });
    expect(chosen).not.toMatchObject({ order: 'fire-and-retire' });
  });
});

describe('light companies', () => {
  // company-2, a native battalion with a light company of 2 stands, on Forward March.
  const advancing = (enemy: Placed) =>
    card([{ id: 'company-2', x: 30, y: 10 }, enemy], 'company-2', { order: 'forward-march' });

  it('are sent out in front of a battalion the enemy is coming near, beyond charge reach', () => {
    expect(choice(advancing({ id: 'maratha-1', x: 30, y: 26 }), 'company')).toEqual({
      type: 'deploy-light-company',
      unit: 'company-2',
    });
    // Far off, the company would only be one more unit needing orders.
    expect(choice(advancing({ id: 'maratha-1', x: 30, y: 40 }), 'company').type).not.toBe(
      'deploy-light-company',
    );
  });

  it('stay in when enemy cavalry could ride them down', () => {
    const s = advancing({ id: 'maratha-4', x: 30, y: 34 });
    expect(game.legalCommands(s, 'company')).toContainEqual({
      type: 'deploy-light-company',
      unit: 'company-2',
    });
    expect(choice(s, 'company').type).not.toBe('deploy-light-company');
  });

  it('are called in when enemy cavalry comes near, and left out while it is far', () => {
    const out = (y: number) => {
      const s = advancing({ id: 'maratha-4', x: 30, y });
      const r = game.apply(s, 'company', { type: 'deploy-light-company', unit: 'company-2' });
      if (!r.ok) throw new Error(r.rejection.message);
      // The battalion's next card.
      const next: JcGameState = {
        ...r.state,
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
      return choice(next, 'company').type;
    };
    expect(out(34)).toBe('rejoin-light-company');
    expect(out(44)).not.toBe('rejoin-light-company');
  });
});

describe('Support orders', () => {
  // company-1 and company-6 are the two nearest the village (each is sent to take it).
  const attackers: Placed[] = [
    { id: 'company-1', x: 30, y: 16 },
    { id: 'company-6', x: 42, y: 16 },
    { id: 'maratha-1', x: 60, y: 46 },
  ];

  it('put a second-line unit behind a first-line unit that attacks', () => {
    const placed = counters([...attackers, { id: 'company-2', x: 30, y: 10 }], 'company');
    expect(orderOf(placed, 'company-1')).toBe('forward-march');
    expect(placed).toContainEqual({
      type: 'place-order',
      unit: 'company-2',
      order: 'support',
      target: 'company-1',
    });
  });

  it('are not given to a unit beside a friend rather than behind it, or behind one that holds', () => {
    const beside = counters([...attackers, { id: 'company-2', x: 20, y: 16 }], 'company');
    expect(orderOf(beside, 'company-2')).not.toBe('support');
    // company-3 (guns) behind company-2, which is not sent to the village: nobody attacks there.
    const holding = counters(
      [...attackers, { id: 'company-2', x: 12, y: 12 }, { id: 'company-5', x: 12, y: 6 }],
      'company',
    );
    expect(orderOf(holding, 'company-2')).toBe('hold');
    expect(orderOf(holding, 'company-5')).not.toBe('support');
  });

  it('move the supporting unit to its station behind the friend', () => {
    const s = card([...attackers, { id: 'company-2', x: 26, y: 6 }], 'company-2', {
      order: 'support',
      orderTarget: 'company-1',
    });
    const chosen = choice(s, 'company');
    expect(chosen.type).toBe('move');
  });
});

describe('moving guns', () => {
  /**
   * The Company's battery facing east near the west edge (a limbered one, with its teams, a little
   * farther in), one Maratha battalion some `gap`" beyond its front.
   */
  const placed = (gap: number, formation?: string): Placed[] => {
    const x = formation === 'limbered' ? 12 : 4;
    return [
      { id: 'company-3', x, y: 24, facing: 0, ...(formation !== undefined ? { formation } : {}) },
      { id: 'maratha-1', x: x + 1 + gap, y: 24, facing: 180 },
    ];
  };
  const range = weaponRange(game.viewFor(game.setup(table(placed(50)), 1), 'company'), 'company-3');
  const battery = (gap: number, formation?: string) => counters(placed(gap, formation), 'company');

  it('limber and advance when the enemy is far beyond their range', () => {
    expect(range + 14).toBeLessThan(62);
    expect(orderOf(battery(range + 14), 'company-3')).toBe('limber-and-advance');
  });

  it('prolonge (and fire) when the enemy is a little beyond their range', () => {
    expect(orderOf(battery(range + 6), 'company-3')).toBe('prolonge-and-fire');
  });

  it('hold and fire when an enemy is within range', () => {
    expect(orderOf(battery(range - 10), 'company-3')).toBe('hold');
  });

  it('unlimber once limbered within range of the enemy, and march on beyond it', () => {
    expect(orderOf(battery(range - 10, 'limbered'), 'company-3')).toBe('unlimber-and-fire');
    expect(orderOf(battery(range + 14, 'limbered'), 'company-3')).toBe('forward-march');
  });

  it('on Prolonge, are moved towards the enemy beyond their range', () => {
    const s = card(placed(range + 7), 'company-3', { order: 'prolonge' });
    expect(choice(s, 'company').type).toBe('move');
  });
});

describe('Deploy', () => {
  it('is given to a regular unit whose objective lies well off its front', () => {
    // company-1 south-west of the village, facing north-west: it lies off its right flank.
    const placed = counters(
      [
        { id: 'company-1', x: 20, y: 12, facing: 120 },
        { id: 'company-6', x: 50, y: 16 },
        { id: 'maratha-1', x: 60, y: 46 },
      ],
      'company',
    );
    expect(orderOf(placed, 'company-1')).toBe('deploy-right');
  });

  it('is not given when the objective is ahead: Forward March', () => {
    const placed = counters(
      [
        { id: 'company-1', x: 30, y: 12 },
        { id: 'company-6', x: 50, y: 16 },
        { id: 'maratha-1', x: 60, y: 46 },
      ],
      'company',
    );
    expect(orderOf(placed, 'company-1')).toBe('forward-march');
  });
});
