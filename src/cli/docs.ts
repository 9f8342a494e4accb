/**
 * Generates docs/cli.md from the commands as defined (commander) and the rule-set registry, so the
 * reference stays true as procedures are added: `npm run docs:cli` writes it, `--check` only compares
 * (exit code 1 when out of date), and test/cli/docs.test.ts fails when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { AnyProcedure } from '../core/rules/procedure.ts';
import { formatRule } from '../core/rules/trace.ts';
import { DEFAULT_RULE_SET, RULE_SETS } from '../game/registry.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import type { FieldDoc } from '../protocol/json-schema.ts';
import { EXAMPLE_SEED, exampleCommand, exampleInput, runExample } from './examples.ts';
import { procedureForms } from './help.ts';
import { buildProgram } from './program.ts';
import { resolveSituation } from './resolve.ts';
import { prettyJson } from './text.ts';

/** Where the generated reference lives. */
export const CLI_DOCS_PATH = fileURLToPath(new URL('../../docs/cli.md', import.meta.url));

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A command's section; a command with subcommands (`muster scenario`) gets one per subcommand. */
function commandSection(command: Command, parent = 'muster'): string[] {
  const name = command.name();
  if (command.commands.length > 0)
    return command.commands.flatMap((sub) => commandSection(sub, `${parent} ${name}`));
  const aliases = command.aliases();
  const lines = [`### ${code(`${parent} ${name} ${command.usage()}`)}`, ''];
  if (aliases.length) lines.push(`Also: ${aliases.map((a) => code(`muster ${a}`)).join(', ')}.`, '');
  lines.push(command.description(), '');
  if (command.registeredArguments.length) {
    lines.push('| Argument | Required | Meaning |', '| --- | --- | --- |');
    for (const arg of command.registeredArguments) {
      lines.push(`| ${code(arg.name())} | ${arg.required ? 'yes' : 'no'} | ${cell(arg.description)} |`);
    }
    lines.push('');
  }
  const options = command.options.filter((o) => !o.hidden);
  if (options.length) {
    lines.push('| Option | Meaning | Default |', '| --- | --- | --- |');
    for (const o of options) {
      const fallback = o.defaultValue === undefined || o.negate ? '' : code(JSON.stringify(o.defaultValue));
      lines.push(`| ${code(o.flags)} | ${cell(o.description)} | ${fallback} |`);
    }
    lines.push('');
  }
  return lines;
}

function fieldLines(field: FieldDoc): string[] {
  const lines = [
    `- ${code(field.name)} (${field.required ? '**required**' : 'optional'}): ${field.type}.${field.description ? ` ${field.description}.` : ''}`.replace(
      /\.\.$/,
      '.',
    ),
  ];
  if (field.values.length) {
    if (field.values.some((v) => v.description !== undefined)) {
      for (const v of field.values) {
        lines.push(`  - ${code(String(v.value))}${v.description ? `: ${v.description}` : ''}`);
      }
    } else lines.push(`  - Values: ${field.values.map((v) => code(String(v.value))).join(', ')}`);
  }
  if (field.default !== undefined) lines.push(`  - Default: ${code(JSON.stringify(field.default))}`);
  return lines;
}

function procedureSection(ruleSet: RuleSetEntry, def: AnyProcedure): string[] {
  const lines = [`### ${code(def.id)}: ${def.title}`, ''];
  lines.push(def.summary, '', `Rule: ${formatRule(def.rule)}.`, '');
  const flag = ruleSet.id === DEFAULT_RULE_SET ? '' : ` --ruleset ${ruleSet.id}`;
  lines.push(`Usage: ${code(`muster resolve ${def.id} [file]${flag} [options]`)}`, '');
  for (const form of procedureForms(def)) {
    lines.push(form.title ? `**Fields (${form.title})**` : '**Fields**', '');
    if (form.fields.length === 0) lines.push('(none)');
    for (const field of form.fields) lines.push(...fieldLines(field));
    lines.push('');
  }
  lines.push('**Rolls**, in throw order (keys for typed-in dice by key):', '');
  if (def.rolls.length === 0) lines.push('This procedure throws no dice.', '');
  else {
    lines.push('| Key | Dice | When |', '| --- | --- | --- |');
    for (const r of def.rolls) lines.push(`| ${code(r.key)} | ${cell(r.dice)} | ${cell(r.when)} |`);
    lines.push('');
  }
  lines.push('**Examples**', '');
  if (def.examples.length === 0) lines.push('(none yet)', '');
  def.examples.forEach((example, i) => {
    lines.push(`${i + 1}. ${example.title}`, '');
    lines.push('```json', prettyJson(exampleInput(example, def)), '```', '');
    lines.push(`Run: ${code(`${exampleCommand(ruleSet, def, example, true)} < example.json`)}`, '');
    if (i === 0) {
      const run = runExample(ruleSet, def, example, true);
      lines.push(
        '<details><summary>What it prints</summary>',
        '',
        '```text',
        (run.stdout || run.stderr).trimEnd(),
        '```',
        '',
        '</details>',
        '',
      );
    }
  });
  return lines;
}

