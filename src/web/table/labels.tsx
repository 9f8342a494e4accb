import type { ReactNode } from 'react';

/**
 * What both tables (John Company's and any rule set's) show besides the units themselves: a legend of
 * which colour is which side, and unit names on the table that keep one size on screen whatever the
 * zoom (their CSS sizes them in `--screen-px`, one screen pixel in map inches, set by `showScale`) and
 * never overlap (`spreadLabels`).
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

/**
 * A unit's name on the table, centred on its stands (map coordinates, y downwards). `data-y` keeps the
 * place it was drawn at and `data-stands` its unit's size, for `spreadLabels`.
 */
export function UnitLabel(props: {
  readonly stands: readonly At[];
  readonly depth: number;
  readonly name: string;
}): ReactNode {
  const n = props.stands.length;
  if (n === 0) return null;
  const x = props.stands.reduce((t, s) => t + s.x, 0) / n;
  const y = props.depth - props.stands.reduce((t, s) => t + s.y, 0) / n;
  return (
    <text className="unit-label" x={x} y={y} data-y={y} data-stands={n} textAnchor="middle">
      {props.name}
    </text>
  );
}

/** Screen pixels kept clear between two labels. */
const LABEL_GAP = 1;

/** A label's box on screen: left, top, right, bottom. */
type Box = readonly [number, number, number, number];

function apart(a: Box, b: Box): boolean {
  return (
    a[2] + LABEL_GAP <= b[0] ||
    b[2] + LABEL_GAP <= a[0] ||
    a[3] + LABEL_GAP <= b[1] ||
    b[3] + LABEL_GAP <= a[1]
  );
}

/**
 * Places the unit labels of `svg`, drawn at `scale` screen pixels per inch, so that no two overlap on
 * screen: in turn, the selected unit's label first (the unit named by the SVG's `data-selected`), then
 * the larger units' (more stands), each label stays where it was drawn, or moves a line up or down,
 * wherever it meets no label already placed; a label with no room is hidden (class `label-hidden`) until
 * the zoom makes room. A hidden unit's name is still in its tooltip, and on it when selected. The labels
 * are measured once, where they were drawn (a move up or down only shifts a box).
 */
export function spreadLabels(svg: SVGSVGElement | null, scale: number): void {
  if (!svg) return;
  const labels = [...svg.querySelectorAll<SVGTextElement>('text.unit-label')];
  const selected = svg.dataset.selected;
  const rank = (label: SVGTextElement) =>
    (selected !== undefined && label.closest('[data-unit]')?.getAttribute('data-unit') === selected
      ? 1_000
      : 0) + Number(label.dataset.stands ?? 0);
  for (const label of labels) {
    label.classList.remove('label-hidden');
    label.setAttribute('y', label.dataset.y ?? label.getAttribute('y') ?? '0');
  }
  const ranked = labels
    .map((label) => ({ label, rank: rank(label), rect: label.getBoundingClientRect() }))
    .sort((a, b) => b.rank - a.rank);
  const placed: Box[] = [];
  for (const { label, rect } of ranked) {
    if (rect.width === 0) continue;
    const line = rect.height * 1.1;
    const shift = [0, -line, line].find((dy) => {
      const box: Box = [rect.left, rect.top + dy, rect.right, rect.bottom + dy];
      return placed.every((other) => apart(other, box));
    });
    if (shift === undefined) {
      label.classList.add('label-hidden');
      continue;
    }
    placed.push([rect.left, rect.top + shift, rect.right, rect.bottom + shift]);
    if (shift !== 0) label.setAttribute('y', String(Number(label.dataset.y) + shift / scale));
  }
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
