import { type ReactNode, useEffect, useState } from 'react';
import type { GamePlay } from '../../protocol/api.ts';

const SPEEDS = [
  { label: 'Slow (a command a second)', delay: 1000, batch: 1 },
  { label: 'Normal (four a second)', delay: 250, batch: 1 },
  { label: 'Fast (ten at a time)', delay: 50, batch: 10 },
] as const;

/** What the controls need of a game session, whatever the rule set: the computer's next commands. */
export interface ComputerSteps {
  readonly computerPlaying: boolean;
  computerStep(max: number): Promise<void>;
}

/**
 * Watching the computer play itself, for any rule set's page: Play and Pause, at a chosen speed (only at
 * the present, not while replaying).
 */
export function WatchControls(props: {
  readonly session: ComputerSteps;
  readonly play: GamePlay;
}): ReactNode {
  const { session, play } = props;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const live = play.at === play.total;
  const going = playing && live && play.decider !== undefined;
  const { computerStep, computerPlaying } = session;
  useEffect(() => {
    if (!going || computerPlaying) return;
    const { delay, batch } = SPEEDS[speed]!;
    const timer = setTimeout(() => void computerStep(batch), delay);
    return () => clearTimeout(timer);
  }, [going, computerPlaying, speed, computerStep]);
  return (
    <section className="watch-controls" aria-label="Watching the computer">
      <button
        type="button"
        className="primary"
        disabled={!live || play.decider === undefined}
        onClick={() => setPlaying(!playing)}
      >
        {going ? 'Pause' : 'Play'}
      </button>
      <label>
        Speed{' '}
        <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s, i) => (
            <option key={s.label} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
