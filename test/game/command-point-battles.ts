import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computerPlayer } from '../../src/game/command-points/ai.ts';
import type { CpCommand } from '../../src/game/command-points/commands.ts';
import { playChecked } from '../../src/game/command-points/invariants.ts';
import type { CpView } from '../../src/game/command-points/view.ts';
import { randomPlayer } from '../../src/game/engine/battle.ts';

/**
 * Whole command-point battles of one historical scenario (each scenario has its test file, so the files
 * run in parallel): computer v computer over the full length, random v random over six turns, each
 * checked after every command and replayed exactly.
 */
export function describeBattlesToTheEnd(place: string, id: string): void {
  describe(`command-point battles to the end: ${place}`, () => {
    for (const pairing of ['computer', 'random'] as const)
      it(`${id}: ${pairing} v ${pairing}, checked after every command, replayed exactly`, () => {
        const s = scenario(id, pairing === 'random' ? 6 : undefined);
        const [a, b] = s.sides.map((side) => side.id) as [string, string];
        const player = pairing === 'computer' ? computerPlayer : randomPlayer<CpView, CpCommand>;
        const { battle, problems } = playChecked(s, 21, { [a]: player(21), [b]: player(22) }, { every: 5 });
        expect(problems.slice(0, 5)).toEqual([]);
        expect(battle.state.phase).toBe('over');
        expect(battle.state.result).toBeDefined();
      });
  });
}

function scenario(id: string, turnLimit?: number): { sides: { id: string }[] } {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, `../../scenarios/${id}.json`), 'utf8'));
  return turnLimit === undefined ? s : { ...s, victory: { ...s.victory, turnLimit } };
}
