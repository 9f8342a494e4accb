import {
  DiceInputError,
  type DiceSource,
  PrngDice,
  type RollRecord,
  SuppliedDice,
} from '../core/random/dice.ts';
import { seedRng } from '../core/random/prng.ts';
import { type DiceInput, type OddsReport, oddsOf } from '../core/rules/run.ts';
import { Trace } from '../core/rules/trace.ts';
import { RULE_SET_ENTRIES } from '../game/rule-set-entries.ts';
import { factsJsonSchema } from '../protocol/procedure-schema.ts';
import { renderExplanation } from './explain.ts';
import { checkDice, parseDiceOption, parseJsonText, parseSeed, splitDice } from './input.ts';
import { formatIssues } from './issues.ts';
import { procedureOrThrow, type Registry, ruleSetOrThrow, UsageError } from './registry.ts';

/** What a command printed and how it ended: 0 done, 1 internal error (a bug), 2 input or usage error. */
export interface CliOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_USAGE = 2;

/** `muster resolve`'s options, as typed (parsed and checked here so every message reads the same). */
export interface ResolveRequest {
  readonly procedure: string;
  readonly ruleSet?: string;
  /** `--seed`, as typed. */
  readonly seed?: string;
  /** `--dice`, each occurrence as typed. */
  readonly dice?: readonly string[];
  readonly explain?: boolean;
  /** False with `--no-odds`. */
  readonly odds?: boolean;
  /** What the input is called in messages: a file name, or "stdin". */
  readonly source: string;
  /** Print stack traces of internal errors. */
  readonly debug?: boolean;
  /** The JSON answer on one line (JSON Lines, resolve-lines.ts) instead of indented. */
  readonly compact?: boolean;
}

/** A resolution as `muster resolve` prints it in JSON (key order is the output's key order). */
export interface ResolveOutput {
  readonly ruleset: string;
  readonly procedure: string;
  readonly seed?: number;
  readonly result: unknown;
  readonly trace: readonly unknown[];
  readonly rolls: readonly RollRecord[];
  readonly odds?: readonly OddsReport[];
}

/**
 * `muster resolve`, without the I/O: the situation's JSON text in, what to print and the exit code
 * out. `randomSeed` is asked for a seed only when no dice were typed in and no `--seed` was given.
 */
export function resolveSituation(
  request: ResolveRequest,
  text: string,
  randomSeed: () => number,
  registry: Registry = RULE_SET_ENTRIES,
): CliOutcome {
  try {
    return resolveOrThrow(request, text, randomSeed, registry);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    return internalError(error, request.debug);
  }
}

function resolveOrThrow(
  request: ResolveRequest,
  text: string,
  randomSeed: () => number,
  registry: Registry,
): CliOutcome {
  const ruleSet = ruleSetOrThrow(registry, request.ruleSet);
  const def = procedureOrThrow(registry, ruleSet, request.procedure);
  const rollKeys = def.rolls.map((r) => r.key);
  const helpHint = `Run "muster resolve ${def.id} --help" for its fields, rolls and examples.`;

  const errors: string[] = [];
  let seed: number | undefined;
  if (request.seed !== undefined) {
    const checked = parseSeed(request.seed);
    if (checked.ok) seed = checked.value;
    else errors.push(...checked.errors);
  }
  const parsed = parseJsonText(text, request.source);
  if (!parsed.ok) return fail([...errors, ...parsed.errors].join('\n'));

  const { facts: rawFacts, dice: rawDice } = splitDice(parsed.value);
  // The facts' JSON Schema words errors and explanations; a valid situation printed as JSON needs none.
  const schema = () => factsJsonSchema(def);
  const validated = def.facts.safeParse(rawFacts);
  if (!validated.success) {
    const lines = formatIssues(validated.error.issues, rawFacts, schema());
    errors.push(...(lines.length ? lines : [validated.error.message]));
  }

  let dice: DiceInput | undefined;
  if (request.dice && request.dice.length > 0) {
    const checked = parseDiceOption(request.dice, rollKeys);
    if (checked.ok) dice = checked.value;
    else errors.push(...checked.errors);
  } else if (rawDice !== undefined) {
    const checked = checkDice(rawDice, rollKeys);
    if (checked.ok) dice = checked.value;
    else errors.push(...checked.errors);
  }
  if (errors.length > 0 || !validated.success) {
    const n = errors.length;
    return fail(
      `${request.source} is not a valid ${def.id} situation (${n} ${n === 1 ? 'problem' : 'problems'}):\n${errors.map((e) => `  ${e}`).join('\n')}\n${helpHint}`,
    );
  }

  const chosen = seed === undefined && dice === undefined;
  if (chosen) seed = randomSeed();
  const facts = validated.data;
  const rolls: RollRecord[] = [];
  const trace = new Trace();
  let result: unknown;
  try {
    const prng = seed === undefined ? undefined : new PrngDice(seedRng(seed), rolls);
    const supplied = dice === undefined ? undefined : new SuppliedDice(dice, rolls, prng);
    const source: DiceSource = supplied ?? prng!;
    result = def.resolve(facts, source, trace);
    supplied?.assertAllUsed();
  } catch (error) {
    if (error instanceof DiceInputError) {
      const missing = /^not enough dice/.test(error.message) && seed === undefined;
      // Dice typed in for facts that throw none: say what the facts give instead, and why.
      const noneThrown = result !== undefined && rolls.length === 0;
      return fail(
        `typed-in dice do not fit: ${error.message}\n` +
          (missing
            ? '  Type in the missing dice, or add --seed <n> to throw the rest from the seeded generator.\n'
            : '') +
          (noneThrown ? `  These facts throw no dice: ${def.describe(result).join('; ')}.\n` : '') +
          `  The rolls of ${def.id}, in throw order: ${def.rolls.map((r) => `${r.key} (${r.dice}, ${r.when})`).join('; ')}.`,
      );
    }
    throw error;
  }
  const odds = request.odds === false ? undefined : oddsOf(def, facts);

  if (request.explain) {
    return ok(
      renderExplanation({
        ruleSet,
        def,
        facts: rawFacts,
        factsSchema: schema(),
        result,
        trace: trace.steps,
        rolls,
        ...(seed === undefined ? {} : { seed: { value: seed, chosen } }),
        ...(odds ? { odds } : {}),
      }),
    );
  }
  // The seed is printed only when the seeded generator threw a die: a resolution that threw none
  // prints the same output every time.
  const seeded = rolls.some((r) => r.source === 'prng');
  const output: ResolveOutput = {
    ruleset: ruleSet.id,
    procedure: def.id,
    ...(seed === undefined || !seeded ? {} : { seed }),
    result,
    trace: trace.steps,
    rolls,
    ...(odds ? { odds } : {}),
  };
  return ok(`${JSON.stringify(output, null, request.compact ? undefined : 2)}\n`);
}

export function ok(stdout: string): CliOutcome {
  return { stdout, stderr: '', code: EXIT_OK };
}

/** An input or usage error: `error: ...` on stderr, exit code 2, never a stack trace. */
export function fail(message: string): CliOutcome {
  return { stdout: '', stderr: `error: ${message}\n`, code: EXIT_USAGE };
}

/** A failure that is Muster's fault, not the input's: exit code 1, the stack only when debugging. */
export function internalError(error: unknown, debug = false): CliOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const stack = debug && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return {
    stdout: '',
    stderr: `internal error: ${message}\nThis is a bug in Muster (or a check its procedure is missing); please report it with the input. Set MUSTER_DEBUG=1 for the stack trace.${stack}\n`,
    code: EXIT_INTERNAL,
  };
}
