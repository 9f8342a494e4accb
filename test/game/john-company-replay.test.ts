import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/game/engine/record.ts';
import { replay } from '../../src/game/engine/record.ts';
import { RESIGN, resignable } from '../../src/game/engine/resign.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { johnCompanyGame } from '../../src/game/john-company/game.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { playRandomGame } from '../../src/game/john-company/testing.ts';

/**
 * A replay parses a record's commands before it applies any (engine/record.ts): what it refuses, and
 * where, is what `apply` of each command in turn refuses.
 */
const scenario = practiceScenario({ unitsPerSide: 4, turnLimit: 2 });
const played = playRandomGame(johnCompanyGame, scenario, 5);
const record = JSON.parse(JSON.stringify(played.record)) as GameRecord<unknown>;
const AT = Math.floor(record.commands.length / 2);
const sidesOf = (state: JcGameState) => state.scenario.sides;

/** The record with the entry `at` replaced. */
function withEntry(at: number, entry: { side: string; command: unknown }): GameRecord<unknown> {
  return { ...record, commands: record.commands.map((c, i) => (i === at ? entry : c)) };
}

/** The state the record reaches before its command `at`, by `apply` alone. */
function stateBefore(at: number): JcGameState {
  let state = johnCompanyGame.setup(record.scenario, record.seed);
  for (const { side, command } of record.commands.slice(0, at)) {
    const applied = johnCompanyGame.apply(state, side, command as JcCommand);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  return state;
}

describe('John Company: replaying a record', () => {
  it('replays the random battle to the live state', () => {
    const again = replay(johnCompanyGame, record as GameRecord<JcCommand>);
    if (!again.ok) expect.fail(again.message);
    expect(JSON.stringify(again.replayed.state)).toBe(JSON.stringify(played.state));
    expect(record.commands.length).toBeGreaterThan(20);
  });

  it('stops at a command its schema refuses, with the words apply gives', () => {
    const { side } = record.commands[AT]!;
    const bad = { type: 'move', unit: 7 };
    const applied = johnCompanyGame.apply(stateBefore(AT), side, bad as unknown as JcCommand);
    if (applied.ok) expect.fail('the malformed command was applied');
    expect(replay(johnCompanyGame, withEntry(AT, { side, command: bad }) as GameRecord<JcCommand>)).toEqual({
      ok: false,
      at: AT,
      message: `command ${AT} refused: ${applied.rejection.message}`,
    });
  });

  it('stops at the first refused command, though a later one does not parse', () => {
    const { side, command } = record.commands[AT]!;
    const other = side === 'company' ? 'maratha' : 'company';
    const bad = withEntry(AT, { side: other, command });
    const worse = { ...bad, commands: [...bad.commands, { side, command: { type: 'fly' } }] };
    const again = replay(johnCompanyGame, worse as GameRecord<JcCommand>);
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.at).toBe(AT);
      expect(again.message).toContain('not');
    }
  });

  it('takes a resignation, and after it refuses a malformed command as the game over', () => {
    const game = resignable(johnCompanyGame, sidesOf);
    const resigned = {
      ...record,
      commands: [
        ...record.commands.slice(0, AT),
        { side: 'maratha', command: RESIGN },
        { side: 'company', command: { type: 'fly' } },
      ],
    };
    expect(replay(game, resigned as GameRecord<JcCommand>)).toEqual({
      ok: false,
      at: AT + 1,
      message: `command ${AT + 1} refused: the game is over: a side resigned`,
    });
    const ended = replay(game, {
      ...resigned,
      commands: resigned.commands.slice(0, -1),
    } as GameRecord<JcCommand>);
    if (!ended.ok) expect.fail(ended.message);
    expect(game.result(ended.replayed.state)).toEqual({ winner: 'company', reason: 'maratha resigned' });
  });
});
