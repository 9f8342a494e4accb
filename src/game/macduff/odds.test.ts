import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../core/random/prng.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { computerPlayer } from './ai.ts';
import type { MdCommand } from './commands.ts';
import type { MdEvent } from './events.ts';
import { makeMacduffGame } from './game.ts';
import { macduffPlayable } from './index.ts';
import { commandOdds } from './odds.ts';
import type { MdGameState } from './state.ts';

const game = makeMacduffGame({ traces: false });
const scenario = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));

/** Runs per agreement test, and how far an outcome's frequency may stray from its exact probability. */
const RUNS = 3000;
const TOLERANCE = 0.03;

interface Found {
  readonly state: MdGameState;
  readonly side: string;
  readonly command: MdCommand;
  readonly odds: readonly CommandOdds[];
}

/** A preview worth checking: some chart has more than one outcome. */
const uncertain = (odds: readonly CommandOdds[]) =>
  odds.some((o) => o.charts.some((c) => c.outcomes.length > 1));

/**
 * Plays a shipped scenario with the computer on both sides (seeded) until a legal command's preview
 * resolves `procedure` with more than one possible outcome, and returns that position and command.
 */
function findCommand(
  scenarioId: string,
  type: MdCommand['type'],
  procedure: string,
  wanted: (odds: readonly CommandOdds[]) => boolean = uncertain,
): Found {
  let state = game.setup(scenario(scenarioId), 1);
  const players = Object.fromEntries(state.scenario.sides.map((s, i) => [s, computerPlayer(i + 7)]));
  for (let step = 0; step < 1000 && state.node.phase !== 'over'; step++) {
    const side = game.decider(state)!;
    const legal = game.legalCommands(state, side);
    for (const command of legal.filter((c) => c.type === type)) {
      const odds = commandOdds(state, side, command);
      if (odds[0]?.procedure === procedure && wanted(odds)) return { state, side, command, odds };
    }
    const r = game.apply(state, side, players[side]!(game.viewFor(state, side), legal));
    if (!r.ok) throw new Error(r.rejection.message);
    state = r.state;
  }
  throw new Error(`no ${type} resolving ${procedure} in ${scenarioId}`);
}

