import { Command, CommanderError } from 'commander';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { DEFAULT_RULE_SET, RULE_SET_ENTRIES } from '../game/rule-set-entries.ts';
import { inputJsonSchema } from '../protocol/procedure-schema.ts';
import type { BattleRunner } from './battle-pool.ts';
import {
  procedureHelp,
  procedureListing,
  procedureListingJson,
  resolveHelpAfter,
  topHelpAfter,
} from './help.ts';
import type { Terminal } from './play.ts';
import { procedureList, procedureOrThrow, type Registry, ruleSetOrThrow, UsageError } from './registry.ts';
import { type CliOutcome, EXIT_OK, EXIT_USAGE, fail, internalError, resolveSituation } from './resolve.ts';
import { looksLikeJsonLines, resolveLines } from './resolve-lines.ts';

// The commands that play battles (play, replay, verify, report, compare, scenario) are imported when they run:
// `muster resolve` starts without loading the games.

/** What the CLI needs from the world; `main.ts` gives it the process, tests give it fakes. */
export interface CliEnv {
  /** The text of `file`, or of stdin when `file` is undefined or `-`. */
  readInput(file: string | undefined): Promise<string>;
  /** A fresh seed (0..2^32-1) for dice when none were typed in and no `--seed` was given. */
  randomSeed(): number;
  readonly version?: string;
  /** Print stack traces of internal errors. */
  readonly debug?: boolean;
  /** The rule sets to offer (default: their light faces, `RULE_SET_ENTRIES`). */
  readonly ruleSets?: Registry;
  /** The rule sets whose battles `muster play` and `muster replay` host (default: PLAYABLE_RULE_SETS). */
  readonly playable?: readonly AnyPlayableRuleSet[];
  /** Where `muster play` talks to the person (default: the process's stdin and stdout). */
  readonly terminal?: Terminal;
  /** Writes a file (`muster play --save`; default: the file system). */
  writeFile?(file: string, text: string): Promise<void>;
  /** Progress of a long run (`muster compare`): the shell draws a bar on a terminal. */
  progress?(done: number, total: number, label: string): void;
  /** Runs `muster compare`'s battles on worker threads (default: on this thread). */
  battleRunner?(workers: number): BattleRunner;
}

/** Help is wrapped at a fixed width, so it reads the same in a terminal, a pipe, the tests and the docs. */
const HELP_WIDTH = 100;

interface Sink {
  out: string;
  err: string;
  code: number;
}

function emit(sink: Sink, outcome: CliOutcome): void {
  sink.out += outcome.stdout;
  sink.err += outcome.stderr;
  sink.code = outcome.code;
}

/**
 * The `muster` program: its commands and options, with output captured into `sink` and exits turned
 * into exceptions (commander's exitOverride). Exported so docs.ts can document the options as defined.
 */
