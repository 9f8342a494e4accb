import { type ReactNode, useState } from 'react';
import type { ScenarioSummary, SeatKind } from '../../protocol/api.ts';
import { DEFAULT_GAME_RULE_SET, RuleSetSelect } from '../any-table/RuleSetSelect.tsx';

/**
 * A new game of a scenario: who plays each side, a person or the computer (both people: hot seat, one
 * screen passed between them; one: against the computer; nobody: watch the computer play itself), and
 * the rule set it is played by, and optionally the seed of its dice (the same seed and commands replay the same battle).
 */
export function NewGameForm(props: {
  readonly scenario: ScenarioSummary;
  readonly onCreate: (players: Record<string, SeatKind>, seed: number | undefined, ruleSet: string) => void;
}): ReactNode {
  const [players, setPlayers] = useState<Record<string, SeatKind>>(() =>
    Object.fromEntries(props.scenario.sides.map((side) => [side.id, 'human' as const])),
  );
  const [seed, setSeed] = useState('');
  const [ruleSet, setRuleSet] = useState(DEFAULT_GAME_RULE_SET);
  return (
    <form
      className="new-game"
      aria-label={`New game of ${props.scenario.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        props.onCreate(players, seed === '' ? undefined : Number(seed), ruleSet);
      }}
    >
      <fieldset>
        <legend>Who plays</legend>
        <RuleSetSelect value={ruleSet} onChange={setRuleSet} />
        {props.scenario.sides.map((side) => (
          <label key={side.id}>
            {side.name}{' '}
            <select
              value={players[side.id]}
              onChange={(e) => setPlayers({ ...players, [side.id]: e.target.value as SeatKind })}
            >
              <option value="human">a player</option>
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
      </fieldset>
      <div className="card-actions">
        <button type="submit">New game</button>
      </div>
    </form>
  );
}
