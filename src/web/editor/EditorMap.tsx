import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { UnitStandState } from '../../core/table/model.ts';
import type { Scenario } from '../../game/scenario/schema.ts';
import { unitStands } from '../../game/scenario/table.ts';
import { type ItemRef, pointsOf } from './edits.ts';

/**
 * The editor's table: the scenario's ground, zones, objectives, generals and units, drawn in inches with
 * north up (scenario y grows northwards, the screen's downwards). What a press on it does is the
 * page's: `onPress` gets the table point and the item or vertex under it; a drag reports its moves and
 * its end, so the page makes one undoable step of it.
 */

export interface MapPress {
  readonly at: Point;
  readonly item?: ItemRef;
  /** The vertex of the selected shape pressed, if one was. */
  readonly vertex?: number;
  /** The selected unit's or general's facing handle was pressed. */
  readonly facing?: true;
}

/** How far in front of a selected unit its facing handle sits, inches. */
const HANDLE_REACH = 3;

/** The unit's stands as the table model lays them out, or undefined for a shape its formation refuses. */
function standsOf(unit: Scenario['units'][number], basing: Scenario['basing']): UnitStandState[] | undefined {
  try {
    return unitStands(unit, basing);
  } catch {
    return undefined;
  }
}

export interface EditorMapProps {
  readonly scenario: Scenario;
  readonly selected?: ItemRef;
  /** Items with a validation problem (drawn in the problem colour). */
  readonly faulty: ReadonlySet<string>;
  /** The shape being drawn, its points so far. */
  readonly drawing: readonly Point[];
  onPress(press: MapPress): void;
  /** A drag from a press on an item or vertex: the point now; `done` when it is let go. */
  onDrag(at: Point, done: boolean): void;
}

const SIDE_CLASSES = ['side-0', 'side-1'];

