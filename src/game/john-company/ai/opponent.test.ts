import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Prng, seedRng } from '../../../core/random/prng.ts';
import type { JcCommand } from '../commands.ts';
import { makeJohnCompanyGame } from '../game.ts';
import type { JcGameState } from '../state.ts';
import { chargeOdds, fireWorth } from './odds.ts';
import { decide } from './opponent.ts';
import { computerPlayer, playBattle } from './players.ts';
import { situationOf } from './situation.ts';

const game = makeJohnCompanyGame({ traces: false });
const SCENARIOS = join(import.meta.dirname, '../../../../scenarios');

function scenario(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SCENARIOS, `${id}.json`), 'utf8')) as Record<string, unknown>;
}

/** Every state of a computer-v-computer battle at which a side decides, with its legal commands. */
function decisions(s: unknown, seed: number, maxCommands: number): { state: JcGameState; side: string }[] {
  const out: { state: JcGameState; side: string }[] = [];
  let state = game.setup(s, seed);
  const sides = Object.fromEntries(
    (s as { sides: { id: string }[] }).sides.map((x, i) => [x.id, computerPlayer(seed + i)]),
  );
  playBattle(game, s, seed, sides, {
    maxCommands,
    onStep: ({ side }, next) => {
      out.push({ state, side });
      state = next;
    },
  });
  return out;
}

const ASSAYE = decisions(scenario('assaye-1803'), 3, 400);

/** The state with everything the side may not see changed: enemy counters, orders drawn, decks, PRNG. */
function blind(state: JcGameState, side: string): JcGameState {
  const units = { ...state.units };
  for (const u of Object.values(units))
    if (u.side !== side && u.counter && !u.counter.revealed)
      units[u.id] = {
        ...u,
        counter: { ...u.counter, order: u.counter.order === 'hold' ? 'charge' : 'hold' },
      };
  const generals = { ...state.generals };
  for (const g of Object.values(generals))
    if (g.side !== side) generals[g.id] = { ...g, orders: 9, ordersUsed: 0 };
  return {
    ...state,
    units,
    generals,
    rng: { algorithm: 'xoshiro128**', words: [5, 6, 7, 8] },
    movementDeck: { ...state.movementDeck, drawPile: [...state.movementDeck.drawPile].reverse() },
    ordersDeck: { ...state.ordersDeck, drawPile: [...state.ordersDeck.drawPile].reverse() },
  };
}

describe('the computer opponent', () => {
  it('always chooses one of the legal commands, the same one for the same view', () => {
    expect(ASSAYE.length).toBeGreaterThan(100);
    for (const { state, side } of ASSAYE) {
      const legal = game.legalCommands(state, side);
      const view = game.viewFor(state, side);
      const chosen = decide(view, legal);
      expect(legal).toContainEqual(chosen);
      expect(decide(game.viewFor(state, side), legal)).toEqual(chosen);
    }
  });

  it('breaks ties with the PRNG it is given, reproducibly', () => {
    const pick = (seed: number) => {
      const rng = new Prng(seedRng(seed));
      return ASSAYE.map(({ state, side }) =>
        decide(game.viewFor(state, side), game.legalCommands(state, side), rng),
      );
    };
    expect(pick(9)).toEqual(pick(9));
  });

  it('decides from its view only: what the view hides does not change its choice', () => {
    for (const { state, side } of ASSAYE.filter((_, i) => i % 4 === 0)) {
      const legal = game.legalCommands(state, side);
      expect(decide(game.viewFor(blind(state, side), side), legal)).toEqual(
        decide(game.viewFor(state, side), legal),
      );
    }
  });

  it('fires whenever it may (and has nobody to rally and no Disorder to reform)', () => {
    let fired = 0;
    for (const { state, side } of ASSAYE) {
      const legal = game.legalCommands(state, side);
      if (
        !legal.some((c) => c.type === 'fire') ||
        legal.some((c) => c.type === 'rally' || c.type === 'reform')
      )
        continue;
      expect(decide(game.viewFor(state, side), legal).type).toBe('fire');
      fired++;
    }
    expect(fired).toBeGreaterThan(0);
  });

  it('reforms a Disordered unit before it fires or moves', () => {
    let reformed = 0;
    for (const { state, side } of ASSAYE) {
      const legal = game.legalCommands(state, side);
      if (!legal.some((c) => c.type === 'reform') || legal.some((c) => c.type === 'rally')) continue;
      expect(decide(game.viewFor(state, side), legal).type).toBe('reform');
      reformed++;
    }
    expect(reformed).toBeGreaterThan(0);
  });

  it('values fire at a unit by the Reaction Test it forces as well as the stands it takes', () => {
    // With stands worth nothing, what is left is how much worse the target's next test gets.
    let forced = 0;
    for (const { state, side } of ASSAYE) {
      const fire = game.legalCommands(state, side).find((c) => c.type === 'fire');
      if (fire?.type !== 'fire') continue;
      const sit = situationOf(game.viewFor(state, side), side);
      const morale = fireWorth(sit, fire.unit, fire.target, 0);
      expect(morale).toBeGreaterThanOrEqual(0);
      expect(fireWorth(sit, fire.unit, fire.target)).toBeGreaterThanOrEqual(morale);
      if (morale > 0) forced++;
    }
    expect(forced).toBeGreaterThan(0);
  });

  it('leaves a unit outside its General’s Command Radius on its continuing order', () => {
    for (const { state, side } of ASSAYE) {
      if (state.node.phase !== 'orders') continue;
      const chosen = decide(game.viewFor(state, side), game.legalCommands(state, side));
      if (chosen.type !== 'place-order' || chosen.order === 'charge' || chosen.order === 'form-square')
        continue;
      const sit = situationOf(game.viewFor(state, side), side);
      const u = state.units[chosen.unit]!;
      if (u.continuing === undefined || u.arm === 'artillery') continue;
      expect(sit.facts().command(chosen.unit)?.inCommand, chosen.unit).not.toBe(false);
    }
  });
});

