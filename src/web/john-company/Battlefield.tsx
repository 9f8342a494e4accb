import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { TableState } from '../../core/table/model.ts';
import type { GeneralView, UnitView } from '../../game/john-company/view.ts';
import { SideLegend, showScale } from '../table/labels.tsx';
import { type Objective, ScenarioLayer, TerrainLayer, type Zone } from '../table/Terrain.tsx';
import {
  fitTable,
  pan,
  tablePointAt,
  transformOf,
  type Viewport,
  ZOOM_STEP,
  zoomAt,
} from '../table/viewport.ts';
import { type SideClass, StandOutline, UnitsLayer } from './Units.tsx';

/**
 * The table on screen: an SVG whose one map group carries the pan and zoom (`viewport.ts`), written
 * straight into its `transform` attribute so that panning and zooming never re-render a unit. While the
 * table is being panned, the shift goes into the SVG element's CSS transform instead (a composited
 * layer the browser moves without painting the units again), and is folded into the map's transform
 * once the panning pauses (PAN_SETTLE_MS). Drag the
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
/** Pixels an arrow key pans. */
const KEY_PAN = 48;
/** Milliseconds without panning after which the pan is folded into the map's transform. */
const PAN_SETTLE_MS = 200;

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
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<SVGGElement>(null);
  // Where the table is (`viewport`), and what the map's transform attribute shows (`drawn`): they differ
  // by the CSS shift of a pan in progress.
  const viewport = useRef<Viewport>({ offsetX: 0, offsetY: 0, scale: 10 });
  const drawn = useRef<Viewport>(viewport.current);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const gesture = useRef<Gesture | undefined>(undefined);
  const [measuring, setMeasuring] = useState(false);
  const [tape, setTape] = useState<{ from: Point; to: Point }>();
  const [drag, setDrag] = useState<{ unit: string; dx: number; dy: number }>();

  /** Draws the map at the current viewport, with no CSS shift. */
  const settle = useCallback(() => {
    clearTimeout(settleTimer.current);
    drawn.current = viewport.current;
    mapRef.current?.setAttribute('transform', transformOf(drawn.current));
    showScale(svgRef.current, drawn.current.scale);
    if (svgRef.current) svgRef.current.style.transform = '';
  }, []);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  /** Moves the table to `next`: a pan at the drawn scale by a CSS shift, anything else by the map. */
  const show = useCallback(
    (next: Viewport) => {
      viewport.current = next;
      const svg = svgRef.current;
      if (next.scale !== drawn.current.scale || !svg) return settle();
      svg.style.transform = `translate(${next.offsetX - drawn.current.offsetX}px, ${next.offsetY - drawn.current.offsetY}px)`;
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(settle, PAN_SETTLE_MS);
    },
    [settle],
  );

  const fit = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    viewport.current = fitTable(table, frame.clientWidth, frame.clientHeight);
    settle();
  }, [settle, table]);
  // Fit once the frame has its size, and whenever another table arrives (not on every view of it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the table's size changes.
  useLayoutEffect(fit, [table.width, table.depth]);

  const zoomBy = useCallback(
    (factor: number, px?: number, py?: number) => {
      const frame = frameRef.current;
      if (!frame) return;
      show(zoomAt(viewport.current, factor, px ?? frame.clientWidth / 2, py ?? frame.clientHeight / 2));
    },
    [show],
  );

  // The wheel zooms about the pointer; a passive listener could not keep the page from scrolling.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = frame.getBoundingClientRect();
      zoomBy(ZOOM_STEP ** (-e.deltaY / 100), e.clientX - box.left, e.clientY - box.top);
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

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
    if (measuring) {
      const from = tableAt(e);
      gesture.current = { kind: 'tape', from };
      setTape({ from, to: from });
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
      setTape({ from: g.from, to: tableAt(e) });
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
    const step: Readonly<Record<string, [number, number]>> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const move = step[e.key];
    if (move) {
      e.preventDefault();
      show(pan(viewport.current, move[0], move[1]));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (e.key === '-') {
      e.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if (e.key === 'Escape') {
      setTape(undefined);
      props.onSelect(undefined);
    }
  };

  const tapeLength = tape ? Math.hypot(tape.to.x - tape.from.x, tape.to.y - tape.from.y) : undefined;
  const dragged = drag ? table.units[drag.unit] : undefined;

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
        <button
          type="button"
          aria-pressed={measuring}
          onClick={() => {
            setMeasuring(!measuring);
            setTape(undefined);
          }}
        >
          Tape measure
        </button>
        {tapeLength === undefined ? null : (
          <output className="tape-reading" aria-label="Tape">
            {tapeLength.toFixed(1)}"
          </output>
        )}
        <SideLegend sides={props.sides} sideClass={props.sideClass} />
      </div>
      <div
        ref={frameRef}
        className={`table-frame${measuring ? ' measuring' : ''}`}
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
        <svg ref={svgRef} className="table-svg" width="100%" height="100%">
          <title>{`The table, ${table.width}" by ${table.depth}"`}</title>
          <g ref={mapRef} transform={transformOf(drawn.current)}>
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
            {tape && tapeLength !== undefined ? (
              <g className="tape">
                <line
                  className="tape-line"
                  x1={tape.from.x}
                  y1={table.depth - tape.from.y}
                  x2={tape.to.x}
                  y2={table.depth - tape.to.y}
                />
                <text className="tape-label" x={tape.to.x + 0.5} y={table.depth - tape.to.y - 0.5}>
                  {tapeLength.toFixed(1)}"
                </text>
              </g>
            ) : null}
          </g>
        </svg>
      </div>
    </div>
  );
}
