import type { RollRecord } from '../core/random/dice.ts';
import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { OddsReport } from '../core/rules/run.ts';
import { formatRule, type TraceStep } from '../core/rules/trace.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import type { JsonSchema } from '../protocol/json-schema.ts';
import { EPSILON, fraction, orderedOutcomes, percent } from '../protocol/odds.ts';
import { stepValueText } from '../protocol/text.ts';
import { alignColumns, signed, wrap } from './text.ts';

/** Re-exported for src/cli/text.test.ts: the odds numbers are the protocol's (src/protocol/odds.ts). */
export { fraction, percent };

/** Everything `--explain` prints, gathered by the resolve command. */
export interface Explained {
  readonly ruleSet: RuleSetEntry;
  readonly def: AnyProcedure;
  /** The facts as the referee gave them (without the dice). */
  readonly facts: unknown;
  readonly factsSchema: JsonSchema;
  readonly result: unknown;
  readonly trace: readonly TraceStep[];
  readonly rolls: readonly RollRecord[];
  /** The seed of the generator that threw the dice not typed in, and whether the shell chose it. */
  readonly seed?: { readonly value: number; readonly chosen: boolean };
  readonly odds?: readonly OddsReport[];
}

const BAR_WIDTH = 30;
/** Outcomes longer than this wrap onto further lines within their column. */
const LONG_OUTCOME = 32;

/** The readable explanation of one resolution: facts, steps with their rules, dice, result, exact odds. */
export function renderExplanation(e: Explained): string {
  const lines: string[] = [];
  lines.push(`${e.def.title} - ${e.ruleSet.title}`);
  lines.push(e.def.summary);
  lines.push(`Rule: ${formatRule(e.def.rule)}`);

  lines.push('', 'Facts');
  const factLines = renderFacts(e.facts, e.factsSchema, '  ');
  lines.push(...(factLines.length ? factLines : ['  (none)']));

  lines.push('', 'Steps');
  lines.push(...renderSteps(e.trace, e.rolls));

  lines.push('', 'Dice');
  lines.push(...renderRolls(e.rolls));
  if (e.seed && e.rolls.some((r) => r.source === 'prng')) {
    lines.push(
      e.seed.chosen
        ? `  Seed ${e.seed.value}, chosen at random: add --seed ${e.seed.value} to throw the same dice again.`
        : `  Seed ${e.seed.value}: dice not typed in came from the seeded generator (same seed, same dice).`,
    );
  }

  lines.push('', 'Result');
  lines.push(...e.def.describe(e.result).map((l) => `  ${l}`));

  if (e.odds) {
    lines.push('', 'Odds (exact, over every throw of the dice for these facts)');
    for (const view of e.odds) lines.push(...renderOddsView(view));
  }
  return `${lines.join('\n')}\n`;
}

/** The facts, one field a line, in the schema's field order; nested objects are indented blocks. */
export function renderFacts(facts: unknown, schema: JsonSchema | undefined, indent: string): string[] {
  if (facts === null || typeof facts !== 'object' || Array.isArray(facts))
    return [`${indent}${factValue(facts)}`];
  const record = facts as Record<string, unknown>;
  const order = Object.keys(schema?.properties ?? {});
  const keys = [
    ...order.filter((k) => k in record),
    ...Object.keys(record).filter((k) => !order.includes(k)),
  ];
  const present = keys.filter((k) => record[k] !== undefined);
  const width = Math.max(0, ...present.filter((k) => !isBlock(record[k])).map((k) => k.length));
  const out: string[] = [];
  for (const key of present) {
    const value = record[key];
    if (isBlock(value)) {
      out.push(`${indent}${key}`);
      out.push(...renderFacts(value, schema?.properties?.[key], `${indent}  `));
    } else out.push(`${indent}${key.padEnd(width)}  ${factValue(value)}`.trimEnd());
  }
  return out;
}

function isBlock(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isModifierEntry(value);
}

/** `{ id }` or `{ id, count }`: a modifier as the modifier lists take it. */
function isModifierEntry(value: object): value is { id: unknown; count?: unknown } {
  const keys = Object.keys(value);
  return 'id' in value && keys.every((k) => k === 'id' || k === 'count');
}

function factValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(factValue).join(', ');
  if (value !== null && typeof value === 'object') {
    if (isModifierEntry(value)) {
      return value.count === undefined ? String(value.id) : `${String(value.id)} ×${String(value.count)}`;
    }
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${factValue(v)}`)
      .join(', ')} }`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One line per step: label (with the dice it used), delta, running total, value, rule. */
export function renderSteps(trace: readonly TraceStep[], rolls: readonly RollRecord[]): string[] {
  if (trace.length === 0) return ['  (no steps)'];
  const used = new Map<string, number>();
  const rows = trace.map((step) => {
    let label = step.label;
    if (step.roll !== undefined) {
      const n = used.get(step.roll) ?? 0;
      used.set(step.roll, n + 1);
      const record = rolls.filter((r) => r.key === step.roll)[n];
      if (record) label += ` [${record.faces.join(', ')}]`;
    }
    return [
      label,
      step.delta === undefined ? '' : signed(step.delta),
      step.total === undefined ? '' : `= ${step.total}`,
      step.value === undefined ? '' : stepValueText(step.value),
      formatRule(step.rule),
    ];
  });
  return alignColumns(
    rows,
    ['left', 'right', 'right', 'left', 'left'],
    [undefined, undefined, undefined, 20],
  ).map((l) => `  ${l}`);
}

/** The dice thrown: key, what was thrown, faces, value, and whether typed in or from the seed. */
export function renderRolls(rolls: readonly RollRecord[]): string[] {
  if (rolls.length === 0) return ['  No dice were thrown.'];
  return alignColumns(
    rolls.map((r) => [
      r.key,
      r.label,
      `faces ${r.faces.join(', ')}`,
      `value ${r.reads ?? r.value}`,
      r.source === 'supplied' ? 'typed in' : 'seeded',
    ]),
  ).map((l) => `  ${l}`);
}

/**
 * One odds view as a small table: outcome, percentage, exact fraction, bar. An outcome longer than
 * LONG_OUTCOME wraps onto further lines of its own column, so every table reads the same way round.
 */
export function renderOddsView(view: OddsReport): string[] {
  const rows: string[][] = [];
  for (const o of orderedOutcomes(view)) {
    const bar = '#'.repeat(Math.round(o.probability * BAR_WIDTH)) || (o.probability > EPSILON ? '.' : '');
    const [first = '', ...more] = wrap(String(o.outcome), LONG_OUTCOME);
    rows.push([first, percent(o.probability), fraction(o.probability) ?? '', bar]);
    for (const line of more) rows.push([`  ${line}`]);
  }
  return [`  ${view.name}`, ...alignColumns(rows, ['left', 'right', 'right', 'left']).map((l) => `    ${l}`)];
}
