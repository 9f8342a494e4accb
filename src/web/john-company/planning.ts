import type { CommandManoeuvre } from '../../game/john-company/commands.ts';

/**
 * Planning a move: the manoeuvres a drag of the unit's ghost stands for, and the planner's words for
 * each kind. Pure. The engine (through /plan-move) judges the plan: these only translate the gesture.
 */

export const MANOEUVRE_KINDS = ['advance', 'oblique', 'flank-march', 'wheel', 'about-face', 'face'] as const;
export type ManoeuvreKind = CommandManoeuvre['kind'];

export const MANOEUVRE_LABELS: Readonly<Record<ManoeuvreKind, string>> = {
  advance: 'Advance',
  oblique: 'Oblique (keeps its facing)',
  'flank-march': 'Flank march',
  wheel: 'Wheel (+ left)',
  'about-face': 'About face',
  face: 'Face (turn on the spot)',
};

/** A fresh manoeuvre of a kind, with a sensible amount to edit. */
export function defaultManoeuvre(kind: ManoeuvreKind): CommandManoeuvre {
  switch (kind) {
    case 'advance':
      return { kind, inches: 3 };
    case 'oblique':
      return { kind, inches: 3, degrees: 30 };
    case 'flank-march':
      return { kind, inches: 1, side: 'left' };
    case 'wheel':
      return { kind, degrees: 30 };
    case 'about-face':
      return { kind };
    case 'face':
      return { kind, degrees: 90 };
  }
}

/** Drags shorter than this (inches) plan nothing; turns under `STRAIGHT_DEGREES` are straight ahead. */
const LEAST_DRAG = 0.1;
const STRAIGHT_DEGREES = 5;
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The manoeuvres that carry a unit facing `facing` (degrees) by (dx, dy) inches: straight ahead as an
 * advance, to a side as an oblique (degrees + left, the engine's convention), backwards as an about
 * face and an advance.
 */
export function manoeuvresForDrag(facing: number, dx: number, dy: number): CommandManoeuvre[] {
  const distance = Math.hypot(dx, dy);
  if (distance < LEAST_DRAG) return [];
  const f = (facing * Math.PI) / 180;
  const forward = dx * Math.cos(f) + dy * Math.sin(f);
  const left = -dx * Math.sin(f) + dy * Math.cos(f);
  if (forward < 0) return [{ kind: 'about-face' }, { kind: 'advance', inches: round(distance) }];
  const degrees = (Math.atan2(left, forward) * 180) / Math.PI;
  if (Math.abs(degrees) < STRAIGHT_DEGREES) return [{ kind: 'advance', inches: round(distance) }];
  return [{ kind: 'oblique', inches: round(distance), degrees: round(degrees, 0) }];
}

/** A manoeuvre in words, as the planner lists it. */
export function describeManoeuvre(m: CommandManoeuvre): string {
  switch (m.kind) {
    case 'advance':
      return `advance ${m.inches}"`;
    case 'oblique':
      return `oblique ${m.inches}" at ${Math.abs(m.degrees)}° ${m.degrees >= 0 ? 'left' : 'right'}`;
    case 'flank-march':
      return `flank march ${m.inches}" ${m.side}`;
    case 'wheel':
      return `wheel ${Math.abs(m.degrees)}° ${m.degrees >= 0 ? 'left' : 'right'}`;
    case 'about-face':
      return 'about face';
    case 'face':
      return `face ${Math.abs(m.degrees)}° ${m.degrees >= 0 ? 'left' : 'right'}`;
  }
}
