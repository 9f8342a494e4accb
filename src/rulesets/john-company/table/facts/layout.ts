import type { SideId, TableState, UnitId } from '../../../../core/table/model.ts';
import { type UnitGeometry, unitGeometry } from '../measurement/unit-geometry.ts';
import { countedStands } from '../unit-profile.ts';

/** What the facts take from the table's units alone, whatever the forces: shared by facts of one table. */
export interface TableLayout {
  /** Every unit's geometry, in the order of `table.units`. */
  readonly units: readonly UnitGeometry[];
  readonly byId: ReadonlyMap<UnitId, number>;
  /** Each unit's counted stands (`countedStands`). */
  readonly counted: Int32Array;
  /** The units of every side but each side. */
  readonly enemies: ReadonlyMap<SideId, readonly UnitGeometry[]>;
}

/** Layouts by the table's record of units (a table is never changed once built, nor its records). */
const layouts = new WeakMap<TableState['units'], TableLayout>();

/** The table's layout, built once per record of units. */
export function layoutOf(table: TableState): TableLayout {
  let layout = layouts.get(table.units);
  if (layout) return layout;
  const units = Object.values(table.units).map(unitGeometry);
  const byId = new Map<UnitId, number>();
  const counted = new Int32Array(units.length);
  units.forEach((g, i) => {
    byId.set(g.unit.id, i);
    counted[i] = countedStands(g.unit);
  });
  const enemies = new Map<SideId, UnitGeometry[]>();
  for (const g of units)
    if (!enemies.has(g.unit.side))
      enemies.set(
        g.unit.side,
        units.filter((o) => o.unit.side !== g.unit.side),
      );
  layout = { units, byId, counted, enemies };
  layouts.set(table.units, layout);
  return layout;
}
