import type { AnyProcedure } from '../core/rules/procedure.ts';
import { formatRule } from '../core/rules/trace.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import { DEFAULT_RULE_SET } from '../game/rule-set-entries.ts';
import { type FieldDoc, type FormDoc, formsOf } from '../protocol/json-schema.ts';
import { factsJsonSchema } from '../protocol/procedure-schema.ts';
import { exampleCommand, exampleInput } from './examples.ts';
import type { Registry } from './registry.ts';
import { alignColumns, prettyJson, wrap } from './text.ts';

const WIDTH = 100;

/** The documented fields of a procedure's facts (from the JSON Schema of its zod schema). */
export function procedureForms(def: AnyProcedure): FormDoc[] {
  return formsOf(factsJsonSchema(def));
}

/** `allowed values`, `default`, as printed under a field. */
function valueLines(field: FieldDoc, indent: string): string[] {
  const lines: string[] = [];
  if (field.values.length > 0) {
    if (field.values.some((v) => v.description !== undefined)) {
      lines.push(`${indent}Values:`);
      lines.push(
        ...alignColumns(field.values.map((v) => [String(v.value), v.description ?? ''])).map(
          (l) => `${indent}  ${l}`,
        ),
      );
    } else {
      lines.push(
        ...wrap(
          `Values: ${field.values.map((v) => String(v.value)).join(', ')}`,
          WIDTH,
          indent,
          `${indent}        `,
        ),
      );
    }
  }
  if (field.default !== undefined) lines.push(`${indent}Default: ${JSON.stringify(field.default)}`);
  return lines;
}

/** The help for one procedure: what it decides, every field, the rolls, and the examples as JSON. */
export function procedureHelp(ruleSet: RuleSetEntry, def: AnyProcedure): string {
  const lines: string[] = [];
  const flag = ruleSet.id === DEFAULT_RULE_SET ? '' : ` --ruleset ${ruleSet.id}`;
  lines.push(`${def.title} (${def.id}, rule set ${ruleSet.id})`);
  lines.push(...wrap(def.summary, WIDTH));
  lines.push(`Rule: ${formatRule(def.rule)}`);
  lines.push('');
  lines.push(
    `Usage: muster resolve ${def.id} [file]${flag} [--seed <n>] [--dice <faces>] [--explain] [--no-odds]`,
  );
  lines.push(
    ...wrap(
      'The situation is a JSON object with the fields below, read from the file or from stdin, plus an optional "dice" field (see Rolls).',
      WIDTH,
    ),
  );

  const forms = procedureForms(def);
  for (const form of forms) {
    lines.push('', form.title ? `Fields (${form.title})` : 'Fields');
    if (form.fields.length === 0) lines.push('  (none)');
    for (const field of form.fields) {
      lines.push(
        ...wrap(
          `${field.name} (${field.required ? 'required' : 'optional'}): ${field.type}`,
          WIDTH,
          '  ',
          '      ',
        ),
      );
      if (field.description) lines.push(...wrap(field.description, WIDTH, '      '));
      lines.push(...valueLines(field, '      '));
    }
  }

  lines.push('', 'Rolls, in throw order');
  if (def.rolls.length === 0) lines.push('  This procedure throws no dice.');
  else {
    lines.push(
      ...alignColumns([['key', 'dice', 'when'], ...def.rolls.map((r) => [r.key, r.dice, r.when])]).map(
        (l) => `  ${l}`,
      ),
    );
    lines.push(
      ...wrap(
        'Type in dice you rolled by roll key, "dice": { "<key>": [faces], ... } (or --dice key=faces), or as one list in the throw order above, "dice": [faces]. Dice not typed in are an error unless --seed is given; with neither, Muster picks a seed and prints it.',
        WIDTH,
        '  ',
      ),
    );
  }

  lines.push('', 'Examples');
  if (def.examples.length === 0) lines.push('  (none)');
  def.examples.forEach((example, i) => {
    lines.push('', ...wrap(`${i + 1}. ${example.title}`, WIDTH, '  ', '     '));
    lines.push(
      ...prettyJson(exampleInput(example, def), WIDTH - 4)
        .split('\n')
        .map((l) => `    ${l}`),
    );
    lines.push(`    Run: ${exampleCommand(ruleSet, def, example, true)} < example.json`);
  });
  return `${lines.join('\n')}\n`;
}

