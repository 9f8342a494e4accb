import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../core/odds/enumerate.ts';
import { ESTIMATE_PLAYS } from '../../core/odds/estimate.ts';
import { type DiceSource, PrngDice } from '../../core/random/dice.ts';
import { seedRng } from '../../core/random/prng.ts';
import type { RollSpec } from '../../core/random/rolls.ts';
import { estimateMargin } from '../../protocol/odds.ts';
import { randomPlayer } from '../engine/battle.ts';
import {
  ATTACK_CHART,
  type AttackSteps,
  attackCharts,
  estimatedAttackCharts,
  type FirstRound,
  outcomeOf,
  ROUTS_CHART,
} from './attack-odds.ts';
import type { HfCommand } from './commands.ts';
import { Draft } from './draft.ts';
import { honourAndFortitudePlayable } from './index.ts';
import { closeAndFight } from './sequence.ts';
import type { HfGameState } from './state.ts';

const game = honourAndFortitudePlayable.game;

/** Dice passing an enumeration's values on, for a plain draft (`PrngDice` for its type; its generator unused). */
class PassedOn extends PrngDice {
  constructor(private readonly source: DiceSource) {
    super(seedRng(0));
  }

  override roll(spec: RollSpec, key: string): number {
    return this.source.roll(spec, key);
  }
}

/** A plain draft: every procedure throws its dice face by face (`Draft.throwFor` as the engine runs it). */
class FaceByFace extends Draft {
  constructor(
    state: HfGameState,
    private readonly passed: PrngDice,
  ) {
    super(state);
  }

  override get dice(): PrngDice {
    return this.passed;
  }
}

const TOO_MANY = new Error('too many paths');

/** The charts of `steps` path by path over every value of every throw, or undefined beyond `limit` paths. */
function pathByPath(
  state: HfGameState,
  steps: AttackSteps,
  limit: number,
): Map<string, Map<string, number>> | undefined {
  const charts = new Map([
    [ATTACK_CHART, new Map<string, number>()],
    [ROUTS_CHART, new Map<string, number>()],
  ]);
  let paths = 0;
  try {
    forEachOutcome(
      (dice) => {
        const d = new FaceByFace(state, new PassedOn(dice));
        return outcomeOf(state, d, steps(d));
      },
      (o, p) => {
        if (++paths > limit) throw TOO_MANY;
        for (const [chart, outcome] of [
          [ATTACK_CHART, o.attack],
          [ROUTS_CHART, o.routs],
        ] as const)
          charts.get(chart)!.set(outcome, (charts.get(chart)!.get(outcome) ?? 0) + p);
      },
    );
  } catch (e) {
    if (e === TOO_MANY) return undefined;
    throw e;
  }
  return charts;
}

describe("Honour & Fortitude's attack preview", () => {
  it('branching on the classes of each throw gives the charts of every face of every die', () => {
    const raw: unknown = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../scenarios/training-village-ford.json'), 'utf8'),
    );
    let compared = 0;
    for (let seed = 1; seed <= 40 && compared < 2; seed++) {
      let state = game.setup(raw, seed);
      const pick = randomPlayer<unknown, HfCommand>(seed);
      for (let i = 0; i < 3000 && compared < 2; i++) {
        const side = game.decider(state);
        if (side === undefined) break;
        if (state.phase.kind === 'response') {
          const { attacker, defender } = state.phase;
          const steps: AttackSteps = (d) => {
            closeAndFight(d, attacker, defender, false);
            return undefined;
          };
          const reference = pathByPath(state, steps, 4_000);
          const { charts, estimatedFrom } = attackCharts(state, steps, {
            attacker,
            defender,
            charging: { attacker: true, defender: false },
          });
          if (reference && estimatedFrom === undefined) {
            compared++;
            for (const chart of charts) {
              const expected = reference.get(chart.name)!;
              expect(chart.outcomes.map((o) => o.outcome).sort()).toEqual([...expected.keys()].sort());
              for (const o of chart.outcomes)
                expect(o.probability, `${chart.name}: ${o.outcome}`).toBeCloseTo(
                  expected.get(String(o.outcome))!,
                  12,
                );
            }
          }
        }
        const applied = game.apply(state, side, pick(null, game.legalCommands(state, side)));
        if (!applied.ok) throw new Error(applied.rejection.message);
        state = applied.state;
      }
    }
    expect(compared).toBe(2);
  }, 120_000);

  /** The first `wanted` defenders' responses of seeded training battles whose charts are exact (or not). */
  function responses(wanted: number, exact: boolean) {
    const raw: unknown = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../scenarios/training-village-ford.json'), 'utf8'),
    );
    const found: { state: HfGameState; steps: AttackSteps; round: FirstRound }[] = [];
    for (let seed = 1; seed <= 60 && found.length < wanted; seed++) {
      let state = game.setup(raw, seed);
      const pick = randomPlayer<unknown, HfCommand>(seed);
      for (let i = 0; i < 3000 && found.length < wanted; i++) {
        const side = game.decider(state);
        if (side === undefined) break;
        if (state.phase.kind === 'response') {
          const { attacker, defender } = state.phase;
          const steps: AttackSteps = (d) => {
            closeAndFight(d, attacker, defender, false);
            return undefined;
          };
          const round = { attacker, defender, charging: { attacker: true, defender: false } };
          if ((attackCharts(state, steps, round).estimatedFrom === undefined) === exact)
            found.push({ state, steps, round });
        }
        const applied = game.apply(state, side, pick(null, game.legalCommands(state, side)));
        if (!applied.ok) throw new Error(applied.rejection.message);
        state = applied.state;
      }
    }
    return found;
  }

  it('an estimate lies within its stated margin of the exact charts, and is the same each time', () => {
    const margin = estimateMargin(ESTIMATE_PLAYS) / 100;
    const cases = responses(3, true);
    expect(cases).toHaveLength(3);
    for (const { state, steps, round } of cases) {
      const exact = attackCharts(state, steps, round);
      const estimate = estimatedAttackCharts(state, steps, round, ESTIMATE_PLAYS);
      expect(estimatedAttackCharts(state, steps, round, ESTIMATE_PLAYS)).toEqual(estimate);
      for (const chart of exact.charts) {
        const estimated = estimate.find((c) => c.name === chart.name)!;
        for (const o of chart.outcomes) {
          const counted = estimated.outcomes.find((e) => e.outcome === o.outcome)?.probability ?? 0;
          expect(Math.abs(counted - o.probability), `${chart.name}: ${o.outcome}`).toBeLessThanOrEqual(
            margin,
          );
        }
        // Nothing the exact charts rule out is ever counted.
        for (const e of estimated.outcomes)
          expect(
            chart.outcomes.map((o) => o.outcome),
            chart.name,
          ).toContain(e.outcome);
      }
    }
  }, 120_000);

  it('beyond the exact bound the charts are estimated, marked so, and the same each time', () => {
    const [beyond] = responses(1, false);
    expect(beyond).toBeDefined();
    const { state, steps, round } = beyond!;
    const estimate = attackCharts(state, steps, round);
    expect(estimate.estimatedFrom).toBe(ESTIMATE_PLAYS);
    expect(attackCharts(state, steps, round)).toEqual(estimate);
    for (const chart of estimate.charts)
      expect(chart.outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
  }, 120_000);
});
