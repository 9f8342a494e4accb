import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.ts';

/**
 * Golden battle logs: `muster play <scenario> --ai both --seed <n>` for a few fixed seeds, the whole
 * log as the terminal shows it. Any change to the engine, the computer opponent or the log's wording
 * shows up here; after reviewing it, regenerate with
 *   UPDATE_GOLDEN=1 npx vitest run test/game/golden-battles.test.ts
 */
const GOLDEN_DIR = resolve(import.meta.dirname, '../golden/battles');
const UPDATE = Boolean(process.env['UPDATE_GOLDEN']);
const HOW = 'UPDATE_GOLDEN=1 npx vitest run test/game/golden-battles.test.ts';

const CASES: readonly { readonly scenario: string; readonly seed: number; readonly turns?: number }[] = [
  { scenario: 'training-village-ford', seed: 1 },
  { scenario: 'training-village-ford', seed: 2 },
  { scenario: 'assaye-1803', seed: 1, turns: 2 },
  { scenario: 'plassey-1757', seed: 1, turns: 2 },
  { scenario: 'meeanee-1843', seed: 1, turns: 2 },
];

async function battleLog(scenario: string, seed: number, turns: number | undefined): Promise<string> {
  let text = '';
  const outcome = await runCli(
    ['play', scenario, '--ai', 'both', '--seed', String(seed), ...(turns ? ['--turns', String(turns)] : [])],
    {
      readInput: (file) => readFile(file ?? '', 'utf8'),
      randomSeed: () => {
        throw new Error('the golden battles give their seeds');
      },
      terminal: {
        write: (t) => {
          text += t;
        },
        readLine: async () => undefined,
      },
    },
  );
  expect(outcome.code).toBe(0);
  return text;
}

describe('golden battle logs (computer v computer)', () => {
  for (const c of CASES) {
    const name = `${c.scenario}-seed-${c.seed}${c.turns ? `-${c.turns}-turns` : ''}`;
    it(name, async () => {
      const file = join(GOLDEN_DIR, `${name}.txt`);
      const log = await battleLog(c.scenario, c.seed, c.turns);
      if (UPDATE) {
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(file, log);
        return;
      }
      if (!existsSync(file))
        expect.fail(
          `missing golden file ${relative(process.cwd(), file)}: create it with ${HOW}, then review it`,
        );
      expect(log, `${relative(process.cwd(), file)} is out of date: review, then ${HOW}`).toBe(
        readFileSync(file, 'utf8'),
      );
    });
  }
});
