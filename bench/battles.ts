import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GameRecord, replay } from '../src/game/engine/record.ts';
import { decide } from '../src/game/john-company/ai/opponent.ts';
import { playBattle, randomPlayer } from '../src/game/john-company/ai/players.ts';
import type { JcCommand } from '../src/game/john-company/commands.ts';
import { practiceScenario } from '../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../src/game/john-company/game.ts';
import type { JcGameState } from '../src/game/john-company/state.ts';

/**
 * Whole battles' speed on one core (issue "Whole battles"; targets: >= 20 computer-v-computer battles/s
 * on a 12-units-a-side table, >= 300,000 commands applied/s, and the replay time of a 1,000-command
 * game), with where the time of a computer-v-computer battle goes: `viewFor`, `legalCommands`, the
 * computer's `decide`, and `apply`. Run alone: `node --import tsx bench/battles.ts`; `runBattleBench`
 * is what `npm run bench` calls.
 */

const game = makeJohnCompanyGame({ traces: false });

interface Split {
  view: number;
  legal: number;
  decide: number;
  apply: number;
  /** Per command type: how many, and the milliseconds of their steps (view, legal, decide and apply). */
  byType: Map<JcCommand['type'], { count: number; ms: number }>;
}

function emptySplit(): Split {
  return { view: 0, legal: 0, decide: 0, apply: 0, byType: new Map() };
}

/** One computer-v-computer battle, timing each part of every step. */
function timedBattle(
  scenario: unknown,
  seed: number,
  split: Split,
): { commands: number; record: GameRecord<JcCommand> } {
  let state: JcGameState = game.setup(scenario, seed);
  const commands: { side: string; command: JcCommand }[] = [];
  for (;;) {
    const side = game.decider(state);
    if (side === undefined) break;
    const start = performance.now();
    let t = start;
    const view = game.viewFor(state, side);
    let now = performance.now();
    split.view += now - t;
    t = now;
    const legal = game.legalCommands(state, side);
    now = performance.now();
    split.legal += now - t;
    t = now;
    const command = decide(view, legal);
    now = performance.now();
    split.decide += now - t;
    t = now;
    const applied = game.apply(state, side, command);
    now = performance.now();
    split.apply += now - t;
    const kind = split.byType.get(command.type) ?? { count: 0, ms: 0 };
    kind.count++;
    kind.ms += now - start;
    split.byType.set(command.type, kind);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    commands.push({ side, command });
  }
  return {
    commands: commands.length,
    record: { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario, seed, commands },
  };
}

/** Seconds to apply every command of the records from their starting states (setup not counted). */
function applyTime(records: readonly GameRecord<JcCommand>[]): { seconds: number; commands: number } {
  let seconds = 0;
  let commands = 0;
  for (const r of records) {
    let state = game.setup(r.scenario, r.seed);
    const t = performance.now();
    for (const { side, command } of r.commands) {
      const applied = game.apply(state, side, command);
      if (!applied.ok) throw new Error(applied.rejection.message);
      state = applied.state;
    }
    seconds += (performance.now() - t) / 1000;
    commands += r.commands.length;
  }
  return { seconds, commands };
}

/**
 * The first `n` commands of a random-v-random Assaye (the first seed whose battle is that long and that
 * the engine plays through).
 */
function longRecord(n: number): GameRecord<JcCommand> {
  const scenario = JSON.parse(readFileSync(ASSAYE, 'utf8')) as unknown;
  for (let seed = 1; seed < 100; seed++) {
    const players = { british: randomPlayer(seed), maratha: randomPlayer(seed + 1) };
    let commands: GameRecord<JcCommand>['commands'] = [];
    try {
      commands = playBattle(game, scenario, seed, players, { maxCommands: n }).record.commands;
    } catch {
      continue;
    }
    if (commands.length >= n)
      return { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario, seed, commands };
  }
  throw new Error(`no Assaye of ${n} commands in 100 seeds`);
}

const ASSAYE = fileURLToPath(new URL('../scenarios/assaye-1803.json', import.meta.url));

export function runBattleBench(say: (line: string) => void, wanted = 20): void {
  const scenario = practiceScenario({ unitsPerSide: 12 });
  // Warm up the engine and the computer (JIT, the odds memo) on a few battles first.
  const warm = emptySplit();
  for (let seed = 1000; seed < 1003; seed++) {
    try {
      timedBattle(scenario, seed, warm);
    } catch {
      // A battle the engine fails to finish warms up as well as any.
    }
  }

  const split = emptySplit();
  const records: GameRecord<JcCommand>[] = [];
  const failed: string[] = [];
  let commands = 0;
  let seconds = 0;
  for (let seed = 1; records.length < wanted && seed <= 2 * wanted; seed++) {
    const start = performance.now();
    try {
      const b = timedBattle(scenario, seed, split);
      commands += b.commands;
      records.push(b.record);
    } catch (error) {
      failed.push(`seed ${seed}: ${String(error).slice(0, 120)}`);
    }
    seconds += (performance.now() - start) / 1000;
  }
  const battles = records.length;
  const total = split.view + split.legal + split.decide + split.apply;
  const share = (ms: number) => `${((100 * ms) / total).toFixed(0)}%`;
  say(
    `computer v computer, 12 units a side: ${(battles / seconds).toFixed(2)} battles/s (${((1000 * seconds) / battles).toFixed(0)} ms each, ${(commands / battles).toFixed(0)} commands; target 20/s)`,
  );
  say(
    `  time per command: ${((1000 * seconds * 1000) / commands).toFixed(0)} µs = viewFor ${share(split.view)}, legalCommands ${share(split.legal)}, decide ${share(split.decide)}, apply ${share(split.apply)}`,
  );
  const kinds = [...split.byType].sort((a, b) => b[1].ms - a[1].ms);
  say(
    `  by command (per battle, share of the time): ${kinds
      .filter(([, k]) => k.ms / total >= 0.01)
      .map(([type, k]) => `${type} ${(k.count / battles).toFixed(0)} ${share(k.ms)}`)
      .join(', ')}`,
  );
  const a = applyTime(records);
  say(
    `apply over the recorded commands: ${Math.round(a.commands / a.seconds).toLocaleString('en')} commands/s (${((1e6 * a.seconds) / a.commands).toFixed(0)} µs each; target 300,000/s)`,
  );
  const long = longRecord(1000);
  const t = performance.now();
  const replayed = replay(game, long);
  const ms = performance.now() - t;
  if (!replayed.ok) throw new Error(replayed.message);
  for (const f of failed) say(`  (a battle the engine failed to finish was left out: ${f})`);
  say(
    `replay of a 1,000-command battle (Assaye, random v random, seed ${long.seed}; setup included): ${ms.toFixed(0)} ms`,
  );
}

const entry = process.argv[1];
if (entry !== undefined && resolve(entry) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`Whole battles - node ${process.version}\n`);
  runBattleBench((line) => process.stdout.write(`${line}\n`), Number(process.argv[2] ?? 20));
}
