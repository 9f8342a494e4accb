import type { ReactNode } from 'react';
import { formatRule } from '../../core/rules/trace.ts';
import type { RuleSetInfo } from '../../protocol/api.ts';
import { routeHref } from '../router.ts';
import type { RosterAction, TrackedBattle } from './roster-state.ts';

/**
 * The turn as a checklist that follows the rule set's sequence of play: tick each step as it is done
 * (ticks clear with the next turn), with a link to each procedure the step uses.
 */
export function ChecklistPanel({
  ruleSet,
  battle,
  dispatch,
}: {
  readonly ruleSet: RuleSetInfo;
  readonly battle: TrackedBattle;
  readonly dispatch: (action: RosterAction) => void;
}): ReactNode {
  const titles = new Map(ruleSet.procedures.map((p) => [p.id, p.title]));
  const done = ruleSet.sequence.filter((s) => battle.ticked.includes(s.id)).length;
  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <h1 id="checklist-title">Turn {battle.turn}</h1>
      <p className="hint">
        {done} of {ruleSet.sequence.length} steps done
      </p>
      <ol>
        {ruleSet.sequence.map((step) => (
          <li key={step.id} className={battle.ticked.includes(step.id) ? 'done' : undefined}>
            <label>
              <input
                type="checkbox"
                checked={battle.ticked.includes(step.id)}
                onChange={() => dispatch({ type: 'tick', step: step.id })}
              />
              <strong>{step.title}</strong>
              {step.eachUnit ? <span className="each"> (for each unit in turn)</span> : null}
            </label>
            <p>{step.does}</p>
            {step.procedures.length > 0 ? (
              <p className="uses">
                {step.procedures.map((id) => (
                  <a key={id} href={routeHref({ page: 'referee', procedure: id })}>
                    {titles.get(id) ?? id}
                  </a>
                ))}
              </p>
            ) : null}
            <p className="rule">{formatRule(step.rule)}</p>
          </li>
        ))}
      </ol>
      <button type="button" className="primary" onClick={() => dispatch({ type: 'next-turn' })}>
        Next turn
      </button>
    </section>
  );
}
