import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oddsOf } from '../../core/rules/run.ts';
import { EPSILON } from '../../protocol/odds.ts';
import { confrontation } from '../../rulesets/john-company/procedures/confrontation/index.ts';
import { GOING_IN, goingIn } from './ai/odds.ts';
import { computerPlayer } from './ai/players.ts';
import { situationOf } from './ai/situation.ts';
import type { JcCommand } from './commands.ts';
import { makeJohnCompanyGame } from './game.ts';
import { commandOdds, planMove } from './plan.ts';
import type { JcGameState } from './state.ts';

const game = makeJohnCompanyGame({ traces: false });
const TRAINING = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../scenarios/training-village-ford.json'), 'utf8'),
) as unknown;

/** Every decision of a training battle between two computer players (seeded), with its legal commands. */
function decisions(seed: number, max: number): { state: JcGameState; side: string; legal: JcCommand[] }[] {
  const out: { state: JcGameState; side: string; legal: JcCommand[] }[] = [];
  let state = game.setup(TRAINING, seed);
  const players = { company: computerPlayer(seed), maratha: computerPlayer(seed + 1) };
  for (let i = 0; i < max; i++) {
    const side = game.decider(state);
    if (side === undefined) break;
    const legal = game.legalCommands(state, side);
    out.push({ state, side, legal });
    const command = players[side as keyof typeof players](game.viewFor(state, side), legal);
    const applied = game.apply(state, side, command);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  return out;
}

const BATTLE = decisions(1, 600);
const MOVES = BATTLE.flatMap(({ state, side, legal }) =>
  legal.filter((c) => c.type === 'move').map((command) => ({ state, side, command })),
);
const FIRES = BATTLE.flatMap(({ state, side, legal }) =>
  legal.filter((c) => c.type === 'fire').map((command) => ({ state, side, command })),
);
const RALLIES = BATTLE.flatMap(({ state, side, legal }) =>
  legal.filter((c) => c.type === 'rally').map((command) => ({ state, side, command })),
);
const RESPONSES = BATTLE.flatMap(({ state, side, legal }) =>
  legal.filter((c) => c.type === 'respond-to-charge').map((command) => ({ state, side, command })),
);
const CHARGES = BATTLE.flatMap(({ state, side, legal }) =>
  legal
    .filter((c) => c.type === 'place-order' && c.order === 'charge')
    .map((command) => ({ state, side, command })),
);

/** Every chart of every odds report sums to 1. */
function expectDistributions(odds: ReturnType<typeof commandOdds>): void {
  for (const report of odds)
    for (const chart of report.charts) {
      const sum = chart.outcomes.reduce((p, o) => p + o.probability, 0);
      expect(Math.abs(sum - 1), `${report.title}: ${chart.name}`).toBeLessThan(EPSILON * 100);
    }
}

describe('planMove', () => {
  it('the battle offers moves to plan', () => {
    expect(MOVES.length).toBeGreaterThan(10);
  });

  it('ends where the applied move ends, costs what it costs, and changes nothing', () => {
    let compared = 0;
    for (const { state, side, command } of MOVES.slice(0, 40)) {
      if (command.type !== 'move') continue;
      const before = JSON.stringify(state);
      const plan = planMove(state, side, command.unit, command.manoeuvres)!;
      expect(JSON.stringify(state)).toBe(before);
      if (plan.notes.length > 0) continue;
      expect(plan.ok, JSON.stringify(plan.problems)).toBe(true);
      const applied = game.apply(state, side, command);
      if (!applied.ok) throw new Error(applied.rejection.message);
      const moved = applied.events.find((e) => e.type === 'unit-moved' && e.unit === command.unit);
      const after = applied.state.table.units[command.unit];
      if (!after || moved === undefined) continue;
      // Later steps (a charge, a mandatory move) may move it again before the next decision.
      if (applied.events.filter((e) => e.type === 'unit-moved' && e.unit === command.unit).length > 1)
        continue;
      expect(plan.end.stands).toEqual(
        after.stands.map((s) => ({
          id: s.id,
          kind: s.kind,
          x: s.x,
          y: s.y,
          facing: s.facing,
          width: s.width,
          depth: s.depth,
        })),
      );
      expect(plan.end.facing).toBe(after.facing);
      expect(plan.inchesUsed).toBeLessThanOrEqual(plan.allowance + 1e-9);
      expect(plan.path.length).toBe(command.manoeuvres.length + 1);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('names what breaks a rule, as the engine refuses it', () => {
    const { state, side, command } = MOVES[0]!;
    if (command.type !== 'move') throw new Error('not a move');
    const far = [{ kind: 'advance' as const, inches: 60 }];
    const plan = planMove(state, side, command.unit, far)!;
    expect(plan.ok).toBe(false);
    expect(plan.problems.map((p) => p.code)).toContain('exceeds-allowance');
    expect(plan.inchesUsed).toBeGreaterThan(plan.allowance);
    const applied = game.apply(state, side, { type: 'move', unit: command.unit, manoeuvres: far });
    expect(applied.ok).toBe(false);
    expect(!applied.ok && applied.rejection.code).toBe('illegal-move');
  });

  it('plans only the side’s own units on the table, and says when the unit is not the one to move', () => {
    const { state, side, command } = MOVES[0]!;
    if (command.type !== 'move') throw new Error('not a move');
    const other = state.scenario.sides.find((s) => s !== side)!;
    expect(planMove(state, other, command.unit, command.manoeuvres)).toBeUndefined();
    expect(planMove(state, side, 'no-such-unit', command.manoeuvres)).toBeUndefined();
    const idle = Object.values(state.units).find(
      (u) => u.side === side && u.id !== command.unit && state.table.units[u.id] !== undefined,
    )!;
    const plan = planMove(state, side, idle.id, [{ kind: 'advance', inches: 1 }])!;
    expect(plan.ok).toBe(false);
    expect(plan.problems[0]!.code).toBe('not-active');
  });
});

describe('commandOdds', () => {
  it('gives a fire command’s exact odds, summing to 1, with what happens among the outcomes', () => {
    expect(FIRES.length).toBeGreaterThan(0);
    for (const { state, side, command } of FIRES.slice(0, 10)) {
      if (command.type !== 'fire') continue;
      const before = JSON.stringify(state);
      const [odds] = commandOdds(state, side, command);
      expect(JSON.stringify(state)).toBe(before);
      expect(odds!.procedure).toMatch(/fire|counter-battery/);
      expectDistributions([odds!]);
      const applied = game.apply(state, side, command);
      if (!applied.ok) throw new Error(applied.rejection.message);
      const fired = applied.events.find((e) => e.type === 'unit-fired');
      if (fired?.type !== 'unit-fired' || fired.kind === 'counter-battery') continue;
      const lost = odds!.charts.find((c) => c.name === 'Stands lost by the target')!;
      const p = lost.outcomes.find((o) => o.outcome === fired.result.targetStandsLost)?.probability ?? 0;
      expect(p).toBeGreaterThan(0);
    }
  });

  it('gives a rally’s rally test, with what happens among the outcomes', () => {
    expect(RALLIES.length).toBeGreaterThan(0);
    for (const { state, side, command } of RALLIES) {
      const odds = commandOdds(state, side, command);
      expect(odds.map((o) => o.procedure)).toEqual(['rally-test']);
      expectDistributions(odds);
      const applied = game.apply(state, side, command);
      if (!applied.ok) throw new Error(applied.rejection.message);
      const rally = applied.events.find((e) => e.type === 'rally-attempted');
      if (rally?.type !== 'rally-attempted') throw new Error('no rally attempted');
      const chart = odds[0]!.charts.find((c) => c.name === 'Rallied')!;
      const outcome = rally.rallied ? 'rallied' : 'not rallied';
      expect(chart.outcomes.find((o) => o.outcome === outcome)?.probability ?? 0).toBeGreaterThan(0);
    }
  });

  it('gives the charged unit’s test for each response to a charge, and nothing to the charger’s side', () => {
    expect(RESPONSES.length).toBeGreaterThan(0);
    for (const { state, side, command } of RESPONSES) {
      const odds = commandOdds(state, side, command);
      expect(odds.map((o) => o.procedure)).toEqual(['charge-test']);
      expectDistributions(odds);
      const charger = state.scenario.sides.find((s) => s !== side)!;
      expect(commandOdds(state, charger, command)).toEqual([]);
    }
  });

  it('gives a charge counter its Charge Test and the Confrontation if it goes in, as things stand', () => {
    expect(CHARGES.length).toBeGreaterThan(0);
    for (const { state, side, command } of CHARGES.slice(0, 20)) {
      if (command.type !== 'place-order' || command.target === undefined) continue;
      const odds = commandOdds(state, side, command);
      expect(odds.map((o) => o.procedure)).toEqual(['charge-test', 'confrontation']);
      expect(odds[0]!.title).toMatch(/ charges .*: its Charge Test as things stand$/);
      expect(odds[1]!.title).toMatch(/ charges .*: the Confrontation if it goes in$/);
      expectDistributions(odds);
      // The Confrontation is each going-in status's, weighted by its chance in the Charge Test.
      const statuses = odds[0]!.charts.find((c) => c.name === 'Resolve Status')!.outcomes;
      const view = game.viewFor(state, side);
      const pair = situationOf(view, side).facts().confrontation(command.unit, command.target).facts;
      const fires = view.units[command.target]!.profile.weapon !== undefined;
      let weight = 0;
      let wins = 0;
      for (const status of GOING_IN) {
        const w = statuses.find((o) => o.outcome === status)?.probability ?? 0;
        if (w === 0) continue;
        const winner = oddsOf(confrontation, goingIn(pair, status, fires)).find((c) => c.name === 'Winner')!;
        weight += w;
        wins += w * (winner.outcomes.find((o) => o.outcome === 'charger')?.probability ?? 0);
      }
      const winner = odds[1]!.charts.find((c) => c.name === 'Winner')!;
      expect(winner.outcomes.find((o) => o.outcome === 'charger')?.probability ?? 0).toBeCloseTo(
        wins / weight,
        12,
      );
      // Only the charging side's counter has them, and only a charge.
      const other = state.scenario.sides.find((s) => s !== side)!;
      expect(commandOdds(state, other, command)).toEqual([]);
      expect(commandOdds(state, side, { ...command, order: 'hold', target: undefined })).toEqual([]);
    }
  });

  it('is empty for commands that throw no dice, and for a side that is not the firer’s', () => {
    const { state, side, command } = FIRES[0]!;
    const other = state.scenario.sides.find((s) => s !== side)!;
    expect(commandOdds(state, other, command)).toEqual([]);
    expect(commandOdds(state, side, { type: 'end-activation' })).toEqual([]);
  });
});
