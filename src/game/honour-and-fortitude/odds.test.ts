import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../core/random/prng.ts';
import { MORALE_RESULT_WORDS, type MoraleResult } from '../../rulesets/honour-and-fortitude/tables/morale.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { randomPlayer } from '../engine/battle.ts';
import { carriesOn } from './combat.ts';
import type { HfCommand } from './commands.ts';
import type { HfEvent } from './events.ts';
import { honourAndFortitudePlayable } from './index.ts';
import { commandOdds } from './odds.ts';
import type { HfGameState } from './state.ts';

const game = honourAndFortitudePlayable.game;
const RUNS = 3000;
const TOLERANCE = 0.03;

const scenario = (id: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../scenarios', `${id}.json`), 'utf8'));

/** Plays seeded random commands from the set's setup until `until` holds for the state and its decider. */
function playUntil(
  id: string,
  seed: number,
  until: (state: HfGameState, side: string) => boolean,
): { state: HfGameState; side: string } {
  let state = game.setup(scenario(id), seed);
  const pick = randomPlayer<unknown, HfCommand>(seed);
  for (let i = 0; i < 5000; i++) {
    const side = game.decider(state);
    if (side === undefined) break;
    if (until(state, side)) return { state, side };
    const applied = game.apply(state, side, pick(null, game.legalCommands(state, side)));
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  throw new Error(`${id} seed ${seed}: no such state`);
}

const legalOf = (state: HfGameState, side: string, type: HfCommand['type']) =>
  game.legalCommands(state, side).filter((c) => c.type === type);

/** `count` previews, each exact (not estimated: the tests below check exact odds against the engine). */
const exactly = (odds: readonly CommandOdds[], count: number) =>
  odds.length === count && odds.every((o) => o.estimatedFrom === undefined);

/** How often each outcome came up when `command` was applied from `state` under RUNS different dice. */
function empirical(
  state: HfGameState,
  side: string,
  command: HfCommand,
  outcomeOf: (events: readonly HfEvent[]) => string | number,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (let seed = 0; seed < RUNS; seed++) {
    const applied = game.apply({ ...state, rng: seedRng(seed) }, side, command);
    if (!applied.ok) throw new Error(applied.rejection.message);
    const key = String(outcomeOf(applied.events));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].map(([k, n]) => [k, n / RUNS]));
}

/** Each chart is a distribution, and the named chart's probabilities match the engine's frequencies. */
function expectAgreement(preview: CommandOdds, chart: string, frequencies: Map<string, number>): void {
  for (const c of preview.charts) expect(c.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 9);
  const outcomes = preview.charts.find((c) => c.name === chart)!.outcomes;
  const keys = new Set([...outcomes.map((o) => String(o.outcome)), ...frequencies.keys()]);
  for (const key of keys) {
    const exact = outcomes.find((o) => String(o.outcome) === key)?.probability ?? 0;
    expect(Math.abs((frequencies.get(key) ?? 0) - exact), `${chart} ${key}`).toBeLessThanOrEqual(TOLERANCE);
  }
}

const firedBy = (unit: string, defensive: boolean) => (events: readonly HfEvent[]) => {
  const fired = events.find((e) => e.type === 'fired' && e.unit === unit && e.defensive === defensive);
  if (fired?.type !== 'fired') throw new Error(`${unit} did not fire`);
  return fired.casualties;
};

const initiatedBy = (unit: string) => (events: readonly HfEvent[]) => {
  const rolled = events.find((e) => e.type === 'initiation' && e.unit === unit);
  if (rolled?.type !== 'initiation') throw new Error(`${unit} threw no Initiation Roll`);
  return rolled.initiated ? 'initiated' : 'carries on';
};

describe('Honour & Fortitude odds preview', () => {
  it("a fire command's Fire odds are what the engine rolls", () => {
    const { state, side } = playUntil('training-village-ford', 1, (s, d) => legalOf(s, d, 'fire').length > 0);
    const command = legalOf(state, side, 'fire')[0]!;
    if (command.type !== 'fire') throw new Error('not a fire command');
    const odds = commandOdds(state, side, command);
    expect(odds.map((o) => o.procedure)).toEqual(['hf-fire']);
    expect(odds[0]!.title).toBe(
      `${state.units[command.unit]!.name} fires at ${state.units[command.target]!.name}`,
    );
    expect(odds[0]!.charts.find((c) => c.name === 'Casualties')!.outcomes.length).toBeGreaterThan(1);
    expectAgreement(odds[0]!, 'Casualties', empirical(state, side, command, firedBy(command.unit, false)));
  });

  it("an attack's Initiation Roll odds are what the engine rolls", () => {
    const { state, side } = playUntil(
      'training-village-ford',
      2,
      (s, d) => legalOf(s, d, 'attack').length > 0,
    );
    const command = legalOf(state, side, 'attack')[0]!;
    if (command.type !== 'attack') throw new Error('not an attack');
    const odds = commandOdds(state, side, command);
    expect(odds[0]!.procedure).toBe('hf-initiation');
    expect(odds[0]!.title).toContain(state.units[command.target]!.name);
    expectAgreement(odds[0]!, 'Initiated', empirical(state, side, command, initiatedBy(command.unit)));
  });

  it('a move throws an Initiation Roll only when the unit takes up new orders', () => {
    const needsRoll = (s: HfGameState, d: string) =>
      legalOf(s, d, 'move').some((c) => c.type === 'move' && s.units[c.unit]!.orders === 'hold');
    const { state, side } = playUntil('training-village-ford', 3, needsRoll);
    const command = legalOf(state, side, 'move').find(
      (c) => c.type === 'move' && state.units[c.unit]!.orders === 'hold',
    )!;
    if (command.type !== 'move') throw new Error('not a move');
    const odds = commandOdds(state, side, command);
    expect(odds.map((o) => o.procedure)).toEqual(['hf-initiation']);
    expectAgreement(odds[0]!, 'Initiated', empirical(state, side, command, initiatedBy(command.unit)));

    const freeMove = (s: HfGameState, d: string) =>
      legalOf(s, d, 'move').some(
        (c) =>
          c.type === 'move' &&
          s.units[c.unit]!.orders === 'advance' &&
          s.units[c.unit]!.formation === c.formation,
      );
    const later = playUntil('training-village-ford', 3, freeMove);
    const free = legalOf(later.state, later.side, 'move').find(
      (c) =>
        c.type === 'move' &&
        later.state.units[c.unit]!.orders === 'advance' &&
        later.state.units[c.unit]!.formation === c.formation,
    )!;
    expect(commandOdds(later.state, later.side, free)).toEqual([]);
    const applied = game.apply(later.state, later.side, free);
    expect(applied.ok && applied.events.every((e) => e.dice === undefined)).toBe(true);
  });

  it("a defender's response previews its Drill roll or its defensive fire", () => {
    const { state, side } = playUntil('training-village-ford', 2, (s) => s.phase.kind === 'response');
    if (state.phase.kind !== 'response') throw new Error('not a response');
    const { attacker, defender } = state.phase;
    const choices = legalOf(state, side, 'respond').map((c) => (c.type === 'respond' ? c.choice : ''));
    expect(choices).toEqual(expect.arrayContaining(['fire', 'change-face']));
    const fire: HfCommand = { type: 'respond', choice: 'fire' };
    const fireOdds = commandOdds(state, side, fire);
    expect(fireOdds[0]!.procedure).toBe('hf-fire');
    expect(fireOdds[0]!.title).toContain(state.units[attacker]!.name);
    expectAgreement(fireOdds[0]!, 'Casualties', empirical(state, side, fire, firedBy(defender, true)));

    const changeFace: HfCommand = { type: 'respond', choice: 'change-face' };
    const changeFaceOdds = commandOdds(state, side, changeFace);
    expect(changeFaceOdds.map((o) => o.procedure)).toEqual(['hf-change-face']);
    const changed = (events: readonly HfEvent[]) => {
      const responded = events.find((e) => e.type === 'responded');
      return responded?.type === 'responded' && responded.changedFace ? 'changed' : 'not changed';
    };
    expectAgreement(changeFaceOdds[0]!, 'Changed face', empirical(state, side, changeFace, changed));
    expect(commandOdds(state, side, { type: 'respond', choice: 'retire' })).toEqual([]);
  });

  it('an attack previews, after its Initiation Roll, what the attack comes to: each chart a distribution', () => {
    // The first attack whose paths are few enough to preview what follows (attack-odds.ts bounds them).
    const previewed = (s: HfGameState, d: string) => {
      const attack = legalOf(s, d, 'attack')[0];
      return attack !== undefined && exactly(commandOdds(s, d, attack), 2);
    };
    const { state, side } = playUntil('training-village-ford', 1, previewed);
    const command = legalOf(state, side, 'attack')[0]!;
    if (command.type !== 'attack') throw new Error('not an attack');
    const odds = commandOdds(state, side, command);
    expect(odds.map((o) => o.procedure)).toEqual(['hf-initiation', 'hf-melee-round']);
    expect(odds[1]!.title).toMatch(/^What .+'s attack on .+ comes to, if it goes in as things stand now$/);
    expect(odds[1]!.charts.map((c) => c.name)).toEqual(['The attack', 'Routed or destroyed']);
    for (const c of odds[1]!.charts)
      expect(c.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1, 9);
    const stays = odds[0]!.charts
      .find((c) => c.name === 'Initiated')!
      .outcomes.find((o) => o.outcome === 'carries on');
    const notOut = odds[1]!.charts[0]!.outcomes.find((o) => String(o.outcome).endsWith('does not set out'));
    expect(notOut?.probability).toBeCloseTo(stays?.probability ?? 0, 9);
  }, 60_000);

  it('a defender that stands previews the melee and the morale tests that follow, as the engine fights them', () => {
    const stand: HfCommand = { type: 'respond', choice: 'stand' };
    const { state, side } = playUntil(
      'training-village-ford',
      2,
      (s, d) => s.phase.kind === 'response' && exactly(commandOdds(s, d, stand), 1),
    );
    if (state.phase.kind !== 'response') throw new Error('not a response');
    const { attacker, defender } = state.phase;
    const odds = commandOdds(state, side, stand);
    expect(odds.map((o) => o.procedure)).toEqual(['hf-melee-round']);
    const names = (id: string) => state.units[id]!.name;
    expect(odds[0]!.title).toBe(
      `What ${names(attacker)}'s attack comes to as ${names(defender)} stands to receive it`,
    );
    expectAgreement(
      odds[0]!,
      'The attack',
      empirical(state, side, stand, (events) => {
        const round = events.find(
          (e) => e.type === 'melee-round' && e.attacker === attacker && e.defender === defender,
        );
        if (round?.type !== 'melee-round') return 'no melee';
        if (round.loser === 'none') return 'the melee is drawn: it goes on next turn';
        return `${names(round.loser === 'attacker' ? defender : attacker)} wins the melee`;
      }),
    );
  }, 120_000);

  it('a defender that fires previews the melee after its fire, as the engine fights them', () => {
    const fire: HfCommand = { type: 'respond', choice: 'fire' };
    // The first defensive fire whose paths are few enough to preview what follows (attack-odds.ts bounds them).
    const { state, side } = playUntil(
      'assaye-1803',
      2,
      (s, d) => s.phase.kind === 'response' && exactly(commandOdds(s, d, fire), 2),
    );
    if (state.phase.kind !== 'response') throw new Error('not a response');
    const { attacker, defender } = state.phase;
    const odds = commandOdds(state, side, fire);
    expect(odds.map((o) => o.procedure)).toEqual(['hf-fire', 'hf-melee-round']);
    const names = (id: string) => state.units[id]!.name;
    expect(odds[1]!.title).toBe(`What ${names(attacker)}'s attack comes to after ${names(defender)}'s fire`);
    expectAgreement(
      odds[1]!,
      'The attack',
      empirical(state, side, fire, (events) => {
        const round = events.find(
          (e) => e.type === 'melee-round' && e.attacker === attacker && e.defender === defender,
        );
        if (round?.type === 'melee-round')
          return round.loser === 'none'
            ? 'the melee is drawn: it goes on next turn'
            : `${names(round.loser === 'attacker' ? defender : attacker)} wins the melee`;
        const shaken = events.find(
          (e) => e.type === 'morale-tested' && e.unit === attacker && !carriesOn(e.result as MoraleResult),
        );
        return shaken?.type === 'morale-tested'
          ? `no melee: ${names(attacker)} tests morale: ${MORALE_RESULT_WORDS[shaken.result as MoraleResult]}`
          : 'no melee';
      }),
    );
  }, 120_000);

  it('is empty for commands that throw nothing at once or that the engine would refuse', () => {
    const { state, side } = playUntil('training-village-ford', 1, (s, d) => legalOf(s, d, 'fire').length > 0);
    const fire = legalOf(state, side, 'fire')[0]!;
    if (fire.type !== 'fire') throw new Error('not a fire command');
    const other = state.scenario.sides.map((s) => s.id).find((s) => s !== side)!;
    expect(commandOdds(state, side, { type: 'end-firing' })).toEqual([]);
    expect(commandOdds(state, other, fire)).toEqual([]);
    expect(commandOdds(state, side, { ...fire, unit: 'no-such-unit' })).toEqual([]);
    expect(commandOdds(state, side, { ...fire, target: 'no-such-unit' })).toEqual([]);
    expect(commandOdds(state, side, { type: 'attack', unit: fire.unit, target: fire.target })).toEqual([]);
    expect(commandOdds(state, side, { type: 'end-movement' })).toEqual([]);
    expect(commandOdds({ ...state, phase: { kind: 'over' } }, side, fire)).toEqual([]);
    expect(commandOdds(state, side, { type: 'fire', unit: 7 } as unknown as HfCommand)).toEqual([]);
    const moving = playUntil('training-village-ford', 1, (s) => s.phase.kind === 'movement');
    expect(commandOdds(moving.state, moving.side, { type: 'end-movement' })).toEqual([]);
  });
});