/**
 * The training scenario with the Maratha horse brought up to `y` (the Company's line is at y = 12), and
 * the counters the computer places for the Company on turn 1.
 */
function horseAt(y: number): { state: JcGameState; counters: JcCommand[] } {
  const s = scenario('training-village-ford') as {
    deployment: { outline: { x: number; y: number }[] }[];
    units: { id: string; position: { x: number; y: number } }[];
  };
  s.deployment[1]!.outline = [
    { x: 0, y: 16 },
    { x: 72, y: 16 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  s.units.find((u) => u.id === 'maratha-horse')!.position = { x: 26, y };
  const state = game.setup(s, 1);
  const counters: JcCommand[] = [];
  let st = state;
  for (let i = 0; i < 20 && st.node.phase === 'orders' && st.node.side === 'company'; i++) {
    const c = decide(game.viewFor(st, 'company'), game.legalCommands(st, 'company'));
    counters.push(c);
    const applied = game.apply(st, 'company', c);
    if (!applied.ok) throw new Error(applied.rejection.message);
    st = applied.state;
  }
  return { state, counters };
}

describe('the computer opponent against cavalry', () => {
  // 8.5" from the European regiment, whose charge reaches 10".
  const { state, counters } = horseAt(18);

  it('forms square with a regular battalion the horse can reach', () => {
    expect(counters).toContainEqual({
      type: 'place-order',
      unit: '2nd-native-infantry',
      order: 'form-square',
    });
  });

  it('charges when the exact odds of the charge test and the Confrontation are good', () => {
    const odds = chargeOdds(
      situationOf(game.viewFor(state, 'company'), 'company'),
      'european-regiment',
      'maratha-horse',
    );
    expect(odds.goesIn).toBeGreaterThan(0.9);
    expect(odds.win).toBeGreaterThan(0.6);
    expect(odds.win + odds.lose).toBeLessThanOrEqual(1 + 1e-9);
    expect(counters).toContainEqual({
      type: 'place-order',
      unit: 'european-regiment',
      order: 'charge',
      target: 'maratha-horse',
    });
  });

  it('does not charge a target beyond its reach (the charge would end Disordered, short of it)', () => {
    // 11.6" away: legalCommands offers the charge (within reach + 6"), the regiment holds instead.
    const { state: farState, counters: far } = horseAt(22);
    expect(game.legalCommands(farState, 'company')).toContainEqual({
      type: 'place-order',
      unit: 'european-regiment',
      order: 'charge',
      target: 'maratha-horse',
    });
    expect(far).not.toContainEqual(expect.objectContaining({ unit: 'european-regiment', order: 'charge' }));
    expect(far).toContainEqual({ type: 'place-order', unit: '2nd-native-infantry', order: 'form-square' });
  });
});
