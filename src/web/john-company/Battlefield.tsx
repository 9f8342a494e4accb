import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { TableState } from '../../core/table/model.ts';
import type { GeneralView, UnitView } from '../../game/john-company/view.ts';
import { SideLegend, spreadLabels } from '../table/labels.tsx';
import { TapeButton, TapeLine, useTape } from '../table/Tape.tsx';
import { type Objective, ScenarioLayer, TerrainLayer, type Zone } from '../table/Terrain.tsx';
import { useViewport } from '../table/useViewport.ts';
import { pan, tablePointAt, type Viewport, ZOOM_STEP } from '../table/viewport.ts';
import { type SideClass, StandOutline, UnitsLayer } from './Units.tsx';

/**
 * The table on screen, panned and zoomed without re-rendering a unit (useViewport.ts). Drag the
 * ground (or use the arrow keys) to pan; the wheel, + and - zoom. Click a unit to select it. With the
 * tape, drag to measure in inches. With `onDragUnit`, dragging the selected unit drags a ghost of it and
 * hands the displacement (table inches) to the caller when it is dropped.
 */
export interface BattlefieldProps {
  readonly table: TableState;
  readonly units: Readonly<Record<string, UnitView>>;
  readonly generals: Readonly<Record<string, GeneralView>>;
  readonly sideClass: SideClass;
  readonly zones: readonly Zone[];
  readonly objectives: readonly Objective[];
  readonly selected: string | undefined;
  readonly onSelect: (unit: string | undefined) => void;
  /** Drawn over the units, in map coordinates (inches, y downwards): overlays, ghosts. */
  readonly children?: ReactNode;
  /** Dragging the selected unit plans a move: called with the drop's displacement in table inches. */
  readonly onDragUnit?: ((dx: number, dy: number) => void) | undefined;
  /** A click on the ground (not on a unit) picks that point of the table, in inches. */
  readonly onPickPoint?: ((point: Point) => void) | undefined;
  /** The sides in their colours' order, named, for the legend. */
  readonly sides: readonly { readonly id: string; readonly name: string }[];
}

/** Pixels the pointer must travel before a press becomes a drag rather than a click. */
const CLICK_SLOP = 4;

type Gesture =
  | {
      readonly kind: 'pan';
      readonly x: number;
      readonly y: number;
      readonly from: Viewport;
      readonly unit?: string;
    }
  | { readonly kind: 'tape'; readonly from: Point }
  | { readonly kind: 'unit'; readonly x: number; readonly y: number; readonly unit: string };

export function Battlefield(props: BattlefieldProps): ReactNode {
  const { table } = props;
  const { frameRef, svgRef, mapRef, viewport, show, fit, zoomBy, viewKey, mapTransform } = useViewport(table);
  const gesture = useRef<Gesture | undefined>(undefined);
  const tape = useTape();
  const [drag, setDrag] = useState<{ unit: string; dx: number; dy: number }>();

  const local = (e: PointerEvent) => {
    const box = frameRef.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const tableAt = (e: PointerEvent) => {
    const p = local(e);
    return tablePointAt(viewport.current, table.depth, p.x, p.y);
  };
  const unitUnder = (e: PointerEvent) =>
    (e.target as Element).closest('[data-unit]')?.getAttribute('data-unit') ?? undefined;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const unit = unitUnder(e);
    if (tape.measuring) {
      const from = tableAt(e);
      gesture.current = { kind: 'tape', from };
      tape.stretch(from, from);
    } else if (unit !== undefined && unit === props.selected && props.onDragUnit) {
      gesture.current = { kind: 'unit', ...local(e), unit };
    } else {
      gesture.current = { kind: 'pan', ...local(e), from: viewport.current, ...(unit ? { unit } : {}) };
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'tape') {
      tape.stretch(g.from, tableAt(e));
      return;
    }
    const p = local(e);
    if (g.kind === 'pan') {
      show(pan(g.from, p.x - g.x, p.y - g.y));
      return;
    }
    const scale = viewport.current.scale;
    setDrag({ unit: g.unit, dx: (p.x - g.x) / scale, dy: -(p.y - g.y) / scale });
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = undefined;
    if (!g || g.kind === 'tape') return;
    const p = local(e);
    const moved = Math.hypot(p.x - g.x, p.y - g.y) > CLICK_SLOP;
    if (g.kind === 'unit') {
      setDrag(undefined);
      if (moved) {
        const scale = viewport.current.scale;
        props.onDragUnit?.((p.x - g.x) / scale, -(p.y - g.y) / scale);
      }
      return;
    }
    if (moved) return;
    if (g.unit === undefined && props.onPickPoint) props.onPickPoint(tableAt(e));
    else props.onSelect(g.unit);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const unit = (e.target as Element).getAttribute('data-unit');
    if (unit && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      props.onSelect(unit);
      return;
    }
    if (viewKey(e.key)) e.preventDefault();
    else if (e.key === 'Escape') {
      tape.clear();
      props.onSelect(undefined);
    }
  };

  const dragged = drag ? table.units[drag.unit] : undefined;

  // The labels are placed apart again when the units or the selection change (the zoom does it itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: it reads them from the DOM they are drawn in.
  useLayoutEffect(() => {
    spreadLabels(svgRef.current, viewport.current.scale);
  }, [table.units, props.units, props.selected, svgRef, viewport]);

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
          gesture.current = undefined;
          setDrag(undefined);
        }}
        onKeyDown={onKeyDown}
      >
        <svg ref={svgRef} className="table-svg" width="100%" height="100%" data-selected={props.selected}>
          <title>{`The table, ${table.width}" by ${table.depth}"`}</title>
          <g ref={mapRef} transform={mapTransform()}>
            <rect className="table-cloth" x={0} y={0} width={table.width} height={table.depth} />
            <TerrainLayer terrain={table.terrain} depth={table.depth} />
            <ScenarioLayer
              zones={props.zones}
              objectives={props.objectives}
              sideClass={props.sideClass}
              depth={table.depth}
            />
            <UnitsLayer
              table={table}
              units={props.units}
              generals={props.generals}
              sideClass={props.sideClass}
            />
            {props.children}
            {drag && dragged ? (
              <g className="ghost dragging" transform={`translate(${drag.dx} ${-drag.dy})`}>
                {dragged.stands.map((s) => (
                  <StandOutline key={s.id} stand={s} depth={table.depth} className="ghost-stand" />
                ))}
              </g>
            ) : null}
            <TapeLine tape={tape} depth={table.depth} />
          </g>
        </svg>
      </div>
    </div>
  );
}
