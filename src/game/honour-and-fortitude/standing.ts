import type { UnitStanding } from '../engine/battle.ts';
import { centreOf, standsFor } from './geometry.ts';
import { type HfGameState, type HfUnit, isFighting } from './state.ts';

function stateInWords(unit: HfUnit): string {
  if (unit.gone) return 'Gone from the battle';
  return unit.condition.charAt(0).toUpperCase() + unit.condition.slice(1);
}

/** Every Honour & Fortitude unit as it stands: stands as figures fill them (summary.ts), routers not fighting. */
export function hfStanding(state: HfGameState): UnitStanding[] {
  return Object.values(state.units).map((unit) => ({
    id: unit.id,
    name: unit.name,
    side: unit.side,
    startStands: standsFor(unit.startFigures, unit.figuresPerStand),
    stands: unit.gone ? 0 : standsFor(unit.figures, unit.figuresPerStand),
    fighting: isFighting(unit),
    state: stateInWords(unit),
    ...(unit.gone || unit.disorder === 'good-order' ? {} : { detail: unit.disorder }),
    ...(unit.gone || unit.stands.length === 0 ? {} : { at: centreOf(unit.stands) }),
  }));
}
