import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { AnyPlayableRuleSet, Player } from '../game/engine/battle.ts';
import type { GameStateBase } from '../game/engine/game.ts';
import { type AnyGameHosting, hostingOf } from '../game/engine/hosting.ts';
import type { GameRecord } from '../game/engine/record.ts';
import { type GivenCommand, mayTakeBack } from '../game/engine/undo.ts';
import { announcedResult, scenarioWords, verdictInWords } from '../game/engine/verdict.ts';
import { DEFAULT_RULE_SET, PLAYABLE_RULE_SETS } from '../game/registry.ts';
import { closest } from '../protocol/text.ts';
import { parseSeed } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, EXIT_OK } from './resolve.ts';
import { checkedScenario, readScenarioArg } from './scenario.ts';

/**
 * `muster play`: a battle under any playable rule set (PLAYABLE_RULE_SETS; John Company unless
 * `--ruleset` says otherwise) on the terminal, a person against the rule set's computer opponent or the
 * computer against itself. At each of the person's decisions it shows the situation from that side's
 * view and the numbered legal commands, and reads a number; the battle log goes out as the battle is
 * fought, narrowed to what the person's side may see (all of it when the computer plays both sides). The
 * wording is the rule set's hosting (src/game/engine/hosting.ts: its own or the generic). The game record
 * can be saved for `muster replay`.
 */

/** Where `muster play` talks to a person: text out as it happens, one line in at a time. */
export interface Terminal {
  write(text: string): void;
  /** The next line typed, without its newline; undefined at the end of the input. */
  readLine(): Promise<string | undefined>;
}

/** The process's own terminal: stdout, and stdin read line by line. */
export function processTerminal(): Terminal & { close(): void } {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    write: (text) => {
      process.stdout.write(text);
    },
    readLine: async () => {
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
    close: () => rl.close(),
  };
}

export interface PlayOptions {
  readonly side?: string;
  readonly ai?: string;
  readonly seed?: string;
  readonly save?: string;
  readonly turns?: string;
  /** The rule set's id (default: the registry's first). */
  readonly ruleset?: string;
}

export interface PlayEnv {
  readonly terminal: Terminal;
  readInput(file: string): Promise<string>;
  randomSeed(): number;
  /** Writes a file (the saved game); default: the file system. */
  writeFile?(file: string, text: string): Promise<void>;
  /** The rule sets it can play (default: PLAYABLE_RULE_SETS). */
  readonly playable?: readonly AnyPlayableRuleSet[];
}

/** The rule set `id` of `playable`, or a `UsageError` naming the rule sets it can play. */
export function playableOrThrow(
  playable: readonly AnyPlayableRuleSet[],
  id: string,
  flag: string,
): AnyPlayableRuleSet {
  const found = playable.find((r) => r.id === id);
  if (found) return found;
  const ids = playable.map((r) => r.id);
  const guess = closest(id, ids);
  throw new UsageError(
    `${flag}: Muster does not play "${id}" battles. The rule sets it plays are: ${ids.join(', ')}.${guess ? ` Did you mean "${guess}"?` : ''}`,
  );
}

/** `muster play <scenario>`: plays the battle to its end (or until the person quits). */
export async function playCommand(arg: string, opts: PlayOptions, env: PlayEnv): Promise<CliOutcome> {
  const playable = playableOrThrow(
    env.playable ?? PLAYABLE_RULE_SETS,
    opts.ruleset ?? DEFAULT_RULE_SET,
    '--ruleset',
  );
  const rules = hostingOf(playable);
  const { game } = rules;
  const { json, source } = await readScenarioArg(arg, env.readInput);
  const scenario = checkedScenario(json, source);
  const sides = scenario.sides.map((s) => s.id);
  const words = scenarioWords(scenario);
  const computer = computerSides(sides, opts);
  const seed = opts.seed === undefined ? env.randomSeed() : seedOf(opts.seed);
  const played = withTurns(json, opts.turns);
  const out = env.terminal;
  const person = sides.find((s) => !computer.has(s));
  out.write(
    `${scenario.title}: seed ${seed}; ${scenario.sides.map((s) => `${s.name} (${s.id}: ${computer.has(s.id) ? 'the computer' : 'you'})`).join(' against ')}\n`,
  );
  // Each computer side's player, its ties broken by a PRNG seeded from the game's seed and its side.
  const players = new Map<string, Player<unknown, unknown>>();
  sides.forEach((s, i) => {
    if (computer.has(s)) players.set(s, rules.computer((seed + i + 1) >>> 0));
  });
  const situation: Situation = playable.describeSituation ?? genericSituation(rules);
  const sideName = (id: string) => scenario.sides.find((s) => s.id === id)?.name ?? id;
  let state: GameStateBase = game.setup(played, seed);
  out.write(`\n=== Turn ${rules.turnOf(state)} ===\n`);
  const commands: { side: string; command: unknown }[] = [];
  // What undo needs of each command given: the state before it, and whether it may be taken back.
  const given: (GivenCommand & { readonly before: GameStateBase })[] = [];
  let stopped = false;
  for (;;) {
    const side = game.decider(state);
    if (side === undefined) break;
    const view = game.viewFor(state, side);
    const legal: unknown[] = game.legalCommands(state, side);
    const player = players.get(side);
    const command = player
      ? player(view, legal)
      : await ask(
          out,
          situation(view, state, sideName),
          legal,
          (c) => rules.describeOffer(c, state, words),
          mayTakeBack(given, side),
        );
    if (command === undefined) {
      stopped = true;
      break;
    }
    if (command === TAKE_BACK) {
      const last = commands.pop()!;
      state = given.pop()!.before;
      out.write(`Taken back: ${rules.describeCommand(last.command, state, words)}\n`);
      continue;
    }
    const applied = game.apply(state, side, command);
    if (!applied.ok) throw new Error(`a legal command was refused: ${applied.rejection.message}`);
    given.push({
      side,
      before: state,
      reversible: rules.reversible?.(state, applied.state, applied.events) ?? false,
    });
    state = applied.state;
    commands.push({ side, command });
    const viewer = person ?? 'all';
    for (const e of applied.events) {
      const seen = viewer === 'all' ? e : game.eventFor(e, viewer);
      const result = announcedResult(seen);
      const line = result
        ? `\n*** ${verdictInWords(result, words)} ***`
        : seen && rules.describeEvent(seen, state, words);
      if (line !== undefined && line !== '') out.write(`${line}\n`);
    }
  }
  if (stopped) out.write(`Stopped after ${commands.length} commands, on turn ${rules.turnOf(state)}.\n`);
  if (opts.save !== undefined) {
    const record: GameRecord<unknown> = {
      format: 'muster-game',
      version: 1,
      ruleSet: game.ruleSet,
      scenario: played,
      seed,
      commands,
    };
    await (env.writeFile ?? ((file, text) => writeFile(file, text, 'utf8')))(
      opts.save,
      `${JSON.stringify(record)}\n`,
    );
    out.write(`Saved the game to ${opts.save} (replay it: muster replay ${opts.save}).\n`);
  }
  return { stdout: '', stderr: '', code: EXIT_OK };
}

