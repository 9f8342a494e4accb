import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameRecord } from '../src/game/engine/record.ts';
import type { JcCommand } from '../src/game/john-company/commands.ts';
import type { JcGameState } from '../src/game/john-company/state.ts';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * Whole battles' speed on one core (issue 13), measured in a child process per checkout so that two
 * versions of the engine never share a process:
 * - computer-v-computer battles/s on the 12-units-a-side practice table, and where a battle's time goes
 *   (`viewFor`, `legalCommands`, the computer's `decide`, `apply`), on the warm engine: after
 *   `--warm-up` battles (default 48) of other seeds. A fresh process runs the first few dozen battles
 *   two to three times slower, largely unoptimised while V8's optimising compiler works on a helper
 *   thread, so a figure taken there measures the compiler as much as the engine, and swings with the
 *   machine's load (the compiler's thread waits for a core);
 * - the same battles/s and CPU time over the first battles of the fresh process (cold): what one short
 *   call of `muster` or a page's first battle meets;
 * - the replay time of a 1,000-command Assaye (random v random; setup included);
 * - `apply`'s time per command type, p50 and p99, each command of the battles above timed alone (one
 *   command runs the engine on to the next decision, so a count of commands/s measures no fixed work);
 * - how many of the computer's line-of-sight queries in those battles were answered without tracing a
 *   line (the sight's memo, or a verdict inherited from the table before): this tree only.
 *
 * Usage: `USAGE` below, also printed by `--help`.
 *
 * With `--against`, the ref is checked out in a temporary git worktree (its node_modules a link to
 * this checkout's), and the two are measured in alternating child processes, R rounds (ABBA order),
 * each figure the median of its rounds; then each figure is printed with the ratio (how many times
 * faster this tree is). `npm run bench` prints this tree's figures alone.
 *
 * A CPU profile of the computer's warm battles alone (taken after the warm-up; without the per-command
 * timings and the random Assaye the replay needs, which would be most of a profile of the whole child):
 * `--figures-of . --battles-only --profile F`.
 */

/** Battles/s and the CPU time a command of some battles (times in ms). */
interface Pace {
  readonly battles: number;
  readonly battlesPerSecond: number;
  /**
   * The process's CPU time (user and system) per command: on a loaded machine it grows far less than
   * the wall time, which counts the turns other processes take.
   */
  readonly cpuMsPerCommand: number;
}

/** The computer-v-computer battles' figures (times in ms): those of the warm engine, and `cold`. */
interface BattleFigures extends Pace {
  /** Battles played before the measured ones, in the same process. */
  readonly warmUp: number;
  /** The first battles of the fresh process (part of the warm-up). */
  readonly cold: Pace;
  readonly commandsPerBattle: number;
  readonly failed: readonly string[];
  /** Shares of a battle's time, by step. */
  readonly split: Readonly<Record<'view' | 'legal' | 'decide' | 'apply', number>>;
}

/** What one child process measures of one checkout (times in ms; apply times in µs). */
interface Figures extends BattleFigures {
  /** The first replay of the long record, after the battles (the search for it played it once). */
  readonly replayCpuMs: number;
  readonly replayMs: number;
  /** The median of `WARM_REPLAYS` replays of it after the first. */
  readonly warmReplayCpuMs: number;
  readonly warmReplayMs: number;
  readonly replaySeed: number;
  /** Per command type: how many were timed, and the p50 and p99 of `apply` in µs. */
  readonly apply: Readonly<Record<string, { count: number; p50: number; p99: number }>>;
  /** Line-of-sight queries of the computer's battles, and those answered without tracing. */
  readonly sight?: { readonly queries: number; readonly untraced: number; readonly battles: number };
}

const HERE = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------------
// The child: measures the checkout at `root`.

type GameModule = typeof import('../src/game/john-company/game.ts');
type CommandsModule = typeof import('../src/game/john-company/commands.ts');
type OpponentModule = typeof import('../src/game/john-company/ai/opponent.ts');
type PlayersModule = typeof import('../src/game/john-company/ai/players.ts');
type FixturesModule = typeof import('../src/game/john-company/fixtures.ts');
type RecordModule = typeof import('../src/game/engine/record.ts');
type SightModule = typeof import('../src/rulesets/john-company/table/line-of-sight.ts');

/** How many battles to play, and whether to profile the measured ones. */
interface Plan {
  /** Measured battles (seeds 1, 2, ...). */
  readonly battles: number;
  /** Battles played first, of seeds of their own; the first `COLD_BATTLES` of them give `cold`. */
  readonly warmUp: number;
  /** Where to write a CPU profile of the measured battles alone. */
  readonly profile?: string;
}

/** The first battles of a fresh process whose pace is reported as `cold`. */
const COLD_BATTLES = 8;

/**
 * Parses of recorded commands before `apply` is timed per command: about as many as it takes zod's
 * parser to reach its steady pace (below a microsecond a command; a few thousand leave it at several).
 */
const SCHEMA_WARM_UP_PARSES = 30_000;

/** Replays of the long record timed after its first. */
const WARM_REPLAYS = 5;

async function figuresOf(root: string, plan: Plan, replayFrom: number): Promise<Figures>;
async function figuresOf(root: string, plan: Plan, replayFrom: 'battles only'): Promise<BattleFigures>;
/** `replayFrom` 'battles only': the battles' figures alone, e.g. for a CPU profile of the battles. */
async function figuresOf(
  root: string,
  plan: Plan,
  replayFrom: number | 'battles only',
): Promise<BattleFigures | Figures> {
  const wanted = plan.battles;
  const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const { makeJohnCompanyGame } = await load<GameModule>('src/game/john-company/game.ts');
  const { decide } = await load<OpponentModule>('src/game/john-company/ai/opponent.ts');
  const { playBattle, randomPlayer } = await load<PlayersModule>('src/game/john-company/ai/players.ts');
  const { practiceScenario } = await load<FixturesModule>('src/game/john-company/fixtures.ts');
  const { replay } = await load<RecordModule>('src/game/engine/record.ts');
  const game = makeJohnCompanyGame({ traces: false });
  const scenario = practiceScenario({ unitsPerSide: 12 });
  type Split = Record<'view' | 'legal' | 'decide' | 'apply', number>;

  /** One computer-v-computer battle, timing each part of every step. */
  const timedBattle = (seed: number, split: Split): GameRecord<JcCommand> => {
    let state: JcGameState = game.setup(scenario, seed);
    const commands: { side: string; command: JcCommand }[] = [];
    for (;;) {
      const side = game.decider(state);
      if (side === undefined) break;
      let t = performance.now();
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
      // As playBattle (engine/battle.ts): a pick among the legal commands needs no parsing.
      const applied =
        game.applyParsed && legal.includes(command)
          ? game.applyParsed(state, side, command)
          : game.apply(state, side, command);
      split.apply += performance.now() - t;
      if (!applied.ok) throw new Error(applied.rejection.message);
      state = applied.state;
      commands.push({ side, command });
    }
    return { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario, seed, commands };
  };

  /** Plays battles from `seeds` until `wanted` are finished: their records, pace and failures. */
  const play = (seeds: Iterable<number>, wanted: number, split: Split) => {
    const records: GameRecord<JcCommand>[] = [];
    const failed: string[] = [];
    let ms = 0;
    const cpuBefore = process.cpuUsage();
    for (const seed of seeds) {
      if (records.length === wanted) break;
      const start = performance.now();
      try {
        records.push(timedBattle(seed, split));
      } catch (error) {
        failed.push(`seed ${seed}: ${String(error).slice(0, 120)}`);
      }
      ms += performance.now() - start;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const commands = records.reduce((n, r) => n + r.commands.length, 0);
    const pace: Pace = {
      battles: records.length,
      battlesPerSecond: (1000 * records.length) / ms,
      cpuMsPerCommand: (cpu.user + cpu.system) / 1000 / commands,
    };
    return { records, failed, pace, commands };
  };
  const seedsFrom = function* (first: number, count: number) {
    for (let seed = first; seed < first + count; seed++) yield seed;
  };
  const noSplit = (): Split => ({ view: 0, legal: 0, decide: 0, apply: 0 });

  // The warm-up: a fresh process's first battles (the cold pace), then more until the optimising
  // compiler has done most of its work; seeds of their own, so the measured battles are not replayed.
  const coldBattles = Math.min(COLD_BATTLES, plan.warmUp);
  const cold = play(seedsFrom(1000, 2 * coldBattles), coldBattles, noSplit());
  play(seedsFrom(2000, 2 * plan.warmUp), plan.warmUp - cold.pace.battles, noSplit());

  const profiler = plan.profile === undefined ? undefined : await startProfiler(plan.profile);
  const split = noSplit();
  const { records, failed, pace, commands } = play(seedsFrom(1, 2 * wanted), wanted, split);
  await profiler?.stop();
  const total = split.view + split.legal + split.decide + split.apply;
  const battleFigures: BattleFigures = {
    ...pace,
    warmUp: plan.warmUp,
    cold: cold.pace,
    commandsPerBattle: commands / records.length,
    failed,
    split: {
      view: split.view / total,
      legal: split.legal / total,
      decide: split.decide / total,
      apply: split.apply / total,
    },
  };
  if (replayFrom === 'battles only') return battleFigures;

  // Every recorded command's `apply`, timed alone, from the battle's state before it. `game.apply` parses
  // its input with the command schema, which the battles above skip where the tree has `applyParsed`
  // (older trees have not): warmed here first, so that no tree's figures carry a cold parser.
  const { JcCommandSchema } = await load<CommandsModule>('src/game/john-company/commands.ts');
  const recorded = records.flatMap((r) => r.commands.map((c) => c.command));
  for (let i = 0; i < SCHEMA_WARM_UP_PARSES; i++) JcCommandSchema.safeParse(recorded[i % recorded.length]);
  const times = new Map<string, number[]>();
  for (const r of records) {
    let state = game.setup(r.scenario, r.seed);
    for (const { side, command } of r.commands) {
      const t = performance.now();
      const applied = game.apply(state, side, command);
      const us = 1000 * (performance.now() - t);
      if (!applied.ok) throw new Error(applied.rejection.message);
      state = applied.state;
      const list = times.get(command.type) ?? [];
      list.push(us);
      times.set(command.type, list);
    }
  }
  const apply: Record<string, { count: number; p50: number; p99: number }> = {};
  for (const [type, list] of times) {
    list.sort((a, b) => a - b);
    const at = (q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
    apply[type] = { count: list.length, p50: at(0.5), p99: at(0.99) };
  }

  const long = longRecord(game, playBattle, randomPlayer, 1000, replayFrom);
  /** One replay of the long record: its wall and CPU time. */
  const timedReplay = () => {
    const t = performance.now();
    const cpuBefore = process.cpuUsage();
    const replayed = replay(game, long);
    const ms = performance.now() - t;
    const cpu = process.cpuUsage(cpuBefore);
    if (!replayed.ok) throw new Error(replayed.message);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  const first = timedReplay();
  const again = Array.from({ length: WARM_REPLAYS }, timedReplay);

  const figures: Figures = {
    ...battleFigures,
    replayCpuMs: first.cpuMs,
    replayMs: first.ms,
    warmReplayMs: median(again.map((r) => r.ms)),
    warmReplayCpuMs: median(again.map((r) => r.cpuMs)),
    // The bench plays from numbered seeds, never from secret dice.
    replaySeed: typeof long.seed === 'number' ? long.seed : Number.NaN,
    apply,
  };
  if (resolve(root) !== resolve(HERE)) return figures;
  // Counted after the timing, on battles of their own: counting slows every query.
  const { JohnCompanySight } = await load<SightModule>('src/rulesets/john-company/table/line-of-sight.ts');
  const sight = sightQueries(JohnCompanySight, () => {
    for (let seed = 1; seed <= Math.min(3, wanted); seed++) {
      try {
        timedBattle(seed, { view: 0, legal: 0, decide: 0, apply: 0 });
      } catch {
        // Left out of the speed figures above as well.
      }
    }
  });
  return { ...figures, sight: { ...sight, battles: Math.min(3, wanted) } };
}

/** A CPU profiler started now in this process (the inspector's); stopping it writes the profile to `file`. */
async function startProfiler(file: string): Promise<{ stop(): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * Counts the line-of-sight queries (`seesIndex` asked from outside the sight) made while `run` runs,
 * and those answered without tracing a line (no `traceIndex` under them: a memo hit, or a verdict
 * inherited from an earlier table). The prototype is wrapped for the count and restored after.
 */
function sightQueries(
  Sight: SightModule['JohnCompanySight'],
  run: () => void,
): { queries: number; untraced: number } {
  const proto = Sight.prototype;
  const sees = proto.seesIndex;
  const trace = proto.traceIndex;
  let depth = 0;
  let traced = false;
  let queries = 0;
  let untraced = 0;
  proto.seesIndex = function (this: InstanceType<typeof Sight>, v: number, t: number) {
    if (depth === 0) traced = false;
    depth++;
    try {
      return sees.call(this, v, t);
    } finally {
      depth--;
      if (depth === 0) {
        queries++;
        if (!traced) untraced++;
      }
    }
  };
  proto.traceIndex = function (this: InstanceType<typeof Sight>, v: number, t: number) {
    traced = true;
    return trace.call(this, v, t);
  };
  try {
    run();
  } finally {
    proto.seesIndex = sees;
    proto.traceIndex = trace;
  }
  return { queries, untraced };
}

/**
 * The first `n` commands of a random-v-random Assaye (the first seed from `from` whose battle is that
 * long and that the engine plays through; a later child starts from the seed the first one found).
 */
function longRecord(
  game: ReturnType<GameModule['makeJohnCompanyGame']>,
  playBattle: PlayersModule['playBattle'],
  randomPlayer: PlayersModule['randomPlayer'],
  n: number,
  from: number,
): GameRecord<JcCommand> {
  const scenario = JSON.parse(readFileSync(join(HERE, 'scenarios/assaye-1803.json'), 'utf8')) as unknown;
  for (let seed = from; seed < 100; seed++) {
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

// ---------------------------------------------------------------------------------------------------
// The parent: runs children and prints.

/** Ctrl-C stopped a child process. */
class Interrupted extends Error {}

/** Measures the checkout at `root` in a child process of its own. */
function measureIn(root: string, plan: Plan, replayFrom = 1): Figures {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--figures-of',
      root,
      '--battles',
      String(plan.battles),
      '--warm-up',
      String(plan.warmUp),
      '--replay-from',
      String(replayFrom),
    ],
    { cwd: HERE, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (child.signal === 'SIGINT') throw new Interrupted();
  if (child.status !== 0) throw new Error(`measuring ${root} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as Figures;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The figures of several rounds: each the median of its rounds. */
function medianFigures(rounds: readonly Figures[]): Figures {
  const first = rounds[0]!;
  const apply: Record<string, { count: number; p50: number; p99: number }> = {};
  for (const type of Object.keys(first.apply)) {
    const each = rounds.map((r) => r.apply[type]).filter((a) => a !== undefined);
    apply[type] = {
      count: first.apply[type]!.count,
      p50: median(each.map((a) => a.p50)),
      p99: median(each.map((a) => a.p99)),
    };
  }
  return {
    ...first,
    battlesPerSecond: median(rounds.map((r) => r.battlesPerSecond)),
    cpuMsPerCommand: median(rounds.map((r) => r.cpuMsPerCommand)),
    cold: {
      battles: first.cold.battles,
      battlesPerSecond: median(rounds.map((r) => r.cold.battlesPerSecond)),
      cpuMsPerCommand: median(rounds.map((r) => r.cold.cpuMsPerCommand)),
    },
    replayMs: median(rounds.map((r) => r.replayMs)),
    replayCpuMs: median(rounds.map((r) => r.replayCpuMs)),
    warmReplayMs: median(rounds.map((r) => r.warmReplayMs)),
    warmReplayCpuMs: median(rounds.map((r) => r.warmReplayCpuMs)),
    apply,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const us = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(1)} ms` : `${x.toFixed(0)} µs`);

/** This tree's figures, as `npm run bench` prints them. */
function printFigures(f: Figures, say: (line: string) => void): void {
  say(
    `computer v computer, 12 units a side, warm engine (after ${f.warmUp} battles): ${f.battlesPerSecond.toFixed(2)} battles/s (${(1000 / f.battlesPerSecond).toFixed(0)} ms each, ${f.commandsPerBattle.toFixed(0)} commands; ${f.battles} battles)`,
  );
  say(
    `  where the time goes: viewFor ${pct(f.split.view)}, legalCommands ${pct(f.split.legal)}, decide ${pct(f.split.decide)}, apply ${pct(f.split.apply)}`,
  );
  for (const failure of f.failed) say(`  (a battle the engine failed to finish was left out: ${failure})`);
  say(`  CPU time (user and system) a command: ${f.cpuMsPerCommand.toFixed(2)} ms`);
  say(
    `  a fresh process's first ${f.cold.battles} battles (cold: much of the code not yet optimised): ${f.cold.battlesPerSecond.toFixed(2)} battles/s, CPU time a command ${f.cold.cpuMsPerCommand.toFixed(2)} ms`,
  );
  say(
    `replay of a 1,000-command battle (Assaye, random v random, seed ${f.replaySeed}; setup included): ${f.replayMs.toFixed(0)} ms (CPU ${f.replayCpuMs.toFixed(0)} ms); replayed ${WARM_REPLAYS} times more, median ${f.warmReplayMs.toFixed(0)} ms (CPU ${f.warmReplayCpuMs.toFixed(0)} ms)`,
  );
  say('apply, per command type over the battles above (each command timed alone): p50 / p99');
  const types = Object.entries(f.apply).sort((a, b) => b[1].count - a[1].count);
  for (const [type, a] of types)
    say(`  ${type.padEnd(28)} ${us(a.p50).padStart(9)} / ${us(a.p99).padStart(9)}  (${a.count} commands)`);
  if (f.sight)
    say(
      `line of sight in the computer's battles: ${Math.round(f.sight.queries / f.sight.battles).toLocaleString('en')} queries a battle, ${pct(f.sight.untraced / f.sight.queries)} answered without tracing a line (memo or inherited)`,
    );
}

/** The two checkouts' figures side by side, with how many times faster this tree is. */
function printComparison(ref: string, mine: Figures, base: Figures, rounds: number): void {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(
    `This tree against ${ref}: medians of ${rounds} alternating round${rounds === 1 ? '' : 's'}; ratio = how many times faster this tree is`,
  );
  const rows: string[][] = [['figure', 'this tree', ref, 'ratio', 'commands']];
  const ratio = (x: number) => `${x.toFixed(2)}x`;
  const pace = (name: string, a: Pace, b: Pace) => {
    rows.push([
      `${name} battles/s`,
      a.battlesPerSecond.toFixed(2),
      b.battlesPerSecond.toFixed(2),
      ratio(a.battlesPerSecond / b.battlesPerSecond),
      '',
    ]);
    rows.push([
      '  their CPU time a command',
      `${a.cpuMsPerCommand.toFixed(2)} ms`,
      `${b.cpuMsPerCommand.toFixed(2)} ms`,
      ratio(b.cpuMsPerCommand / a.cpuMsPerCommand),
      '',
    ]);
  };
  pace(`computer v computer (warm, after ${mine.warmUp} battles)`, mine, base);
  pace(`the first ${mine.cold.battles} (cold)`, mine.cold, base.cold);
  const replayRows = (name: string, a: { ms: number; cpuMs: number }, b: { ms: number; cpuMs: number }) => {
    rows.push([name, `${a.ms.toFixed(0)} ms`, `${b.ms.toFixed(0)} ms`, ratio(b.ms / a.ms), '1000']);
    rows.push([
      '  its CPU time',
      `${a.cpuMs.toFixed(0)} ms`,
      `${b.cpuMs.toFixed(0)} ms`,
      ratio(b.cpuMs / a.cpuMs),
      '1000',
    ]);
  };
  replayRows(
    'replay of 1,000 commands',
    { ms: mine.replayMs, cpuMs: mine.replayCpuMs },
    { ms: base.replayMs, cpuMs: base.replayCpuMs },
  );
  replayRows(
    `  the same, median of ${WARM_REPLAYS} more`,
    { ms: mine.warmReplayMs, cpuMs: mine.warmReplayCpuMs },
    { ms: base.warmReplayMs, cpuMs: base.warmReplayCpuMs },
  );
  const types = Object.entries(mine.apply).sort((a, b) => b[1].count - a[1].count);
  for (const [type, a] of types) {
    const b = base.apply[type];
    if (!b) continue;
    rows.push([`apply ${type} p50`, us(a.p50), us(b.p50), ratio(b.p50 / a.p50), String(a.count)]);
    rows.push([`apply ${type} p99`, us(a.p99), us(b.p99), ratio(b.p99 / a.p99), String(a.count)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    say(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  if (mine.commandsPerBattle !== base.commandsPerBattle)
    say(
      `(the battles differ: ${mine.commandsPerBattle.toFixed(1)} commands a battle here, ${base.commandsPerBattle.toFixed(1)} there)`,
    );
}

/** Checks `ref` out in a temporary git worktree beside this checkout's node_modules; returns its path and how to remove it. */
function checkout(ref: string): { root: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'muster-against-'));
  const root = join(dir, 'tree');
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: HERE, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${r.stderr}`);
  };
  git('worktree', 'add', '--detach', '--quiet', root, ref);
  symlinkSync(join(HERE, 'node_modules'), join(root, 'node_modules'), 'dir');
  let removed = false;
  return {
    root,
    remove() {
      if (removed) return;
      removed = true;
      git('worktree', 'remove', '--force', root);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const USAGE = `node --import tsx bench/battles.ts [--battles N] [--warm-up W] [--quick]
node --import tsx bench/battles.ts --against <git ref> [--rounds R] [--battles N] [--warm-up W] [--quick]
node --import tsx bench/battles.ts --figures-of <tree> [--battles N] [--warm-up W] [--battles-only]
  [--replay-from SEED] [--profile F]   (one tree's figures as JSON; a CPU profile of its warm battles)`;

async function main(): Promise<void> {
  const { values } = benchArgs(USAGE, {
    options: {
      against: { type: 'string' },
      rounds: { type: 'string' },
      battles: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'figures-of': { type: 'string' },
      'replay-from': { type: 'string' },
      'battles-only': { type: 'boolean', default: false },
      'warm-up': { type: 'string' },
      profile: { type: 'string' },
    },
  });
  const battles = wholeNumber(values.battles, '--battles', values.quick ? 3 : 20, USAGE);
  const warmUp = wholeNumber(values['warm-up'], '--warm-up', values.quick ? 8 : 48, USAGE);
  const plan: Plan = { battles, warmUp };
  if (values['figures-of'] !== undefined) {
    const root = values['figures-of'];
    const profiled = { ...plan, ...(values.profile === undefined ? {} : { profile: values.profile }) };
    const figures = values['battles-only']
      ? await figuresOf(root, profiled, 'battles only')
      : await figuresOf(root, profiled, wholeNumber(values['replay-from'], '--replay-from', 1, USAGE));
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  process.stdout.write(`Whole battles - node ${process.version}\n`);
  if (values.against === undefined) {
    printFigures(measureIn(HERE, plan), (line) => process.stdout.write(`${line}\n`));
    return;
  }
  const rounds = wholeNumber(values.rounds, '--rounds', values.quick ? 1 : 3, USAGE);
  const other = checkout(values.against);
  const stop = () => {
    other.remove();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  const mine: Figures[] = [];
  const base: Figures[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      // ABBA: neither checkout always runs first (a machine's load drifts).
      const order = r % 2 === 0 ? (['mine', 'base'] as const) : (['base', 'mine'] as const);
      for (const which of order) {
        process.stderr.write(
          `round ${r + 1}/${rounds}: ${which === 'mine' ? 'this tree' : values.against}\n`,
        );
        const from = mine[0]?.replaySeed ?? base[0]?.replaySeed ?? 1;
        if (which === 'mine') mine.push(measureIn(HERE, plan, from));
        else base.push(measureIn(other.root, plan, from));
      }
    }
    printComparison(values.against, medianFigures(mine), medianFigures(base), rounds);
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    process.stderr.write(
      `Interrupted after ${mine.length + base.length} of ${2 * rounds} measurements; nothing printed, the temporary worktree removed.\n`,
    );
    process.exitCode = 130;
  } finally {
    process.off('SIGINT', stop);
    other.remove();
  }
}

const entry = process.argv[1];
if (entry !== undefined && resolve(entry) === fileURLToPath(import.meta.url)) await main();
