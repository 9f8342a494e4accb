import { type ReactNode, useEffect, useState } from 'react';
import type { RuleSetInfo } from '../../protocol/api.ts';
import { api } from '../api.ts';

/**
 * A "Rule set" select for the new-game form: the server's rule sets (`GET /api/rulesets`) by title, for
 * `CreateGameRequest.ruleSet`; until one is chosen (`value` undefined) it shows the server's default. A
 * rule set whose whole battles the server does not play yet is refused when the game is created, with a
 * message naming those it plays.
 */
export function RuleSetSelect(props: {
  readonly value: string | undefined;
  readonly onChange: (ruleSet: string) => void;
}): ReactNode {
  const [ruleSets, setRuleSets] = useState<readonly RuleSetInfo[]>([]);
  useEffect(() => {
    let cancelled = false;
    void api.ruleSets().then((r) => {
      if (!cancelled && r.ok) setRuleSets(r.body.ruleSets.filter((s) => s.playable));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const value = props.value ?? ruleSets.find((r) => r.default)?.id ?? '';
  const known = ruleSets.some((r) => r.id === value);
  return (
    <label>
      Rule set{' '}
      <select value={value} onChange={(e) => props.onChange(e.target.value)}>
        {known ? null : <option value={value}>{value}</option>}
        {ruleSets.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </select>
    </label>
  );
}
