import { type ReactNode, useState } from 'react';
import type { ScenarioSummary } from '../../protocol/api.ts';
import { RuleSetSelect } from '../any-table/RuleSetSelect.tsx';
import type { SeatChoice } from '../invitation.ts';

/**
 * A new game of a scenario: who plays each side, a player on this screen, a player on another screen
 * (invited by a link with that seat's key) or the computer (two players here: hot seat, one screen
 * passed between them; one here and one on another screen: over the network; one against the computer;
 * nobody: watch the computer play itself), the rule set it is played by, and optionally the seed of its
 * dice (the same seed and commands replay the same battle). A game with a player on another screen and
 * no seed has secret dice (src/web/fair-dice.ts).
 */
export function NewGameForm(props: {
  readonly scenario: ScenarioSummary;
  readonly onCreate: (
    seats: Record<string, SeatChoice>,
    seed: number | undefined,
    /** Undefined: the server's default rule set. */
    ruleSet: string | undefined,
  ) => void;
}): ReactNode {
  const [seats, setSeats] = useState<Record<string, SeatChoice>>(() =>
    Object.fromEntries(props.scenario.sides.map((side) => [side.id, 'here' as const])),
  );
  const [seed, setSeed] = useState('');
  const [ruleSet, setRuleSet] = useState<string>();
  return (
    <form
      className="new-game"
      aria-label={`New game of ${props.scenario.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        props.onCreate(seats, seed === '' ? undefined : Number(seed), ruleSet);
      }}
    >
      <fieldset>
        <legend>Who plays</legend>
        <RuleSetSelect value={ruleSet} onChange={setRuleSet} />
        {props.scenario.sides.map((side) => (
          <label key={side.id}>
            {side.name}{' '}
            <select
              value={seats[side.id]}
              onChange={(e) => setSeats({ ...seats, [side.id]: e.target.value as SeatChoice })}
            >
              <option value="here">a player on this screen</option>
              <option value="remote">a player on another screen</option>
              <option value="computer">the computer</option>
            </select>
          </label>
        ))}
        <label>
          Seed{' '}
          <input
            type="number"
            min={0}
            max={4294967295}
            step={1}
            placeholder="any"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
          />
        </label>
        {Object.values(seats).includes('remote') ? (
          <p className="hint">
            {seed === ''
              ? 'Secret dice: nobody, the server included, can foresee or choose them; Verify checks them after the game.'
              : 'With a seed the dice are public: the other player can read the seed and foresee every die.'}
          </p>
        ) : null}
      </fieldset>
      <div className="card-actions">
        <button type="submit">New game</button>
      </div>
    </form>
  );
}
