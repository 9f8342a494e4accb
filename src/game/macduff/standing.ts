import type { UnitStanding } from '../engine/battle.ts';
import { standCount } from './geometry.ts';
import type { MdGameState, MdUnit, OffTable } from './state.ts';

const LEFT_IN_WORDS: Readonly<Record<OffTable, string>> = {
  destroyed: 'Destroyed',
  fled: 'Fled the table',
  surrendered: 'Surrendered',
};

function stateInWords(unit: MdUnit): string {
  if (unit.offTable) return LEFT_IN_WORDS[unit.offTable];
  if (unit.shattered) return 'Shattered';
  if (unit.mustRally) return 'Must rally';
  return 'In good order';
}

/** Every MacDuff unit as it stands: stands as the table shows them (summary.ts); shattered units no longer fight. */
export function macduffStanding(state: MdGameState): UnitStanding[] {
  return Object.values(state.units).map((unit) => {
    const onTable = unit.offTable === undefined;
    return {
      id: unit.id,
      name: unit.name,
      side: unit.side,
      startStands: standCount({ ...unit, figures: unit.startFigures, guns: unit.ratings.guns }),
      stands: onTable ? standCount(unit) : 0,
      fighting: onTable && !unit.shattered,
      state: stateInWords(unit),
      ...(onTable ? { at: { x: unit.anchor.x, y: unit.anchor.y } } : {}),
    };
  });
}
