import { writeFile } from 'node:fs/promises';
import { parseHTML } from 'linkedom';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { battleReport } from '../game/engine/report.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';
import { type ChartDocument, reportCharts } from '../protocol/report-charts.ts';
import { reportHtml, reportMarkdown } from '../protocol/report-text.ts';
import { parseJsonText } from './input.ts';
import { UsageError } from './registry.ts';
import { asRecord } from './replay.ts';
import { type CliOutcome, ok } from './resolve.ts';
import { readText } from './scenario.ts';

/**
 * `muster report <saved game>`: the after-action report of a game record (finished or not): Markdown on
 * stdout, or with `--html` a standalone page with its charts (drawn here by Observable Plot into a
 * server-side DOM), to `--out` or stdout.
 */

export interface ReportOptions {
  readonly html?: boolean;
  readonly out?: string;
}

export interface ReportEnv {
  readInput(file: string): Promise<string>;
  writeFile?(file: string, text: string): Promise<void>;
  readonly playable?: readonly AnyPlayableRuleSet[];
}

export async function reportCommand(file: string, opts: ReportOptions, env: ReportEnv): Promise<CliOutcome> {
  const playable = env.playable ?? PLAYABLE_RULE_SETS;
  const parsed = parseJsonText(await readText(file, (f) => env.readInput(f)), file);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  const record = asRecord(parsed.value, file, playable);
  const made = battleReport(playable.find((r) => r.id === record.ruleSet)!, record);
  if (!made.ok) throw new UsageError(`${file} does not replay: ${made.message}`);
  const text = opts.html ? htmlPage(made.report) : reportMarkdown(made.report);
  if (opts.out === undefined) return ok(text);
  await (env.writeFile ?? ((f, t) => writeFile(f, t, 'utf8')))(opts.out, text);
  return ok(`Wrote the report of ${file} to ${opts.out}.\n`);
}

function htmlPage(report: Parameters<typeof reportMarkdown>[0]): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const charts = reportCharts(report, document as unknown as ChartDocument);
  return reportHtml(
    report,
    [charts.strength, charts.states, charts.losses, charts.map].map((c) => c.outerHTML),
  );
}
