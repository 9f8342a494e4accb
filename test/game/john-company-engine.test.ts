import { describe, expect, it } from 'vitest';
import type { UnitState } from '../../src/core/table/model.ts';
import { launchCharge } from '../../src/game/john-company/charges.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { Draft } from '../../src/game/john-company/draft.ts';
import type { JcEvent } from '../../src/game/john-company/events.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame, playStep } from '../../src/game/john-company/game.ts';
import { goesLooting, loot } from '../../src/game/john-company/looting.ts';
import { chargesAtCard } from '../../src/game/john-company/movement-cards.ts';
import { commandOdds } from '../../src/game/john-company/plan.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { leaveTable, unitDistance } from '../../src/game/john-company/units.ts';
import { groundOfState, isSpotted } from '../../src/game/john-company/view.ts';
import type { Scenario, Unit } from '../../src/game/scenario/schema.ts';
import { unitCentre } from '../../src/rulesets/john-company/table/movement-geometry.ts';
import { MOVEMENT_RATES } from '../../src/rulesets/john-company/tables/movement-rates.ts';
import { MOVEMENT_RESULTS } from '../../src/rulesets/john-company/tables/reaction-table.ts';

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

describe('a cavalry charge (Part 3, Charge Moves; Part 4, Confrontation modifiers 1 and 12)', () => {
  const tracing = makeJohnCompanyGame({ traces: true });
  const bonus = 6; // British cavalry's Charge Bonus

  /** The charge of company-4 (British light cavalry, 4 stands in line) at maratha-1 as placed. */
  function charge(chargerAt: Placed, targetAt: Placed, seed: number) {
    const s = tracing.setup(placed([chargerAt, targetAt]), seed);
    const d = new Draft(s, { traces: true });
    d.patchUnit('company-4', { order: 'charge', orderTarget: 'maratha-1' });
    launchCharge(d, 'company-4');
    chargesAtCard(d, 'company-4');
    const moves = d.events.filter(
      (e): e is Extract<JcEvent, { type: 'unit-moved' }> => e.type === 'unit-moved' && e.unit === 'company-4',
    );
    const confrontation = d.events.find((e) => e.type === 'confrontation-resolved');
    const items = JSON.stringify(confrontation?.trace ?? []);
    return {
      launch: moves.find((e) => e.reason === 'charge'),
      home: moves.find((e) => e.reason === 'charge-contact'),
      fought: confrontation !== undefined,
      charging: items.includes('"item":"1 charging"'),
      notSquared: items.includes('"item":"12 cavalry did not square up"'),
    };
  }

  /** The first seed whose charge went in against a target that stood (both tests passed). */
  function fought(chargerAt: Placed, targetAt: Placed) {
    for (let seed = 1; seed <= 30; seed++) {
      const r = charge(chargerAt, targetAt, seed);
      if (r.fought && r.home) return r;
    }
    throw new Error('no charge went in');
  }

  const square = (facing: number) => ((facing % 360) + 360) % 360;

  for (const stands of [2, 3, 4, 5, 6])
    for (const facing of [0, 45, 90, 150, 180])
      for (const dx of [0, 1.3])
        it(`squares up to a line of ${stands} ahead, turning from ${facing} degrees (offset ${dx}")`, () => {
          const r = fought(
            { id: 'company-4', side: 'company', position: { x: 30 + dx, y: 8 }, facing },
            { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 26 }, facing: 270, stands },
          );
          // All its facing change is made in Step 4, square to the target's front; the last move is
          // straight on, its whole Charge Bonus, and it arrives squared up.
          expect(square(r.launch!.to.facing)).toBeCloseTo(90, 6);
          expect(square(r.home!.to.facing)).toBeCloseTo(90, 6);
          expect(r.home!.inches).toBeGreaterThanOrEqual(bonus - 0.01);
          expect(r.charging).toBe(true);
          expect(r.notSquared).toBe(false);
        });

  it('squares up to a flank it comes at', () => {
    // The target faces east; the charger stands to its south, off its right flank.
    const r = fought(
      { id: 'company-4', side: 'company', position: { x: 30, y: 8 }, facing: 45 },
      { id: 'maratha-1', side: 'maratha', position: { x: 28, y: 26 }, facing: 0, stands: 4 },
    );
    expect(square(r.launch!.to.facing)).toBeCloseTo(90, 6);
    expect(r.charging).toBe(true);
    expect(r.notSquared).toBe(false);
  });

  it('faces the centre of a target beyond its ends', () => {
    const r = charge(
      { id: 'company-4', side: 'company', position: { x: 12, y: 8 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 26 }, facing: 270, stands: 4 },
      1,
    );
    const f = square(r.launch!.to.facing);
    expect(f).toBeGreaterThan(30);
    expect(f).toBeLessThan(60);
  });
});

