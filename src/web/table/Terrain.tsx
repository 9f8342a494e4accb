import { memo, type ReactNode } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { TerrainFeature } from '../../core/table/model.ts';
import { closedPath, openPath } from './paths.ts';

/**
 * The table's ground in map coordinates (inches, y turned downwards: `toMap`): areas first, then hills,
 * towns and their buildings, water, roads and barriers on top, each kind its own class (styles.css).
 * Deployment zones and objectives come from the scenario.
 */

export const toMap = (depth: number) => (p: Point) => ({ x: p.x, y: depth - p.y });

const LAYER_ORDER: Readonly<Record<TerrainFeature['kind'], number>> = {
  open: 0,
  difficult: 0,
  swamp: 0,
  'light-woods': 1,
  'heavy-woods': 1,
  hill: 0,
  town: 2,
  nullah: 3,
  stream: 3,
  'fordable-river': 3,
  road: 4,
  'wall-low': 5,
  'wall-medium': 5,
  'wall-high': 5,
  barricade: 5,
  entrenchment: 5,
  fortification: 5,
  'fortified-city-wall': 5,
};

function Feature({ feature, depth }: { readonly feature: TerrainFeature; readonly depth: number }) {
  const map = toMap(depth);
  const className = `terrain terrain-${feature.kind}`;
  const label = <title>{feature.kind.replaceAll('-', ' ')}</title>;
  switch (feature.kind) {
    case 'hill':
      return (
        <g className={className}>
          {label}
          <path d={closedPath(feature.outline.map(map))} />
          {feature.crest ? <path className="crest" d={openPath(feature.crest.map(map))} /> : null}
        </g>
      );
    case 'town':
      return (
        <g className={className}>
          {label}
          <path d={closedPath(feature.outline.map(map))} />
          {feature.buildings.map((b) => (
            <path key={JSON.stringify(b[0])} className="building" d={closedPath(b.map(map))} />
          ))}
        </g>
      );
    case 'road':
    case 'nullah':
    case 'stream':
    case 'fordable-river':
      return (
        <path className={className} d={openPath(feature.path.map(map))} strokeWidth={feature.width}>
          {label}
        </path>
      );
    case 'open':
    case 'difficult':
    case 'swamp':
    case 'light-woods':
    case 'heavy-woods':
      return (
        <path className={className} d={closedPath(feature.outline.map(map))}>
          {label}
        </path>
      );
    default: {
      const points = feature.path.map(map);
      return (
        <path className={className} d={feature.closed ? closedPath(points) : openPath(points)}>
          {label}
        </path>
      );
    }
  }
}

/** Every terrain feature, drawn once per terrain (the terrain does not change during a battle). */
export const TerrainLayer = memo(function TerrainLayer(props: {
  readonly terrain: Readonly<Record<string, TerrainFeature>>;
  readonly depth: number;
}): ReactNode {
  const features = Object.values(props.terrain).sort((a, b) => LAYER_ORDER[a.kind] - LAYER_ORDER[b.kind]);
  return (
    <g className="terrain-layer">
      {features.map((f) => (
        <Feature key={f.id} feature={f} depth={props.depth} />
      ))}
    </g>
  );
});

export interface Zone {
  readonly id: string;
  readonly side: string;
  readonly name?: string;
  readonly outline: readonly Point[];
}

export interface Objective {
  readonly id: string;
  readonly name?: string;
  readonly position: Point;
  readonly radius: number;
}

/** Deployment zones (outlined in their side's colour) and objectives (their radius and name). */
export const ScenarioLayer = memo(function ScenarioLayer(props: {
  readonly zones: readonly Zone[];
  readonly objectives: readonly Objective[];
  readonly sideClass: (side: string) => string;
  readonly depth: number;
}): ReactNode {
  const map = toMap(props.depth);
  return (
    <g className="scenario-layer">
      {props.zones.map((z) => (
        <path key={z.id} className={`zone ${props.sideClass(z.side)}`} d={closedPath(z.outline.map(map))}>
          <title>{z.name ?? `${z.side} deployment`}</title>
        </path>
      ))}
      {props.objectives.map((o) => {
        const c = map(o.position);
        return (
          <g key={o.id} className="objective">
            <title>{`Objective: ${o.name ?? o.id} (within ${o.radius}")`}</title>
            <circle className="objective-area" cx={c.x} cy={c.y} r={o.radius} />
            <circle className="objective-mark" cx={c.x} cy={c.y} r={0.6} />
            <text className="objective-label" x={c.x} y={c.y - 1} textAnchor="middle">
              {o.name ?? o.id}
            </text>
          </g>
        );
      })}
    </g>
  );
});
