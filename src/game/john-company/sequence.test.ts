import { describe, expect, it } from 'vitest';
import type { Scenario, Unit } from '../scenario/schema.ts';
import type { JcCommand } from './commands.ts';
import type { JcEvent } from './events.ts';
import { practiceScenario } from './fixtures.ts';
import { makeJohnCompanyGame } from './game.ts';
import type { JcGameState } from './state.ts';
import { reversible } from './undo.ts';

const game = makeJohnCompanyGame({ traces: true });

type Placed = Pick<Unit, 'id' | 'side' | 'position' | 'facing'> &
  Partial<Unit> & { readonly template?: string };

/** The practice battle's table and generals with only the units given, anywhere on the table. */
function battle(units: readonly Placed[], turnLimit = 6): Scenario {
  const base = practiceScenario({ turnLimit });
  const templates = new Map(base.units.map((u) => [u.id, u]));
  const whole = [
    { x: 0, y: 0 },
    { x: 72, y: 0 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  return {
    ...base,
    terrain: [],
    units: units.map((u) => {
      const t = templates.get(u.template ?? u.id) ?? base.units[0]!;
      const { template: _t, ...rest } = u;
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

function apply(
  state: JcGameState,
  side: string,
  command: JcCommand,
): { state: JcGameState; events: readonly JcEvent[] } {
  const r = game.apply(state, side, command);
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r;
}

/** Plays on, always taking the first listed command that is not `skip`, until `until` holds. */
function playUntil(
  state: JcGameState,
  until: (s: JcGameState, events: readonly JcEvent[]) => boolean,
  prefer: (c: JcCommand) => boolean = (c) => c.type === 'end-activation' || c.type.startsWith('finish'),
  limit = 500,
): { state: JcGameState; events: JcEvent[] } {
  const events: JcEvent[] = [];
  for (let i = 0; i < limit; i++) {
    if (until(state, events)) return { state, events };
    const side = game.decider(state);
    if (side === undefined) break;
    const legal = game.legalCommands(state, side);
    const c = legal.find(prefer) ?? legal[0]!;
    const r = apply(state, side, c);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

const lineUnits: Placed[] = [
  { id: 'company-1', side: 'company', position: { x: 20, y: 10 }, facing: 90 },
  { id: 'company-3', side: 'company', template: 'company-3', position: { x: 40, y: 10 }, facing: 90 },
  { id: 'maratha-1', side: 'maratha', position: { x: 20, y: 38 }, facing: 270 },
  { id: 'maratha-2', side: 'maratha', template: 'maratha-2', position: { x: 40, y: 38 }, facing: 270 },
];

describe('John Company: the sequence of play, step by step', () => {
  it('sets the battle up at turn 1, Step 2, the first side to place counters', () => {
    const s = game.setup(battle(lineUnits), 1);
    expect(s.turn).toBe(1);
    expect(s.node).toEqual({ phase: 'orders', side: 'company' });
    expect(game.decider(s)).toBe('company');
    expect(Object.keys(s.table.units).sort()).toEqual(['company-1', 'company-3', 'maratha-1', 'maratha-2']);
    expect(s.units['company-1']!.profile.resolveLevel).toBeGreaterThan(0);
    expect(s.format).toEqual({ ruleSet: 'john-company', version: 1 });
  });

  it('refuses bad input with stable codes and says what was expected', () => {
    const s = game.setup(battle(lineUnits), 1);
    const refused = (side: string, c: unknown) => {
      const r = game.apply(s, side, c as JcCommand);
      return r.ok ? 'accepted' : r.rejection.code;
    };
    expect(refused('company', { type: 'dance' })).toBe('invalid-command');
    expect(refused('maratha', { type: 'finish-orders' })).toBe('not-your-turn');
    expect(refused('company', { type: 'end-activation' })).toBe('wrong-step');
    expect(refused('company', { type: 'place-order', unit: 'company-3', order: 'form-square' })).toBe(
      'order-not-allowed',
    );
    expect(refused('company', { type: 'place-order', unit: 'maratha-1', order: 'hold' })).toBe(
      'no-such-unit',
    );
    expect(refused('company', { type: 'place-order', unit: 'company-1', order: 'charge' })).toBe(
      'target-needed',
    );
    const r = game.apply(s, 'company', { type: 'move', unit: 'company-1', manoeuvres: [] } as never);
    expect(r.ok ? '' : r.rejection.message).toMatch(/manoeuvres/);
  });

  it('Step 2: counters are face down to the other side and do not change the dice', () => {
    const s0 = game.setup(battle(lineUnits), 1);
    const r = apply(s0, 'company', { type: 'place-order', unit: 'company-1', order: 'forward-march' });
    expect(r.events.map((e) => e.type)).toEqual(['order-placed']);
    expect(r.events[0]!.visibleTo).toEqual(['company']);
    expect(r.events[0]!.irreversible).toBeUndefined();
    expect(r.state.rng).toEqual(s0.rng);
    expect(game.eventFor(r.events[0]!, 'maratha')).toBeUndefined();
    expect(game.viewFor(r.state, 'company').units['company-1']!.counter).toMatchObject({
      order: 'forward-march',
    });
    expect(game.viewFor(r.state, 'maratha').units['company-1']?.counter).toEqual({
      placed: true,
      revealed: false,
    });
    expect(JSON.stringify(game.viewFor(r.state, 'maratha'))).not.toContain('forward-march');
    const removed = apply(r.state, 'company', { type: 'remove-order', unit: 'company-1' });
    expect(removed.state.units['company-1']!.counter).toBeUndefined();
  });

  it('Step 3: charge counters are shown with their targets; defending guns are aimed', () => {
    let s = game.setup(battle(lineUnits), 2);
    s = apply(s, 'company', { type: 'place-order', unit: 'company-3', order: 'hold' }).state;
    s = apply(s, 'company', { type: 'finish-orders' }).state;
    s = apply(s, 'maratha', {
      type: 'place-order',
      unit: 'maratha-1',
      order: 'charge',
      target: 'company-1',
    }).state;
    const r = apply(s, 'maratha', { type: 'finish-orders' });
    const shown = r.events.find((e) => e.type === 'order-revealed');
    expect(shown).toMatchObject({
      unit: 'maratha-1',
      order: 'charge',
      target: 'company-1',
      visibleTo: 'all',
    });
    expect(r.state.node).toEqual({ phase: 'aim', side: 'company' });
    const facing = r.state.table.units['company-3']!.facing;
    const aimed = apply(r.state, 'company', { type: 'aim-guns', unit: 'company-3', degrees: 20 });
    expect(aimed.state.table.units['company-3']!.facing).toBeCloseTo(facing + 20);
    expect(aimed.events.map((e) => e.type)).toContain('guns-aimed');
    // Once every battery is aimed, Step 4 follows at once: the charger tests.
    expect(aimed.events.some((e) => e.type === 'reaction-tested' && e.occasion === 'charging')).toBe(true);
  });

  it('Step 4: a charge is tested and launched, and its target may change its order at -2', () => {
    const units: Placed[] = [
      { id: 'company-4', side: 'company', template: 'company-4', position: { x: 30, y: 20 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 34 }, facing: 270 },
    ];
    let found: JcGameState | undefined;
    for (let seed = 1; seed < 60 && !found; seed++) {
      let s = game.setup(battle(units), seed);
      s = apply(s, 'company', {
        type: 'place-order',
        unit: 'company-4',
        order: 'charge',
        target: 'maratha-1',
      }).state;
      s = apply(s, 'company', { type: 'finish-orders' }).state;
      const r = apply(s, 'maratha', { type: 'finish-orders' });
      if (r.state.node.phase === 'charge-response') {
        expect(r.events.map((e) => e.type)).toContain('charge-launched');
        found = r.state;
      }
    }
    expect(found).toBeDefined();
    const s = found!;
    expect(s.node).toMatchObject({
      phase: 'charge-response',
      side: 'maratha',
      charger: 'company-4',
      target: 'maratha-1',
    });
    expect(s.units['maratha-1']!.chargedBy).toEqual(['company-4']);
    const legal = game.legalCommands(s, 'maratha');
    expect(legal).toContainEqual({ type: 'respond-to-charge', unit: 'maratha-1' });
    // Infantry may not counter-charge cavalry.
    const counter = game.apply(s, 'maratha', {
      type: 'respond-to-charge',
      unit: 'maratha-1',
      order: 'charge',
      target: 'company-4',
    });
    expect(counter.ok ? '' : counter.rejection.code).toBe('may-not-counter-charge');
    const square = apply(s, 'maratha', {
      type: 'respond-to-charge',
      unit: 'maratha-1',
      order: 'form-square',
    });
    expect(square.state.units['maratha-1']!.changedOrder).toBe(true);
    // The new counter is face down: the charger's side sees that it changed, not to what.
    const seen = square.events.filter((e) => game.eventFor(e, 'company'));
    expect(seen.find((e) => e.type === 'charge-response')).toMatchObject({ changed: true });
    expect(seen.some((e) => e.type === 'order-placed')).toBe(false);
    expect(square.events.some((e) => e.type === 'step-began' && e.step === 5)).toBe(true);
    // Step 5: when the charger's or the target's card comes, the Confrontation (or the target's flight).
    const fought = playUntil(square.state, (_s, ev) =>
      ev.some((e) => e.type === 'confrontation-resolved' || e.type === 'charge-ended'),
    );
    fought.events.unshift(...square.events);
    const last = fought.events.find((e) => e.type === 'confrontation-resolved' || e.type === 'charge-ended');
    expect(last).toBeDefined();
    const target = fought.events.find((e) => e.type === 'reaction-tested' && e.unit === 'maratha-1');
    expect(target).toMatchObject({ occasion: 'charge-target' });
    expect(target!.rolls!.length).toBeGreaterThan(0);
    expect(target!.irreversible).toBe(true);
    expect(
      target!.trace!.some((t) => t.label.includes('changing orders') || t.label.includes('Target changing')),
    ).toBe(true);
  });

  it('Step 4: a supporting cavalry unit may counter-charge the charger of the unit it supports, at -2', () => {
    const units: Placed[] = [
      { id: 'company-4', side: 'company', template: 'company-4', position: { x: 30, y: 20 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 34 }, facing: 270 },
      { id: 'maratha-5', side: 'maratha', template: 'maratha-5', position: { x: 36, y: 40 }, facing: 270 },
    ];
    let checked = false;
    for (let seed = 1; seed < 60 && !checked; seed++) {
      let s = game.setup(battle(units), seed);
      s = apply(s, 'company', {
        type: 'place-order',
        unit: 'company-4',
        order: 'charge',
        target: 'maratha-1',
      }).state;
      s = apply(s, 'company', { type: 'finish-orders' }).state;
      s = apply(s, 'maratha', {
        type: 'place-order',
        unit: 'maratha-5',
        order: 'support',
        target: 'maratha-1',
      }).state;
      const r = apply(s, 'maratha', { type: 'finish-orders' });
      if (r.state.node.phase !== 'charge-response') continue;
      const offer = game
        .legalCommands(r.state, 'maratha')
        .find((c) => c.type === 'respond-to-charge' && c.supports);
      expect(offer).toEqual({ type: 'respond-to-charge', unit: 'maratha-1', supports: ['maratha-5'] });
      const out = apply(r.state, 'maratha', offer!);
      const test = out.events.find((e) => e.type === 'reaction-tested' && e.unit === 'maratha-5');
      expect(test).toMatchObject({ occasion: 'charging' });
      expect(test!.trace!.some((t) => t.label === 'Supporting cavalry counter-charging')).toBe(true);
      expect(out.state.units['maratha-5']!.order).toBe('charge');
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('Step 5: a supporting unit moves with the unit it supports', () => {
    const units: Placed[] = [
      { id: 'company-1', side: 'company', position: { x: 30, y: 12 }, facing: 90 },
      { id: 'company-2', side: 'company', template: 'company-2', position: { x: 30, y: 6 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 44 }, facing: 270 },
    ];
    let checked = false;
    for (let seed = 1; seed < 40 && !checked; seed++) {
      let s = game.setup(battle(units), seed);
      s = apply(s, 'company', { type: 'place-order', unit: 'company-1', order: 'forward-march' }).state;
      s = apply(s, 'company', {
        type: 'place-order',
        unit: 'company-2',
        order: 'support',
        target: 'company-1',
      }).state;
      s = apply(s, 'company', { type: 'finish-orders' }).state;
      s = apply(s, 'maratha', { type: 'finish-orders' }).state;
      const at = playUntil(
        s,
        (st) =>
          st.node.phase === 'activation' &&
          st.node.activation.kind === 'unit' &&
          st.node.activation.side === 'company',
        () => false,
      ).state;
      if (
        at.node.phase !== 'activation' ||
        at.node.activation.kind !== 'unit' ||
        at.node.activation.unit !== 'company-1'
      )
        continue;
      const move = game.legalCommands(at, 'company').find((c) => c.type === 'move');
      if (!move) continue;
      const y0 = at.table.units['company-2']!.stands[0]!.y;
      const r = apply(at, 'company', move);
      expect(
        r.events.some((e) => e.type === 'unit-moved' && e.unit === 'company-2' && e.reason === 'support'),
      ).toBe(true);
      expect(r.state.table.units['company-2']!.stands[0]!.y).toBeGreaterThan(y0);
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('Step 5: cards are drawn one by one; a unit tests, moves and fires on its card', () => {
    const units: Placed[] = [
      { id: 'company-1', side: 'company', position: { x: 30, y: 20 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 30, y: 29 }, facing: 270 },
    ];
    let s = game.setup(battle(units), 3);
    s = apply(s, 'company', { type: 'place-order', unit: 'company-1', order: 'advance-and-fire' }).state;
    s = apply(s, 'company', { type: 'finish-orders' }).state;
    s = apply(s, 'maratha', { type: 'place-order', unit: 'maratha-1', order: 'hold' }).state;
    const r = apply(s, 'maratha', { type: 'finish-orders' });
    expect(r.events.filter((e) => e.type === 'card-drawn').length).toBeGreaterThan(0);
    const atCompany = playUntil(
      r.state,
      (st) =>
        st.node.phase === 'activation' &&
        st.node.activation.kind === 'unit' &&
        st.node.activation.unit === 'company-1',
      (c) => c.type === 'end-activation' && false,
    );
    const st = atCompany.state;
    expect(st.node).toMatchObject({ phase: 'activation', activation: { unit: 'company-1' } });
    expect(st.units['company-1']!.test).toBeDefined();
    const legal = game.legalCommands(st, 'company');
    const fire = legal.find((c) => c.type === 'fire');
    const move = legal.find((c) => c.type === 'move');
    expect(fire ?? move).toBeDefined();
    if (fire) {
      const fired = apply(st, 'company', fire);
      const shot = fired.events.find((e) => e.type === 'unit-fired');
      expect(shot).toMatchObject({
        unit: 'company-1',
        target: 'maratha-1',
        kind: 'small-arms',
        irreversible: true,
      });
      expect(shot!.rolls!.map((x) => x.key)).toEqual(['randomFactor', 'eventDie']);
      expect(fired.state.units['maratha-1']!.smallArmsFireSinceCheck).toBe(true);
    }
  });

  it('turn 2: each General draws an Orders card, and counters beyond his orders are refused', () => {
    let s = game.setup(battle(lineUnits), 4);
    ({ state: s } = playUntil(s, (st) => st.turn === 2));
    expect(s.node).toEqual({ phase: 'orders', side: 'company' });
    const left = s.generals['company-left']!;
    expect(left.orders).toBeDefined();
    let placed = 0;
    let refusal: string | undefined;
    for (const unit of ['company-1', 'company-3']) {
      const r = game.apply(s, 'company', { type: 'place-order', unit, order: 'hold' });
      if (r.ok) {
        s = r.state;
        placed++;
      } else refusal = r.rejection.code;
    }
    expect(placed).toBe(Math.min(2, left.orders!));
    if (left.orders! < 2) expect(refusal).toBe('no-orders-left');
  });

  it('ends at the turn limit with the scenario\u2019s verdict, and then nobody decides', () => {
    const s = game.setup(battle(lineUnits, 1), 5);
    const done = playUntil(s, (st) => st.result !== undefined);
    expect(done.state.result).toEqual({ winner: 'maratha', reason: 'turn limit (1) reached' });
    expect(game.decider(done.state)).toBeUndefined();
    expect(game.legalCommands(done.state, 'company')).toEqual([]);
    expect(done.events.at(-1)).toMatchObject({ type: 'game-over', visibleTo: 'all' });
    const after = game.apply(done.state, 'company', { type: 'finish-orders' });
    expect(after.ok ? '' : after.rejection.code).toBe('game-over');
  });

  it('hides units screened by skirmishers from the enemy and the spectator', () => {
    const units: Placed[] = [
      { id: 'company-5', side: 'company', template: 'company-5', position: { x: 36, y: 22 }, facing: 90 },
      { id: 'company-1', side: 'company', position: { x: 36, y: 14 }, facing: 90 },
      { id: 'maratha-1', side: 'maratha', position: { x: 36, y: 40 }, facing: 270 },
    ];
    const s = game.setup(battle(units), 6);
    expect(Object.keys(game.viewFor(s, 'company').units)).toContain('company-1');
    expect(Object.keys(game.viewFor(s, 'maratha').units)).not.toContain('company-1');
    expect(Object.keys(game.viewFor(s, 'maratha').table.units)).not.toContain('company-1');
    expect(Object.keys(game.viewFor(s, 'spectator').units)).not.toContain('company-1');
    expect(Object.keys(game.viewFor(s, 'maratha').units)).toContain('company-5');
  });

  it('lets a command be taken back only when it gave nothing away', () => {
    let s = game.setup(battle(lineUnits), 8);
    const given: boolean[] = [];
    const play = (side: string, command: JcCommand) => {
      const applied = apply(s, side, command);
      given.push(reversible(s, applied.state, applied.events));
      s = applied.state;
    };
    play('company', { type: 'place-order', unit: 'company-1', order: 'hold' });
    play('company', { type: 'finish-orders' });
    play('maratha', { type: 'place-order', unit: 'maratha-1', order: 'hold' });
    // The last finish draws the cards and throws the first Reaction Tests' dice.
    play('maratha', { type: 'finish-orders' });
    expect(given).toEqual([true, true, true, false]);
  });
});
