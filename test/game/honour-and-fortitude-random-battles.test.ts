import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomPlayer } from '../../src/game/engine/battle.ts';
import { playCheckedBattle } from '../../src/game/honour-and-fortitude/invariants.ts';

/**
 * Honour & Fortitude's whole battles, random against random, on every scenario: played to the end
 * with the invariants checked after every command (src/game/honour-and-fortitude/invariants.ts), and
 * the record replayed to exactly the same state and events, every offered command accepted and
 * every view blind to the PRNG state (engine/invariants.ts; every fifth command). The computer games are in
 * honour-and-fortitude-computer-battles.test.ts (the two files run in parallel).
 */
const SCENARIOS = ['training-village-ford', 'plassey-1757', 'assaye-1803', 'meeanee-1843'];

const scenario = (id: string): { sides: { id: string }[]; victory: { turnLimit: number } } =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../scenarios', `${id}.json`), 'utf8'));

describe('Honour & Fortitude: random v random to the end', () => {
  it.each(SCENARIOS)('%s: ends within its turn limit, invariants hold, replays exactly', (id) => {
    const json = scenario(id);
    const [a, b] = json.sides.map((s) => s.id) as [string, string];
    const { battle, problems } = playCheckedBattle(
      json,
      7,
      { [a]: randomPlayer(7), [b]: randomPlayer(8) },
      { every: 5 },
    );
    expect(problems).toEqual([]);
    expect(battle.state.result).toBeDefined();
    expect(battle.state.turn).toBeLessThanOrEqual(json.victory.turnLimit);
  });
});