describe('a charged target’s test (Part 4, When To Make A Reaction Test)', () => {
  // The target stands within its General's (maratha-left, at (18, 42)) Command Radius.
  const scenario = placed([
    { id: 'company-4', side: 'company', position: { x: 18, y: 18 }, facing: 90 },
    { id: 'maratha-1', side: 'maratha', position: { x: 18, y: 36 }, facing: 270 },
  ]);

  /** The state with the target's counter placed face down, and the charge launched at it. */
  function charged(seed: number, counter: 'hold' | 'blank') {
    const s = game.setup(scenario, seed);
    const state: JcGameState = {
      ...s,
      units: {
        ...s.units,
        'maratha-1': { ...s.units['maratha-1']!, counter: { order: counter, revealed: false } },
        'company-4': { ...s.units['company-4']!, order: 'charge', orderTarget: 'maratha-1' },
      },
    };
    const d = new Draft(state, { traces: false });
    launchCharge(d, 'company-4');
    return d;
  }

  /** The target's test as the charger's card comes (its own card has not). */
  function targetTest(seed: number, counter: 'hold' | 'blank') {
    const d = charged(seed, counter);
    if (!d.unit('company-4').charge) return undefined;
    chargesAtCard(d, 'company-4');
    const i = d.events.findIndex(
      (e) => e.type === 'reaction-tested' && e.unit === 'maratha-1' && e.occasion === 'charge-target',
    );
    const shown = d.events.findIndex((e) => e.type === 'order-revealed' && e.unit === 'maratha-1');
    const e = d.events[i];
    return e?.type === 'reaction-tested'
      ? { test: e.test, shownFirst: shown >= 0 && shown < i, d }
      : undefined;
  }

  it('tests on the row of the order it holds, shown as it tests, before its own card', () => {
    let tested = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const r = targetTest(seed, 'hold');
      if (!r) continue;
      tested++;
      // Hold is a Defensive order: never the Without Orders row.
      expect(r.test.movement).not.toBe('roll-without-orders');
      expect(r.test.withoutOrders).toBeUndefined();
      expect(r.shownFirst).toBe(true);
      expect(r.d.unit('maratha-1').order).toBe('hold');
    }
    expect(tested).toBeGreaterThan(5);
  });

  it('rolls on the Without Orders Table only when it holds no order', () => {
    const rolled = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const r = targetTest(seed, 'blank');
      if (r?.test.withoutOrders) rolled.add(r.test.withoutOrders);
    }
    expect(rolled.size).toBeGreaterThan(0);
  });

  it('is offered, keeping its order, the odds of a test on its own order’s row', () => {
    const s0 = game.setup(scenario, 1);
    let s = must(s0, 'company', {
      type: 'place-order',
      unit: 'company-4',
      order: 'charge',
      target: 'maratha-1',
    }).state;
    s = must(s, 'company', { type: 'finish-orders' }).state;
    s = must(s, 'maratha', { type: 'place-order', unit: 'maratha-1', order: 'hold' }).state;
    for (let seed = 1; seed <= 30 && s.node.phase !== 'charge-response'; seed++) {
      const r = game.apply({ ...s, rng: game.setup(scenario, seed).rng }, 'maratha', {
        type: 'finish-orders',
      });
      if (r.ok && r.state.node.phase === 'charge-response') s = r.state;
    }
    expect(s.node.phase).toBe('charge-response');
    const [odds] = commandOdds(s, 'maratha', { type: 'respond-to-charge', unit: 'maratha-1' });
    const movement = odds!.charts.find((c) => c.name === 'Effect on movement')!;
    // On the Defend row: none of its results sends it to the Without Orders Table.
    expect(movement.outcomes.map((o) => o.outcome)).not.toContain(
      MOVEMENT_RESULTS['roll-without-orders'].label,
    );
  });

  it('keeps its order hidden from the charger’s side until it tests', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const d = charged(seed, 'hold');
      if (!d.unit('company-4').charge) continue;
      const before = d.finish();
      const seen = game.viewFor(before, 'company').units['maratha-1']!;
      expect(seen.order).toBeUndefined();
      expect(seen.counter).toEqual({ placed: true, revealed: false });
      const after = new Draft(before, { traces: false });
      chargesAtCard(after, 'company-4');
      expect(game.viewFor(after.finish(), 'company').units['maratha-1']!.order).toBe('hold');
      return;
    }
    throw new Error('no charge launched');
  });
});

