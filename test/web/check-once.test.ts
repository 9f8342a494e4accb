import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { CpCommandSchema } from '../../src/game/command-points/commands.ts';
import { HfCommandSchema } from '../../src/game/honour-and-fortitude/commands.ts';
import { JcCommandSchema } from '../../src/game/john-company/commands.ts';
import { fireCheck } from '../../src/game/john-company/fire-check.ts';
import { MdCommandSchema } from '../../src/game/macduff/commands.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { ApiError, AppendCommandResponse, CreatedGame, GameSummary } from '../../src/protocol/api.ts';
import { seatKeyClient, serverForTests } from './fixtures.ts';
import { firstPosition } from './positions.ts';

// Counts the fire checks: every module of the game, fire.ts's fire included, reaches `fireCheck` through
// this module's export.
vi.mock('../../src/game/john-company/fire-check.ts', async (importOriginal) => {
  const check = await importOriginal<typeof import('../../src/game/john-company/fire-check.ts')>();
  return { ...check, fireCheck: vi.fn(check.fireCheck) };
});

/**
 * One `fire` POSTed to /commands is checked once: its body parsed at the boundary (the referee), the
 * game run once on the parsed command (`applyParsed`: `apply`, which guards itself against any input,
 * would parse it again), the fire checked once, and the store, which only appends, judges nothing. The
 * three smaller sets parse a posted command once too.
 */
describe('a command through POST /commands', () => {
  const server = serverForTests('check-once');
  const { get, post } = seatKeyClient(() => server.app);
  const game = findPlayableRuleSet('john-company')!.game;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses the command once, runs the game once on it and checks the fire once', async () => {
    const position = firstPosition('john-company', 3, (_state, _side, legal) =>
      legal.find((c) => c.type === 'fire'),
    );
    const created = await post<CreatedGame>('/api/games/import', position.record);
    expect(created.status).toBe(201);
    // The game in memory, as after any earlier request about it.
    expect((await get(`/api/games/${created.body.id}/play?viewer=${position.side}`)).status).toBe(200);
    const apply = vi.spyOn(game, 'apply');
    const applyParsed = vi.spyOn(game, 'applyParsed');
    const parse = vi.spyOn(JcCommandSchema, 'safeParse');
    const checks = vi.mocked(fireCheck);
    checks.mockClear();
    const answer = await post<AppendCommandResponse>(`/api/games/${created.body.id}/commands`, {
      side: position.side,
      command: position.command,
      seq: position.record.commands.length,
    });
    expect(answer.status).toBe(201);
    expect(applyParsed).toHaveBeenCalledTimes(1);
    expect(apply).not.toHaveBeenCalled();
    expect(parse).toHaveBeenCalledTimes(1);
    const { unit, target } = position.command as { type: string; unit: string; target: string };
    const thisFire = checks.mock.calls.filter(([, firer, at]) => firer === unit && at === target);
    expect(thisFire).toHaveLength(1);
  });

  it('has the game parse a command it is given as it is, outside the boundary', () => {
    const position = firstPosition('john-company', 3, (_state, _side, legal) =>
      legal.find((c) => c.type === 'fire'),
    );
    const parse = vi.spyOn(JcCommandSchema, 'safeParse');
    const state = position.state;
    expect(game.apply(state, position.side, { type: 'fire', unit: 42 } as never)).toMatchObject({
      ok: false,
      rejection: { code: 'invalid-command' },
    });
    expect(game.apply(state, position.side, position.command).ok).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('replays an imported game once: judging it puts it in play', async () => {
    const position = firstPosition('john-company', 3, (_state, _side, legal) =>
      legal.find((c) => c.type === 'fire'),
    );
    const apply = vi.spyOn(game, 'apply');
    const applyParsed = vi.spyOn(game, 'applyParsed');
    const created = await post<CreatedGame>('/api/games/import', position.record);
    const answer = await post<AppendCommandResponse>(`/api/games/${created.body.id}/commands`, {
      side: position.side,
      command: position.command,
    });
    expect(answer.status).toBe(201);
    expect(apply).toHaveBeenCalledTimes(position.record.commands.length);
    expect(applyParsed).toHaveBeenCalledTimes(1);
  });

  // Each smaller set, like John Company, runs its game once on the command its schema parsed at the
  // boundary. The command posted is the deciding side's second offer once four commands are played (any
  // offer would do; the first is often a pass).
  const smallerSets: readonly (readonly [string, z.ZodType])[] = [
    ['honour-and-fortitude', HfCommandSchema],
    ['command-points', CpCommandSchema],
    ['macduff', MdCommandSchema],
  ];
  it.each(smallerSets)(
    'parses a command posted to a %s game once and runs the game once on it',
    async (id, schema) => {
      const position = firstPosition(id, 3, (state, _side, legal) =>
        state.seq >= 4 && legal.length > 1 ? legal[1] : undefined,
      );
      const created = await post<CreatedGame>('/api/games/import', position.record);
      expect(created.status).toBe(201);
      expect((await get(`/api/games/${created.body.id}/play?viewer=${position.side}`)).status).toBe(200);
      const setGame = findPlayableRuleSet(id)!.game;
      const apply = vi.spyOn(setGame, 'apply');
      const applyParsed = vi.spyOn(setGame, 'applyParsed');
      const parse = vi.spyOn(schema, 'safeParse');
      const answer = await post<AppendCommandResponse>(`/api/games/${created.body.id}/commands`, {
        side: position.side,
        command: position.command,
        seq: position.record.commands.length,
      });
      expect(answer.status).toBe(201);
      expect(applyParsed).toHaveBeenCalledTimes(1);
      expect(apply).not.toHaveBeenCalled();
      expect(parse).toHaveBeenCalledTimes(1);
    },
  );

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
