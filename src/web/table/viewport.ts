/**
 * Pan and zoom of the table on screen: one affine transform, screen = offset + scale * map, where map
 * coordinates are table inches with y turned downwards (the table's y grows northwards, the screen's
 * downwards): mapX = x, mapY = depth - y. Pure: the table page writes `transformOf` into one SVG
 * attribute, so panning and zooming never re-render the units.
 */
export interface Viewport {
  /** Screen pixels of map (0, 0). */
  readonly offsetX: number;
  readonly offsetY: number;
  /** Screen pixels per inch. */
  readonly scale: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 200;
/** The factor of one press of + or - (and of one wheel notch of 100 pixels). */
export const ZOOM_STEP = 1.25;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The whole table centred in a screen of `width` x `height` pixels, with `margin` pixels around it. */
export function fitTable(
  table: { readonly width: number; readonly depth: number },
  width: number,
  height: number,
  margin = 12,
): Viewport {
  const scale = clampScale(Math.min((width - 2 * margin) / table.width, (height - 2 * margin) / table.depth));
  return {
    scale,
    offsetX: (width - table.width * scale) / 2,
    offsetY: (height - table.depth * scale) / 2,
  };
}

export function pan(viewport: Viewport, dx: number, dy: number): Viewport {
  return { ...viewport, offsetX: viewport.offsetX + dx, offsetY: viewport.offsetY + dy };
}

/** Zooms by `factor` keeping the screen point (px, py) over the same place on the table. */
export function zoomAt(viewport: Viewport, factor: number, px: number, py: number): Viewport {
  const scale = clampScale(viewport.scale * factor);
  const ratio = scale / viewport.scale;
  return {
    scale,
    offsetX: px - (px - viewport.offsetX) * ratio,
    offsetY: py - (py - viewport.offsetY) * ratio,
  };
}

/** The SVG transform of the map group. */
export function transformOf(viewport: Viewport): string {
  return `translate(${viewport.offsetX} ${viewport.offsetY}) scale(${viewport.scale})`;
}

/** The table point (inches, y northwards) under a screen point. */
export function tablePointAt(
  viewport: Viewport,
  depth: number,
  px: number,
  py: number,
): { x: number; y: number } {
  return {
    x: (px - viewport.offsetX) / viewport.scale,
    y: depth - (py - viewport.offsetY) / viewport.scale,
  };
}
