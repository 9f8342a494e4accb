import { afterEach, describe, expect, it, vi } from 'vitest';
import { JcCommandSchema } from '../../src/game/john-company/commands.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { ApiError, AppendCommandResponse, CreatedGame, GameSummary } from '../../src/protocol/api.ts';
import { seatKeyClient, serverForTests } from './fixtures.ts';
import { firstPosition } from './positions.ts';

/**
 * One `fire` POSTed to /commands is checked once: its body parsed at the boundary (the referee), the
 * game's `apply` run once (it parses the command again: a game guards itself against any caller), and
 * the store, which only appends, judges nothing.
 */
describe('a command through POST /commands', () => {
  const server = serverForTests('check-once');
  const { get, post } = seatKeyClient(() => server.app);
  const game = findPlayableRuleSet('john-company')!.game;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs apply once, and the command schema once in the referee and once in the game', async () => {
    const position = firstPosition('john-company', 3, (_state, _side, legal) =>
      legal.find((c) => c.type === 'fire'),
    );
    const created = await post<CreatedGame>('/api/games/import', position.record);
    expect(created.status).toBe(201);
    // The game in memory, as after any earlier request about it.
    expect((await get(`/api/games/${created.body.id}/play?viewer=${position.side}`)).status).toBe(200);
    const apply = vi.spyOn(game, 'apply');
    const parse = vi.spyOn(JcCommandSchema, 'safeParse');
    const answer = await post<AppendCommandResponse>(`/api/games/${created.body.id}/commands`, {
      side: position.side,
      command: position.command,
      seq: position.record.commands.length,
    });
    expect(answer.status).toBe(201);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('replays an imported game once: judging it puts it in play', async () => {
    const position = firstPosition('john-company', 3, (_state, _side, legal) =>
      legal.find((c) => c.type === 'fire'),
    );
    const apply = vi.spyOn(game, 'apply');
    const created = await post<CreatedGame>('/api/games/import', position.record);
    const answer = await post<AppendCommandResponse>(`/api/games/${created.body.id}/commands`, {
      side: position.side,
      command: position.command,
    });
    expect(answer.status).toBe(201);
    expect(apply).toHaveBeenCalledTimes(position.record.commands.length + 1);
  });

  it("refuses at the boundary a side the game lacks, a command of no rule set's shape and one too long", async () => {
    const game = (await post<CreatedGame>('/api/games', { scenario: 'training-village-ford', seed: 1 })).body;
    const apply = vi.spyOn(findPlayableRuleSet('john-company')!.game, 'apply');
    const refused = async (body: unknown) => {
      const r = await post<ApiError>(`/api/games/${game.id}/commands`, body);
      expect(r.status).toBe(400);
      return r.body.issues!.map((i) => [i.path, i.message]);
    };
    expect(await refused({ side: 'prussia', command: { type: 'finish-orders' } })).toEqual([
      ['side', `expected one of the scenario's sides, "company" or "maratha", got "prussia" (a string)`],
    ]);
    expect((await refused({ side: 'company', command: { unit: 'u1' } })).map(([path]) => path)).toEqual([
      'command.type',
    ]);
    const huge = await refused({ side: 'company', command: { type: 'x', pad: 'x'.repeat(70_000) } });
    expect(huge).toEqual([['command', expect.stringMatching(/^expected at most 65536 characters of JSON/)]]);
    expect(apply).not.toHaveBeenCalled();
    expect((await get<GameSummary>(`/api/games/${game.id}/summary`)).body.commands).toBe(0);
  });
});
