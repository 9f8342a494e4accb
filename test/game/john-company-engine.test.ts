import { describe, expect, it } from 'vitest';
import type { UnitState } from '../../src/core/table/model.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { Draft } from '../../src/game/john-company/draft.ts';
import type { JcEvent } from '../../src/game/john-company/events.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import { goesLooting, loot } from '../../src/game/john-company/looting.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { leaveTable, unitDistance } from '../../src/game/john-company/units.ts';
import { groundOfState, isSpotted } from '../../src/game/john-company/view.ts';
import type { Scenario, Unit } from '../../src/game/scenario/schema.ts';
import { unitCentre } from '../../src/rulesets/john-company/table/movement-geometry.ts';
import { MOVEMENT_RATES } from '../../src/rulesets/john-company/tables/movement-rates.ts';

/** Regressions of the whole battle's engine (issue "Whole battles"): each test failed before its fix. */

const game = makeJohnCompanyGame({ traces: false });
const scenario = practiceScenario({ unitsPerSide: 4 });

/** A unit moved by (dx, dy), every stand with it. */
function shifted(u: UnitState, dx: number, dy: number): UnitState {
  return { ...u, stands: u.stands.map((s) => ({ ...s, x: s.x + dx, y: s.y + dy })) };
}

describe('a charger that leaves the table', () => {
  it('is no longer among its target’s chargers, so the target can still be tested', () => {
    const state = game.setup(scenario, 1);
    const d = new Draft(state, { traces: false });
    d.patchUnit('company-1', { chargedBy: ['maratha-1', 'maratha-2'] });
    expect(d.facts().reaction('company-1').facts.negative).toEqual([{ id: 'charged-by-2-to-1' }]);
    leaveTable(d, 'maratha-1', 'routed-off');
    expect(d.unit('company-1').chargedBy).toEqual(['maratha-2']);
    // Negative 8 counts the chargers' stands (a charger off the table used to throw here): two units
    // of six stands outnumbered company-1 2:1, the one left does not.
    expect(d.facts().reaction('company-1').facts.negative).toEqual([]);
  });
});

describe('a General’s ride', () => {
  /** The state at `general`'s card, with his unit `far` moved 40" away from him. */
  function atGeneralCard(general: string, far: string): JcGameState {
    const s = game.setup(scenario, 3);
    const side = s.generals[general]!.side;
    const unit = s.table.units[far]!;
    const stand = s.table.generals[general]!.stand;
    const dy = stand.y < 24 ? 40 : -40;
    const moved = shifted(unit, 0, dy - (unit.stands[0]!.y - stand.y));
    return {
      ...s,
      table: { ...s.table, units: { ...s.table.units, [far]: moved } },
      node: {
        phase: 'activation',
        activation: { kind: 'general', general, side, used: 0, rallied: false },
      },
    };
  }

  it('may go towards a unit of his command beyond his move, as far as his move takes him', () => {
    const general = 'company-left';
    const far = Object.values(game.setup(scenario, 3).units).find((u) => u.commander === general)!.id;
    const s = atGeneralCard(general, far);
    const from = s.table.generals[general]!.stand;
    const target = s.table.units[far]!;
    const before = Math.min(...target.stands.map((t) => Math.hypot(t.x - from.x, t.y - from.y)));
    expect(before).toBeGreaterThan(30);
    const rides = game
      .legalCommands(s, 'company')
      .filter((c): c is Extract<typeof c, { type: 'move-general' }> => c.type === 'move-general');
    // The ride that gets him nearest the far unit covers (almost) his whole move, straight at it.
    const nearest = (c: { x: number; y: number }) =>
      Math.min(...target.stands.map((t) => Math.hypot(t.x - c.x, t.y - c.y)));
    const best = rides.reduce((a, b) => (nearest(b) < nearest(a) ? b : a));
    const ridden = Math.hypot(best.x - from.x, best.y - from.y);
    expect(ridden).toBeGreaterThan(11.5);
    expect(nearest(best)).toBeCloseTo(before - ridden, 0);
    const applied = game.apply(s, 'company', best);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.state.table.generals[general]!.stand).toMatchObject({ x: best.x, y: best.y });
  });
});

type Placed = Pick<Unit, 'id' | 'side' | 'position' | 'facing'> &
  Partial<Unit> & { readonly template?: string };

