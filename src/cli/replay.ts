import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { hostingOf } from '../game/engine/hosting.ts';
import type { GameRecord } from '../game/engine/record.ts';
import { replay } from '../game/engine/record.ts';
import { announcedResult, scenarioWords, verdictInWords } from '../game/engine/verdict.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';
import { SeedStateSchema } from '../protocol/fair-dice.ts';
import { joinWords } from '../protocol/text.ts';
import { parseJsonText } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, ok } from './resolve.ts';
import { checkedScenario, readText } from './scenario.ts';

/**
 * `muster replay <saved game>`: re-runs a game record (`muster play --save`) of any playable rule set (the
 * record names it) from its scenario and seed, prints the battle log in the rule set's words, and checks
 * the record replays exactly: every command is accepted, and a second replay gives the same state and
 * events to the bit.
 */

export interface ReplayOptions {
  /** Narrow the log to what this side saw (default: everything, as a referee sees it). */
  readonly side?: string;
}

export async function replayCommand(
  file: string,
  opts: ReplayOptions,
  readInput: (file: string) => Promise<string>,
  playable: readonly AnyPlayableRuleSet[] = PLAYABLE_RULE_SETS,
): Promise<CliOutcome> {
  const parsed = parseJsonText(await readText(file, readInput), file);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  const record = asRecord(parsed.value, file, playable);
  const rules = hostingOf(playable.find((r) => r.id === record.ruleSet)!);
  const { game } = rules;
  const scenario = checkedScenario(record.scenario, `${file}: its scenario`);
  const sides = scenario.sides.map((s) => s.id);
  const words = scenarioWords(scenario);
  if (opts.side !== undefined && !sides.includes(opts.side))
    throw new UsageError(
      `--side: no side "${opts.side}" in this game (the sides are ${sides.join(' and ')})`,
    );
  const first = replay(game, record);
  if (!first.ok) throw new UsageError(`${file} does not replay: ${first.message}`);
  const second = replay(game, JSON.parse(JSON.stringify(record)) as GameRecord<unknown>);
  const exact =
    second.ok &&
    JSON.stringify(second.replayed.state) === JSON.stringify(first.replayed.state) &&
    JSON.stringify(second.replayed.events) === JSON.stringify(first.replayed.events);
  if (!exact) throw new Error('the record replayed twice gave different games');
  const { state, events } = first.replayed;
  const lines = [
    `${scenario.title}: ${typeof record.seed === 'number' ? `seed ${record.seed}` : 'secret dice, revealed (muster verify checks them)'}, ${record.commands.length} commands`,
    '',
    `=== Turn ${rules.turnOf(game.setup(record.scenario, record.seed))} ===`,
  ];
  for (const e of events) {
    const seen = opts.side === undefined ? e : game.eventFor(e, opts.side);
    const announced = announcedResult(seen);
    const line = announced
      ? `\n*** ${verdictInWords(announced, words)} ***`
      : seen && rules.describeEvent(seen, state, words);
    if (line !== undefined) lines.push(line);
  }
  const result = game.result(state);
  lines.push(
    '',
    `Replayed exactly: ${record.commands.length} commands, turn ${rules.turnOf(state)}, ${
      result ? verdictInWords(result, words) : 'the battle was not finished'
    }.`,
  );
  return ok(`${lines.join('\n')}\n`);
}

/** The file's JSON as a game record of a rule set Muster plays, or a `UsageError` saying which field is wrong. */
export function asRecord(
  value: unknown,
  file: string,
  playable: readonly AnyPlayableRuleSet[],
): GameRecord<unknown> {
  const r = value as Partial<GameRecord<unknown>> | null;
  const bad = (what: string) => new UsageError(`${file} is not a saved Muster game: ${what}`);
  if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad('expected a JSON object');
  if (r.format !== 'muster-game') throw bad('"format" must be "muster-game"');
  if (r.version !== 1) throw bad(`"version" ${JSON.stringify(r.version)} is not one this Muster reads (1)`);
  const ids = playable.map((p) => p.id);
  if (typeof r.ruleSet !== 'string' || !ids.includes(r.ruleSet))
    throw bad(
      `"ruleSet" must be ${joinWords(ids.map((id) => JSON.stringify(id)))} (a rule set Muster plays)`,
    );
  const seed = SeedStateSchema.safeParse(r.seed);
  if (
    r.dice !== undefined
      ? !seed.success
      : typeof r.seed !== 'number' || !Number.isInteger(r.seed) || r.seed < 0 || r.seed > 0xffffffff
  )
    throw bad(
      r.dice !== undefined
        ? '"seed" must be the generator state its secret dice derive (muster verify checks it)'
        : '"seed" must be a whole number from 0 to 4294967295',
    );
  if (!Array.isArray(r.commands)) throw bad('"commands" must be a list');
  r.commands.forEach((c, i) => {
    if (typeof c !== 'object' || c === null || typeof c.side !== 'string' || typeof c.command !== 'object')
      throw bad(`commands[${i}] must be { "side": ..., "command": {...} }`);
  });
  return r as GameRecord<unknown>;
}
