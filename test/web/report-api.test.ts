import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playBattle } from '../../src/game/engine/battle.ts';
import type { BattleReport } from '../../src/game/engine/report.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { ApiError, CreatedGame } from '../../src/protocol/api.ts';
import { seatKeyClient, serverForTests } from './fixtures.ts';

/**
 * GET /api/games/:id/report, the after-action report (src/game/engine/report.ts): given as the full
 * record is, to whoever holds every human seat's key, or any one once the game is over; refused, with
 * what was expected, to anyone else.
 */
describe('the after-action report over the API', () => {
  const server = serverForTests('report');
  const { get, post } = seatKeyClient(() => server.app);
  const scenario = JSON.parse(
    readFileSync(new URL('../../scenarios/training-village-ford.json', import.meta.url), 'utf8'),
  );

  it('reports a finished game to a seat, and no one without a key', async () => {
    const macduff = findPlayableRuleSet('macduff')!;
    const battle = playBattle(macduff.game, scenario, 9, {
      company: macduff.computer(1),
      maratha: macduff.computer(2),
    });
    const imported = await post<CreatedGame>('/api/games/import', battle.record);
    expect(imported.status).toBe(201);
    const { id, seatKeys } = imported.body;

    const report = await get<BattleReport>(`/api/games/${id}/report`, [seatKeys.company!]);
    expect(report.status).toBe(200);
    expect(report.body.over).toBe(true);
    expect(report.body.commands).toBe(battle.record.commands.length);
    expect(report.body.units).toHaveLength(12);
    expect(report.body.verdict).toMatch(/^(Victory to the|A draw)/);

    const keyless = await get<ApiError>(`/api/games/${id}/report`, []);
    expect(keyless.status).toBe(403);
    expect(keyless.body.error).toBe('forbidden');
  });

  it('reports a game in play only to whoever holds every human seat', async () => {
    const created = await post<CreatedGame>('/api/games', {
      scenario: 'training-village-ford',
      ruleSet: 'john-company',
      seed: 4,
      players: { company: 'human', maratha: 'human' },
    });
    const { id, seatKeys } = created.body;
    const all = await get<BattleReport>(`/api/games/${id}/report`);
    expect(all.status).toBe(200);
    expect(all.body.over).toBe(false);
    expect(all.body.strength).toHaveLength(2);

    const one = await get<ApiError>(`/api/games/${id}/report`, [seatKeys.company!]);
    expect(one.status).toBe(403);
    expect(one.body.message).toMatch(/key/);
  });

  it('says when there is no such game', async () => {
    const r = await get<ApiError>('/api/games/no-such-game/report', []);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not-found');
  });
});
