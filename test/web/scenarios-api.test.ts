import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiError, CreatedGame, ScenarioList, ScenarioSummary } from '../../src/protocol/api.ts';
import { loadScenarios } from '../../src/server/scenarios.ts';
import { REPO, seatKeyClient, serverForTests, tempDir } from './fixtures.ts';

/**
 * A player's scenarios (POST and DELETE /api/scenarios, from the editor): validated as a scenario file
 * is, kept beside the shipped ones in a folder of their own, listed, played, found again after a
 * restart, and refused with what was expected when invalid or when they take a shipped scenario's id.
 */
describe("players' scenarios over the API", () => {
  const saved = tempDir('saved-scenarios');
  afterAll(() => saved.cleanup());
  const catalog = () => loadScenarios(join(REPO, 'scenarios'), saved.dir);
  const first = catalog();
  const server = serverForTests('scenarios', { app: { scenarios: first }, store: { scenarios: first } });
  const { get, post, delete: remove } = seatKeyClient(() => server.app);
  const ford = JSON.parse(readFileSync(join(REPO, 'scenarios/training-village-ford.json'), 'utf8'));
  const mine = { ...ford, id: 'my-ford', title: 'My ford' };

  it('saves a valid scenario, lists it as saved, and plays it', async () => {
    const r = await post<ScenarioSummary>('/api/scenarios', mine);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: 'my-ford', title: 'My ford', saved: true });
    const list = await get<ScenarioList>('/api/scenarios');
    expect(list.body.scenarios.find((s) => s.id === 'my-ford')?.saved).toBe(true);
    expect(list.body.scenarios.find((s) => s.id === 'training-village-ford')?.saved).toBe(false);
    const again = await post<ScenarioSummary>('/api/scenarios', { ...mine, title: 'My ford, again' });
    expect(again.status).toBe(200);
    const game = await post<CreatedGame>('/api/games', {
      scenario: 'my-ford',
      seed: 3,
      players: { company: 'human', maratha: 'computer' },
    });
    expect(game.status).toBe(201);
    expect(game.body.scenario.title).toBe('My ford, again');
    // A new catalog on the same folder (a restart) finds it.
    expect(catalog().get('my-ford')?.title).toBe('My ford, again');
  });

  it('refuses an invalid scenario with every problem and its field', async () => {
    const r = await post<ApiError>('/api/scenarios', { ...mine, id: 'bad', units: [] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid-input');
    expect(r.body.issues?.some((i) => i.path === 'units')).toBe(true);
  });

  it("refuses a shipped scenario's id, and deletes only saved ones", async () => {
    const shipped = await post<ApiError>('/api/scenarios', ford);
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toContain('"training-village-ford" is a scenario shipped with Muster');
    expect((await remove<ApiError>('/api/scenarios/training-village-ford')).status).toBe(404);
    expect((await remove('/api/scenarios/my-ford')).status).toBe(204);
    expect((await get<ApiError>('/api/scenarios/my-ford')).status).toBe(404);
  });
});
