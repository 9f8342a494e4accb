import type { GameRecord } from '../engine/record.ts';
import type { JcCommand } from './commands.ts';
import type { JohnCompanyGame } from './game.ts';

/**
 * Undo for John Company records: the record without the commands after the last one whose events were
 * irreversible (dice were thrown, or something hidden was shown), so only what gives nothing away is
 * taken back. A record the game refuses is returned as it is.
 */
export function undoRecord(game: JohnCompanyGame, record: GameRecord<JcCommand>): GameRecord<JcCommand> {
  let state = game.setup(record.scenario, record.seed);
  let keep = 0;
  for (let i = 0; i < record.commands.length; i++) {
    const { side, command } = record.commands[i]!;
    const applied = game.apply(state, side, command);
    if (!applied.ok) return record;
    state = applied.state;
    if (applied.events.some((e) => e.irreversible === true)) keep = i + 1;
  }
  return keep === record.commands.length ? record : { ...record, commands: record.commands.slice(0, keep) };
}
