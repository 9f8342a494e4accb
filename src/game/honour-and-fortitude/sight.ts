import type { TableState, UnitState } from '../../core/table/model.ts';
import { SightTracer } from '../../core/table/sight-line.ts';
import { type SightProfile, TableIndex } from '../../core/table/spatial-index.ts';
import { scenarioBasing } from '../scenario/table.ts';
import type { HfGameState, HfUnit } from './state.ts';

/**
 * Line of sight for fire (Muster's reading; the sheet has none): a line from a firing stand to a
 * target stand is blocked by any other stand, by high walls and city walls, and by more than 2" of
 * woods or town along it.
 */
const PROFILE: SightProfile = {
  barriers: ['wall-high', 'fortified-city-wall'],
  zones: ['light-woods', 'heavy-woods', 'town'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'crew', 'limber'],
  contact: 0.5,
};
/** Inches of woods or town a sight line may pass through. */
export const SEE_INTO = 2;

interface Sight {
  readonly index: TableIndex;
  readonly tracer: SightTracer;
}
/**
 * Each record of units' sight, worked out once. Keyed by the record itself, which must never change
 * after it is asked about: a state's, or a working copy's handed out with `Draft.sharedUnits`.
 */
const cache = new WeakMap<object, Sight>();

function sightOf(state: Pick<HfGameState, 'scenario' | 'units'>): Sight {
  let s = cache.get(state.units);
  if (!s) {
    const units: Record<string, UnitState> = {};
    for (const u of Object.values(state.units))
      if (!u.gone)
        units[u.id] = { id: u.id, side: u.side, formation: u.formation, facing: u.facing, stands: u.stands };
    const terrain = Object.fromEntries(
      state.scenario.terrain.map((f) => {
        const { name: _n, ...shape } = f;
        return [f.id, shape];
      }),
    );
    const table: TableState = {
      width: state.scenario.width,
      depth: state.scenario.depth,
      basing: scenarioBasing(state.scenario.basing),
      units,
      generals: {},
      terrain,
    };
    const index = new TableIndex(table, PROFILE);
    s = { index, tracer: new SightTracer(index) };
    cache.set(state.units, s);
  }
  return s;
}

/** Whether some stand of `firer` sees some stand of `target`. */
export function canSee(
  state: Pick<HfGameState, 'scenario' | 'units'>,
  firer: HfUnit,
  target: HfUnit,
): boolean {
  const { index, tracer } = sightOf(state);
  for (const fs of firer.stands) {
    const a = index.standIndex(fs.id);
    for (const ts of target.stands) {
      const b = index.standIndex(ts.id);
      if (!tracer.traceStands(a, b)) continue;
      let through = 0;
      for (let i = 0; i < tracer.zoneCount; i++) {
        const n = tracer.zoneRuns(tracer.zones[i]!);
        for (let r = 0; r < n; r++)
          through += (tracer.runs[2 * r + 1]! - tracer.runs[2 * r]!) * tracer.length;
      }
      if (through <= SEE_INTO) return true;
    }
  }
  return false;
}