describe('units never given an order (Part 4, Units Without Orders)', () => {
  it('keep rolling on the Without Orders Table: No Orders gives no Hold that carries on', () => {
    const practice = practiceScenario({ unitsPerSide: 4, turnLimit: 4 });
    let s = game.setup(practice, 7);
    const events: JcEvent[] = [];
    // Both sides place no counter, keep every order when charged, and do nothing on their cards.
    const idle = (legal: readonly JcCommand[]): JcCommand =>
      legal.find((c) => c.type === 'finish-orders') ??
      legal.find((c) => c.type === 'finish-aiming') ??
      legal.find((c) => c.type === 'respond-to-charge' && c.order === undefined) ??
      legal.find((c) => c.type === 'choose-order' && c.order === 'hold') ??
      legal.find((c) => c.type === 'end-activation') ??
      legal[0]!;
    for (let i = 0; i < 2000 && s.turn <= 3; i++) {
      const step = playStep(game, s, idle);
      if (!step?.applied.ok) break;
      s = step.applied.state;
      events.push(...step.applied.events);
    }
    expect(s.turn).toBeGreaterThan(3);
    const revealed = events.filter((e) => e.type === 'order-revealed');
    expect(revealed.length).toBeGreaterThan(0);
    // No order ever carries on: nobody gave one.
    expect(revealed.filter((e) => e.type === 'order-revealed' && e.source === 'continuing')).toEqual([]);
    // A unit left on No Orders rolls on the Without Orders Table again at its next test.
    const rolls = new Map<string, string[]>();
    for (const e of events)
      if (e.type === 'reaction-tested' && e.test.withoutOrders)
        rolls.set(e.unit, [...(rolls.get(e.unit) ?? []), e.test.withoutOrders]);
    expect([...rolls.values()].some((r) => r.length > 1 && r[0]!.startsWith('no-orders'))).toBe(true);
  });
});