/** The same command from the same position under `RUNS` different dice: the values `outcome` reads off its events. */
function engineOutcomes(
  found: Found,
  outcome: (events: readonly MdEvent[]) => string | number,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (let seed = 0; seed < RUNS; seed++) {
    const r = game.apply({ ...found.state, rng: seedRng(seed) }, found.side, found.command);
    if (!r.ok) throw new Error(r.rejection.message);
    const key = String(outcome(r.events));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function expectChartsSumToOne(odds: readonly CommandOdds[]): void {
  for (const o of odds)
    for (const chart of o.charts)
      expect(chart.outcomes.reduce((t, x) => t + x.probability, 0)).toBeCloseTo(1, 9);
}

/** Every outcome the engine threw is on the chart, and each frequency is within the tolerance of its odds. */
function expectAgreement(
  found: Found,
  chartName: string,
  outcome: (events: readonly MdEvent[]) => string | number,
) {
  const chart = found.odds[0]!.charts.find((c) => c.name === chartName)!;
  expect(chart).toBeDefined();
  const counts = engineOutcomes(found, outcome);
  const charted = new Set(chart.outcomes.map((o) => String(o.outcome)));
  for (const key of counts.keys()) expect(charted, `${key} is not on the chart`).toContain(key);
  for (const o of chart.outcomes)
    expect(Math.abs((counts.get(String(o.outcome)) ?? 0) / RUNS - o.probability)).toBeLessThanOrEqual(
      TOLERANCE,
    );
}

function eventData(events: readonly MdEvent[], type: string, field: string): string | number {
  const e = events.find((x) => x.type === type && x.data?.[field] !== undefined);
  if (!e) throw new Error(`no ${type} event with ${field}`);
  return e.data![field] as string | number;
}

describe('MacDuff command odds agree with the engine', () => {
  it('small-arms fire: the hits', () => {
    const found = findCommand('meeanee-1843', 'fire', 'macduff-small-arms');
    expect(found.odds).toHaveLength(1);
    expect(found.odds[0]!.title).toMatch(/^.+ fires at .+ \(\w[\w-]*\)$/);
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Hits', (events) => eventData(events, 'fired', 'hits'));
  });

  it('shot and shell: the hits', () => {
    const found = findCommand('assaye-1803', 'fire', 'macduff-shot-and-shell');
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Hits', (events) => eventData(events, 'fired', 'hits'));
  });

  it('a move: the inches rolled', () => {
    const found = findCommand('training-village-ford', 'move', 'macduff-movement');
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Inches', (events) => eventData(events, 'moved', 'allowance'));
  });

  it('a rally: the casualties recovered', () => {
    const found = findCommand('meeanee-1843', 'rally', 'macduff-casualty-recovery');
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Recovered', (events) => eventData(events, 'rallied', 'recovered'));
  });

  it("activating a unit out of control: the control check's outcome", () => {
    const found = findCommand('training-village-ford', 'activate', 'macduff-control-check');
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Outcome', (events) => eventData(events, 'control-checked', 'outcome'));
  });

  it("activating a unit whose leader is untried: the leader's personality", () => {
    const found = findCommand('assaye-1803', 'activate', 'macduff-personality');
    expectChartsSumToOne(found.odds);
    expectAgreement(found, 'Personality', (events) => eventData(events, 'control-checked', 'personality'));
  });

  it('activating a unit that must rally: the casualties recovered', () => {
    const found = findCommand('training-village-ford', 'activate', 'macduff-casualty-recovery');
    expectAgreement(found, 'Recovered', (events) => eventData(events, 'rallied', 'recovered'));
  });

  it('a charge the target may not answer, and a reaction: the charge move', () => {
    for (const type of ['charge', 'react'] as const) {
      const found = findCommand('assaye-1803', type, 'macduff-movement');
      expect(found.odds[0]!.title).toMatch(/^How far .+ may (charge at|evade) .+$/);
      expectChartsSumToOne(found.odds);
    }
  });
});

/** The odds named `title`'s chart `name` against the engine's frequencies of `outcome` over `RUNS` dice. */
function expectChartAgrees(
  found: Found,
  odds: CommandOdds,
  chartName: string,
  outcome: (events: readonly MdEvent[]) => string | number,
) {
  expectAgreement({ ...found, odds: [odds] }, chartName, outcome);
}

const contactOf = (events: readonly MdEvent[]) => {
  const ended = events.find((e) => e.type === 'charge-ended');
  if (!ended) throw new Error('the charge never ended');
  return ended.text.includes('is in contact') ? 'in contact' : 'falls short';
};

describe('MacDuff charge odds: contact and what follows it', () => {
  const withContact = (odds: readonly CommandOdds[]) =>
    odds[1]?.charts[0]?.outcomes.length === 2 && odds[1].charts[0].name === 'Contact';

  it('a charge the target may not answer: the chance of contact agrees with the engine', () => {
    const found = findCommand('assaye-1803', 'charge', 'macduff-movement', withContact);
    expect(found.odds[1]!.title).toMatch(/^Whether .+ reaches .+$/);
    expectChartsSumToOne(found.odds);
    expectChartAgrees(found, found.odds[1]!, 'Contact', contactOf);
  });

  it("a target that stands: the chance of contact and of its fire's hits on contact agree with the engine", () => {
    const standsAndFires = (odds: readonly CommandOdds[]) =>
      withContact(odds) && odds[1]!.charts.some((c) => c.name.endsWith('on contact: Hits'));
    const found = findCommand('gujrat-1849', 'react', 'macduff-movement', standsAndFires);
    expect(found.command).toEqual({ type: 'react', reaction: 'stand' });
    expectChartsSumToOne(found.odds);
    const odds = found.odds[1]!;
    expect(odds.title).toMatch(/^Whether .+ reaches .+, and .+'s fire as it comes in$/);
    expectChartAgrees(found, odds, 'Contact', contactOf);
    const hits = odds.charts.find((c) => c.name.endsWith('on contact: Hits'))!;
    const node = found.state.node;
    if (node.phase !== 'reaction') throw new Error('not a reaction');
    expectChartAgrees(found, odds, hits.name, (events) => {
      const fired = events.find((e) => e.type === 'fired' && e.unit === node.target);
      return fired ? (fired.data!.hits as number) : 'no fire';
    });
  });
});

describe('MacDuff command odds: none', () => {
  const found = findCommand('meeanee-1843', 'fire', 'macduff-small-arms');
  const { state, side } = found;
  const other = state.scenario.sides.find((s) => s !== side)!;

  it('for commands that roll nothing of their own', () => {
    for (const command of game.legalCommands(state, side))
      if (['end-activation', 'reserve-fire', 'change-formation', 'limber', 'unlimber'].includes(command.type))
        expect(commandOdds(state, side, command)).toEqual([]);
    expect(commandOdds(state, side, { type: 'end-activation' })).toEqual([]);
  });

  it("for the other side's command, an illegal one, and a unit that does not exist", () => {
    expect(commandOdds(state, other, found.command)).toEqual([]);
    expect(commandOdds(state, side, { type: 'fire', target: 'no-such-unit', option: 'stand' })).toEqual([]);
    expect(commandOdds(state, side, { type: 'activate', unit: 'no-such-unit' })).toEqual([]);
    expect(commandOdds(state, side, { type: 'move', to: { x: -5, y: 0 } })).toEqual([]);
  });

  it("is the odds of the set's playable object", () => {
    expect(macduffPlayable.commandOdds?.(state, side, found.command)).toEqual(found.odds);
  });
});

describe('MacDuff command odds and hidden units', () => {
  const setup = game.setup(scenario('meeanee-1843'), 5);
  const imperial = setup.scenario.imperial;
  const concealed = Object.values(setup.units).filter((u) => u.concealed);

  /** The first position where the Imperial side decides an activation while natives are still hidden. */
  function imperialActivation(): MdGameState {
    let state = setup;
    const players = Object.fromEntries(state.scenario.sides.map((s, i) => [s, computerPlayer(i + 3)]));
    for (let step = 0; step < 500; step++) {
      const side = game.decider(state)!;
      if (
        state.node.phase === 'activation' &&
        side === imperial &&
        concealed.some((u) => state.units[u.id]!.concealed)
      )
        return state;
      const r = game.apply(
        state,
        side,
        players[side]!(game.viewFor(state, side), game.legalCommands(state, side)),
      );
      if (!r.ok) throw new Error(r.rejection.message);
      state = r.state;
    }
    throw new Error('no Imperial activation with natives hidden');
  }

  /** The state with the still-concealed natives taken off the table altogether. */
  function withoutHidden(state: MdGameState): MdGameState {
    const hidden = new Set(
      Object.values(state.units)
        .filter((u) => u.concealed)
        .map((u) => u.id),
    );
    const units = Object.fromEntries(Object.entries(state.units).filter(([id]) => !hidden.has(id)));
    const tableUnits = Object.fromEntries(
      Object.entries(state.table.units).filter(([id]) => !hidden.has(id)),
    );
    return { ...state, units, table: { ...state.table, units: tableUnits } };
  }

  it('names no concealed enemy: a fire at or charge of one gives none', () => {
    expect(concealed.length).toBeGreaterThan(0);
    const state = imperialActivation();
    const target = concealed.find((u) => state.units[u.id]!.concealed)!.id;
    expect(commandOdds(state, imperial, { type: 'fire', target, option: 'stand' })).toEqual([]);
    expect(commandOdds(state, imperial, { type: 'charge', target })).toEqual([]);
  });

  it('gives the Imperial side the same odds whether or not the natives it cannot see are there', () => {
    let state = setup;
    const players = Object.fromEntries(state.scenario.sides.map((s, i) => [s, computerPlayer(i + 3)]));
    let compared = 0;
    for (let step = 0; step < 200 && state.node.phase !== 'over'; step++) {
      const side = game.decider(state)!;
      const legal = game.legalCommands(state, side);
      if (side === imperial && Object.values(state.units).some((u) => u.concealed))
        for (const command of legal) {
          const odds = commandOdds(state, side, command);
          expect(odds).toEqual(commandOdds(withoutHidden(state), side, command));
          compared += odds.length;
        }
      const r = game.apply(state, side, players[side]!(game.viewFor(state, side), legal));
      if (!r.ok) throw new Error(r.rejection.message);
      state = r.state;
    }
    expect(compared).toBeGreaterThan(0);
  });
});
