import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { BattleReport } from '../../game/engine/report.ts';
import type { ApiError } from '../../protocol/api.ts';
import { type Chart, reportCharts } from '../../protocol/report-charts.ts';
import { reportHtml, reportMarkdown, reportSections } from '../../protocol/report-text.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { routeHref } from '../router.ts';

/**
 * A game's after-action report (`#/report/<game id>`): the verdict and how it was reached, each side's
 * strength and units turn by turn, the decisive moments, the table with each unit's track, and every
 * unit's losses. Printable (the page's print styles drop the app's header), and downloadable as
 * Markdown or as a standalone HTML page with the same charts, to share with the game.
 */
export function ReportPage({ gameId }: { readonly gameId: string }): ReactNode {
  const [report, setReport] = useState<BattleReport>();
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    void api.report(gameId).then((r) => (r.ok ? setReport(r.body) : setError(r.error)));
  }, [gameId]);
  if (error)
    return (
      <div className="report">
        <h1>After-action report</h1>
        <ErrorBox error={error} />
        <p>
          <a href={routeHref({ page: 'battles' })}>Back to the battles</a>
        </p>
      </div>
    );
  if (!report) return <p aria-busy="true">Reading the battle…</p>;
  return <Report report={report} gameId={gameId} />;
}

function Report({ report, gameId }: { readonly report: BattleReport; readonly gameId: string }): ReactNode {
  const s = reportSections(report);
  const [charts, setCharts] = useState<readonly Chart[]>([]);
  useEffect(() => {
    const c = reportCharts(report, document);
    setCharts([c.strength, c.states, c.losses, c.map]);
  }, [report]);
  const download = (text: string, type: string, extension: string) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `muster-report-${gameId}.${extension}`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <article className="report">
      <h1>{s.title}</h1>
      <p className="hint">{s.about}</p>
      <p className="report-outcome">
        <strong>{s.outcome}</strong>
      </p>
      <div className="card-actions no-print">
        <a href={routeHref({ page: 'play', game: gameId })}>Open the game</a>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <button
          type="button"
          onClick={() =>
            download(
              reportHtml(
                report,
                charts.map((c) => c.outerHTML),
              ),
              'text/html',
              'html',
            )
          }
        >
          Download as a page
        </button>
        <button type="button" onClick={() => download(reportMarkdown(report), 'text/markdown', 'md')}>
          Download as Markdown
        </button>
      </div>
      <h2>How the battle is won</h2>
      <ul>
        {s.conditions.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <h2>The sides</h2>
      <ul>
        {s.sides.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <ChartFigure chart={charts[0]} label="Stands still fighting" />
      <ChartFigure chart={charts[1]} label="Units by state" />
      <h2>Decisive moments</h2>
      <ul>
        {(s.moments.length > 0 ? s.moments : ['No stand was lost.']).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <ChartFigure chart={charts[3]} label="The table" />
      <ChartFigure chart={charts[2]} label="Stands lost by unit" />
      <h2>Stands still fighting, turn by turn</h2>
      <Table head={s.strength.head} rows={s.strength.rows} />
      <h2>Every unit</h2>
      <Table head={s.units.head} rows={s.units.rows} />
    </article>
  );
}

/** A chart Plot drew, placed in the page (Plot gives a DOM element, not React). */
function ChartFigure({
  chart,
  label,
}: {
  readonly chart: Chart | undefined;
  readonly label: string;
}): ReactNode {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const figure = ref.current;
    if (!figure || !chart) return;
    figure.replaceChildren(chart);
  }, [chart]);
  return <figure ref={ref} className="report-chart" aria-label={label} />;
}

function Table({
  head,
  rows,
}: {
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
}): ReactNode {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in a fixed order
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
