import { describe, expect, it } from 'vitest';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcView } from '../../src/game/john-company/view.ts';
import type {
  ApiError,
  AppendCommandResponse,
  CreatedGame,
  GamePlay,
  UndoResponse,
} from '../../src/protocol/api.ts';
import { playAfter, seatKeyClient, serverForTests } from './fixtures.ts';

/**
 * Undo over the API (POST /api/games/:id/undo, src/game/engine/undo.ts): a side takes back its own last
 * command when it threw no dice and showed nothing hidden, until another side answers; the log, the
 * views, the stored game and a restart all agree; stale, foreign, keyless and dice-throwing undos are
 * refused with what was expected; Honour & Fortitude and MacDuff commands that gave nothing away taken
 * back, a MacDuff card drawn not.
 */
describe('undo', () => {
  const server = serverForTests('undo');
  const { get, post } = seatKeyClient(() => server.app);

  async function newGame(ruleSet = 'john-company'): Promise<CreatedGame> {
    const r = await post<CreatedGame>('/api/games', {
      scenario: 'training-village-ford',
      ruleSet,
      seed: 7,
      players: { company: 'human', maratha: 'human' },
    });
    expect(r.status).toBe(201);
    return r.body;
  }
  const playOf = async (id: string, viewer: string) =>
    (await get<GamePlay>(`/api/games/${id}/play?viewer=${viewer}`)).body;
  /**
   * Gives a command from the giver's picture, and the giver's play after it: the answer's change applied to
   * the play held, which must be what a full GET /play gives.
   */
  const give = async (id: string, side: string, command: unknown, seq: number) => {
    const held = await playOf(id, side);
    const r = await post<AppendCommandResponse>(`/api/games/${id}/commands`, { side, command, seq });
    expect(r.status).toBe(201);
    return { ...r.body, play: await playAfter(held, r.body, () => playOf(id, side)) };
  };
  /** Takes back the side's last command (the log as it knows it: `seq`), and its play after it. */
  const undo = async (id: string, side: string, seq: number) => {
    const held = await playOf(id, side);
    const r = await post<UndoResponse>(`/api/games/${id}/undo`, { side, seq });
    expect(r.status).toBe(200);
    return { ...r.body, play: await playAfter(held, r.body, () => playOf(id, side)) };
  };
  /** The first of `legal` (of a type not in `skip`) whose odds preview is empty: it throws no dice at once. */
  async function firstWithoutDice(
    id: string,
    side: string,
    legal: readonly unknown[],
    skip: readonly string[] = [],
  ): Promise<unknown> {
    for (const command of legal) {
      if (skip.includes((command as { type: string }).type)) continue;
      const odds = await post<{ odds: unknown[] }>(`/api/games/${id}/odds`, { side, command });
      if (odds.body.odds.length === 0) return command;
    }
    return undefined;
  }
  const counters = (play: GamePlay) =>
    Object.values((play.view as JcView).units).filter((u) => u.counter !== undefined).length;

  it('takes back a counter placed, one command at a time, and the game goes on as if never given', async () => {
    const game = await newGame();
    const start = await playOf(game.id, 'company');
    expect(start.undoable).toBeUndefined();
    const orders = (start.legal as JcCommand[]).filter((c) => c.type === 'place-order');
    const first = orders[0]!;
    const second = orders.find((c) => c.type === 'place-order' && c.unit !== first.unit)!;
    await give(game.id, 'company', first, 0);
    const placed = await give(game.id, 'company', second, 1);
    expect(placed.play.undoable).toBe(true);
    expect(counters(placed.play)).toBe(2);

    const undone = await undo(game.id, 'company', 2);
    expect(undone.play.total).toBe(1);
    expect(undone.game.commands).toBe(1);
    expect(counters(undone.play)).toBe(1);
    expect(undone.play.undoable).toBe(true);
    // The same view as a game that never had the command.
    const fresh = await newGame();
    const once = await give(fresh.id, 'company', first, 0);
    expect(undone.play.view).toEqual(once.play.view);
    expect(undone.play.legal).toEqual(once.play.legal);

    // Another command takes the place of the one taken back.
    await give(game.id, 'company', second, 1);
    expect((await playOf(game.id, 'company')).total).toBe(2);
    // A stale undo (the log moved on) is refused, and nothing is taken back.
    const stale = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'company', seq: 1 });
    expect(stale.status).toBe(409);
    expect((await playOf(game.id, 'company')).total).toBe(2);

    // The stored log agrees after a restart of the server.
    await server.restart();
    const exported = await get<{ commands: unknown[] }>(`/api/games/${game.id}/export`);
    expect(exported.body.commands).toHaveLength(2);
    expect((await playOf(game.id, 'company')).total).toBe(2);
  });

  it("refuses to take back another side's command, a command answered, and one without the key", async () => {
    const game = await newGame();
    const start = await playOf(game.id, 'company');
    const order = (start.legal as JcCommand[]).find((c) => c.type === 'place-order')!;
    await give(game.id, 'company', order, 0);
    await give(game.id, 'company', { type: 'finish-orders' }, 1);
    // The Maratha player may not take back the Company's command.
    expect((await playOf(game.id, 'maratha')).undoable).toBeUndefined();
    const foreign = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'maratha', seq: 2 });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('nothing-to-undo');
    expect(foreign.body.message).toMatch(/company's: only its side may take it back/);
    // Without the Company's key: 403.
    const keyless = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'company', seq: 2 }, []);
    expect(keyless.status).toBe(403);
    // Once the Maratha side has answered, the Company's commands stay.
    const maratha = await playOf(game.id, 'maratha');
    const theirs = (maratha.legal as JcCommand[]).find((c) => c.type === 'place-order')!;
    await give(game.id, 'maratha', theirs, 2);
    expect((await playOf(game.id, 'company')).undoable).toBeUndefined();
    const answered = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'company', seq: 3 });
    expect(answered.status).toBe(422);
    // A malformed request says what was expected.
    const bad = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'company' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('seq');
  });

  it('refuses to take back a command that threw dice', async () => {
    const game = await newGame();
    let seq = 0;
    // Both sides finish their counters: the cards are drawn, Reaction Tests thrown.
    for (const side of ['company', 'maratha']) {
      await give(game.id, side, { type: 'finish-orders' }, seq++);
    }
    const play = await playOf(game.id, 'maratha');
    expect(play.total).toBe(2);
    expect(play.log[1]!.events.some((e) => (e.event as { rolls?: unknown[] }).rolls?.length)).toBe(true);
    expect(play.undoable).toBeUndefined();
    const threw = await post<ApiError>(`/api/games/${game.id}/undo`, { side: 'maratha', seq: 2 });
    expect(threw.status).toBe(422);
    expect(threw.body.message).toMatch(/threw dice or showed something hidden/);
  });

  it('takes back Honour & Fortitude and MacDuff commands that gave nothing away, not a card drawn', async () => {
    const hf = await newGame('honour-and-fortitude');
    const before = await playOf(hf.id, hf.decider!);
    const side = before.decider!;
    // The first legal command that throws no dice (the set's odds preview is empty for it).
    const quiet = await firstWithoutDice(hf.id, side, before.legal);
    const given = await give(hf.id, side, quiet, 0);
    expect(given.play.undoable).toBe(true);
    const undone = await undo(hf.id, side, 1);
    expect(undone.play.view).toEqual(before.view);

    // MacDuff: a command that drew no card, threw no dice and revealed nobody may be taken back; ending
    // an activation draws the next card, which may not be.
    const md = await newGame('macduff');
    let seq = 0;
    let tookBack = false;
    let cardKept = false;
    for (let step = 0; step < 80 && !(tookBack && cardKept); step++) {
      const mdSide = (await playOf(md.id, 'spectator')).decider!;
      const now = await playOf(md.id, mdSide);
      const legal = now.legal as { type: string }[];
      const quiet = tookBack ? undefined : await firstWithoutDice(md.id, mdSide, legal, ['end-activation']);
      if (quiet !== undefined) {
        const r = await give(md.id, mdSide, quiet, seq++);
        if (!r.play.undoable) continue;
        const back = await undo(md.id, mdSide, seq--);
        expect(back.play.view).toEqual(now.view);
        tookBack = true;
        continue;
      }
      const end = legal.find((c) => c.type === 'end-activation');
      await give(md.id, mdSide, end ?? legal[0], seq++);
      if (!end) continue;
      const refused = await post<ApiError>(`/api/games/${md.id}/undo`, { side: mdSide, seq });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/threw dice or showed something hidden/);
      cardKept = true;
    }
    expect(tookBack).toBe(true);
    expect(cardKept).toBe(true);
  });
});
