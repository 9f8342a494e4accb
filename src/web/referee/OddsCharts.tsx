import type { ReactNode } from 'react';
import type { ApiError, OddsChart } from '../../protocol/api.ts';
import { estimateWords, fraction, orderedOutcomes, percent } from '../../protocol/odds.ts';
import { outcomeWords } from './words.ts';

/** A chart and, when its odds are estimated rather than exact, the plays of the engine they come from. */
export type ShownChart = OddsChart & { readonly estimatedFrom?: number };

/**
 * The odds of every view as bar charts (an SVG bar per outcome, its length the probability: a full track
 * is certainty), each with its percentage and exact fraction; an estimated chart says so under its name,
 * with its margin, and gives no fraction. After a resolution, the outcome that happened is marked.
 */
export function OddsCharts(props: {
  readonly odds: readonly ShownChart[] | undefined;
  /** The facts changed since these odds: new ones are on their way. */
  readonly stale: boolean;
  readonly error: ApiError | undefined;
  /** The odds belong to a resolution (their `happened` is marked). */
  readonly rolled: boolean;
}): ReactNode {
  const estimated = props.odds?.some((chart) => chart.estimatedFrom !== undefined) ?? false;
  return (
    <section
      className={`odds${props.stale ? ' stale' : ''}`}
      aria-labelledby="odds-title"
      aria-busy={props.stale}
    >
      <h2 id="odds-title">{estimated ? 'Odds' : 'Exact odds'}</h2>
      <p className="hint">
        {props.rolled
          ? 'Every outcome for these facts; the one this roll gave is marked.'
          : estimated
            ? 'The outcomes for these facts, before the dice are thrown: exact unless marked as estimated.'
            : 'Every outcome for these facts, before the dice are thrown.'}
      </p>
      {props.error && !props.rolled ? (
        <p className="issue" role="alert">
          {props.error.error === 'invalid-input'
            ? `No odds until the facts are complete: ${props.error.message}.`
            : `No odds: ${props.error.message}.`}
        </p>
      ) : null}
      {props.odds && !(props.error && !props.rolled)
        ? props.odds.map((chart) => <Chart key={chart.name} chart={chart} />)
        : null}
    </section>
  );
}

function Chart({ chart }: { readonly chart: ShownChart }): ReactNode {
  const outcomes = orderedOutcomes(chart);
  const plays = chart.estimatedFrom;
  return (
    <figure className="odds-chart" data-view={chart.name}>
      <figcaption>
        {chart.name}
        {plays === undefined ? null : <span className="estimate">{estimateWords(plays)}</span>}
      </figcaption>
      <ul>
        {outcomes.map((o) => {
          const happened = chart.happened !== undefined && o.outcome === chart.happened;
          const exact = plays === undefined ? fraction(o.probability) : undefined;
          return (
            <li
              key={String(o.outcome)}
              className={happened ? 'happened' : undefined}
              aria-current={happened ? 'true' : undefined}
            >
              <span className="outcome">
                {outcomeWords(o.outcome)}
                {happened ? <span className="happened-mark"> ◀ this roll</span> : null}
              </span>
              <svg className="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                <rect className="bar-track" x="0" y="0" width="100" height="10" />
                <rect className="bar-fill" x="0" y="0" width={o.probability * 100} height="10" />
              </svg>
              <span className="probability">
                {percent(o.probability)}
                {exact && exact !== '1' && exact !== '0' ? <span className="fraction"> {exact}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
