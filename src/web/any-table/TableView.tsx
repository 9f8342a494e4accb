import { type KeyboardEvent, memo, type PointerEvent, type ReactNode, useRef } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { GeneralState, StandState } from '../../core/table/model.ts';
import { SideLegend, UnitLabel } from '../table/labels.tsx';
import { TapeButton, TapeLine, useTape } from '../table/Tape.tsx';
import { ScenarioLayer, TerrainLayer, type Zone } from '../table/Terrain.tsx';
import { useViewport } from '../table/useViewport.ts';
import { pan, tablePointAt, type Viewport, ZOOM_STEP } from '../table/viewport.ts';
import type { DrawnTable, DrawnUnit } from './reading.ts';

/**
 * Any rule set's table on screen, to scale, panned and zoomed as John Company's table is
 * (src/web/table/useViewport.ts). Drag the ground or use the arrow keys to pan; the wheel, + and - zoom;
 * Fit shows it all. Click a unit (or Enter on a focused one) to select it; Escape clears the selection.
 * With `onPickPoint`, a click on the ground picks that point of the table instead of clearing the
 * selection. With the tape measure pressed, a drag measures in inches. With `onTurn`, dragging a
 * planned move's facing grip turns it.
 */
export interface TableViewProps {
  readonly table: DrawnTable;
  /** The CSS class of a side's colour (`side-0`, `side-1`). */
  readonly sideClass: (side: string) => string;
  /** A unit's name and state in a few words, for its tooltip. */
  readonly describeUnit: (unit: string) => string;
  /** A unit's name, shown on the table. */
  readonly unitName: (unit: string) => string;
  /** The sides in their colours' order, named, for the legend. */
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly describeGeneral: (general: string) => string;
  readonly selected: string | undefined;
  readonly onSelect: (unit: string | undefined) => void;
  /** A click on the ground (not on a unit) picks that point of the table, in inches. */
  readonly onPickPoint?: ((point: Point) => void) | undefined;
  /**
   * A drag of a planned move's facing grip (`data-grip="facing"`, Overlays.tsx) turns the ghost: called
   * with the table point under the pointer as it moves (mouse, pen or finger).
   */
  readonly onTurn?: ((toward: Point) => void) | undefined;
  /** The point picked, marked on the table. */
  readonly picked?: Point | undefined;
  /** The scenario's deployment zones, outlined in their side's colour. */
  readonly zones: readonly Zone[];
  /** Drawn over the units, in map coordinates (inches, y downwards): the selected unit's aids, a ghost. */
  readonly children?: ReactNode;
}

/** Pixels the pointer may travel and still click rather than pan. */
const CLICK_SLOP = 4;

export function TableView(props: TableViewProps): ReactNode {
  const { table } = props;
  const { frameRef, svgRef, mapRef, viewport, show, fit, zoomBy, viewKey, mapTransform } = useViewport(table);
  const press = useRef<{
    x: number;
    y: number;
    from: Viewport;
    unit?: string;
    tape?: Point;
    turning?: boolean;
  }>(undefined);
  const tape = useTape();

  const tableAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return tablePointAt(viewport.current, table.depth, e.clientX - box.left, e.clientY - box.top);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const target = e.target as Element;
    if (props.onTurn && !tape.measuring && target.closest('[data-grip="facing"]')) {
      press.current = { x: e.clientX, y: e.clientY, from: viewport.current, turning: true };
      return;
    }
    const unit = target.closest('[data-unit]')?.getAttribute('data-unit') ?? undefined;
    const from = tape.measuring ? tableAt(e) : undefined;
    if (from) tape.stretch(from, from);
    press.current = {
      x: e.clientX,
      y: e.clientY,
      from: viewport.current,
      ...(unit ? { unit } : {}),
      ...(from ? { tape: from } : {}),
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (p?.turning) props.onTurn?.(tableAt(e));
    else if (p?.tape) tape.stretch(p.tape, tableAt(e));
    else if (p) show(pan(p.from, e.clientX - p.x, e.clientY - p.y));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = undefined;
    if (!p || p.tape || p.turning || Math.hypot(e.clientX - p.x, e.clientY - p.y) > CLICK_SLOP) return;
    if (p.unit === undefined && props.onPickPoint) props.onPickPoint(tableAt(e));
    else props.onSelect(p.unit);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const unit = (e.target as Element).getAttribute('data-unit');
    if (unit && (e.key === 'Enter' || e.key === ' ')) props.onSelect(unit);
    else if (e.key === 'Escape') {
      tape.clear();
      props.onSelect(undefined);
    } else if (!viewKey(e.key)) return;
    e.preventDefault();
  };

  const selected =
    props.selected === undefined ? undefined : table.units.find((u) => u.id === props.selected);
  return (
    <div className="battlefield">
      <div className="table-tools" role="toolbar" aria-label="Table view">
        <button type="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={fit}>
          Fit
        </button>
        <TapeButton tape={tape} />
        <SideLegend sides={props.sides} sideClass={props.sideClass} />
      </div>
      <div
        ref={frameRef}
        className={`table-frame${tape.measuring ? ' measuring' : ''}`}
        role="application"
        aria-roledescription="battle table"
        aria-label="Table (arrow keys pan, + and - zoom; Enter selects the focused unit)"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table is a focusable widget: its keys pan and zoom.
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = undefined;
        }}
        onKeyDown={onKeyDown}
      >
        <svg ref={svgRef} className="table-svg" width="100%" height="100%">
          <title>{`The table, ${table.width}" by ${table.depth}"`}</title>
          <g ref={mapRef} transform={mapTransform()}>
            <rect className="table-cloth" x={0} y={0} width={table.width} height={table.depth} />
            <TerrainLayer terrain={table.terrain} depth={table.depth} />
            <ScenarioLayer
              zones={props.zones}
              objectives={table.objectives}
              sideClass={props.sideClass}
              depth={table.depth}
            />
            <UnitsLayer
              table={table}
              sideClass={props.sideClass}
              describeUnit={props.describeUnit}
              describeGeneral={props.describeGeneral}
              unitName={props.unitName}
            />
            {selected
              ? selected.stands.map((s) => (
                  <rect key={s.id} className="selected-stand" {...standRect(s, table.depth)} />
                ))
              : null}
            {props.children}
            {props.picked ? (
              <g className="ride-marker">
                <title>{`The point picked: (${props.picked.x.toFixed(1)}, ${props.picked.y.toFixed(1)})`}</title>
                <circle cx={props.picked.x} cy={table.depth - props.picked.y} r={0.6} />
              </g>
            ) : null}
            <TapeLine tape={tape} depth={table.depth} />
          </g>
        </svg>
      </div>
    </div>
  );
}

