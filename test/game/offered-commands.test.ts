import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import { refusedOffers } from '../../src/game/engine/invariants.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';

/**
 * Every command `legalCommands` offers is accepted by `apply`, for every rule set on every scenario:
 * random v random battles to the end (the players seeded `1000 + seed` and `2000 + seed`), every offer
 * to the decider tried after every `EVERY`-th command (the chosen one after every command: a refusal
 * stops the battle). A seeded sample; `node --import tsx bench/invariants.ts` runs hundreds of seeds.
 */
const SCENARIOS = join(import.meta.dirname, '../../scenarios');
const scenarios = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const EVERY = 4;

function refusedInBattle(ruleSetId: string, scenarioId: string, seed: number, every: number): string[] {
  const ruleSet = PLAYABLE_RULE_SETS.find((r) => r.id === ruleSetId)!;
  const game = ruleSet.simulationGame ?? ruleSet.game;
  const scenario = JSON.parse(readFileSync(join(SCENARIOS, `${scenarioId}.json`), 'utf8'));
  const [a, b] = (scenario.sides as { id: string }[]).map((s) => s.id) as [string, string];
  const refused: string[] = [];
  let tried = 0;
  const battle = playBattle(
    game,
    scenario,
    seed,
    { [a]: randomPlayer(1000 + seed), [b]: randomPlayer(2000 + seed) },
    {
      onStep: ({ index }, state) => {
        if (index % every !== 0) return;
        tried++;
        for (const r of refusedOffers(game, state)) refused.push(`after command ${index}: ${r}`);
      },
    },
  );
  expect(game.result(battle.state), 'the battle is played to the end').toBeDefined();
  expect(tried).toBeGreaterThan(10);
  return refused;
}

describe('every offered command is accepted', () => {
  it('finds the rule sets and the scenarios', () => {
    expect(PLAYABLE_RULE_SETS.map((r) => r.id)).toEqual([
      'john-company',
      'honour-and-fortitude',
      'command-points',
      'macduff',
    ]);
    expect(scenarios).toContain('plassey-1757');
  });

  it('John Company, Plassey, seed 36: the formation change through mir-jafar-horse is not offered', () => {
    expect(refusedInBattle('john-company', 'plassey-1757', 36, 1)).toEqual([]);
  });

  for (const ruleSet of PLAYABLE_RULE_SETS)
    for (const scenario of scenarios)
      it(`${ruleSet.id}, ${scenario}: random v random, seed 1`, () => {
        expect(refusedInBattle(ruleSet.id, scenario, 1, EVERY)).toEqual([]);
      });
});
