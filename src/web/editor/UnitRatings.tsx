import { type ReactNode, useEffect, useState } from 'react';
import type { RuleSetModule } from '../../game/rule-set.ts';
import type { Scenario } from '../../game/scenario/schema.ts';

/**
 * How each rule set rates the unit being edited, from its neutral description (each module's `rateUnit`,
 * the roster's mapping), worked out again as it changes: what the Ratings overrides of its form replace.
 * The rule sets are loaded when first shown, apart from the editor's own code.
 */
export function UnitRatings(props: {
  readonly unit: Scenario['units'][number];
  readonly scenario: Scenario;
}): ReactNode {
  const [ruleSets, setRuleSets] = useState<readonly RuleSetModule[]>();
  useEffect(() => {
    let cancelled = false;
    void import('../../game/registry.ts').then((m) => {
      if (!cancelled) setRuleSets(m.RULE_SETS);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!ruleSets) return null;
  return (
    <details className="unit-ratings" open>
      <summary>How each rule set rates it</summary>
      {ruleSets.map((r) => {
        let ratings: { label: string; value: string }[] | undefined;
        try {
          ratings = r.rateUnit(props.unit, props.scenario);
        } catch {
          ratings = undefined;
        }
        return (
          <section key={r.id} aria-label={r.title}>
            <h3>{r.title}</h3>
            {ratings ? (
              <dl>
                {ratings.map((rating) => (
                  <div key={rating.label}>
                    <dt>{rating.label}</dt>
                    <dd>{rating.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="hint">Not rated until the unit's description is complete.</p>
            )}
          </section>
        );
      })}
    </details>
  );
}
