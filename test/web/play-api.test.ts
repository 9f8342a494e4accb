import { describe, expect, it } from 'vitest';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcView } from '../../src/game/john-company/view.ts';
import type {
  ApiError,
  AppendCommandResponse,
  CommandOddsResponse,
  ComputerPlayResponse,
  GamePlay,
  GameSummary,
  MovePlan,
  SavedGame,
} from '../../src/protocol/api.ts';
import { EPSILON } from '../../src/protocol/odds.ts';
import { playAfter, seatKeyClient, serverForTests } from './fixtures.ts';

/**
 * Whole battles over HTTP (fastify's inject(), SQLite in a temporary folder): seats, commands judged by
 * the engine, the computer's seats, each viewer's picture, the scrubber, move plans, odds, a restart.
 */
describe('playing games over the API', () => {
  const server = serverForTests('play');

  // A client that keeps the seat keys of the games it creates and sends them (a hot-seat browser).
  const client = seatKeyClient(() => server.app);
  const { get, post } = client;
  const play = async (id: string, query: string) => {
    const r = await get<GamePlay>(`/api/games/${id}/play?${query}`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const view = (p: GamePlay) => p.view as JcView;

  /** Company places a real order on each of its units from the legal commands, then finishes. */
  async function companyOrders(id: string): Promise<JcCommand[]> {
    const placed: JcCommand[] = [];
    for (let i = 0; i < 40; i++) {
      const p = await play(id, 'viewer=company');
      expect(p.decider).toBe('company');
      expect(p.legalText).toHaveLength(p.legal.length);
      const legal = p.legal as JcCommand[];
      const done = new Set(placed.map((c) => (c.type === 'place-order' ? c.unit : '')));
      const next =
        legal.find((c) => c.type === 'place-order' && c.order !== 'blank' && !done.has(c.unit)) ??
        legal.find((c) => c.type === 'finish-orders')!;
      const r = await post<AppendCommandResponse>(`/api/games/${id}/commands`, {
        side: 'company',
        command: next,
        seq: p.total,
      });
      expect(r.status).toBe(201);
      expect(r.body.seq).toBe(p.total);
      const after = await playAfter(p, r.body, () => play(id, 'viewer=company'));
      expect(after).toMatchObject({ viewer: 'company', at: p.total + 1, total: p.total + 1 });
      if (next.type === 'finish-orders') return placed;
      placed.push(next);
    }
    throw new Error('company never finished its orders');
  }

  it('creates a game with seats, validated against the scenario', async () => {
    const created = await post<GameSummary>('/api/games', {
      scenario: 'training-village-ford',
      seed: 11,
      players: { maratha: 'computer' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      players: { company: 'human', maratha: 'computer' },
      turn: 1,
      decider: 'company',
      commands: 0,
    });
    const bad = await post<ApiError>('/api/games', {
      scenario: 'training-village-ford',
      players: { prussia: 'computer', company: 'robot' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues!.map((i) => i.path)).toEqual(['players.company']);
    const unknown = await post<ApiError>('/api/games', {
      scenario: 'training-village-ford',
      players: { prussia: 'computer' },
    });
    expect(unknown.body.issues).toEqual([
      {
        path: 'players.prussia',
        message:
          'expected a side of training-village-ford as the key ("company" or "maratha"), got "prussia"',
      },
    ]);
  });

  it('plays the first orders phase from the legal commands; the computer answers; nothing is leaked', async () => {
    const id = (
      await post<GameSummary>('/api/games', {
        scenario: 'training-village-ford',
        seed: 11,
        players: { maratha: 'computer' },
      })
    ).body.id;
    const placed = await companyOrders(id);
    expect(placed.length).toBeGreaterThan(1);

    // The other side's picture: no counter of company's face up, no place-order command, no order events.
    const maratha = await play(id, 'viewer=maratha');
    expect(maratha.decider).toBe('maratha');
    expect(maratha.deciderSeat).toBe('computer');
    let seen = 0;
    for (const c of placed) {
      if (c.type !== 'place-order') continue;
      const unit = view(maratha).units[c.unit];
      if (!unit) continue;
      expect(unit.counter).toEqual({ placed: true, revealed: false });
      expect(unit.order).toBeUndefined();
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
    expect(JSON.stringify([maratha.view, maratha.log])).not.toMatch(/order-placed|place-order/);
    for (const entry of maratha.log) {
      expect(entry.side).toBe('company');
      expect((entry.command as JcCommand | undefined)?.type).not.toBe('place-order');
      for (const e of entry.events) expect(e.type).not.toBe('order-placed');
    }
    expect(maratha.log.filter((e) => e.command === undefined).map((e) => e.text)).toContain(
      'places a counter',
    );
    // The same log as company sees it: its own commands in full.
    const company = await play(id, 'viewer=company');
    expect(company.log.map((e) => e.command)).toEqual([...placed, { type: 'finish-orders' }]);
    expect(company.legal).toEqual([]);

    // The computer plays its seat until a human must decide.
    const computer = await post<ComputerPlayResponse>(`/api/games/${id}/computer`, {
      viewer: 'company',
      from: company.total,
    });
    expect(computer.status).toBe(200);
    expect(computer.body.played).toBeGreaterThan(0);
    expect(computer.body.change.from).toBe(company.total);
    const replied = await playAfter(company, computer.body, () => play(id, 'viewer=company'));
    expect(replied.viewer).toBe('company');
    expect(replied.total).toBe(placed.length + 1 + computer.body.played);
    expect(replied.decider === undefined || replied.deciderSeat === 'human').toBe(true);
    for (const entry of replied.log.filter((e) => e.side === 'maratha'))
      expect((entry.command as JcCommand | undefined)?.type).not.toBe('place-order');

    // A second game from the same seed and the same commands is the same game: the computer is seeded
    // from the game.
    const again = (
      await post<GameSummary>('/api/games', {
        scenario: 'training-village-ford',
        seed: 11,
        players: { maratha: 'computer' },
      })
    ).body.id;
    await companyOrders(again);
    await post(`/api/games/${again}/computer`, {});
    const first = (await get<SavedGame>(`/api/games/${id}`)).body.record.commands;
    const second = (await get<SavedGame>(`/api/games/${again}`)).body.record.commands;
    expect(second).toEqual(first);
  });

  it('refuses commands the game does not accept, and stores none of them', async () => {
    const id = (await post<GameSummary>('/api/games', { scenario: 'training-village-ford', seed: 5 })).body
      .id;
    const refused = async (side: string, command: unknown) => {
      const r = await post<ApiError>(`/api/games/${id}/commands`, { side, command });
      return r;
    };
    const turn = await refused('maratha', { type: 'finish-orders' });
    expect(turn).toMatchObject({ status: 422, body: { error: 'not-your-turn' } });
    const illegal = await refused('company', {
      type: 'fire',
      unit: 'european-regiment',
      target: 'matchlockmen',
    });
    expect(illegal).toMatchObject({ status: 422, body: { error: 'illegal-command', code: 'wrong-step' } });
    const noUnit = await refused('company', { type: 'place-order', unit: 'nobody', order: 'hold' });
    expect(noUnit).toMatchObject({ status: 422, body: { error: 'illegal-command', code: 'no-such-unit' } });
    const shape = await refused('company', { type: 'place-order', unit: 3, order: 'hold' });
    expect(shape.status).toBe(400);
    expect(shape.body.issues!.map((i) => i.path)).toEqual(['command.unit']);
    const unknownType = await refused('company', { type: 'advance-boldly' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.issues![0]!.path).toBe('command.type');
    expect((await get<SavedGame>(`/api/games/${id}`)).body.commands).toBe(0);
    expect((await play(id, 'viewer=company')).total).toBe(0);
  });

  it('scrubs back to any point of the log, and checks its query', async () => {
    const id = (
      await post<GameSummary>('/api/games', {
        scenario: 'training-village-ford',
        seed: 3,
        players: { company: 'computer', maratha: 'computer' },
      })
    ).body.id;
    const all = (await post<ComputerPlayResponse>(`/api/games/${id}/computer`, { max: 70 })).body;
    expect(all.played).toBe(70);
    const start = await play(id, 'viewer=company&at=0');
    expect(start).toMatchObject({ at: 0, total: 70, log: [], legal: [], decider: 'company' });
    expect(view(start).seq).toBe(0);
    const middle = await play(id, 'viewer=spectator&at=66&from=60');
    expect(middle.from).toBe(60);
    expect(middle.log.map((e) => e.index)).toEqual([60, 61, 62, 63, 64, 65]);
    expect(view(middle).seq).toBe(66);
    expect(middle.legal).toEqual([]);
    const now = await play(id, 'viewer=spectator');
    expect(view(now).seq).toBe(70);
    expect(now.log).toHaveLength(70);
    const full = await play(id, 'viewer=spectator&at=66');
    expect(full.log.slice(60)).toEqual(middle.log);
    for (const query of ['at=71', 'viewer=prussia', 'at=2&from=3', 'at=x']) {
      const r = await get<ApiError>(`/api/games/${id}/play?${query}`);
      expect(r.status, query).toBe(400);
    }
    expect((await get<ApiError>('/api/games/nope/play')).status).toBe(404);
  });

  it('plans a move exactly as it is then made, and gives a fire command’s exact odds', async () => {
    const id = (
      await post<GameSummary>('/api/games', {
        scenario: 'training-village-ford',
        seed: 7,
        players: { company: 'computer', maratha: 'computer' },
      })
    ).body.id;
    let planned = false;
    let odds = false;
    for (let i = 0; i < 800 && !(planned && odds); i++) {
      const decider = (await play(id, 'viewer=spectator')).decider;
      if (decider === undefined) break;
      const p = await play(id, `viewer=${decider}`);
      const legal = p.legal as JcCommand[];
      const move = legal.find((c) => c.type === 'move');
      const fire = legal.find((c) => c.type === 'fire');
      if (fire && !odds) {
        const r = await post<CommandOddsResponse>(`/api/games/${id}/odds`, { side: decider, command: fire });
        expect(r.status).toBe(200);
        expect(r.body.odds).toHaveLength(1);
        for (const chart of r.body.odds[0]!.charts) {
          const sum = chart.outcomes.reduce((s, o) => s + o.probability, 0);
          expect(Math.abs(sum - 1)).toBeLessThan(EPSILON * 100);
        }
        const other = p.game.players && Object.keys(p.game.players).find((s) => s !== decider)!;
        const theirs = await post<CommandOddsResponse>(`/api/games/${id}/odds`, {
          side: other,
          command: fire,
        });
        expect(theirs.body.odds).toEqual([]);
        odds = true;
      }
      if (move?.type === 'move' && !planned) {
        const plan = await post<MovePlan>(`/api/games/${id}/plan-move`, {
          side: decider,
          unit: move.unit,
          manoeuvres: move.manoeuvres,
        });
        expect(plan.status).toBe(200);
        if (plan.body.notes.length === 0) {
          expect(plan.body.ok).toBe(true);
          const made = await post<AppendCommandResponse>(`/api/games/${id}/commands`, {
            side: decider,
            command: move,
            seq: p.total,
          });
          expect(made.status).toBe(201);
          const after = await playAfter(p, made.body, () => play(id, `viewer=${decider}`));
          const unit = view(after).table.units[move.unit]!;
          const ownMove = after.log.at(-1)!.events.filter((e) => e.type === 'unit-moved');
          if (ownMove.length === 1) {
            expect(plan.body.end.stands.map((s) => [s.id, s.x, s.y, s.facing])).toEqual(
              unit.stands.map((s) => [s.id, s.x, s.y, s.facing]),
            );
            planned = true;
          }
          continue;
        }
      }
      const step = await post<ComputerPlayResponse>(`/api/games/${id}/computer`, { max: 1 });
      expect(step.body.played).toBe(1);
    }
    expect(planned).toBe(true);
    expect(odds).toBe(true);
    const bad = await post<ApiError>(`/api/games/${id}/plan-move`, {
      side: 'company',
      unit: 'matchlockmen',
      manoeuvres: [{ kind: 'advance', inches: 2 }],
    });
    expect(bad).toMatchObject({ status: 400, body: { issues: [{ path: 'unit' }] } });
    const badManoeuvre = await post<ApiError>(`/api/games/${id}/plan-move`, {
      side: 'company',
      unit: 'european-regiment',
      manoeuvres: [{ kind: 'leap', inches: 2 }],
    });
    expect(badManoeuvre.status).toBe(400);
    expect(badManoeuvre.body.issues![0]!.path).toBe('manoeuvres[0].kind');
  });

  it('imports a record only if the game accepts every command, and judges games saved unjudged', async () => {
    const id = (await post<GameSummary>('/api/games', { scenario: 'training-village-ford', seed: 9 })).body
      .id;
    const record = (await get<SavedGame>(`/api/games/${id}`)).body.record;
    const refused = await post<ApiError>('/api/games/import', {
      ...record,
      commands: [
        { side: 'company', command: { type: 'finish-orders' } },
        { side: 'company', command: { type: 'finish-orders' } },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      {
        path: 'commands[1]',
        message: "the game refuses this command: it is maratha's decision, not company's (not-your-turn)",
      },
    ]);
    const accepted = await post<GameSummary>('/api/games/import', {
      ...record,
      commands: [{ side: 'company', command: { type: 'finish-orders' } }],
    });
    expect(accepted.body).toMatchObject({ commands: 1, turn: 1, decider: 'maratha' });

    // Saved without the engine (as before seats existed): judged when listed; a log the engine refuses
    // is listed as it is and refused for play (409).
    const { store } = server;
    const unjudged = await store.insert(store.newGame({ scenario: 'training-village-ford', seed: 9 }));
    await store.append(unjudged.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    const broken = await store.insert(store.newGame({ scenario: 'training-village-ford', seed: 9 }));
    await store.append(broken.id, { side: 'maratha', command: { type: 'finish-orders' }, seq: 0 });
    const games = (await get<{ games: GameSummary[] }>('/api/games')).body.games;
    expect(games.find((g) => g.id === unjudged.id)).toMatchObject({ turn: 1, decider: 'maratha' });
    expect(games.find((g) => g.id === broken.id)!.decider).toBeUndefined();
    const unplayable = await get<ApiError>(`/api/games/${broken.id}/play`);
    expect(unplayable.status).toBe(409);
    expect(unplayable.body.message).toMatch(/^the game's log does not replay: command 0: /);
  });

  it('resumes after a restart: a new app on the same file replays the log and carries on', async () => {
    const id = (
      await post<GameSummary>('/api/games', {
        scenario: 'training-village-ford',
        seed: 21,
        players: { maratha: 'computer' },
      })
    ).body.id;
    await companyOrders(id);
    await post(`/api/games/${id}/computer`, {});
    const before = await play(id, 'viewer=company');
    await server.restart();
    const after = await play(id, 'viewer=company');
    expect(after.view).toEqual(before.view);
    expect(after.log).toEqual(before.log);
    expect(after.legal).toEqual(before.legal);
    expect(after.game).toMatchObject({ turn: before.game.turn, decider: before.game.decider });
    const next = await post<AppendCommandResponse>(`/api/games/${id}/commands`, {
      side: 'company',
      command: after.legal[0],
      seq: after.total,
    });
    expect(next.status).toBe(201);
  });
});
