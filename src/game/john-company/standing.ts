import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import type { UnitStanding } from '../engine/battle.ts';
import type { JcGameState, JcUnit, OffTable } from './state.ts';

const LEFT_IN_WORDS: Readonly<Record<OffTable, string>> = {
  destroyed: 'Destroyed',
  'routed-off': 'Routed off the table',
  'left-table': 'Left the table',
  quit: 'Quit the battle',
  rejoined: 'Rejoined its battalion',
};

/** A unit's state in the rules' words: its Resolve Status, or why it is no longer fighting. */
function stateInWords(unit: JcUnit): string {
  if (unit.offTable) return LEFT_IN_WORDS[unit.offTable];
  if (unit.routing) return 'Routing';
  if (unit.quitting) return 'Quitting the battle';
  return unit.status ?? 'Untested';
}

/** Every John Company unit as it stands: stands counted as the victory conditions count them (summary.ts). */
export function jcStanding(state: JcGameState): UnitStanding[] {
  return Object.values(state.units).map((unit) => {
    const onTable = state.table.units[unit.id];
    const stands = onTable && !unit.offTable ? countedStands(onTable) : 0;
    const centre = onTable && !unit.offTable ? unitCentre(onTable.stands) : undefined;
    return {
      id: unit.id,
      name: unit.name,
      side: unit.side,
      startStands: unit.profile.startingStands,
      stands,
      fighting: stands > 0 && !unit.routing && !unit.offTable,
      state: stateInWords(unit),
      ...(centre ? { at: { x: centre[0], y: centre[1] } } : {}),
    };
  });
}
