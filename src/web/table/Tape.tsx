import { type ReactNode, useState } from 'react';
import type { Point } from '../../core/geometry/points.ts';

/**
 * The tape measure of a table: pressed, a drag on the table measures in inches from where it starts;
 * the reading shows in the toolbar and at the tape's end. Both tables use it (John Company's and any
 * rule set's): `useTape` holds it; `TapeButton` (with its reading) goes in the toolbar, `TapeLine` in
 * the map (inches, y downwards).
 */
export interface Tape {
  readonly measuring: boolean;
  readonly line: { readonly from: Point; readonly to: Point } | undefined;
  readonly toggle: () => void;
  /** A drag starts (table point) or goes on. */
  readonly stretch: (from: Point, to: Point) => void;
  readonly clear: () => void;
}

export function useTape(): Tape {
  const [measuring, setMeasuring] = useState(false);
  const [line, setLine] = useState<{ from: Point; to: Point }>();
  return {
    measuring,
    line,
    toggle: () => {
      setMeasuring(!measuring);
      setLine(undefined);
    },
    stretch: (from, to) => setLine({ from, to }),
    clear: () => setLine(undefined),
  };
}

const lengthOf = (line: { from: Point; to: Point }) =>
  Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);

export function TapeButton({ tape }: { readonly tape: Tape }): ReactNode {
  return (
    <>
      <button type="button" aria-pressed={tape.measuring} onClick={tape.toggle}>
        Tape measure
      </button>
      {tape.line ? (
        <output className="tape-reading" aria-label="Tape">
          {lengthOf(tape.line).toFixed(1)}"
        </output>
      ) : null}
    </>
  );
}

/** The tape on the map, with its length at its end. */
export function TapeLine({ tape, depth }: { readonly tape: Tape; readonly depth: number }): ReactNode {
  const line = tape.line;
  if (!line) return null;
  return (
    <g className="tape">
      <line
        className="tape-line"
        x1={line.from.x}
        y1={depth - line.from.y}
        x2={line.to.x}
        y2={depth - line.to.y}
      />
      <text className="tape-label" x={line.to.x + 0.5} y={depth - line.to.y - 0.5}>
        {lengthOf(line).toFixed(1)}"
      </text>
    </g>
  );
}