/** The whole of docs/cli.md. */
export function renderCliDocs(): string {
  const program = buildProgram({
    readInput: () => Promise.reject(new Error('no input while generating docs')),
    randomSeed: () => 0,
  });
  const sample = RULE_SETS.find((r) => r.id === DEFAULT_RULE_SET)?.procedures[0];
  const sampleId = sample?.id ?? '<procedure>';
  const lines: string[] = [
    '# The referee CLI: `muster`',
    '',
    '<!-- Generated from src/cli/docs.ts, the commands and the rule-set registry by `npm run docs:cli`. Do not edit by hand: test/cli/docs.test.ts fails when this file is out of date. -->',
    '',
    'A referee beside the table describes a situation as JSON; `muster resolve` runs the rules procedure and prints the result, every step with its modifier and the rule it applies, the dice thrown, and the exact odds of each outcome for the same facts.',
    '',
    'It also plays whole battles on the virtual table: `muster play` puts a person against the computer opponent (or the computer against itself) on the terminal, `muster replay` re-runs a saved game and checks it, and `muster scenario` checks and lists scenarios.',
    '',
    'Run it as `npx muster ...` or `node bin/muster.mjs ...` in the repository (`npm start` prints the help). `muster` with no arguments prints the top-level help; every command takes `--help`. `npm install` builds the command into one JavaScript file (dist/cli/muster.mjs, by scripts/build-cli.mjs; `npm run build:cli` builds it again), which starts in a fraction of a second; while a source file is newer than that build, `muster` runs the TypeScript sources through tsx instead (about a second more at every call) until it is built again.',
    '',
    '## Commands',
    '',
  ];
  for (const command of program.commands) lines.push(...commandSection(command));

  lines.push(
    '## Input',
    '',
    `The situation is one JSON object, read from the file argument, or from stdin when the file is \`-\` or left out. Its fields are the procedure's facts (listed under each procedure below, by \`muster resolve <procedure> --help\`, and as JSON Schema by \`muster schema <procedure>\`), plus an optional \`"dice"\` field. Unknown fields are an error.`,
    '',
    '```sh',
    `muster resolve ${sampleId} situation.json --explain`,
    `muster resolve ${sampleId} --explain < situation.json`,
    `cat situation.json | muster resolve ${sampleId} -`,
    '```',
    '',
    'Many situations in one call: JSON Lines, one situation\'s JSON object a line (`--jsonl`, or found without it when the input is not one JSON value but its first line is). Each answer is the JSON that `muster resolve` prints for that situation alone, on one line, in the order of the situations (blank lines are skipped). A situation that cannot be resolved answers `{"line": <its line number>, "error": "<the message>"}` and the rest are still resolved; the exit code is then 2 (1 if Muster failed on one). With `--seed S` the nth situation\'s dice are seeded S + n - 1; without it each situation without typed-in dice gets a seed of its own, printed in its answer. Typed-in dice go in each situation\'s `"dice"` field (`--dice` and `--explain` are for one situation).',
    '',
    '```sh',
    `muster resolve ${sampleId} --jsonl --seed 1 < situations.jsonl > answers.jsonl`,
    '```',
    '',
    '## Dice',
    '',
    'A referee who rolled real dice types them in, in either form:',
    '',
    '- faces in the order the procedure throws them: `"dice": [3, 4, 5]`, or `--dice 3,4,5`;',
    '- lists of faces by roll key (each list in throw order, for a roll thrown more than once): `"dice": { "randomFactor": [3, 4] }`, or `--dice randomFactor=3,4` (repeat `--dice` for more keys, or separate them with `;`).',
    '',
    'Each procedure lists its roll keys, their dice and when they are thrown (its **Rolls** below). A roll of two dice takes two faces, e.g. the Random Factor takes the positive die, then the negative die. `--dice` replaces a `"dice"` field in the file. Typed-in dice must fit: too few, too many (faces the procedure did not need), or a face outside its die are errors, and the message says which die was needed.',
    '',
    '## Seeds and reproducibility',
    '',
    "- Typed-in dice are used first. Dice not typed in are thrown by Muster's seeded generator (xoshiro128**) when `--seed <n>` is given (0 to 4294967295), and are an error otherwise.",
    '- With no typed-in dice and no `--seed`, Muster picks a seed at random and prints it: the `"seed"` field of the JSON output, or the Dice section of `--explain`. Run again with `--seed <that seed>` to reproduce the result exactly: the same seed and facts always give the same dice and output.',
    '- The exact odds do not depend on the dice: they enumerate every possible throw.',
    '',
    '## Output',
    '',
    'By default `muster resolve` prints pretty JSON with the keys, in this order:',
    '',
    '| Key | Meaning |',
    '| --- | --- |',
    '| `ruleset` | the rule set id |',
    '| `procedure` | the procedure id |',
    '| `seed` | the seed of the generator, when dice were (or could have been) thrown by it; absent when all dice were typed in |',
    "| `result` | the procedure's result (its own fields) |",
    "| `trace` | the steps, in the rules' order: `rule` (`source`, `section`, `item`), `label`, and as they apply `delta` (added to the running total), `total` (the running total after the step), `value` (a status, a table result, a die), `roll` (the key of the roll it used) |",
    '| `rolls` | the dice thrown: `key`, `roll` (its kind), `label`, `faces`, `value` (as the procedure uses it), `source` (`supplied` = typed in, `prng` = seeded) |',
    '| `odds` | absent with `--no-odds`; otherwise for each odds view, its `name` and `outcomes` (`outcome`, `probability`, exact up to floating point), in the order the dice first reach them |',
    '',
    'With `--explain` it prints the same as text: the title and rule, the facts used, each step on a line with its change, running total or value and its rule reference (the faces of the dice a step used in brackets), the dice thrown (key, faces, value, typed in or seeded, and the seed), the result in a few lines, and the exact odds of each view as a table of percentages, exact fractions and a bar chart (numeric outcomes ascending; others in the order the dice reach them, from low throws to high).',
    '',
    '## Errors and exit codes',
    '',
    '| Exit code | Meaning |',
    '| --- | --- |',
    '| 0 | done (including `--help`) |',
    '| 2 | bad input or usage: invalid JSON (with line and column), facts that do not fit the procedure, unknown procedure or rule set (with the closest name), dice that do not fit, an unknown command or option, an invalid scenario (every problem with its path), a saved game that does not replay |',
    '| 1 | internal error: a bug in Muster (set `MUSTER_DEBUG=1` for the stack trace) |',
    '',
    'Input errors are printed on stderr without a stack trace, all of them at once, each naming the field path, what was expected and what was given, e.g.:',
    '',
    '```text',
    `$ echo '{ "colour": "red", "dice": "3,4" }' | muster resolve ${sampleId}`,
    sampleError(sampleId),
    '```',
    '',
    '## Playing a battle',
    '',
    '```sh',
    'muster scenario list                                   # the scenarios that come with Muster',
    'muster play assaye-1803 --side british --seed 7        # you command the British; the computer the Marathas',
    'muster play training-village-ford --ai both --turns 4  # watch the computer play both sides for 4 turns',
    'muster play plassey-1757 --seed 1 --save game.json     # keep the record',
    'muster replay game.json                                # the whole battle log again, checked',
    'muster verify game.json                                # a network game: its secret dice and replay',
    '```',
    '',
    "`muster play` prints the battle log as the battle is fought: each card drawn (`> unit`), orders revealed, Reaction Tests (Final Modified Resolve Level, status, effect on movement), moves, fire (range band, stands firing, Final Fire Factor, Random Factor, stands lost), Confrontations (both levels, the winner and the result row, stands lost), rallies and the result. When you play, the log shows only what your side may see, and at each of your decisions the situation is shown from your side's view (your units with their orders and statuses, the enemy units you have spotted, your Generals and their orders left), followed by the numbered legal commands: type a number, `?` to see the situation again, `u` to take back your last command (while it threw no dice, showed nothing hidden and the computer has not answered it), or `q` to stop. The computer opponent is described in docs/ai.md.",
    '',
    'A saved game is a game record: `{ "format": "muster-game", "version": 1, "ruleSet", "scenario", "seed", "commands": [{ "side", "command" }] }`, the scenario as played (with `--turns` applied) and every command in order. The dice and cards come from the seed, so `muster replay` reproduces the battle exactly: it stops with exit code 2 if a command is refused, and checks that a second replay gives the same game.',
    '',
    '## Checking a network game: `muster verify`',
    '',
    '```sh',
    'muster verify muster-game-<id>.json --commitment <hex> --entropy company=<hex>',
    '```',
    '',
    "A game played over the network has secret dice (docs/web.md, Secret dice, states the scheme `muster-dice-v1` exactly): the server commits to a secret when the game is created, each human seat's browser adds 32 bytes of entropy when the seat is first opened, and the secret is revealed when the game ends. Its record (the server's export, once the game is over) holds `dice`: `{ scheme, commitment, secret, contributors, entropy }`, a `seed` that is the generator state they derive (`{ algorithm, words }`) and the `result` the server judged.",
    '',
    "`muster verify` checks such a record as anyone may, and prints each check on a line: `✓` matched, `✗` did not, `–` not checked. The commitment must be SHA-256 of the domain and the revealed secret; the commitment your seat was shown (`--commitment`) and the entropy your browser gave (`--entropy side=hex`, repeatable; the browser keeps both) must be the record's; the seed must be the one the secret and every seat's entropy derive; every command must replay, twice to the bit, to the result the record states. A record that fails any check (a secret not the one committed to, a changed entropy, seed, command or result) prints `NOT verified` and exits with code 2. A record with a plain numeric seed says that its seed was public and checks only the replay.",
    '',
    '## Procedures',
    '',
    `Examples that type in no dice are shown with \`--seed ${EXAMPLE_SEED}\`, so their output is fixed.`,
    '',
  );
  for (const ruleSet of RULE_SETS) {
    lines.push(
      `## Rule set ${code(ruleSet.id)}: ${ruleSet.title}${ruleSet.id === DEFAULT_RULE_SET ? ' (the default)' : ''}`,
      '',
    );
    if (ruleSet.procedures.length === 0) lines.push('(no procedures yet)', '');
    lines.push(...ruleSet.procedures.map((p) => `- [${code(p.id)}](#${anchor(p)}): ${p.summary}`), '');
    for (const def of ruleSet.procedures) lines.push(...procedureSection(ruleSet, def));
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** What `muster resolve` says about a bad situation, as an example of its error messages. */
function sampleError(procedure: string): string {
  const outcome = resolveSituation(
    { procedure, source: 'stdin' },
    '{ "colour": "red", "dice": "3,4" }',
    () => 0,
  );
  return (outcome.stderr || outcome.stdout).trimEnd();
}

/** GitHub's anchor for a procedure's heading. */
function anchor(def: AnyProcedure): string {
  return `${def.id}: ${def.title}`
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

function isEntry(): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(import.meta.url);
}

if (isEntry()) {
  const text = renderCliDocs();
  let current = '';
  try {
    current = readFileSync(CLI_DOCS_PATH, 'utf8');
  } catch {}
  if (process.argv.includes('--check')) {
    if (current !== text) {
      process.stderr.write(`${CLI_DOCS_PATH} is out of date: run npm run docs:cli\n`);
      process.exitCode = 1;
    }
  } else if (current !== text) {
    writeFileSync(CLI_DOCS_PATH, text);
    process.stdout.write(`wrote ${CLI_DOCS_PATH}\n`);
  } else process.stdout.write(`${CLI_DOCS_PATH} is up to date\n`);
}
