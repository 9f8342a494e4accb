import type { UnitStanding } from '../engine/battle.ts';
import { centreOf } from './geometry.ts';
import type { CpGameState, CpUnit, UnitStatus } from './state.ts';

const STATUS_IN_WORDS: Readonly<Record<UnitStatus, string>> = {
  formed: 'Formed',
  'falling-back': 'Falling back',
  routed: 'Routed',
  destroyed: 'Destroyed',
  gone: 'Gone from the table',
};

/** Its D-points, while it is on the table and has any. */
function dpointsInWords(unit: CpUnit): string | undefined {
  if (unit.dpoints === 0 || unit.status === 'destroyed' || unit.status === 'gone') return undefined;
  return `${unit.dpoints} D-point${unit.dpoints === 1 ? '' : 's'}`;
}

/** Every command-point unit as it stands: bases as stands (index.ts's summary); formed or falling back fight on. */
export function cpStanding(state: CpGameState): UnitStanding[] {
  return Object.values(state.units).map((unit) => {
    const dpoints = dpointsInWords(unit);
    const onTable = unit.status !== 'destroyed' && unit.status !== 'gone' && unit.stands.length > 0;
    return {
      id: unit.id,
      name: unit.name,
      side: unit.side,
      startStands: unit.startBases,
      stands: unit.status === 'gone' ? 0 : unit.bases,
      fighting: unit.status === 'formed' || unit.status === 'falling-back',
      state: STATUS_IN_WORDS[unit.status],
      ...(dpoints ? { detail: dpoints } : {}),
      ...(onTable ? { at: centreOf(unit) } : {}),
    };
  });
}