describe('Forward March’s minimum (Part 3, Definitions Of Unit Orders 5)', () => {
  /** company-1 on its card, Forward March, its test letting it move normally; maratha-1 where given. */
  function marching(enemyY: number, order: 'forward-march' | 'deploy-right' = 'forward-march'): JcGameState {
    const s = game.setup(
      placed([
        { id: 'company-1', side: 'company', position: { x: 20, y: 6 }, facing: 90 },
        { id: 'maratha-1', side: 'maratha', position: { x: 20, y: enemyY }, facing: 270 },
      ]),
      1,
    );
    return {
      ...s,
      units: {
        ...s.units,
        'company-1': {
          ...s.units['company-1']!,
          order,
          test: { level: 15, status: 'Steady', movement: 'normal', tested: true },
        },
      },
      node: {
        phase: 'activation',
        activation: {
          kind: 'unit',
          unit: 'company-1',
          side: 'company',
          moved: false,
          fired: false,
          movedFraction: 0,
          mayRally: false,
        },
      },
    };
  }

  it('binds a unit that can move: no end is offered or accepted before it has moved', () => {
    const s = marching(40);
    const legal = game.legalCommands(s, 'company');
    expect(legal.some((c) => c.type === 'end-activation')).toBe(false);
    const moves = legal.filter((c) => c.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(game.apply(s, 'company', m).ok).toBe(true);
    const ended = game.apply(s, 'company', { type: 'end-activation' });
    expect(ended.ok ? '' : ended.rejection.code).toBe('below-minimum');
    // Less than half its move (Steady European line: 6" Normal Move) is refused too.
    const short = game.apply(s, 'company', {
      type: 'move',
      unit: 'company-1',
      manoeuvres: [{ kind: 'advance', inches: 2 }],
    });
    expect(short.ok).toBe(false);
    const half = must(s, 'company', {
      type: 'move',
      unit: 'company-1',
      manoeuvres: [{ kind: 'advance', inches: 3 }],
    });
    if (half.state.node.phase === 'activation')
      expect(game.legalCommands(half.state, 'company')).toContainEqual({ type: 'end-activation' });
  });

  it('offers the advance to its closest approach itself, not short of it', () => {
    // 7.9" from the enemy: Forward March may go 5.9" of its 6" (2" closest approach).
    const s = marching(13.9);
    const ahead = game
      .legalCommands(s, 'company')
      .flatMap((c) => (c.type === 'move' && c.manoeuvres.length === 1 ? c.manoeuvres : []))
      .filter((m) => m.kind === 'advance')
      .map((m) => (m.kind === 'advance' ? m.inches : 0));
    expect(Math.max(...ahead)).toBe(5.9);
    expect(
      game.apply(s, 'company', {
        type: 'move',
        unit: 'company-1',
        manoeuvres: [{ kind: 'advance', inches: 5.9 }],
      }).ok,
    ).toBe(true);
  });

  it('offers Deploy Right’s flank march ending with its free quarter turn, and accepts it', () => {
    const s = marching(40, 'deploy-right');
    const turned = game
      .legalCommands(s, 'company')
      .find((c) => c.type === 'move' && c.manoeuvres.some((m) => m.kind === 'face'));
    expect(turned).toMatchObject({
      manoeuvres: [
        { kind: 'flank-march', side: 'right' },
        { kind: 'face', degrees: -90 },
      ],
    });
    const r = must(s, 'company', turned!);
    expect(r.state.table.units['company-1']!.facing).toBeCloseTo(0, 9);
  });

  it('does not bind a unit at its closest approach (2") to an enemy', () => {
    const s = marching(8.05);
    const gapNow = unitDistance(s.table.units['company-1']!, s.table.units['maratha-1']!);
    expect(gapNow).toBeLessThan(2.1);
    expect(game.legalCommands(s, 'company')).toContainEqual({ type: 'end-activation' });
    expect(game.apply(s, 'company', { type: 'end-activation' }).ok).toBe(true);
  });
});

describe('a light company sent out or called in (Part 4, Sub-Unit Skirmishers)', () => {
  /** `state` at company-2's card, on Forward March with its test passed, nothing done yet. */
  function onCard(state: JcGameState): JcGameState {
    return {
      ...state,
      units: {
        ...state.units,
        'company-2': {
          ...state.units['company-2']!,
          order: 'forward-march',
          test: { level: 15, status: 'Steady', movement: 'normal', tested: true },
        },
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
  const offers = (s: JcGameState, type: JcCommand['type']) =>
    game.legalCommands(s, 'company').some((c) => c.type === type && 'unit' in c && c.unit === 'company-2');
  const deploy: JcCommand = { type: 'deploy-light-company', unit: 'company-2' };
  const rejoin: JcCommand = { type: 'rejoin-light-company', unit: 'company-2' };

  it('is one of the two, once a card: the other is neither offered nor accepted until its next card', () => {
    const start = onCard(
      game.setup(
        placed([
          { id: 'company-2', side: 'company', position: { x: 36, y: 8 }, facing: 90 },
          { id: 'maratha-1', side: 'maratha', position: { x: 36, y: 44 }, facing: 270 },
        ]),
        1,
      ),
    );
    expect(offers(start, 'deploy-light-company')).toBe(true);
    const out = must(start, 'company', deploy).state;
    // Still its card (Forward March owes its minimum), but the company may not be called straight back.
    expect(out.node).toMatchObject({ phase: 'activation', activation: { unit: 'company-2' } });
    expect(offers(out, 'rejoin-light-company')).toBe(false);
    const refused = game.apply(out, 'company', rejoin);
    expect(refused.ok ? '' : refused.rejection.code).toBe('light-company-done');
    // On its next card it may call it in; and then not send it out again on that card.
    const next = onCard(out);
    expect(offers(next, 'rejoin-light-company')).toBe(true);
    const back = must(next, 'company', rejoin).state;
    expect(back.units['company-2']!.lightCompany).toBeUndefined();
    expect(offers(back, 'deploy-light-company')).toBe(false);
    const again = game.apply(back, 'company', deploy);
    expect(again.ok ? '' : again.rejection.code).toBe('light-company-done');
    expect(offers(onCard(back), 'deploy-light-company')).toBe(true);
  });
});

describe('the sequence’s words', () => {
  it('announces Step 3 before the charge counters it shows', () => {
    const s0 = game.setup(
      placed([
        { id: 'company-4', side: 'company', position: { x: 30, y: 10 }, facing: 90 },
        { id: 'maratha-4', side: 'maratha', position: { x: 30, y: 34 }, facing: 270 },
      ]),
      1,
    );
    let s = must(s0, 'company', {
      type: 'place-order',
      unit: 'company-4',
      order: 'charge',
      target: 'maratha-4',
    }).state;
    s = must(s, 'company', { type: 'finish-orders' }).state;
    const events = must(s, 'maratha', { type: 'finish-orders' }).events;
    const step3 = events.findIndex((e) => e.type === 'step-began' && e.step === 3);
    const shown = events.findIndex((e) => e.type === 'order-revealed' && e.unit === 'company-4');
    expect(step3).toBeGreaterThanOrEqual(0);
    expect(shown).toBeGreaterThan(step3);
  });

  it('says a unit whose chain of command has fallen has no General to order it', () => {
    const s = game.setup(scenario, 1);
    const generals = Object.fromEntries(
      Object.entries(s.generals).map(([id, g]) => [
        id,
        g.side === 'company' ? { ...g, casualty: 'killed' as const } : g,
      ]),
    );
    const turn2: JcGameState = { ...s, turn: 2, generals, node: { phase: 'orders', side: 'company' } };
    const r = game.apply(turn2, 'company', { type: 'place-order', unit: 'company-1', order: 'hold' });
    expect(r.ok ? '' : r.rejection.message).toBe('Company unit 1 has no General to give it orders this turn');
  });
});
