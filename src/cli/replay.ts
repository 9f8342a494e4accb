import type { GameRecord } from '../game/engine/record.ts';
import { replay } from '../game/engine/record.ts';
import type { JcCommand } from '../game/john-company/commands.ts';
import { makeJohnCompanyGame } from '../game/john-company/game.ts';
import { describeEvent, namesOf } from './battle-log.ts';
import { parseJsonText } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, ok } from './resolve.ts';
import { checkedScenario, readText } from './scenario.ts';

/**
 * `muster replay <saved game>`: re-runs a game record (`muster play --save`) from its scenario and
 * seed, prints the battle log, and checks the record replays exactly: every command is accepted, and a
 * second replay gives the same state and events to the bit.
 */

const game = makeJohnCompanyGame({ traces: false });

export interface ReplayOptions {
  /** Narrow the log to what this side saw (default: everything, as a referee sees it). */
  readonly side?: string;
}

export async function replayCommand(
  file: string,
  opts: ReplayOptions,
  readInput: (file: string) => Promise<string>,
): Promise<CliOutcome> {
  const parsed = parseJsonText(await readText(file, readInput), file);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  const record = asRecord(parsed.value, file);
  const scenario = checkedScenario(record.scenario, `${file}: its scenario`);
  const sides = scenario.sides.map((s) => s.id);
  if (opts.side !== undefined && !sides.includes(opts.side))
    throw new UsageError(
      `--side: no side "${opts.side}" in this game (the sides are ${sides.join(' and ')})`,
    );
  const first = replay(game, record);
  if (!first.ok) throw new UsageError(`${file} does not replay: ${first.message}`);
  const second = replay(game, JSON.parse(JSON.stringify(record)) as GameRecord<JcCommand>);
  const exact =
    second.ok &&
    JSON.stringify(second.replayed.state) === JSON.stringify(first.replayed.state) &&
    JSON.stringify(second.replayed.events) === JSON.stringify(first.replayed.events);
  if (!exact) throw new Error('the record replayed twice gave different games');
  const { state, events } = first.replayed;
  const names = namesOf(state);
  const lines = [
    `${scenario.title}: seed ${record.seed}, ${record.commands.length} commands`,
    '',
    '=== Turn 1 ===',
  ];
  for (const e of events) {
    const seen = opts.side === undefined ? e : game.eventFor(e, opts.side);
    const line = seen && describeEvent(seen, names);
    if (line !== undefined) lines.push(line);
  }
  const result = state.result;
  lines.push(
    '',
    `Replayed exactly: ${record.commands.length} commands, turn ${state.turn}, ${
      result
        ? `${result.winner === undefined ? 'a draw' : `${result.winner} won`} (${result.reason})`
        : 'the battle was not finished'
    }.`,
  );
  return ok(`${lines.join('\n')}\n`);
}

/** The file's JSON as a game record, or a `UsageError` saying which field is wrong. */
function asRecord(value: unknown, file: string): GameRecord<JcCommand> {
  const r = value as Partial<GameRecord<JcCommand>> | null;
  const bad = (what: string) => new UsageError(`${file} is not a saved Muster game: ${what}`);
  if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad('expected a JSON object');
  if (r.format !== 'muster-game') throw bad('"format" must be "muster-game"');
  if (r.version !== 1) throw bad(`"version" ${JSON.stringify(r.version)} is not one this Muster reads (1)`);
  if (r.ruleSet !== game.ruleSet) throw bad(`"ruleSet" must be "${game.ruleSet}"`);
  if (typeof r.seed !== 'number' || !Number.isInteger(r.seed) || r.seed < 0 || r.seed > 0xffffffff)
    throw bad('"seed" must be a whole number from 0 to 4294967295');
  if (!Array.isArray(r.commands)) throw bad('"commands" must be a list');
  r.commands.forEach((c, i) => {
    if (typeof c !== 'object' || c === null || typeof c.side !== 'string' || typeof c.command !== 'object')
      throw bad(`commands[${i}] must be { "side": ..., "command": {...} }`);
  });
  return r as GameRecord<JcCommand>;
}