/** Every rule set and its procedures, with their summaries. */
export function procedureListing(registry: Registry): string {
  const lines: string[] = [];
  for (const ruleSet of registry) {
    if (lines.length) lines.push('');
    lines.push(`${ruleSet.id}: ${ruleSet.title}${ruleSet.id === DEFAULT_RULE_SET ? ' (default)' : ''}`);
    if (ruleSet.procedures.length === 0) lines.push('  (no procedures yet)');
    lines.push(...procedureRows(ruleSet, '  '));
  }
  return `${lines.join('\n')}\n`;
}

function procedureRows(ruleSet: RuleSetEntry, indent: string): string[] {
  const width = Math.max(0, ...ruleSet.procedures.map((p) => p.id.length));
  return ruleSet.procedures.flatMap((p) => {
    const [first = '', ...rest] = wrap(p.summary, WIDTH - indent.length - width - 2);
    return [
      `${indent}${p.id.padEnd(width)}  ${first}`,
      ...rest.map((l) => `${indent}${' '.repeat(width)}  ${l}`),
    ];
  });
}

/** The rule sets and procedures as JSON (for tools). */
export function procedureListingJson(registry: Registry): string {
  return `${JSON.stringify(
    registry.map((r) => ({
      id: r.id,
      title: r.title,
      default: r.id === DEFAULT_RULE_SET,
      procedures: r.procedures.map((p) => ({
        id: p.id,
        title: p.title,
        summary: p.summary,
        rule: formatRule(p.rule),
      })),
    })),
    null,
    2,
  )}\n`;
}

/** Appended to `muster resolve --help`: the procedures, the input, dice and seeds, exit codes. */
export function resolveHelpAfter(registry: Registry): string {
  const sample =
    (registry.find((r) => r.id === DEFAULT_RULE_SET) ?? registry[0])?.procedures[0]?.id ?? '<procedure>';
  const lines: string[] = [];
  for (const ruleSet of registry) {
    lines.push(
      '',
      `Procedures (${ruleSet.id}${ruleSet.id === DEFAULT_RULE_SET ? ', the default rule set' : ''}):`,
    );
    lines.push(...procedureRows(ruleSet, '  '));
  }
  lines.push(
    '',
    'Input:',
    ...wrap(
      'The situation is a JSON object: the procedure\'s facts, plus an optional "dice" field with dice you rolled, as faces in throw order ([3, 4]) or by roll key ({ "randomFactor": [3, 4] }). "muster resolve <procedure> --help" lists the fields, the rolls and examples.',
      WIDTH,
      '  ',
    ),
    '',
    'Dice and seeds:',
    ...wrap(
      'Typed-in dice are used first; any dice not typed in are thrown by the seeded generator if --seed is given (an error otherwise). With no typed-in dice and no --seed, Muster picks a seed at random and prints it (the "seed" field, or the Dice section with --explain): run again with that --seed to reproduce the result.',
      WIDTH,
      '  ',
    ),
    '',
    'Exit codes: 0 resolved; 2 bad input or usage (the message says what and where); 1 internal error.',
    '',
    'Examples:',
    `  muster resolve ${sample} situation.json --explain`,
    `  muster resolve ${sample} --seed 42 < situation.json`,
    `  muster resolve ${sample} situation.json --dice 3,4`,
    `  muster resolve ${sample} --help`,
  );
  return `${lines.join('\n')}\n`;
}

/** Appended to the top-level help. */
export function topHelpAfter(): string {
  return [
    '',
    ...wrap(
      'Muster resolves a John Company rules procedure from a situation described as JSON: every step with its modifier and rule, the dice, and the exact odds of each outcome.',
      WIDTH,
    ),
    '',
    'Start with:',
    ...alignColumns([
      ['muster procedures', 'the procedures of each rule set'],
      ['muster resolve <procedure> --help', 'the fields, rolls and examples of one procedure'],
      ['muster resolve <procedure> situation.json --explain', 'resolve a situation and explain it'],
      ['muster schema <procedure>', 'the JSON Schema of its input'],
    ]).map((l) => `  ${l}`),
    '',
  ].join('\n');
}
