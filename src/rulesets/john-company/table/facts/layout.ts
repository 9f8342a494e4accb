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

/**
 * The table's layout, built once per record of units. `near`, a table of the same battle (the one
 * before), lends the geometry and stand count of each unit whose record is the very same object at the
 * same place in both, and its index by id when every unit is at the same place, if its layout was built.
 */
export function layoutOf(table: TableState, near?: TableState): TableLayout {
  let layout = layouts.get(table.units);
  if (layout) return layout;
  const records = Object.values(table.units);
  const n = records.length;
  const before = near === undefined ? undefined : layouts.get(near.units);
  const units: UnitGeometry[] = [];
  const counted = new Int32Array(n);
  let sameIds = before !== undefined && before.units.length === n;
  for (let i = 0; i < n; i++) {
    const unit = records[i]!;
    const kept = before?.units[i];
    if (kept !== undefined && kept.unit === unit) {
      units.push(kept);
      counted[i] = before!.counted[i]!;
    } else {
      units.push(unitGeometry(unit));
      counted[i] = countedStands(unit);
      if (kept === undefined || kept.unit.id !== unit.id) sameIds = false;
    }
  }
  let byId = sameIds ? before!.byId : undefined;
  if (byId === undefined) {
    const ids = new Map<UnitId, number>();
    for (let i = 0; i < n; i++) ids.set(units[i]!.unit.id, i);
    byId = ids;
  }
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
