import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computerPlayer, playBattle, randomPlayer } from '../src/game/john-company/ai/players.ts';
import { practiceScenario } from '../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../src/game/john-company/game.ts';

/**
 * A fingerprint of John Company's behaviour, for work that must change nothing but speed (docs/ai.md,
 * Speed): 21 seeded battles played to the end (computer v computer and random v computer on the
 * 12-units-a-side practice table, computer v computer at Assaye), hashed over every command chosen and
 * every final state (the PRNG's included). Same engine and computer, same fingerprint; any change to a
 * rule, a measurement or a choice changes it. Run: `node --import tsx bench/fingerprint.ts`.
 *
 * A final state is hashed with every object's keys in sorted order (arrays keep theirs): the fingerprint
 * is of what a state holds, not of the order in which its records happened to be built, so work that
 * only changes how records are made (one shape for every unit record, say) keeps it.
 */

const game = makeJohnCompanyGame({ traces: false });
const practice = practiceScenario({ unitsPerSide: 12 });
const ASSAYE = fileURLToPath(new URL('../scenarios/assaye-1803.json', import.meta.url));
const assaye = JSON.parse(readFileSync(ASSAYE, 'utf8')) as unknown;

/** `JSON.stringify`'s replacer that writes each object's keys in sorted order. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

const hash = createHash('sha256');
let commands = 0;
const started = performance.now();
function play(scenario: unknown, seed: number, players: Parameters<typeof playBattle>[3], label: string) {
  try {
    const battle = playBattle(game, scenario, seed, players, { maxCommands: 3000 });
    hash.update(JSON.stringify(battle.record.commands));
    hash.update(JSON.stringify(battle.state, sortedKeys));
    commands += battle.record.commands.length;
  } catch (error) {
    hash.update(`${label} failed: ${String(error)}`);
  }
}
for (let seed = 1; seed <= 12; seed++)
  play(
    practice,
    seed,
    { company: computerPlayer(seed), maratha: computerPlayer(seed + 1) },
    `computer ${seed}`,
  );
for (let seed = 1; seed <= 6; seed++)
  play(practice, seed, { company: randomPlayer(seed), maratha: computerPlayer(seed + 1) }, `random ${seed}`);
for (let seed = 1; seed <= 3; seed++)
  play(assaye, seed, { british: computerPlayer(seed), maratha: computerPlayer(seed + 1) }, `assaye ${seed}`);
const seconds = (performance.now() - started) / 1000;
console.log(`${hash.digest('hex').slice(0, 16)} (${commands} commands, ${seconds.toFixed(1)} s)`);
