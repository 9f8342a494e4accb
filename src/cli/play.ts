import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { AnyPlayableRuleSet, Player } from '../game/engine/battle.ts';
import type { GameStateBase } from '../game/engine/game.ts';
import { type AnyGameHosting, hostingOf } from '../game/engine/hosting.ts';
import type { GameRecord } from '../game/engine/record.ts';
import { type GivenCommand, mayTakeBack } from '../game/engine/undo.ts';
import { announcedResult, scenarioWords, verdictInWords } from '../game/engine/verdict.ts';
import { PLAYABLE_RULE_SETS } from '../game/index.ts';
import { type Names, namesOf, orderName } from '../game/john-company/describe.ts';
import type { JcGameState } from '../game/john-company/state.ts';
import type { JcView } from '../game/john-company/view.ts';
import { closest } from '../protocol/text.ts';
import { DEFAULT_RULE_SET } from '../rulesets/index.ts';
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
  /** The rule set's id (default john-company). */
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
  const rules = hostingOf(
    playableOrThrow(env.playable ?? PLAYABLE_RULE_SETS, opts.ruleset ?? DEFAULT_RULE_SET, '--ruleset'),
  );
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
  const situation = SITUATIONS[rules.id] ?? genericSituation(rules);
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
          (c) => rules.describeOffer(c, state),
          mayTakeBack(given, side),
        );
    if (command === undefined) {
      stopped = true;
      break;
    }
    if (command === TAKE_BACK) {
      const last = commands.pop()!;
      state = given.pop()!.before;
      out.write(`Taken back: ${rules.describeCommand(last.command, state)}\n`);
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
        : seen && rules.describeEvent(seen, state);
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

/** The situation a side decides in, as text: from its view, and the latest state for names only. */
/** The situation in words for the person deciding; `sideName` names a side as the scenario does. */
type Situation = (view: unknown, latest: GameStateBase, sideName: (id: string) => string) => string;

/** Rule sets whose situation the terminal draws in its own words (the others: `genericSituation`). */
const SITUATIONS: Readonly<Record<string, Situation>> = {
  'john-company': (view, latest, sideName) =>
    describeSituation(view as JcView, namesOf(latest as JcGameState), sideName),
};

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

const ONE = (x: number) => Math.round(x * 10) / 10;

/** The situation from the deciding side's view: the step, its units, the enemy it can see. */
export function describeSituation(view: JcView, names: Names, sideName: (id: string) => string): string {
  const side = view.viewer;
  const n = (id: string) => names.get(id) ?? id;
  const lines = [
    ``,
    `--- Turn ${view.turn} of ${view.scenario.turnLimit}: ${stepText(view, n)} (${sideName(side)}) ---`,
  ];
  for (const own of [true, false]) {
    lines.push(own ? 'Your units:' : 'Enemy units in sight:');
    let any = false;
    for (const t of Object.values(view.table.units)) {
      if ((t.side === side) !== own) continue;
      const u = view.units[t.id];
      if (!u) continue;
      any = true;
      const front = t.stands.filter((s) => s.rank === 0);
      const x = front.reduce((a, s) => a + s.x, 0) / Math.max(1, front.length);
      const y = front.reduce((a, s) => a + s.y, 0) / Math.max(1, front.length);
      const stands = t.stands.filter((s) => s.kind !== 'gun' && s.kind !== 'limber').length;
      const status = u.status ?? u.lastStatus ?? 'untested';
      const flags = [
        u.disordered ? 'Disordered' : '',
        u.routing ? 'routing' : '',
        u.quitting ? 'quitting' : '',
      ]
        .filter((f) => f !== '')
        .join(', ');
      const counter = u.counter;
      const order =
        u.order !== undefined
          ? orderName(u.order)
          : counter && 'order' in counter
            ? `${orderName(counter.order)} (counter)`
            : counter
              ? 'counter face down'
              : u.continuing
                ? `${orderName(u.continuing.order)} (continuing)`
                : 'no counter';
      lines.push(
        `  ${n(t.id)}: ${t.formation} at (${ONE(x)}, ${ONE(y)}) facing ${Math.round(t.facing)}, ${stands} stand${stands === 1 ? '' : 's'}, ${status}${flags ? `, ${flags}` : ''}; ${order}`,
      );
    }
    if (!any) lines.push('  (none)');
  }
  const gens = Object.values(view.generals).filter((g) => g.side === side && view.table.generals[g.id]);
  if (gens.length > 0) {
    lines.push('Your Generals:');
    for (const g of gens) {
      const s = view.table.generals[g.id]!;
      const orders =
        g.orders === undefined ? '' : `, orders ${g.orders - (g.ordersUsed ?? 0)} of ${g.orders} left`;
      lines.push(
        `  ${n(g.id)}: at (${ONE(s.stand.x)}, ${ONE(s.stand.y)})${s.attachedTo ? ` with ${n(s.attachedTo)}` : ''}${orders}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function stepText(view: JcView, n: (id: string) => string): string {
  const node = view.node;
  switch (node.phase) {
    case 'orders':
      return 'Step 2, place order counters';
    case 'aim':
      return 'Step 3, aim guns';
    case 'charge-response':
      return `Step 4, ${n(node.target)} is charged by ${n(node.charger)}`;
    case 'activation': {
      const a = node.activation;
      if (a.kind === 'general') return `Step 5, ${n(a.general)} acts (${ONE(a.used)}" ridden)`;
      const u = view.units[a.unit];
      const test = u?.test ? `, tested ${u.test.status}` : '';
      const order = u?.order !== undefined ? `, ${orderName(u.order)}` : '';
      return `Step 5, ${n(a.unit)} acts${order}${test}${a.moved ? ', has moved' : ''}${a.fired ? ', has fired' : ''}`;
    }
    case 'over':
      return 'the battle is over';
  }
}
