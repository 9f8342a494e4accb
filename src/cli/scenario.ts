import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateScenario } from '../game/scenario/format.ts';
import type { Scenario } from '../game/scenario/schema.ts';
import { formatScenarioIssue } from '../game/scenario/validate.ts';
import { parseJsonText } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, EXIT_USAGE, ok } from './resolve.ts';
import { closest } from './text.ts';

/**
 * `muster scenario validate` and `muster scenario list`, and how the other commands find a scenario:
 * by file, or by the id of one in the repository's scenarios/ folder.
 */

/** The repository's scenarios folder. */
export const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** The ids of the scenarios in scenarios/ (their file names without .json), sorted. */
export function scenarioIds(): string[] {
  return readdirSync(SCENARIOS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** Whether a command-line argument names a file rather than a scenario id. */
function isPath(arg: string): boolean {
  return arg.endsWith('.json') || arg.includes('/') || arg.includes('\\');
}

/**
 * Reads a scenario given as a file or as the id of one in scenarios/, as parsed JSON (not yet
 * validated). An unknown id, an unreadable file or bad JSON is a `UsageError` saying so.
 */
export async function readScenarioArg(
  arg: string,
  readInput: (file: string) => Promise<string>,
): Promise<{ readonly json: unknown; readonly source: string }> {
  let file = arg;
  if (!isPath(arg)) {
    const ids = scenarioIds();
    if (!ids.includes(arg)) {
      const near = closest(arg, ids);
      throw new UsageError(
        `no scenario "${arg}"${near ? ` (did you mean "${near}"?)` : ''}. The scenarios are: ${ids.join(', ')}; or give a file.`,
      );
    }
    file = `${SCENARIOS_DIR}${arg}.json`;
  }
  const text = await readText(file, readInput);
  const parsed = parseJsonText(text, arg);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  return { json: parsed.value, source: arg };
}

/** A file's text, or a `UsageError` naming the file and why it cannot be read. */
export async function readText(file: string, readInput: (file: string) => Promise<string>): Promise<string> {
  try {
    return await readInput(file);
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
    throw new UsageError(`cannot read ${file}: ${reason}`);
  }
}

/** A validated scenario, or a `UsageError` listing every problem with its path. */
export function checkedScenario(json: unknown, source: string): Scenario {
  const v = validateScenario(json);
  if (v.ok) return v.scenario;
  throw new UsageError(invalidMessage(source, v.errors.map(formatScenarioIssue)));
}

function invalidMessage(source: string, problems: readonly string[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return `${source} is not a valid scenario (${count}):\n${problems.map((p) => `  ${p}`).join('\n')}`;
}

/** `muster scenario validate <file>`: what the scenario holds, or every problem (exit code 2). */
export async function validateCommand(
  arg: string,
  readInput: (file: string) => Promise<string>,
): Promise<CliOutcome> {
  const { json, source } = await readScenarioArg(arg, readInput);
  const v = validateScenario(json);
  if (!v.ok)
    return {
      stdout: '',
      stderr: `error: ${invalidMessage(source, v.errors.map(formatScenarioIssue))}\n`,
      code: EXIT_USAGE,
    };
  const s = v.scenario;
  const lines = [`${source}: a valid scenario`, `  ${s.title} (${s.id}, ${s.kind})`];
  for (const side of s.sides) {
    const units = s.units.filter((u) => u.side === side.id).length;
    const generals = s.generals.filter((g) => g.side === side.id).length;
    lines.push(
      `  ${side.id}: ${side.name}, ${units} units, ${generals} generals, from the ${side.baseEdge} edge`,
    );
  }
  lines.push(`  ${s.victory.turnLimit} turns`);
  return ok(`${lines.join('\n')}\n`);
}

/** `muster scenario list`: the scenarios in scenarios/ with their titles. */
export async function listCommand(readInput: (file: string) => Promise<string>): Promise<CliOutcome> {
  const lines: string[] = [];
  for (const id of scenarioIds()) {
    const { json } = await readScenarioArg(id, readInput);
    const v = validateScenario(json);
    lines.push(v.ok ? `${id}: ${v.scenario.title}` : `${id}: (invalid: muster scenario validate ${id})`);
  }
  return ok(`${lines.join('\n')}\n`);
}
