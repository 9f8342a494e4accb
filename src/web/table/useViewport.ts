import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { showScale, spreadLabels } from './labels.tsx';
import { fitTable, pan, transformOf, type Viewport, ZOOM_STEP, zoomAt } from './viewport.ts';

/**
 * A table's pan and zoom on screen, shared by John Company's table (Battlefield.tsx) and the table for
 * any rule set (any-table/TableView.tsx). The SVG's one map group carries the viewport (`viewport.ts`),
 * written straight into its `transform` attribute so that panning and zooming never re-render a unit.
 * While the table is being panned, the shift goes into the SVG element's CSS transform instead (a
 * composited layer the browser moves without painting the units again), folded into the map's transform
 * once the panning pauses (PAN_SETTLE_MS). The wheel zooms about the pointer; the table is fitted to its
 * frame when the frame first has its size and whenever a table of another size arrives. Each new zoom
 * places the unit labels apart again (`spreadLabels`).
 */
export interface TableViewport {
  /** The frame (the element that takes the pointer and the wheel), the SVG and its map group. */
  readonly frameRef: RefObject<HTMLDivElement | null>;
  readonly svgRef: RefObject<SVGSVGElement | null>;
  readonly mapRef: RefObject<SVGGElement | null>;
  /** Where the table is now. */
  readonly viewport: RefObject<Viewport>;
  /** Moves the table to `next`. */
  readonly show: (next: Viewport) => void;
  /** Shows the whole table. */
  readonly fit: () => void;
  /** Zooms by `factor` about a point of the frame (its centre by default). */
  readonly zoomBy: (factor: number, px?: number, py?: number) => void;
  /** The arrow keys pan, + and - zoom: whether `key` was one of them (and was acted on). */
  readonly viewKey: (key: string) => boolean;
  /** The map group's `transform` as drawn now (a pan in progress is the SVG's CSS shift), for a render. */
  readonly mapTransform: () => string;
}

/** Pixels an arrow key pans. */
const KEY_PAN = 48;
const KEY_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [KEY_PAN, 0],
  ArrowRight: [-KEY_PAN, 0],
  ArrowUp: [0, KEY_PAN],
  ArrowDown: [0, -KEY_PAN],
};
/** Milliseconds without panning after which the pan is folded into the map's transform. */
const PAN_SETTLE_MS = 200;

export function useViewport(table: { readonly width: number; readonly depth: number }): TableViewport {
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<SVGGElement>(null);
  // Where the table is (`viewport`), and what the map's transform attribute shows (`drawn`): they differ
  // by the CSS shift of a pan in progress.
  const viewport = useRef<Viewport>({ offsetX: 0, offsetY: 0, scale: 10 });
  const drawn = useRef<Viewport>(viewport.current);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** Draws the map at the current viewport, with no CSS shift. */
  const settle = useCallback(() => {
    clearTimeout(settleTimer.current);
    drawn.current = viewport.current;
    mapRef.current?.setAttribute('transform', transformOf(drawn.current));
    showScale(svgRef.current, drawn.current.scale);
    if (svgRef.current) svgRef.current.style.transform = '';
    spreadLabels(svgRef.current, drawn.current.scale);
  }, []);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  /** A pan at the drawn scale by a CSS shift, anything else by the map. */
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

  const { width, depth } = table;
  const fit = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    viewport.current = fitTable({ width, depth }, frame.clientWidth, frame.clientHeight);
    settle();
  }, [settle, width, depth]);
  // Fit once the frame has its size, and whenever a table of another size arrives (not on every view).
  useLayoutEffect(fit, [fit]);

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

  const viewKey = useCallback(
    (key: string) => {
      const step = KEY_STEPS[key];
      if (step) show(pan(viewport.current, step[0], step[1]));
      else if (key === '+' || key === '=') zoomBy(ZOOM_STEP);
      else if (key === '-') zoomBy(1 / ZOOM_STEP);
      else return false;
      return true;
    },
    [show, zoomBy],
  );

  const mapTransform = useCallback(() => transformOf(drawn.current), []);

  return { frameRef, svgRef, mapRef, viewport, show, fit, zoomBy, viewKey, mapTransform };
}
