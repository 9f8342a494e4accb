import { type ReactNode, useMemo } from 'react';
import type { TerrainFeature } from '../../core/table/model.ts';
import type { ScenarioSummary } from '../../protocol/api.ts';
import { ScenarioLayer, TerrainLayer } from '../table/Terrain.tsx';

const NO_ZONES: never[] = [];
const noSide = () => '';

/**
 * A small picture of a scenario's table: its ground and objectives drawn from the scenario's data by the
 * table's own layers (Terrain.tsx), scaled to the card.
 */
export function ScenarioMap({ scenario }: { readonly scenario: ScenarioSummary }): ReactNode {
  const { width, depth } = scenario.table;
  const terrain = useMemo(
    () => Object.fromEntries(scenario.terrain.map((f) => [f.id, f])) as Record<string, TerrainFeature>,
    [scenario.terrain],
  );
  const ground = [...new Set(scenario.terrain.map((f) => f.kind.replaceAll('-', ' ')))].join(', ');
  return (
    <svg
      className="scenario-map"
      viewBox={`0 0 ${width} ${depth}`}
      role="img"
      aria-label={`The table of ${scenario.title}, ${width}" by ${depth}": ${ground || 'open ground'}`}
    >
      <rect className="table-cloth" x={0} y={0} width={width} height={depth} />
      <TerrainLayer terrain={terrain} depth={depth} />
      <ScenarioLayer zones={NO_ZONES} objectives={scenario.objectives} sideClass={noSide} depth={depth} />
    </svg>
  );
}
