import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_PLAYS } from '../../core/odds/estimate.ts';
import { seedRng } from '../../core/random/prng.ts';
import { estimateMargin } from '../../protocol/odds.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { computerPlayer } from './ai.ts';
import { combatsAfterFire, estimatedCombatsAfterFire } from './combats-after-fire.ts';
import type { CpCommand } from './commands.ts';
import type { CpEvent } from './events.ts';
import { commandPointsGame as game } from './game.ts';
import { commandPointsPlayable } from './index.ts';
import { fireCommands } from './legal.ts';
import { commandOdds } from './odds.ts';
import { type CpGameState, enemyOf } from './state.ts';

/**
 * The odds preview against the engine, on a computer v computer battle of the training scenario: every
 * legal fire is previewed with charts that sum to 1, the preview of a fire agrees with the dice the engine
 * throws for it from the same position under thousands of PRNG states, and commands that throw nothing
 * (or may not be given) have no odds.
 */

const TRAINING = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../scenarios/training-village-ford.json'), 'utf8'),
) as unknown;

interface Decision {
  readonly state: CpGameState;
  readonly side: string;
  readonly legal: readonly CpCommand[];
}

/** Every decision of a seeded training battle between two computer players, with its legal commands. */
function decisions(seed: number, max: number): Decision[] {
  const out: Decision[] = [];
  let state = game.setup(TRAINING, seed);
  const [a, b] = state.sides;
  const players = { [a]: computerPlayer(seed), [b]: computerPlayer(seed + 1) };
  for (let i = 0; i < max; i++) {
    const side = game.decider(state);
    if (side === undefined) break;
    const legal = game.legalCommands(state, side);
    out.push({ state, side, legal });
    const applied = game.apply(state, side, players[side]!(game.viewFor(state, side), legal));
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  return out;
}

const BATTLE = decisions(3, 250);
const FIRES = BATTLE.flatMap(({ state, side, legal }) =>
  legal.filter((c) => c.type === 'fire').map((command) => ({ state, side, command })),
);

/** The charts of a combat's preview. */
const COMBAT_CHARTS = [
  'Attacker result',
  'Defender result',
  'Attacker casualties',
  'Defender casualties',
  'The attackers then',
  'The defender then',
];

/**
 * Decisions of a few seeded training battles where an `end-fire` would close the fire phase with units
 * attacking: the combats follow the fire.
 */
const CLOSING_WITH_ATTACKS = [3, 5, 7].flatMap((seed) =>
  decisions(seed, 250).filter(
    ({ state, legal }) =>
      legal.some((c) => c.type === 'end-fire') &&
      (state.active === 1 || fireCommands(state, state.order[1]).length === 0) &&
      Object.values(state.units).some((u) => u.attacking !== undefined && u.status === 'formed'),
  ),
);

type FireCommand = Extract<CpCommand, { type: 'fire' }>;

/** The first legal fire by a unit of this arm. */
function firstFireOf(arm: 'artillery' | 'infantry'): {
  state: CpGameState;
  side: string;
  command: FireCommand;
} {
  for (const f of FIRES)
    if (f.command.type === 'fire' && f.state.units[f.command.unit]!.ratings.arm === arm)
      return { ...f, command: f.command };
  throw new Error(`no ${arm} fire in the battle`);
}

function expectDistributions(odds: readonly CommandOdds[]): void {
  for (const report of odds)
    for (const chart of report.charts) {
      const sum = chart.outcomes.reduce((p, o) => p + o.probability, 0);
      expect(Math.abs(sum - 1), `${report.title}: ${chart.name}`).toBeLessThan(1e-9);
    }
}

/**
 * Gives `command` from `state` with the PRNG replaced, then ends the fire phase (each decider's
 * `end-fire`) until the engine has thrown the firer's fire: its `fired` event.
 */
function firedUnder(
  state: CpGameState,
  side: string,
  command: FireCommand,
  seed: number,
): Extract<CpEvent, { type: 'fired' }> {
  let applied = game.apply({ ...state, rng: seedRng(seed) }, side, command);
  for (let step = 0; step < 3 && applied.ok; step++) {
    const fired = applied.events.find(
      (e): e is Extract<CpEvent, { type: 'fired' }> => e.type === 'fired' && e.unit === command.unit,
    );
    if (fired) return fired;
    const next = applied.state;
    applied = game.apply(next, game.decider(next)!, { type: 'end-fire' });
  }
  throw new Error(`${command.unit}'s fire was never thrown`);
}

/** The preview's probabilities against the frequencies of `runs` engine throws, chart by chart. */
function expectEngineAgrees(
  fire: { state: CpGameState; side: string; command: FireCommand },
  runs: number,
): void {
  const [odds] = commandOdds(fire.state, fire.side, fire.command);
  expect(odds).toBeDefined();
  const counts = new Map<string, Map<string | number, number>>();
  const projections: Record<string, (e: Extract<CpEvent, { type: 'fired' }>) => number> = {
    'D-points inflicted': (e) => e.dpoints,
    'Casualties inflicted': (e) => e.casualties,
  };
  for (const chart of odds!.charts) {
    expect(projections[chart.name], chart.name).toBeDefined();
    counts.set(chart.name, new Map());
  }
  for (let seed = 1; seed <= runs; seed++) {
    const fired = firedUnder(fire.state, fire.side, fire.command, seed);
    for (const chart of odds!.charts) {
      const tally = counts.get(chart.name)!;
      const outcome = projections[chart.name]!(fired);
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    }
  }
  for (const chart of odds!.charts) {
    const tally = counts.get(chart.name)!;
    const predicted = new Map(chart.outcomes.map((o) => [Number(o.outcome), o.probability]));
    for (const seen of tally.keys()) expect(predicted.has(Number(seen)), `${chart.name} ${seen}`).toBe(true);
    for (const [outcome, probability] of predicted)
      expect(
        Math.abs((tally.get(outcome) ?? 0) / runs - probability),
        `${odds!.title}, ${chart.name} = ${outcome}`,
      ).toBeLessThan(0.03);
  }
}

describe('commandOdds', () => {
  it('is the playable rule set’s odds preview', () => {
    expect(commandPointsPlayable.commandOdds).toBe(commandOdds);
  });

  it('previews every legal fire: one procedure of the firer’s arm, named in words, each chart summing to 1', () => {
    expect(FIRES.length).toBeGreaterThan(10);
    for (const { state, side, command } of FIRES) {
      if (command.type !== 'fire') continue;
      const odds = commandOdds(state, side, command);
      const firer = state.units[command.unit]!;
      const target = state.units[command.target]!;
      expect(odds).toHaveLength(1);
      expect(odds[0]!.procedure).toBe(firer.ratings.arm === 'artillery' ? 'artillery-fire' : 'infantry-fire');
      expect(odds[0]!.title).toBe(`${firer.name} fires at ${target.name}`);
      expect(odds[0]!.charts.length).toBeGreaterThan(0);
      expectDistributions(odds);
    }
  });

  it('agrees with the dice the engine throws for a battery’s fire', () => {
    expectEngineAgrees(firstFireOf('artillery'), 3000);
  }, 60_000);

  it('agrees with the dice the engine throws for musketry', () => {
    expectEngineAgrees(firstFireOf('infantry'), 3000);
  }, 60_000);

  it('an end-fire that closes the phase previews every declared fire, as each was previewed when declared', () => {
    let checked = 0;
    for (const [i, { state, side, legal }] of BATTLE.entries()) {
      const previous = BATTLE[i - 1];
      if (state.phase !== 'fire' || !legal.some((c) => c.type === 'end-fire')) continue;
      const odds = commandOdds(state, side, { type: 'end-fire' }).slice(0, state.fireOrders.length);
      if (odds.length === 0) continue;
      expect(odds.map((o) => o.title)).toEqual(
        state.fireOrders.map((o) => `${state.units[o.unit]!.name} fires at ${state.units[o.target]!.name}`),
      );
      expectDistributions(odds);
      const last = state.fireOrders.at(-1)!;
      if (previous?.state.fireOrders.length === state.fireOrders.length - 1)
        expect(odds.at(-1)).toEqual(
          commandOdds(previous.state, previous.side, {
            type: 'fire',
            unit: last.unit,
            target: last.target,
          })[0],
        );
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('an end-fire that closes the phase with attacks pending previews the combats that follow, by attackers and defender', () => {
    let checked = 0;
    for (const { state, side } of CLOSING_WITH_ATTACKS) {
      const odds = commandOdds(state, side, { type: 'end-fire' });
      const combats = odds.slice(state.fireOrders.length);
      expect(odds.slice(0, state.fireOrders.length).every((o) => o.procedure !== 'combat')).toBe(true);
      for (const o of combats) {
        expect(o.procedure).toBe('combat');
        expect(o.title).toMatch(/^.+ attacks? .+: the combat that follows the fire$/);
        expect(o.charts.map((c) => c.name)).toEqual(COMBAT_CHARTS);
      }
      expectDistributions(combats);
      if (combats.length > 0) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('agrees with the combats the engine fights after a closing end-fire, the fire’s losses and all', () => {
    const previewed = CLOSING_WITH_ATTACKS.map((d) => ({
      ...d,
      combats: commandOdds(d.state, d.side, { type: 'end-fire' }).slice(d.state.fireOrders.length),
    })).filter((d) => d.combats.length > 0 && d.combats.every((o) => o.estimatedFrom === undefined));
    // The states whose fire strikes the units that fight, the most fires first.
    const struck = (d: Decision) =>
      d.state.fireOrders.filter((o) =>
        Object.values(d.state.units).some(
          (u) => u.attacking && (u.id === o.target || u.attacking === o.target),
        ),
      ).length;
    const chosen = previewed.sort((a, b) => struck(b) - struck(a)).slice(0, 2);
    expect(chosen.length).toBeGreaterThan(0);
    expect(struck(chosen[0]!)).toBeGreaterThan(0);
    const runs = 3000;
    for (const { state, side, combats } of chosen) {
      const names = (ids: readonly string[]) => ids.map((id) => state.units[id]!.name).join(' and ');
      const tallies = new Map<string, Map<string, number>>();
      for (let seed = 1; seed <= runs; seed++) {
        const applied = game.apply({ ...state, rng: seedRng(seed) }, side, { type: 'end-fire' });
        if (!applied.ok) throw new Error(applied.rejection.message);
        const fought = new Set<string>();
        for (const e of applied.events) {
          if (e.type !== 'combat') continue;
          const title = combats.find(
            (o) =>
              o.title.startsWith(`${names(e.attackers)} attack`) &&
              o.title.includes(` ${names([e.defender])}: `),
          )?.title;
          expect(title, `${names(e.attackers)} against ${names([e.defender])}`).toBeDefined();
          fought.add(title!);
          for (const [chart, outcome] of [
            ['Attacker result', e.attackerResult],
            ['Defender result', e.defenderResult],
          ] as const) {
            const key = `${title}: ${chart}`;
            const tally = tallies.get(key) ?? new Map<string, number>();
            tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
            tallies.set(key, tally);
          }
        }
        for (const o of combats)
          if (!fought.has(o.title))
            for (const chart of ['Attacker result', 'Defender result']) {
              const key = `${o.title}: ${chart}`;
              const tally = tallies.get(key) ?? new Map<string, number>();
              tally.set('not fought', (tally.get('not fought') ?? 0) + 1);
              tallies.set(key, tally);
            }
      }
      for (const o of combats)
        for (const name of ['Attacker result', 'Defender result']) {
          const chart = o.charts.find((c) => c.name === name)!;
          const tally = tallies.get(`${o.title}: ${name}`) ?? new Map<string, number>();
          for (const seen of tally.keys())
            expect(chart.outcomes.map((x) => String(x.outcome))).toContain(seen);
          for (const x of chart.outcomes)
            expect(
              Math.abs((tally.get(String(x.outcome)) ?? 0) / runs - x.probability),
              `${o.title}: ${name} ${x.outcome}`,
            ).toBeLessThan(0.03);
        }
    }
  }, 120_000);

  it('an end-fire that only passes the phase to the other side throws nothing', () => {
    const passing = BATTLE.find(
      ({ state }) =>
        state.phase === 'fire' && state.active === 0 && fireCommands(state, state.order[1]).length > 0,
    );
    const { state, side } = passing!;
    const applied = game.apply(state, side, { type: 'end-fire' });
    expect(applied.ok && applied.events.some((e) => e.type === 'fired')).toBe(false);
    expect(commandOdds(state, side, { type: 'end-fire' })).toEqual([]);
  });

  it('no odds in the command phase but for a move that attacks: formations, redress, end-command, other moves', () => {
    let movesWithoutCombat = 0;
    let attacks = 0;
    for (const { state, side, legal } of BATTLE) {
      if (state.phase !== 'command') continue;
      for (const command of legal) {
        const odds = commandOdds(state, side, command);
        const applied = game.apply(state, side, command);
        expect(applied.ok).toBe(true);
        const attacking = applied.ok && applied.events.some((e) => e.type === 'moved' && e.attacking);
        if (command.type === 'move' && attacking) {
          attacks++;
          expect(odds.length, JSON.stringify(command)).toBeLessThanOrEqual(1);
          for (const o of odds) {
            expect(o.procedure).toBe('combat');
            expect(o.title).toMatch(
              /attacks? .+: the combat after the fire, if no fire touches either side$/,
            );
            expect(o.charts.map((c) => c.name)).toEqual(COMBAT_CHARTS);
          }
          expectDistributions(odds);
        } else {
          expect(odds, JSON.stringify(command)).toEqual([]);
          if (command.type === 'move') movesWithoutCombat++;
        }
      }
    }
    expect(movesWithoutCombat).toBeGreaterThan(10);
    expect(attacks).toBeGreaterThan(0);
  });

  it('agrees with the combat the engine fights after a move that attacks, when no fire is declared', () => {
    const attack = BATTLE.flatMap(({ state, side, legal }) =>
      state.phase === 'command'
        ? legal
            .filter((c) => c.type === 'move' && commandOdds(state, side, c).length === 1)
            .map((command) => ({ state, side, command }))
        : [],
    )[0]!;
    expect(attack).toBeDefined();
    const [odds] = commandOdds(attack.state, attack.side, attack.command);
    const unit = attack.command.type === 'move' ? attack.command.unit : '';
    const runs = 3000;
    const tallies = new Map<string, Map<string, number>>();
    const count = (chart: string, outcome: string | number) => {
      const tally = tallies.get(chart) ?? new Map<string, number>();
      tally.set(String(outcome), (tally.get(String(outcome)) ?? 0) + 1);
      tallies.set(chart, tally);
    };
    for (let seed = 1; seed <= runs; seed++) {
      let applied = game.apply({ ...attack.state, rng: seedRng(seed) }, attack.side, attack.command);
      let fought: Extract<CpEvent, { type: 'combat' }> | undefined;
      for (let step = 0; step < 6 && applied.ok && !fought; step++) {
        const next = applied.state;
        applied = game.apply(next, game.decider(next)!, {
          type: next.phase === 'command' ? 'end-command' : 'end-fire',
        });
        if (applied.ok)
          fought = applied.events.find(
            (e): e is Extract<CpEvent, { type: 'combat' }> =>
              e.type === 'combat' && e.attackers.includes(unit),
          );
      }
      expect(fought).toBeDefined();
      count('Attacker result', fought!.attackerResult);
      count('Defender result', fought!.defenderResult);
    }
    for (const name of ['Attacker result', 'Defender result']) {
      const chart = odds!.charts.find((c) => c.name === name)!;
      const tally = tallies.get(name)!;
      for (const seen of tally.keys()) expect(chart.outcomes.map((o) => String(o.outcome))).toContain(seen);
      for (const o of chart.outcomes)
        expect(
          Math.abs((tally.get(String(o.outcome)) ?? 0) / runs - o.probability),
          `${name} ${o.outcome}`,
        ).toBeLessThan(0.03);
    }
  }, 60_000);

  it('no odds for the other side’s command, a unit or target that does not exist, or fire out of its phase', () => {
    const { state, side, command } = firstFireOf('infantry');
    const other = enemyOf(state, side);
    expect(commandOdds(state, other, command)).toEqual([]);
    expect(commandOdds(state, side, { ...command, unit: 'no-such-unit' })).toEqual([]);
    expect(commandOdds(state, side, { ...command, target: 'no-such-unit' })).toEqual([]);
    expect(commandOdds(state, side, { ...command, unit: 'constructor' })).toEqual([]);
    expect(commandOdds(state, side, { ...command, target: command.unit })).toEqual([]);
    const commandPhase = BATTLE.find((d) => d.state.phase === 'command' && d.side === side)!;
    expect(commandOdds(commandPhase.state, side, command)).toEqual([]);
  });

  it('odds exactly when the engine accepts a fire: every unit at every target, for both sides', () => {
    for (const { state } of BATTLE.filter((d) => d.state.phase === 'fire').slice(0, 12))
      for (const side of state.sides)
        for (const unit of Object.keys(state.units))
          for (const target of Object.keys(state.units)) {
            const command: CpCommand = { type: 'fire', unit, target };
            const accepted = game.apply(state, side, command).ok;
            expect(commandOdds(state, side, command).length, `${side}: ${unit} at ${target}`).toBe(
              accepted ? 1 : 0,
            );
          }
  });

  /** `combatsAfterFire` of each closing end-fire with attacks pending, worked out once for the tests below. */
  const afterFire = (() => {
    let known: { state: CpGameState; combats: CommandOdds[] }[] | undefined;
    return () => {
      known ??= CLOSING_WITH_ATTACKS.map(({ state }) => ({ state, combats: combatsAfterFire(state) }));
      return known;
    };
  })();

  it('an estimate of the combats after the fire lies within its stated margin of the exact odds, the same each time', () => {
    const margin = estimateMargin(ESTIMATE_PLAYS) / 100;
    const exact = afterFire()
      .filter((d) => d.combats.length > 0 && d.combats.every((o) => o.estimatedFrom === undefined))
      .slice(0, 3);
    expect(exact.length).toBeGreaterThan(0);
    for (const { state, combats } of exact) {
      const estimate = estimatedCombatsAfterFire(state, ESTIMATE_PLAYS);
      expect(estimatedCombatsAfterFire(state, ESTIMATE_PLAYS)).toEqual(estimate);
      for (const o of combats) {
        const estimated = estimate.find((e) => e.title === o.title);
        expect(estimated, o.title).toBeDefined();
        for (const chart of o.charts) {
          const counted = estimated!.charts.find((c) => c.name === chart.name)!;
          for (const x of chart.outcomes) {
            const p = counted.outcomes.find((e) => e.outcome === x.outcome)?.probability ?? 0;
            expect(Math.abs(p - x.probability), `${o.title}: ${chart.name} ${x.outcome}`).toBeLessThanOrEqual(
              margin,
            );
          }
          for (const e of counted.outcomes)
            expect(
              chart.outcomes.map((x) => x.outcome),
              chart.name,
            ).toContain(e.outcome);
        }
      }
    }
  }, 120_000);

  it('beyond the exact bound the combats after the fire are estimated, marked so, and the same each time', () => {
    const beyond = CLOSING_WITH_ATTACKS.map(({ state }) => ({
      state,
      combats: combatsAfterFire(state),
    })).find((d) => d.combats.some((o) => o.estimatedFrom !== undefined));
    expect(beyond).toBeDefined();
    const { state, combats } = beyond!;
    expect(combats.every((o) => o.estimatedFrom === ESTIMATE_PLAYS)).toBe(true);
    expect(combatsAfterFire(state)).toEqual(combats);
    expectDistributions(combats);
  }, 120_000);
});