/** The sides the computer plays: `--ai both`, `--ai <side>`, or the side the person did not take. */
function computerSides(sides: readonly string[], opts: PlayOptions): Set<string> {
  const known = (s: string, flag: string) => {
    if (!sides.includes(s))
      throw new UsageError(`${flag}: no side "${s}" in this scenario (the sides are ${sides.join(' and ')})`);
  };
  if (opts.ai === 'both') {
    if (opts.side !== undefined) throw new UsageError('--side and --ai both: the computer plays both sides');
    return new Set(sides);
  }
  if (opts.ai !== undefined) {
    known(opts.ai, '--ai');
    if (opts.side !== undefined && opts.side === opts.ai)
      throw new UsageError(`--side and --ai: you and the computer cannot both play ${opts.ai}`);
  }
  if (opts.side !== undefined) known(opts.side, '--side');
  const person = opts.side ?? sides.find((s) => s !== opts.ai) ?? sides[0]!;
  return new Set(sides.filter((s) => s !== person));
}

function seedOf(text: string): number {
  const s = parseSeed(text);
  if (!s.ok) throw new UsageError(s.errors.join('\n'));
  return s.value;
}

/** The scenario with its turn limit set by `--turns` (the record keeps it, so a replay ends alike). */
function withTurns(json: unknown, turns: string | undefined): unknown {
  if (turns === undefined) return json;
  const n = /^\d+$/.test(turns.trim()) ? Number(turns.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new UsageError(`--turns: expected a whole number from 1 to 100, got ${JSON.stringify(turns)}`);
  const s = json as { victory: Record<string, unknown> };
  return { ...s, victory: { ...s.victory, turnLimit: n } };
}

/** The situation in words for the person deciding; `sideName` names a side as the scenario does. */
type Situation = (view: unknown, latest: GameStateBase, sideName: (id: string) => string) => string;

/** The turn and the deciding side, then the view as the rule set's hosting words it. */
function genericSituation(rules: AnyGameHosting): Situation {
  return (view, latest, sideName) => {
    const viewer = (view as { viewer?: unknown } | null)?.viewer;
    const side = typeof viewer === 'string' ? ` (${sideName(viewer)})` : '';
    return `\n--- Turn ${rules.turnOf(latest)}${side} ---\n${rules.describeView(view)}`;
  };
}

/** What `ask` answers when the person takes back their last command. */
const TAKE_BACK = Symbol('take back');

/**
 * Shows the person the situation and the numbered commands, and reads a choice: a number, `?` to see
 * the situation again, `u` to take back their last command (when `mayUndo`: engine/undo.ts), `q` to
 * stop. Undefined when the person stops or the input ends.
 */
async function ask(
  out: Terminal,
  situation: string,
  legal: readonly unknown[],
  describe: (command: unknown) => string,
  mayUndo: boolean,
): Promise<unknown> {
  out.write(situation);
  out.write(listing(legal, describe));
  for (;;) {
    out.write(
      `Your choice (1-${legal.length}, ? to look again, ${mayUndo ? 'u to take back your last command, ' : ''}q to stop): `,
    );
    const line = await out.readLine();
    if (line === undefined) {
      out.write('\n');
      return undefined;
    }
    const text = line.trim().toLowerCase();
    if (text === 'q' || text === 'quit') return undefined;
    if (text === '?' || text === '') {
      out.write(situation);
      out.write(listing(legal, describe));
      continue;
    }
    if (text === 'u' || text === 'undo') {
      if (mayUndo) return TAKE_BACK;
      out.write('Nothing to take back: your last command threw dice or showed something, or was answered.\n');
      continue;
    }
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    const chosen = legal[n - 1];
    if (chosen) return chosen;
    out.write(`"${line.trim()}" is not one of the choices.\n`);
  }
}

function listing(legal: readonly unknown[], describe: (command: unknown) => string): string {
  const width = String(legal.length).length;
  return `${legal.map((c, i) => `  ${String(i + 1).padStart(width)}. ${describe(c)}`).join('\n')}\n`;
}
