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

function apart(a: DOMRect, b: DOMRect): boolean {
  return (
    a.right + LABEL_GAP <= b.left ||
    b.right + LABEL_GAP <= a.left ||
    a.bottom + LABEL_GAP <= b.top ||
    b.bottom + LABEL_GAP <= a.top
  );
}

/**
 * Places the unit labels of `svg`, drawn at `scale` screen pixels per inch, so that no two overlap on
 * screen: in turn, the selected unit's label first (the unit named by the SVG's `data-selected`), then
 * the larger units' (more stands), each label stays where it was drawn, or moves a line up or down,
 * wherever it meets no label already placed; a label with no room is hidden (class `label-hidden`) until
 * the zoom makes room. A hidden unit's name is still in its tooltip, and on it when selected.
 */
export function spreadLabels(svg: SVGSVGElement | null, scale: number): void {
  if (!svg) return;
  const labels = [...svg.querySelectorAll<SVGTextElement>('text.unit-label')];
  const selected = svg.dataset.selected;
  const rank = (label: SVGTextElement) =>
    (selected !== undefined && label.closest('[data-unit]')?.getAttribute('data-unit') === selected
      ? 1_000
      : 0) + Number(label.dataset.stands ?? 0);
  const ranked = labels.map((label) => ({ label, rank: rank(label) })).sort((a, b) => b.rank - a.rank);
  for (const { label } of ranked) {
    label.classList.remove('label-hidden');
    label.setAttribute('y', label.dataset.y ?? label.getAttribute('y') ?? '0');
  }
  const placed: DOMRect[] = [];
  for (const { label } of ranked) {
    const drawnAt = Number(label.dataset.y ?? label.getAttribute('y'));
    let box = label.getBoundingClientRect();
    if (box.width === 0) continue;
    const line = (box.height * 1.1) / scale;
    let free = false;
    for (const shift of [0, -line, line]) {
      if (shift !== 0) {
        label.setAttribute('y', String(drawnAt + shift));
        box = label.getBoundingClientRect();
      }
      if (placed.every((other) => apart(other, box))) {
        free = true;
        break;
      }
    }
    if (free) placed.push(box);
    else {
      label.setAttribute('y', String(drawnAt));
      label.classList.add('label-hidden');
    }
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
