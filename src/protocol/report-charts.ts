import * as Plot from '@observablehq/plot';
import type { BattleReport } from '../game/engine/report.ts';

/**
 * The after-action report's charts (issue 15), drawn by Observable Plot into `document`: the browser's
 * in the web app, a server-side DOM's for `muster report --html`, so both show the same charts. Each side
 * keeps the table's colours (the scenario's first side red, the second blue: web/styles.css --side-0/1).
 */

/** A chart as Plot draws it: an SVG element, or a figure holding one and its legend. */
export type Chart = ReturnType<typeof Plot.plot>;

/** The DOM document charts are drawn into (the browser's, or a server-side DOM's). */
export type ChartDocument = NonNullable<Plot.PlotOptions['document']>;

export const SIDE_COLOURS = ['#a8322a', '#28558c'] as const;

export interface ReportCharts {
  /** Each side's stands still fighting, turn by turn. */
  readonly strength: Chart;
  /** Each side's units by state, turn by turn. */
  readonly states: Chart;
  /** Stands lost by each unit that lost any. */
  readonly losses: Chart;
  /** The table: objectives, each unit's track, and where stands were lost. */
  readonly map: Chart;
}

export function reportCharts(report: BattleReport, document: ChartDocument): ReportCharts {
  const nameOf = new Map(report.scenario.sides.map((s) => [s.id, s.name]));
  const sideName = (id: string) => nameOf.get(id) ?? id;
  const color = {
    domain: report.scenario.sides.map((s) => s.name),
    range: [...SIDE_COLOURS],
    legend: true,
  };
  // The strength at the start of each turn, and once more where the record ends (after the last turn).
  const point = (s: BattleReport['strength'][number]) => (s.moment === 'end' ? s.turn + 1 : s.turn);
  const strength = report.strength.flatMap((s) =>
    s.sides.map((side) => ({ turn: point(s), side: sideName(side.side), stands: side.fightingStands })),
  );
  const states = report.strength.flatMap((s) =>
    s.sides.flatMap((side) =>
      Object.entries(side.units).map(([state, units]) => ({
        turn: point(s),
        side: sideName(side.side),
        state,
        units,
      })),
    ),
  );
  const losses = report.units
    .filter((u) => u.startStands > u.endStands)
    .map((u) => ({ unit: u.name, side: sideName(u.side), lost: u.startStands - u.endStands }));
  const tracks = report.units.flatMap((u) =>
    u.track.map((p) => ({ unit: u.name, side: sideName(u.side), x: p.x, y: p.y, turn: p.turn })),
  );
  const ends = report.units.flatMap((u) => {
    const last = u.track[u.track.length - 1];
    return last ? [{ unit: u.name, side: sideName(u.side), x: last.x, y: last.y }] : [];
  });
  const fighting = report.fighting.map((f) => ({ ...f, side: sideName(f.side) }));
  const { width, depth } = report.scenario;
  const mapWidth = 640;
  return {
    strength: Plot.plot({
      document,
      title: 'Stands still fighting, at the start of each turn',
      x: { label: 'Turn (the last point: where the record ends)', tickFormat: 'd' },
      y: { label: 'Stands', grid: true, zero: true },
      color,
      marks: [
        Plot.lineY(strength, { x: 'turn', y: 'stands', stroke: 'side', strokeWidth: 2 }),
        Plot.dot(strength, { x: 'turn', y: 'stands', fill: 'side', tip: true }),
      ],
    }),
    states: Plot.plot({
      document,
      title: 'Units by state, at the start of each turn',
      fx: { label: null },
      x: { label: 'Turn', tickFormat: 'd' },
      y: { label: 'Units', grid: true },
      color: { legend: true, scheme: 'tableau10' },
      marks: [Plot.barY(states, { fx: 'side', x: 'turn', y: 'units', fill: 'state', tip: true })],
    }),
    losses: Plot.plot({
      document,
      title: 'Stands lost by unit',
      marginLeft: 220,
      x: { label: 'Stands lost', grid: true },
      y: { label: null },
      color,
      marks: [Plot.barX(losses, { y: 'unit', x: 'lost', fill: 'side', sort: { y: '-x' }, tip: true })],
    }),
    map: Plot.plot({
      document,
      title: 'The table: tracks turn by turn, end positions, and where stands were lost',
      width: mapWidth,
      height: Math.round((mapWidth * depth) / width),
      x: { domain: [0, width], label: 'inches' },
      y: { domain: [0, depth], reverse: true, label: null },
      color,
      r: { range: [2, 12], label: 'Stands lost' },
      marks: [
        Plot.frame(),
        Plot.dot(
          report.scenario.objectives.map((o) => ({ ...o })),
          { x: 'x', y: 'y', r: 6, symbol: 'star', stroke: '#1f1b16', title: 'name' },
        ),
        Plot.text(report.scenario.objectives, { x: 'x', y: 'y', text: 'name', dy: -12 }),
        Plot.line(tracks, { x: 'x', y: 'y', z: 'unit', stroke: 'side', strokeOpacity: 0.6, marker: 'dot' }),
        Plot.dot(fighting, { x: 'x', y: 'y', r: 'standsLost', fill: 'side', fillOpacity: 0.35, tip: true }),
        Plot.text(ends, { x: 'x', y: 'y', text: 'unit', fill: 'side', dy: 10, fontSize: 9 }),
      ],
    }),
  };
}
