import { type ReactNode, useEffect, useState } from 'react';
import type { ApiError, ScenarioSummary } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { trainingFirst } from '../battles/BattlesPage.tsx';
import { ScenarioMap } from '../battles/ScenarioMap.tsx';
import { startGame } from '../battles/start-game.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { navigate, routeHref } from '../router.ts';

/**
 * The first page (`#/`): what Muster does, the three ways in (referee a real table, play a battle,
 * analyse), and "start here": the training battle against the computer, one click from its table.
 */
export function HomePage(): ReactNode {
  const [training, setTraining] = useState<ScenarioSummary>();
  const [error, setError] = useState<ApiError>();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    void api.scenarios().then((r) => {
      if (r.ok) setTraining(trainingFirst(r.body.scenarios)[0]);
      else setError(r.error);
    });
  }, []);

  /** The player takes the first side, the computer the other; the table opens at once. */
  const start = async (scenario: ScenarioSummary) => {
    setStarting(true);
    const seats = Object.fromEntries(
      scenario.sides.map((side, i) => [side.id, i === 0 ? ('here' as const) : ('computer' as const)]),
    );
    const r = await startGame(scenario.id, seats, undefined, undefined);
    setStarting(false);
    if (r.ok) navigate({ page: 'play', game: r.started.game.id });
    else setError(r.error);
  };

  return (
    <div className="home">
      <h1>Muster</h1>
      <p className="lead">
        Muster referees, hosts and analyses horse-and-musket wargames of the conquest of India (1750-1860),
        under four rule sets: John Company, Honour &amp; Fortitude, the command-point rules and With MacDuff
        To The Frontier. Every test shows its dice, each step with the rule it comes from, and the exact odds
        of every outcome.
      </p>
      {error ? <ErrorBox error={error} /> : null}
      <section className="panel start-here" aria-labelledby="start-title">
        <h2 id="start-title">Start here</h2>
        {training ? (
          <div className="start-here-body">
            <ScenarioMap scenario={training} />
            <div>
              <p>
                <strong>{training.title}</strong>: you command {training.sides[0]?.name}, the computer{' '}
                {training.sides[1]?.name}. The table shows each unit's ranges, line of sight and the odds
                before every roll.
              </p>
              <button
                type="button"
                className="primary"
                disabled={starting}
                onClick={() => void start(training)}
              >
                Play the training battle against the computer
              </button>
            </div>
          </div>
        ) : (
          <p className="loading">Loading…</p>
        )}
      </section>
      <ul className="cards ways-in" aria-label="Ways in">
        <li className="card">
          <h2>Referee a real table</h2>
          <p>
            Type in the situation, or the dice you rolled at the table: Muster resolves any test of any of the
            four rule sets, and tracks the order of battle through the turns.
          </p>
          <a className="play-link" href={routeHref({ page: 'referee' })}>
            Open the referee's assistant
          </a>
        </li>
        <li className="card">
          <h2>Play a battle</h2>
          <p>
            A virtual table for a training battle, Plassey, Assaye or Meeanee: hot seat, over the network, or
            against the computer.
          </p>
          <a className="play-link" href={routeHref({ page: 'battles' })}>
            Choose a battle
          </a>
        </li>
        <li className="card">
          <h2>Analyse</h2>
          <p>
            The exact odds of any test before the dice are thrown, and on the command line{' '}
            <code>muster compare</code> plays one battle under every rule set and sets the outcomes side by
            side.
          </p>
          <a className="play-link" href={routeHref({ page: 'referee', procedure: 'reaction-test' })}>
            See the odds of a reaction test
          </a>
        </li>
      </ul>
    </div>
  );
}