/** A stand's rectangle on the map (y downwards), turned to its facing: local x is its front. */
function standRect(s: StandState, depth: number) {
  return {
    x: -s.depth / 2,
    y: -s.width / 2,
    width: s.depth,
    height: s.width,
    transform: `translate(${s.x} ${depth - s.y}) rotate(${-s.facing})`,
  };
}

/** One stand: its base, its front edge drawn heavier, a gun's barrel. */
function Stand({ stand, depth }: { readonly stand: StandState; readonly depth: number }): ReactNode {
  const rect = standRect(stand, depth);
  const front = stand.depth / 2;
  return (
    <g className={`stand stand-${stand.kind}`} transform={rect.transform}>
      <rect className="stand-base" x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
      <line className="front" x1={front} y1={-stand.width / 2} x2={front} y2={stand.width / 2} />
      {stand.kind === 'gun' ? <line className="barrel" x1={0} y1={0} x2={front * 1.4} y2={0} /> : null}
    </g>
  );
}

function Unit(props: {
  readonly unit: DrawnUnit;
  readonly depth: number;
  readonly sideClass: string;
  readonly label: string;
  readonly name: string;
}): ReactNode {
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no button element; the unit is one, by role.
    <g
      className={`unit ${props.sideClass}`}
      data-unit={props.unit.id}
      role="button"
      tabIndex={0}
      aria-label={props.label}
    >
      <title>{props.label}</title>
      {props.unit.stands.map((s) => (
        <Stand key={s.id} stand={s} depth={props.depth} />
      ))}
      <UnitLabel stands={props.unit.stands} depth={props.depth} name={props.name} />
    </g>
  );
}

function General(props: {
  readonly general: GeneralState;
  readonly depth: number;
  readonly sideClass: string;
  readonly label: string;
}): ReactNode {
  const s = props.general.stand;
  return (
    <g className={`general ${props.sideClass}`} data-general={props.general.id}>
      <title>{props.label}</title>
      <g transform={standRect(s, props.depth).transform}>
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

/** Every unit and General of the table: drawn again only when the view changes. */
const UnitsLayer = memo(function UnitsLayer(props: {
  readonly table: DrawnTable;
  readonly sideClass: (side: string) => string;
  readonly describeUnit: (unit: string) => string;
  readonly describeGeneral: (general: string) => string;
  readonly unitName: (unit: string) => string;
}): ReactNode {
  const depth = props.table.depth;
  return (
    <g className="units-layer">
      {props.table.units.map((u) => (
        <Unit
          key={u.id}
          unit={u}
          depth={depth}
          sideClass={props.sideClass(u.side)}
          label={props.describeUnit(u.id)}
          name={props.unitName(u.id)}
        />
      ))}
      {props.table.generals.map((g) => (
        <General
          key={g.id}
          general={g}
          depth={depth}
          sideClass={props.sideClass(g.side)}
          label={props.describeGeneral(g.id)}
        />
      ))}
    </g>
  );
});
