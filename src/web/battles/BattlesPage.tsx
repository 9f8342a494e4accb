import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { ApiError, GameSummary, ScenarioList } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { routeHref } from '../router.ts';
import { NewGameForm } from './NewGameForm.tsx';

/**
 * Saved games and the scenarios to start one from. A saved game is its scenario, seed and command log
 * (export gives that record as JSON; import takes one back); Play or Resume opens it at the virtual
 * table (`#/play/<id>`). A new game says who plays each side: a person or the computer.
 */
export function BattlesPage(): ReactNode {
  const [games, setGames] = useState<readonly GameSummary[]>();
  const [scenarios, setScenarios] = useState<ScenarioList>();
  const [error, setError] = useState<ApiError>();

  const reload = useCallback(async () => {
    const [g, s] = await Promise.all([api.games(), api.scenarios()]);
    if (g.ok) setGames(g.body.games);
    else setError(g.error);
    if (s.ok) setScenarios(s.body);
    else setError(s.error);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs an API call, then shows its error or the fresh lists. */
  const act = async (call: () => Promise<{ ok: boolean; error?: ApiError }>) => {
    const r = await call();
    setError(r.ok ? undefined : r.error);
    await reload();
  };

  const importFile = async (file: File) => {
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      setError({ error: 'invalid-json', message: `${file.name} is not a JSON file` });
      return;
    }
    await act(() => api.importGame(record));
  };

  return (
    <div className="battles">
      <h1>Battles</h1>
      {error ? <ErrorBox error={error} /> : null}
      <section aria-labelledby="games-title">
        <h2 id="games-title">Saved games</h2>
        {games === undefined ? (
          <p className="loading">Loading…</p>
        ) : games.length === 0 ? (
          <p className="hint">No saved games yet: start one from a scenario below, or import a saved game.</p>
        ) : (
          <ul className="cards">
            {games.map((g) => (
              <li key={g.id} className="card game">
                <h3>{g.title}</h3>
                <p className="hint">
                  {g.scenario.title} · seed {g.seed} · {g.commands}{' '}
                  {g.commands === 1 ? 'command' : 'commands'} · changed{' '}
                  {new Date(g.updatedAt).toLocaleString()}
                </p>
                <p className="seats">
                  {Object.entries(g.players)
                    .map(([side, seat]) => `${side}: ${seat}`)
                    .join(' · ')}
                  {g.result
                    ? ` · over: ${g.result.winner ? `${g.result.winner} won` : 'a draw'}`
                    : ` · turn ${g.turn}${g.decider ? `, ${g.decider} to decide` : ''}`}
                </p>
                <div className="card-actions">
                  <a className="play-link" href={routeHref({ page: 'play', game: g.id })}>
                    {g.commands === 0 ? 'Play' : g.result ? 'Replay' : 'Resume'}
                    <span className="visually-hidden"> {g.title}</span>
                  </a>
                  <a href={api.exportUrl(g.id)} download={`muster-game-${g.id}.json`}>
                    Export
                  </a>
                  <button
                    type="button"
                    onClick={() => {
                      if (window.confirm(`Delete "${g.title}" and its log?`))
                        void act(() => api.deleteGame(g.id));
                    }}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <label className="import">
          Import a saved game (JSON):{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
      </section>
      <section aria-labelledby="scenarios-title">
        <h2 id="scenarios-title">Scenarios</h2>
        {scenarios === undefined ? (
          <p className="loading">Loading…</p>
        ) : (
          <ul className="cards">
            {scenarios.scenarios.map((s) => (
              <li key={s.id} className="card scenario">
                <h3>{s.title}</h3>
                <p className="hint">
                  {[s.kind, s.date, s.place].filter(Boolean).join(' · ')} · {s.units} units
                </p>
                <p className="sides">
                  {s.sides.map((side) => `${side.name} (${side.army})`).join(' against ')}
                </p>
                <details>
                  <summary>About this scenario</summary>
                  <p>{s.description}</p>
                </details>
                <NewGameForm
                  scenario={s}
                  onCreate={(players, seed, ruleSet) =>
                    void act(() =>
                      api.createGame({
                        scenario: s.id,
                        ruleSet,
                        players,
                        ...(seed === undefined ? {} : { seed }),
                      }),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {scenarios?.problems.length ? (
          <p className="hint">
            Left out (invalid): {scenarios.problems.map((p) => p.file).join(', ')}; the server's log lists the
            problems.
          </p>
        ) : null}
      </section>
    </div>
  );
}
