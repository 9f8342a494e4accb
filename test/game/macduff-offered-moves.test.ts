import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import type { MdCommand } from '../../src/game/macduff/commands.ts';
import { macduffPlayable } from '../../src/game/macduff/index.ts';
import type { MdGameState } from '../../src/game/macduff/state.ts';
import type { MdView } from '../../src/game/macduff/view.ts';

/**
 * Every move MacDuff offers carries the unit somewhere, whatever it rolls (5, 7): random v random
 * battles, and after every few commands each offered move is applied with the dice to come as they are
 * and with two other streams of dice; the unit must end elsewhere each time.
 * A move into ground it may not enter (a limbered gun into a village: "0\\" 100%"), or against a unit or
 * the table's edge, is not offered.
 */
const SCENARIOS = ['training-village-ford', 'plassey-1757', 'assaye-1803', 'meeanee-1843'];
const load = (id: string): unknown => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
const game = macduffPlayable.simulationGame!;

/** The dice to come as they are (0), then other streams. */
const DICE = [0, 1, 2];

function withOtherDice(state: MdGameState, k: number): MdGameState {
  if (k === 0) return state;
  const [a, b, c, d] = state.rng.words;
  return { ...state, rng: { ...state.rng, words: [(a + k * 0x9e3779b9) >>> 0, b, c, d] } };
}

function stillMoves(state: MdGameState): string[] {
  const node = state.node;
  if (node.phase !== 'activation') return [];
  const unit = state.units[node.unit]!;
  const out: string[] = [];
  for (const command of game.legalCommands(state, node.side)) {
    if (command.type !== 'move') continue;
    let last = '';
    const moves = DICE.every((k) => {
      const applied = game.apply(withOtherDice(state, k), node.side, command);
      if (!applied.ok) {
        last = `refused: ${applied.rejection.message}`;
        return false;
      }
      const after = applied.state.units[unit.id]!;
      last = applied.events.find((e) => e.type === 'moved')?.text ?? 'no move';
      return (
        after.offTable !== undefined || after.anchor.x !== unit.anchor.x || after.anchor.y !== unit.anchor.y
      );
    });
    if (!moves) out.push(`${unit.name} (${unit.formation}) offered ${JSON.stringify(command)}: ${last}`);
  }
  return out;
}

describe('MacDuff offers no move that cannot happen', () => {
  for (const [i, id] of SCENARIOS.entries())
    it(`${id}: every offered move, applied, moves the unit`, () => {
      const scenario = load(id);
      const seed = 70 + i;
      const sides = game.setup(scenario, seed).scenario.sides;
      const still: string[] = [];
      let tried = 0;
      playBattle(
        game,
        scenario,
        seed,
        {
          [sides[0]]: randomPlayer<MdView, MdCommand>(seed),
          [sides[1]]: randomPlayer<MdView, MdCommand>(seed + 100),
        },
        {
          onStep: ({ index }, state) => {
            if (index % 5 !== 0) return;
            tried++;
            still.push(...stillMoves(state));
          },
        },
      );
      expect(tried).toBeGreaterThan(10);
      expect(still).toEqual([]);
    });
});
