import type { ReactNode } from 'react';

/**
 * What both tables (John Company's and any rule set's) show besides the units themselves: a legend of
 * which colour is which side, and unit names on the table that keep one size on screen whatever the
 * zoom (their CSS sizes them in `--screen-px`, one screen pixel in map inches, set by `showScale`).
 */

/** Sets the map's `--screen-px` for a zoom of `scale` screen pixels per inch. */
export function showScale(svg: SVGSVGElement | null, scale: number): void {
  svg?.style.setProperty('--screen-px', `${1 / scale}px`);
}

/** A stand's position: all a label needs. */
interface At {
  readonly x: number;
  readonly y: number;
}

/** A unit's name on the table, centred on its stands (map coordinates, y downwards). */
export function UnitLabel(props: {
  readonly stands: readonly At[];
  readonly depth: number;
  readonly name: string;
}): ReactNode {
  const n = props.stands.length;
  if (n === 0) return null;
  const x = props.stands.reduce((t, s) => t + s.x, 0) / n;
  const y = props.stands.reduce((t, s) => t + s.y, 0) / n;
  return (
    <text className="unit-label" x={x} y={props.depth - y} textAnchor="middle">
      {props.name}
    </text>
  );
}

/** Which colour is which side, in the table's toolbar. */
export function SideLegend(props: {
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly sideClass: (side: string) => string;
}): ReactNode {
  return (
    <ul className="side-legend" aria-label="Sides">
      {props.sides.map((side) => (
        <li key={side.id}>
          <span className={`swatch ${props.sideClass(side.id)}`} aria-hidden="true" />
          {side.name}
        </li>
      ))}
    </ul>
  );
}