export function EditorMap(props: EditorMapProps): ReactNode {
  const { scenario, selected } = props;
  const { width, depth } = scenario.table;
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState(false);
  const sideClass = (side: string) => SIDE_CLASSES[scenario.sides.findIndex((s) => s.id === side)] ?? '';
  const key = (ref: ItemRef) => `${ref.list}[${ref.index}]`;
  const isSelected = (ref: ItemRef) => selected?.list === ref.list && selected.index === ref.index;
  const classes = (ref: ItemRef, base: string) =>
    [base, isSelected(ref) ? 'selected' : '', props.faulty.has(key(ref)) ? 'faulty' : ''].join(' ').trim();

  /** The table point under a pointer event (inches, y northwards). */
  const tableAt = (event: PointerEvent): Point => {
    const box = svg.current!.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const y = depth - ((event.clientY - box.top) / box.height) * depth;
    return { x, y };
  };
  const press = (event: PointerEvent, item?: ItemRef, vertex?: number, facing?: true) => {
    event.stopPropagation();
    if (item) {
      setDragging(true);
      svg.current?.setPointerCapture(event.pointerId);
    }
    props.onPress({
      at: tableAt(event),
      ...(item ? { item } : {}),
      ...(vertex === undefined ? {} : { vertex }),
      ...(facing ? { facing } : {}),
    });
  };
  const flip = (p: Point) => `${p.x},${depth - p.y}`;
  const shape = (points: readonly Point[]) => points.map(flip).join(' ');

  return (
    <svg
      ref={svg}
      className="editor-map"
      viewBox={`0 0 ${width} ${depth}`}
      role="application"
      aria-label={`The table, ${width} by ${depth} inches`}
      onPointerDown={(e) => press(e)}
      onPointerMove={(e) => dragging && props.onDrag(tableAt(e), false)}
      onPointerUp={(e) => {
        if (!dragging) return;
        setDragging(false);
        props.onDrag(tableAt(e), true);
      }}
    >
      <rect className="editor-ground" x={0} y={0} width={width} height={depth} />
      {scenario.deployment.map((z, index) => {
        const ref = { list: 'deployment', index } as const;
        return (
          <polygon
            key={z.id}
            className={classes(ref, `editor-zone ${sideClass(z.side)}`)}
            points={shape(z.outline)}
            onPointerDown={(e) => press(e, ref)}
          >
            <title>{z.name ?? z.id}</title>
          </polygon>
        );
      })}
      {scenario.terrain.map((t, index) => {
        const ref = { list: 'terrain', index } as const;
        const base = `editor-terrain terrain-${t.kind}`;
        return 'outline' in t ? (
          <g key={t.id} className={classes(ref, base)} onPointerDown={(e) => press(e, ref)}>
            <polygon points={shape(t.outline)}>
              <title>{t.name ?? t.kind}</title>
            </polygon>
            {t.kind === 'town'
              ? t.buildings.map((b) => (
                  <polygon key={shape(b)} className="editor-building" points={shape(b)} />
                ))
              : null}
            {t.kind === 'hill' && t.crest ? (
              <polyline className="editor-crest" points={shape(t.crest)} />
            ) : null}
          </g>
        ) : (
          <polyline
            key={t.id}
            className={classes(ref, `${base} line`)}
            points={shape(t.path)}
            strokeWidth={'width' in t ? t.width : 0.6}
            onPointerDown={(e) => press(e, ref)}
          >
            <title>{t.name ?? t.kind}</title>
          </polyline>
        );
      })}
      {scenario.victory.objectives.map((o, index) => {
        const ref = { list: 'objectives', index } as const;
        return (
          <g key={o.id} className={classes(ref, 'editor-objective')} onPointerDown={(e) => press(e, ref)}>
            <circle cx={o.position.x} cy={depth - o.position.y} r={o.radius} />
            <text x={o.position.x} y={depth - o.position.y - o.radius - 0.5}>
              {o.name}
            </text>
          </g>
        );
      })}
      {scenario.units.map((u, index) => {
        const ref = { list: 'units', index } as const;
        const stands = standsOf(u, scenario.basing);
        // Its stands as the table model lays them out; a block along its front when its shape is refused.
        const frontage = Math.max(1.5, Math.min(12, u.stands * 1.6));
        return (
          <g
            key={u.id}
            className={classes(ref, `editor-unit ${sideClass(u.side)}`)}
            onPointerDown={(e) => press(e, ref)}
          >
            {stands ? (
              stands.map((st) => (
                <rect
                  key={st.id}
                  x={-st.depth / 2}
                  y={-st.width / 2}
                  width={st.depth}
                  height={st.width}
                  transform={`translate(${st.x} ${depth - st.y}) rotate(${-st.facing})`}
                />
              ))
            ) : (
              <rect
                x={-frontage / 2}
                y={0}
                width={frontage}
                height={1.2}
                transform={`translate(${u.position.x} ${depth - u.position.y}) rotate(${-u.facing + 90})`}
              />
            )}
            <title>{u.name}</title>
          </g>
        );
      })}
      {selected?.list === 'units' && scenario.units[selected.index] ? (
        <FacingHandle
          at={scenario.units[selected.index]!.position}
          facing={scenario.units[selected.index]!.facing}
          depth={depth}
          onPress={(e) => press(e, selected, undefined, true)}
        />
      ) : null}
      {scenario.units.map((u) => (
        <text key={`${u.id}-label`} className="editor-label" x={u.position.x} y={depth - u.position.y + 2.6}>
          {u.name}
        </text>
      ))}
      {scenario.generals.map((g, index) => {
        const ref = { list: 'generals', index } as const;
        return (
          <circle
            key={g.id}
            className={classes(ref, `editor-general ${sideClass(g.side)}`)}
            cx={g.position.x}
            cy={depth - g.position.y}
            r={0.9}
            onPointerDown={(e) => press(e, ref)}
          >
            <title>{g.name}</title>
          </circle>
        );
      })}
      {selected && (selected.list === 'terrain' || selected.list === 'deployment')
        ? pointsOf(scenario, selected).map((p, vertex) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: a shape's vertices are known by their order
              key={vertex}
              className="editor-vertex"
              cx={p.x}
              cy={depth - p.y}
              r={0.8}
              onPointerDown={(e) => press(e, selected, vertex)}
            >
              <title>{`Vertex ${vertex + 1}: drag to move it`}</title>
            </circle>
          ))
        : null}
      {props.drawing.length > 0 ? (
        <polyline className="editor-drawing" points={shape(props.drawing)} />
      ) : null}
    </svg>
  );
}

/** The handle that turns a selected unit: drag it round, and the unit faces it. */
function FacingHandle(props: {
  readonly at: Point;
  readonly facing: number;
  readonly depth: number;
  readonly onPress: (event: PointerEvent) => void;
}): ReactNode {
  const radians = (props.facing * Math.PI) / 180;
  const x = props.at.x + HANDLE_REACH * Math.cos(radians);
  const y = props.depth - (props.at.y + HANDLE_REACH * Math.sin(radians));
  return (
    <g className="editor-facing">
      <line x1={props.at.x} y1={props.depth - props.at.y} x2={x} y2={y} />
      <circle cx={x} cy={y} r={0.8} onPointerDown={props.onPress}>
        <title>Drag to turn the unit</title>
      </circle>
    </g>
  );
}
