import type { ReactNode } from 'react';
import type { RollRecord } from '../../core/random/dice.ts';
import { formatRule, type TraceStep } from '../../core/rules/trace.ts';
import type { ResolveResponse } from '../../protocol/api.ts';
import { stepValueText } from '../../protocol/text.ts';
import { humanize } from '../form/schema.ts';
import { outcomeWords } from './words.ts';

/**
 * A resolution as the referee reads it: the result in a few lines, the dice thrown, and every step
 * with its modifier, running total and the rule it applies (the faces a step used beside it).
 */
export function ResultView({ result }: { readonly result: ResolveResponse }): ReactNode {
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title">Result</h2>
      <ul className="describe">
        {result.describe.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>Dice</h3>
      <Rolls rolls={result.rolls} seed={result.seed} />
      <h3>How it was worked out</h3>
      <Steps trace={result.trace} rolls={result.rolls} />
    </section>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function Rolls({
  rolls,
  seed,
}: {
  readonly rolls: readonly RollRecord[];
  readonly seed: number | undefined;
}) {
  return (
    <>
      {rolls.length === 0 ? (
        <p className="hint">No dice were thrown.</p>
      ) : (
        <ul className="rolls">
          {rolls.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: throws are listed in throw order.
            <li key={i}>
              <span className="roll-key">{humanize(r.key)}</span>{' '}
              <span className="roll-label">{r.label}</span>{' '}
              <span className="faces">
                {r.faces.map((f, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: faces are in throw order.
                  <span key={j} className="face">
                    {f}
                  </span>
                ))}
              </span>{' '}
              = <strong>{r.reads ?? r.value}</strong>{' '}
              <span className="source">{r.source === 'supplied' ? 'typed in' : 'seeded'}</span>
            </li>
          ))}
        </ul>
      )}
      {seed === undefined ? null : (
        <p className="hint seed">
          Seed <code>{seed}</code>: the same seed and facts throw the same dice.
        </p>
      )}
    </>
  );
}

/** The trace, each step with the faces of the roll it used (the n-th step naming a roll used its n-th throw). */
function Steps({
  trace,
  rolls,
}: {
  readonly trace: readonly TraceStep[];
  readonly rolls: readonly RollRecord[];
}) {
  if (trace.length === 0) return <p className="hint">No steps.</p>;
  const used = new Map<string, number>();
  return (
    <ol className="trace">
      {trace.map((step, i) => {
        let faces: readonly number[] | undefined;
        if (step.roll !== undefined) {
          const n = used.get(step.roll) ?? 0;
          used.set(step.roll, n + 1);
          faces = rolls.filter((r) => r.key === step.roll)[n]?.faces;
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are in the rules' order.
          <li key={i} className="step">
            <span className="step-label">
              {step.label}
              {faces ? <span className="step-faces"> [{faces.join(', ')}]</span> : null}
            </span>
            <span className="step-delta">{step.delta === undefined ? '' : signed(step.delta)}</span>
            <span className="step-total">{step.total === undefined ? '' : `= ${step.total}`}</span>
            <span className="step-value">
              {step.value === undefined
                ? ''
                : typeof step.value === 'string'
                  ? outcomeWords(step.value)
                  : stepValueText(step.value)}
            </span>
            <span className="step-rule">{formatRule(step.rule)}</span>
          </li>
        );
      })}
    </ol>
  );
}