/** The practice battle's generals and templates, with only the units given, where given. */
function placed(units: readonly Placed[], keepTerrain = false): Scenario {
  const base = practiceScenario({ unitsPerSide: 6 });
  const templates = new Map(base.units.map((u) => [u.id, u]));
  const whole = [
    { x: 0, y: 0 },
    { x: 72, y: 0 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  return {
    ...base,
    terrain: keepTerrain ? base.terrain : [],
    units: units.map((u) => {
      const { template, ...rest } = u;
      const t = templates.get(template ?? u.id)!;
      return {
        ...t,
        commander: u.side === 'company' ? 'company-left' : 'maratha-left',
        name: u.id,
        ...rest,
      } as Unit;
    }),
    deployment: [
      { id: 'company-zone', side: 'company', outline: whole },
      { id: 'maratha-zone', side: 'maratha', outline: whole },
    ],
  };
}

function must(
  state: JcGameState,
  side: string,
  command: JcCommand,
): { state: JcGameState; events: readonly JcEvent[] } {
  const r = game.apply(state, side, command);
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r;
}

describe('two units charging each other (Part 3, Charge Moves 1)', () => {
  it('both test, and going ahead they end half the longer Charge Bonus either side of the middle', () => {
    const scenario = placed([
      { id: 'company-4', side: 'company', position: { x: 30, y: 10 }, facing: 90 },
      { id: 'maratha-4', side: 'maratha', position: { x: 30, y: 34 }, facing: 270 },
    ]);
    let checked = 0;
    const start = game.setup(scenario, 1);
    const gap0 = unitDistance(start.table.units['company-4']!, start.table.units['maratha-4']!);
    for (let seed = 1; seed <= 40; seed++) {
      let s = game.setup(scenario, seed);
      s = must(s, 'company', {
        type: 'place-order',
        unit: 'company-4',
        order: 'charge',
        target: 'maratha-4',
      }).state;
      s = must(s, 'company', { type: 'finish-orders' }).state;
      s = must(s, 'maratha', {
        type: 'place-order',
        unit: 'maratha-4',
        order: 'charge',
        target: 'company-4',
      }).state;
      const r = must(s, 'maratha', { type: 'finish-orders' });
      const tests = r.events.filter((e) => e.type === 'reaction-tested' && e.occasion === 'charging');
      expect(tests.map((e) => ('unit' in e ? e.unit : ''))).toEqual(['company-4', 'maratha-4']);
      if (!tests.every((e) => e.type === 'reaction-tested' && e.goesAhead)) continue;
      checked++;
      // Nobody is asked to respond: each is charging the other. Both go the same way, half of what
      // separates them beyond the longer Charge Bonus.
      expect(r.events.some((e) => e.type === 'charge-response')).toBe(false);
      const launched = r.events.filter((e) => e.type === 'charge-launched');
      expect(launched.map((e) => e.unit)).toEqual(['company-4', 'maratha-4']);
      const bonus = Math.max(
        MOVEMENT_RATES.troops[s.units['company-4']!.profile.troop].chargeBonus,
        MOVEMENT_RATES.troops[s.units['maratha-4']!.profile.troop].chargeBonus,
      );
      const each = (gap0 - bonus) / 2;
      for (const e of launched) if (e.type === 'charge-launched') expect(e.moved).toBeCloseTo(each, 1);
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('a supporting unit that is charged (Part 3, Support)', () => {
  it('must counter-charge or take Defend (Hold) orders', () => {
    const scenario = placed([
      { id: 'company-1', side: 'company', position: { x: 20, y: 10 }, facing: 90 },
      { id: 'company-4', side: 'company', position: { x: 30, y: 8 }, facing: 90 },
      { id: 'maratha-4', side: 'maratha', position: { x: 30, y: 24 }, facing: 270 },
    ]);
    let found: JcGameState | undefined;
    for (let seed = 1; seed <= 60 && !found; seed++) {
      let s = game.setup(scenario, seed);
      s = must(s, 'company', {
        type: 'place-order',
        unit: 'company-4',
        order: 'support',
        target: 'company-1',
      }).state;
      s = must(s, 'company', { type: 'finish-orders' }).state;
      s = must(s, 'maratha', {
        type: 'place-order',
        unit: 'maratha-4',
        order: 'charge',
        target: 'company-4',
      }).state;
      const r = must(s, 'maratha', { type: 'finish-orders' });
      if (r.state.node.phase === 'charge-response') found = r.state;
    }
    expect(found).toBeDefined();
    const s = found!;
    const responses = game.legalCommands(s, 'company');
    expect(responses.length).toBeGreaterThan(0);
    for (const c of responses)
      expect(c).toMatchObject({ type: 'respond-to-charge', order: expect.any(String) });
    expect(responses.map((c) => (c.type === 'respond-to-charge' ? c.order : ''))).toEqual(
      expect.arrayContaining(['hold', 'charge']),
    );
    const kept = game.apply(s, 'company', { type: 'respond-to-charge', unit: 'company-4' });
    expect(kept.ok ? '' : kept.rejection.code).toBe('must-counter-charge-or-defend');
    expect(game.apply(s, 'company', { type: 'respond-to-charge', unit: 'company-4', order: 'hold' }).ok).toBe(
      true,
    );
  });
});

describe('a unit defending a town (Part 4, Line Of Sight D)', () => {
  it('is seen by whoever sees the town; a unit merely in it only at its edge', () => {
    const scenario = placed(
      [
        { id: 'company-5', side: 'company', template: 'company-6', position: { x: 36, y: 24 }, facing: 90 },
        { id: 'maratha-1', side: 'maratha', position: { x: 36, y: 40 }, facing: 270 },
      ],
      true,
    );
    const s = game.setup(scenario, 1);
    const inTown = s.table.units['company-5']!;
    expect(inTown.stands.every((st) => st.x > 32 && st.x < 40 && st.y > 21 && st.y < 27)).toBe(true);
    const holding: JcGameState = {
      ...s,
      units: { ...s.units, 'company-5': { ...s.units['company-5']!, order: 'hold' } },
    };
    const marching: JcGameState = {
      ...s,
      units: { ...s.units, 'company-5': { ...s.units['company-5']!, order: 'forward-march' } },
    };
    expect(isSpotted(groundOfState(holding), 'maratha', 'company-5')).toBe(true);
    expect(isSpotted(groundOfState(marching), 'maratha', 'company-5')).toBe(false);
    expect(game.viewFor(holding, 'maratha').units['company-5']).toBeDefined();
    expect(game.viewFor(marching, 'maratha').units['company-5']).toBeUndefined();
  });
});

describe('irregulars who quit the battle (Part 4, Units Without Orders 5)', () => {
  const scenario = placed(
    [
      { id: 'maratha-2', side: 'maratha', position: { x: 36, y: 40 }, facing: 270 },
      { id: 'company-1', side: 'company', position: { x: 60, y: 6 }, facing: 90 },
    ],
    true,
  );

  it('make for the nearest town, loot it for a die’s turns, Disordered, then march off', () => {
    const s = game.setup(scenario, 5);
    expect(goesLooting(s.units['maratha-2']!)).toBe(true);
    const d = new Draft(s, { traces: false });
    d.patchUnit('maratha-2', { quitting: true });
    const start = unitCentre(d.tableUnit('maratha-2').stands);
    for (let card = 0; card < 10 && d.unit('maratha-2').looting?.turnsLeft === undefined; card++)
      loot(d, 'maratha-2');
    const looting = d.unit('maratha-2').looting!;
    expect(looting.town).toBe('village');
    expect(looting.turnsLeft).toBeGreaterThanOrEqual(1);
    expect(looting.turnsLeft).toBeLessThanOrEqual(6);
    expect(d.unit('maratha-2').disordered).toBe(true);
    const began = d.events.find((e) => e.type === 'looting');
    expect(began).toMatchObject({ unit: 'maratha-2', town: 'village', turns: looting.turnsLeft });
    const [x, y] = unitCentre(d.tableUnit('maratha-2').stands);
    expect(Math.hypot(x - 36, y - 24)).toBeLessThan(Math.hypot(start[0] - 36, start[1] - 24));
    // It loots where it is, then marches off towards its base edge (north), beyond recall.
    for (let card = 0; card < looting.turnsLeft!; card++) loot(d, 'maratha-2');
    expect(unitCentre(d.tableUnit('maratha-2').stands)).toEqual([x, y]);
    loot(d, 'maratha-2');
    expect(unitCentre(d.tableUnit('maratha-2').stands)[1]).toBeGreaterThan(y);
    expect(d.unit('maratha-2').quitting).toBe(true);
  });

  it('are recalled before they loot by a General who reaches them and rolls under his Leadership', () => {
    const s = game.setup(scenario, 5);
    const outcomes = new Set<boolean>();
    for (let seed = 1; seed <= 30; seed++) {
      const placedGeneral: JcGameState = {
        ...game.setup(scenario, seed),
        table: {
          ...s.table,
          generals: {
            ...s.table.generals,
            'maratha-chief': { ...s.table.generals['maratha-chief']!, attachedTo: 'maratha-2' },
          },
        },
      };
      const d = new Draft(placedGeneral, { traces: false });
      d.patchUnit('maratha-2', { quitting: true });
      loot(d, 'maratha-2');
      const roll = d.events.find((e) => e.type === 'looters-recalled');
      expect(roll).toMatchObject({ unit: 'maratha-2', general: 'maratha-chief' });
      const back = roll?.type === 'looters-recalled' && roll.recalled;
      outcomes.add(back);
      expect(d.unit('maratha-2').quitting).toBe(!back);
      if (back) expect(d.unit('maratha-2').order).toBe('hold');
    }
    expect([...outcomes].sort()).toEqual([false, true]);
  });
});