export function buildProgram(env: CliEnv, sink: Sink = { out: '', err: '', code: 0 }): Command {
  const registry = env.ruleSets ?? RULE_SET_ENTRIES;
  const ruleSet = (id: string) => ruleSetOrThrow(registry, id);
  const lookUp = (id: string, ruleSetId: string) => {
    const found = ruleSet(ruleSetId);
    return { ruleSet: found, def: procedureOrThrow(registry, found, id) };
  };
  const program = new Command('muster');
  program
    .description(
      "Muster: the referee's rules engine for John Company wargames (the conquest of India, 1750-1860).",
    )
    .version(env.version ?? '0.0.0', '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .configureOutput({
      writeOut: (s) => {
        sink.out += s;
      },
      writeErr: (s) => {
        sink.err += s;
      },
    })
    .configureHelp({ helpWidth: HELP_WIDTH })
    .exitOverride()
    .showSuggestionAfterError(true)
    .showHelpAfterError('(muster --help shows the commands)')
    .helpCommand(false)
    .addHelpText('after', topHelpAfter());

  const resolve = program
    .command('resolve')
    .summary('resolve a rules procedure for a situation given as JSON')
    .description(
      'Resolve a rules procedure for a situation given as JSON (from the file, or stdin if no file or -): the result, every step with its rule, the dice, and the exact odds.',
    )
    .argument('[procedure]', 'the procedure to resolve (see the list below)')
    .argument('[file]', 'the situation as JSON; - or none: read stdin')
    .option(
      '--seed <n>',
      'seed (0-4294967295) for dice not typed in; without typed dice or a seed, one is picked and printed',
    )
    .option(
      '--dice <faces>',
      'typed-in dice, instead of the "dice" field: faces in throw order (3,4,5) or by roll key (randomFactor=3,4); repeatable',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--explain', 'print a readable explanation instead of JSON')
    .option('--no-odds', 'leave out the exact odds')
    .option(
      '--jsonl',
      'many situations, one JSON object a line (JSON Lines): one answer a line, in order (found without it when the input is not one JSON value but its first line is)',
    )
    .option('--ruleset <id>', 'the rule set', DEFAULT_RULE_SET)
    .helpOption(false)
    .option('-h, --help', 'show this help; after a procedure, its fields, rolls and examples')
    .addHelpText('after', resolveHelpAfter(registry))
    .action(
      async (
        procedure: string | undefined,
        file: string | undefined,
        opts: {
          seed?: string;
          dice?: string[];
          explain?: boolean;
          odds: boolean;
          jsonl?: boolean;
          ruleset: string;
          help?: boolean;
        },
      ) => {
        if (opts.help) {
          if (procedure === undefined) resolve.outputHelp();
          else {
            const found = lookUp(procedure, opts.ruleset);
            sink.out += procedureHelp(found.ruleSet, found.def);
          }
          return;
        }
        if (procedure === undefined) {
          throw new UsageError(
            `which procedure? ${procedureList(ruleSet(opts.ruleset))}\nUsage: muster resolve <procedure> [file] [options] (muster resolve --help for more)`,
          );
        }
        lookUp(procedure, opts.ruleset);
        const source = file === undefined || file === '-' ? 'stdin' : file;
        let text: string;
        try {
          text = await env.readInput(file);
        } catch (error) {
          const code = (error as { code?: string }).code;
          const reason =
            code === 'ENOENT'
              ? 'no such file'
              : code === 'EISDIR'
                ? 'it is a directory'
                : error instanceof Error
                  ? error.message
                  : String(error);
          throw new UsageError(`cannot read ${source}: ${reason}`);
        }
        const resolveText = opts.jsonl || looksLikeJsonLines(text) ? resolveLines : resolveSituation;
        emit(
          sink,
          resolveText(
            {
              procedure,
              ruleSet: opts.ruleset,
              source,
              odds: opts.odds,
              ...(opts.seed === undefined ? {} : { seed: opts.seed }),
              ...(opts.dice ? { dice: opts.dice } : {}),
              ...(opts.explain ? { explain: true } : {}),
              ...(env.debug ? { debug: true } : {}),
            },
            text,
            env.randomSeed,
            registry,
          ),
        );
      },
    );

  program
    .command('schema')
    .summary("print the JSON Schema of a procedure's input")
    .description(
      'Print the JSON Schema (draft 2020-12) of a procedure\'s input: its facts plus the optional "dice" field.',
    )
    .argument('<procedure>', 'the procedure')
    .option('--ruleset <id>', 'the rule set', DEFAULT_RULE_SET)
    .action((procedure: string, opts: { ruleset: string }) => {
      const found = lookUp(procedure, opts.ruleset);
      const schema = inputJsonSchema(found.ruleSet, found.def);
      sink.out += `${JSON.stringify(schema, null, 2)}\n`;
    });

  program
    .command('procedures')
    .alias('list')
    .summary('list the rule sets and their procedures')
    .description('List the rule sets and their procedures, with what each decides.')
    .option('--json', 'as JSON')
    .action((opts: { json?: boolean }) => {
      sink.out += opts.json ? procedureListingJson(registry) : procedureListing(registry);
    });

  program
    .command('play')
    .summary('play a battle: you against the computer, or the computer against itself')
    .description(
      "Play a battle on the terminal against the computer (or --ai both to watch it play itself), under John Company or another rule set whose whole battles Muster plays (--ruleset). At each of your decisions it shows the situation from your side's view and the numbered legal commands; type a number. The battle log is printed as the battle is fought.",
    )
    .argument('<scenario>', 'a scenario file, or the id of one in scenarios/ (muster scenario list)')
    .option('--side <side>', 'the side you play (default: the first side, or the one the computer does not)')
    .option('--ai <side>', 'the side the computer plays, or "both" (computer against computer)')
    .option('--seed <n>', 'seed (0-4294967295) of the dice and cards; without it, one is picked and printed')
    .option('--save <file>', 'write the game record (JSON) here at the end, for muster replay')
    .option('--turns <n>', "end the battle after n turns (the scenario's verdict at its turn limit applies)")
    .option(
      '--ruleset <id>',
      'the rule set to play it under (one whose whole battles Muster plays)',
      DEFAULT_RULE_SET,
    )
    .action(
      async (
        scenario: string,
        opts: { side?: string; ai?: string; seed?: string; save?: string; turns?: string; ruleset: string },
      ) => {
        const { playCommand, processTerminal } = await import('./play.ts');
        const own = env.terminal ? undefined : processTerminal();
        try {
          emit(
            sink,
            await playCommand(scenario, opts, {
              terminal: env.terminal ?? own!,
              readInput: (file) => env.readInput(file),
              randomSeed: env.randomSeed,
              ...(env.writeFile ? { writeFile: env.writeFile } : {}),
              ...(env.playable ? { playable: env.playable } : {}),
            }),
          );
        } finally {
          own?.close();
        }
      },
    );

  program
    .command('replay')
    .summary('re-run a saved game, print its battle log and check it replays exactly')
    .description(
      'Re-run a game saved by muster play --save from its scenario and seed, under the rule set its record names: print the battle log and check that every command is accepted and the game replays exactly.',
    )
    .argument('<file>', 'the saved game (a Muster game record, JSON)')
    .option('--side <side>', 'print only what this side saw (default: everything)')
    .action(async (file: string, opts: { side?: string }) => {
      const { replayCommand } = await import('./replay.ts');
      emit(sink, await replayCommand(file, opts, (f) => env.readInput(f), env.playable));
    });

  program
    .command('verify')
    .summary("check a game's secret dice and replay: the commitment, the seed, every command")
    .description(
      "Check a game record as anyone may: for a network game's secret dice, that the revealed secret is the one committed to at the start, and that the seed is the one the secret and every seat's entropy derive (docs/web.md states the scheme); then that every command replays, twice to the bit, to the result the record states. Give the commitment your seat was shown and your browser's entropy to check the record is the game you played. Prints each check (✓ matched, ✗ did not, – not checked); exit code 2 if one did not match.",
    )
    .argument('<file>', 'the game record (JSON: the export of a finished game)')
    .option('--commitment <hex>', 'the commitment your seat was given when the game was created')
    .option(
      '--entropy <side=hex>',
      "a seat's entropy as its browser gave it (repeat for several)",
      (value: string, before: string[] = []) => [...before, value],
    )
    .action(async (file: string, opts: { commitment?: string; entropy?: string[] }) => {
      const { verifyCommand } = await import('./verify.ts');
      emit(sink, await verifyCommand(file, opts, (f) => env.readInput(f), env.playable));
    });

  program
    .command('report')
    .summary('the after-action report of a saved game: strength turn by turn, losses, tracks, verdict')
    .description(
      "The after-action report of a game record (muster play --save, or a game exported from the browser), finished or not: each side's strength turn by turn, losses by unit, who broke and when, the largest losses and breaks, the verdict and the scenario's conditions. Markdown by default; --html makes a standalone page with its charts (the strength, the units by state, the losses and the table with each unit's track).",
    )
    .argument('<file>', 'the game record (JSON)')
    .option('--html', 'a standalone HTML page with charts, instead of Markdown')
    .option('--out <file>', 'write the report here instead of printing it')
    .action(async (file: string, opts: { html?: boolean; out?: string }) => {
      const { reportCommand } = await import('./report.ts');
      emit(
        sink,
        await reportCommand(file, opts, {
          readInput: (f) => env.readInput(f),
          ...(env.writeFile ? { writeFile: env.writeFile } : {}),
          ...(env.playable ? { playable: env.playable } : {}),
        }),
      );
    });

  program
    .command('compare')
    .summary('the same battle under several rule sets, the computer on both sides: outcomes side by side')
    .description(
      'Play a scenario many times under each rule set, the computer on both sides, and print the outcome distributions side by side: who won, how long it took, what it cost each side, how the battles ended. Battle i is seeded seed + i under every rule set, so a comparison is reproducible. A progress bar shows on a terminal.',
    )
    .argument('<scenario>', 'a scenario file, or the id of one in scenarios/ (muster scenario list)')
    .option('--rulesets <ids>', 'the rule sets, comma-separated, or "all"', 'all')
    .option('--battles <n>', 'battles per rule set', '20')
    .option('--seed <n>', "the first battle's seed (0-4294967295)", '1')
    .option('--json', 'as JSON, with every figure')
    .option('--workers <n>', "worker threads playing the battles (default: the machine's cores)")
    .action(
      async (
        scenario: string,
        opts: { rulesets?: string; battles?: string; seed?: string; json?: boolean; workers?: string },
      ) => {
        emit(
          sink,
          await (await import('./compare.ts')).compareCommand(scenario, opts, {
            readInput: (file) => env.readInput(file),
            ...(env.progress ? { progress: env.progress } : {}),
            ...(env.battleRunner ? { battleRunner: env.battleRunner } : {}),
          }),
        );
      },
    );

  const scenario = program
    .command('scenario')
    .summary('check and list scenarios')
    .description('Check a scenario file, or list the scenarios that come with Muster.')
    .helpCommand(false);
  scenario
    .command('validate')
    .summary('check a scenario and list every problem')
    .description(
      'Check a scenario (a file, or the id of one in scenarios/): every problem with the path of its field (exit code 2), or what it holds.',
    )
    .argument('<file>', 'the scenario file, or a scenario id')
    .action(async (file: string) => {
      const { validateCommand } = await import('./scenario.ts');
      emit(sink, await validateCommand(file, (f) => env.readInput(f)));
    });
  scenario
    .command('list')
    .summary('list the scenarios in scenarios/')
    .description('List the scenarios that come with Muster (scenarios/), by id and title.')
    .action(async () => {
      const { listCommand } = await import('./scenario.ts');
      emit(sink, await listCommand((f) => env.readInput(f)));
    });

  program
    .command('help')
    .summary('show help for a command, or for a procedure (muster help resolve <procedure>)')
    .description('Show help for a command, or for a procedure: muster help resolve <procedure>.')
    .argument('[command]', 'a command')
    .argument('[procedure]', 'with resolve: a procedure')
    .option('--ruleset <id>', 'the rule set', DEFAULT_RULE_SET)
    .action((name: string | undefined, procedure: string | undefined, opts: { ruleset: string }) => {
      if (name === undefined) {
        program.outputHelp();
        return;
      }
      const command = program.commands.find((c) => c.name() === name || c.aliases().includes(name));
      if (!command)
        throw new UsageError(`unknown command "${name}". The commands are: ${commandNames(program)}.`);
      if (command.name() === 'resolve' && procedure !== undefined) {
        const found = lookUp(procedure, opts.ruleset);
        sink.out += procedureHelp(found.ruleSet, found.def);
      } else command.outputHelp();
    });

  return program;
}

function commandNames(program: Command): string {
  return program.commands.map((c) => c.name()).join(', ');
}

/**
 * Runs `muster` with `argv` (without node and the script): what to print and the exit code.
 * With no arguments it prints the top-level help. Errors in the input are exit code 2 with a message
 * and never a stack trace; exit code 1 is Muster's own failure.
 */
export async function runCli(argv: readonly string[], env: CliEnv): Promise<CliOutcome> {
  const sink: Sink = { out: '', err: '', code: EXIT_OK };
  const program = buildProgram(env, sink);
  if (argv.length === 0) {
    program.outputHelp();
    return { stdout: sink.out, stderr: '', code: EXIT_OK };
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      const done = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
      return { stdout: sink.out, stderr: sink.err, code: done ? EXIT_OK : EXIT_USAGE };
    }
    const outcome = error instanceof UsageError ? fail(error.message) : internalError(error, env.debug);
    return { stdout: sink.out, stderr: sink.err + outcome.stderr, code: outcome.code };
  }
  return { stdout: sink.out, stderr: sink.err, code: sink.code };
}
