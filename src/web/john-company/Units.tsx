import { memo, type ReactNode } from 'react';
import type { GeneralState, StandState, TableState, UnitState } from '../../core/table/model.ts';
import type { GeneralView, UnitView } from '../../game/john-company/view.ts';
import { ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import { UnitLabel } from '../table/labels.tsx';
import { behindUnit } from './reach.ts';

/**
 * The units and Generals on the table, in map coordinates (inches, y downwards). Each stand is its
 * rectangle, turned to its facing, with its front edge drawn heavier; guns, limbers and crews have their
 * own look; a unit's counter sits behind it, face down ("?") or showing its order. Drawn again only when
 * the view changes: selection, overlays and pan/zoom are other layers.
 */

export type SideClass = (side: string) => string;

/** Where a stand is and its size: all that drawing it needs (a planned stand has no more). */
type StandFootprint = Pick<StandState, 'x' | 'y' | 'facing' | 'width' | 'depth'>;

/** The transform that puts a stand's local frame (x forward, y to its right) on the map. */
function standTransform(s: StandFootprint, depth: number): string {
  return `translate(${s.x} ${depth - s.y}) rotate(${-s.facing})`;
}

/** A stand's outline alone, on the map: for selections and ghosts. */
export function StandOutline(props: {
  readonly stand: StandFootprint;
  readonly depth: number;
  readonly className: string;
}): ReactNode {
  const s = props.stand;
  return (
    <rect
      className={props.className}
      x={-s.depth / 2}
      y={-s.width / 2}
      width={s.depth}
      height={s.width}
      transform={standTransform(s, props.depth)}
    />
  );
}

/** One stand: its base and its front edge (local x is forward, so the front is x = depth / 2). */
function Stand({ stand, depth }: { readonly stand: StandState; readonly depth: number }): ReactNode {
  const hd = stand.depth / 2;
  const hw = stand.width / 2;
  return (
    <g className={`stand stand-${stand.kind}`} transform={standTransform(stand, depth)}>
      <rect className="stand-base" x={-hd} y={-hw} width={stand.depth} height={stand.width} />
      <line className="front" x1={hd} y1={-hw} x2={hd} y2={hw} />
      {stand.kind === 'gun' ? <line className="barrel" x1={0} y1={0} x2={hd * 1.4} y2={0} /> : null}
    </g>
  );
}

/** Short names of orders for the counters (the panel gives the full name). */
function counterText(counter: UnitView['counter']): { text: string; title: string } {
  if (!counter) return { text: '', title: '' };
  if (!('order' in counter)) return { text: '?', title: 'Order counter, face down' };
  if (counter.order === 'blank') return { text: '–', title: 'Blank counter' };
  const name = ORDERS.orders[counter.order].name;
  const letters = name
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
  return {
    text: letters,
    title: `${name}${counter.revealed ? '' : ' (face down to the enemy)'}`,
  };
}

function Counter(props: {
  readonly table: UnitState;
  readonly counter: UnitView['counter'];
  readonly depth: number;
}): ReactNode {
  if (!props.counter) return null;
  const { text, title } = counterText(props.counter);
  const { x, y } = behindUnit(props.table, 0.8);
  const faceDown = !('order' in props.counter);
  return (
    <g className={`counter${faceDown ? ' face-down' : ''}`} transform={`translate(${x} ${props.depth - y})`}>
      <title>{title}</title>
      <rect className="counter-face" x={-0.55} y={-0.55} width={1.1} height={1.1} rx={0.1} />
      <text className="counter-text" y={0.25} textAnchor="middle">
        {text}
      </text>
    </g>
  );
}

function Unit(props: {
  readonly unit: UnitState;
  readonly info: UnitView | undefined;
  readonly sideClass: SideClass;
  readonly depth: number;
}): ReactNode {
  const { unit, info } = props;
  const name = info?.name ?? unit.id;
  const state = [
    unit.formation.replaceAll('-', ' '),
    info?.status,
    info?.disordered ? 'disordered' : undefined,
    info?.routing ? 'routing' : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no button element; the unit is one, by role.
    <g
      className={`unit ${props.sideClass(unit.side)}${info?.disordered ? ' disordered' : ''}`}
      data-unit={unit.id}
      role="button"
      tabIndex={0}
      aria-label={`${name} (${state})`}
    >
      <title>{`${name}: ${state}`}</title>
      {unit.stands.map((s) => (
        <Stand key={s.id} stand={s} depth={props.depth} />
      ))}
      <UnitLabel stands={unit.stands} depth={props.depth} name={name} />
      <Counter table={unit} counter={info?.counter} depth={props.depth} />
    </g>
  );
}

function General(props: {
  readonly general: GeneralState;
  readonly info: GeneralView | undefined;
  readonly sideClass: SideClass;
  readonly depth: number;
}): ReactNode {
  const s = props.general.stand;
  const name = props.info?.name ?? props.general.id;
  return (
    <g className={`general ${props.sideClass(props.general.side)}`} data-general={props.general.id}>
      <title>{`General ${name}${props.info ? `, ${props.info.rank}` : ''}${props.general.attachedTo ? ' (attached)' : ''}`}</title>
      <g transform={standTransform(s, props.depth)}>
        <rect
          className="general-base"
          x={-s.depth / 2}
          y={-s.width / 2}
          width={s.depth}
          height={s.width}
          rx={0.15}
        />
        <circle className="general-mark" r={Math.min(s.width, s.depth) / 4} />
      </g>
    </g>
  );
}

/** Every unit and General of the view. */
export const UnitsLayer = memo(function UnitsLayer(props: {
  readonly table: TableState;
  readonly units: Readonly<Record<string, UnitView>>;
  readonly generals: Readonly<Record<string, GeneralView>>;
  readonly sideClass: SideClass;
}): ReactNode {
  const depth = props.table.depth;
  return (
    <g className="units-layer">
      {Object.values(props.table.units).map((u) => (
        <Unit key={u.id} unit={u} info={props.units[u.id]} sideClass={props.sideClass} depth={depth} />
      ))}
      {Object.values(props.table.generals).map((g) => (
        <General
          key={g.id}
          general={g}
          info={props.generals[g.id]}
          sideClass={props.sideClass}
          depth={depth}
        />
      ))}
    </g>
  );
});
