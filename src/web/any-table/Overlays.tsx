import type { ReactNode } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import type { StandState } from '../../core/table/model.ts';
import type { Reach, UnitFront } from '../../game/rule-set.ts';
import { closedPath } from '../table/paths.ts';
import { toMap } from '../table/Terrain.tsx';

/**
 * What the table draws for the selected unit from its rule set's aids (src/game/rule-set.ts), in map
 * coordinates (inches, y downwards): its weapon's range bands, its move and charge reach, each out from
 * its front within its arc, its lines of sight to the enemy, a planned move's ghost and a planned
 * attack's path. None of it takes a click (a click goes through to the table or the unit under it) but
 * the grip at the end of a planned move's facing line, which the player drags to turn the ghost.
 */

/** Which of the selected unit's aids the player has turned on. */
export interface AidChoice {
  readonly ranges: boolean;
  readonly reach: boolean;
  readonly charge: boolean;
  readonly sight: boolean;
}

/** Degrees between the points of a drawn arc. */
const ARC_STEP = 5;

/** The points of an arc of radius `r` about `c`, from `from` to `to` degrees. */
function arc(c: Point, r: number, from: number, to: number): Point[] {
  const n = Math.max(1, Math.ceil(Math.abs(to - from) / ARC_STEP));
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / n) * Math.PI) / 180;
    return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
}

/** The ground between `least` and `inches` from the front, within `half` degrees of its facing (table axes). */
export function sector(front: UnitFront, inches: number, half: number, least = 0): Point[] {
  const span = Math.min(half, 180);
  const outer = arc(front, inches, front.facing - span, front.facing + span);
  if (least > 0) return [...outer, ...arc(front, least, front.facing + span, front.facing - span)];
  return span >= 180 ? outer : [front, ...outer];
}

function ReachBands(props: {
  readonly front: UnitFront;
  readonly reach: Reach;
  readonly kind: string;
  readonly depth: number;
}): ReactNode {
  const map = toMap(props.depth);
  return (
    <g className={`aid ${props.kind}`}>
      <title>{props.reach.words}</title>
      {[...props.reach.bands].reverse().map((band, i) => (
        <path
          key={band.label}
          className={`aid-band band-${props.reach.bands.length - 1 - i}`}
          d={closedPath(sector(props.front, band.inches, props.reach.arc, band.least).map(map))}
        >
          <title>{`${band.label}: ${band.least ? `${band.least}" to ` : 'up to '}${band.inches}"`}</title>
        </path>
      ))}
    </g>
  );
}

/** A line of sight from the selected unit to an enemy unit: seen or blocked. */
export interface SightLine {
  readonly target: string;
  readonly to: Point;
  readonly seen: boolean;
  readonly name: string;
}

export function AidsOverlay(props: {
  readonly front: UnitFront;
  readonly depth: number;
  readonly choice: AidChoice;
  readonly ranges: Reach | undefined;
  readonly reach: Reach | undefined;
  readonly charge: Reach | undefined;
  readonly sight: readonly SightLine[];
}): ReactNode {
  const map = toMap(props.depth);
  const from = map(props.front);
  const { choice } = props;
  return (
    <g className="aids-overlay">
      {choice.reach && props.reach ? (
        <ReachBands front={props.front} reach={props.reach} kind="move-reach" depth={props.depth} />
      ) : null}
      {choice.ranges && props.ranges ? (
        <ReachBands front={props.front} reach={props.ranges} kind="weapon-range" depth={props.depth} />
      ) : null}
      {choice.charge && props.charge ? (
        <ReachBands front={props.front} reach={props.charge} kind="charge-reach" depth={props.depth} />
      ) : null}
      {choice.sight
        ? props.sight.map((line) => {
            const to = map(line.to);
            return (
              <line
                key={line.target}
                className={line.seen ? 'sight seen' : 'sight blocked'}
                x1={from.x}
                y1={from.y}
                x2={to.x}
                y2={to.y}
              >
                <title>{`${line.name}: ${line.seen ? 'in sight' : 'out of sight'}`}</title>
              </line>
            );
          })
        : null}
    </g>
  );
}

/** A planned move: the line from the unit's front to the point, and its stands where they would end. */
export function MoveGhost(props: {
  readonly from: Point;
  readonly to: Point;
  readonly facing: number;
  readonly stands: readonly StandState[];
  readonly ok: boolean;
  readonly depth: number;
}): ReactNode {
  const map = toMap(props.depth);
  const a = map(props.from);
  const b = map(props.to);
  const tip = map({
    x: props.to.x + Math.cos((props.facing * Math.PI) / 180) * FACING_LINE,
    y: props.to.y + Math.sin((props.facing * Math.PI) / 180) * FACING_LINE,
  });
  return (
    <g className={`ghost plan ${props.ok ? 'ok' : 'problem'}`} data-testid="move-ghost">
      <line className="plan-path" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      {props.stands.map((s) => (
        <rect
          key={s.id}
          className="ghost-stand"
          x={-s.depth / 2}
          y={-s.width / 2}
          width={s.depth}
          height={s.width}
          transform={`translate(${s.x} ${props.depth - s.y}) rotate(${-s.facing})`}
        />
      ))}
      <line className="plan-facing" x1={b.x} y1={b.y} x2={tip.x} y2={tip.y} />
      <circle className="plan-point" cx={b.x} cy={b.y} r={0.4} />
      <circle className="facing-grip" data-grip="facing" cx={tip.x} cy={tip.y} r={GRIP_RADIUS}>
        <title>Drag to turn it</title>
      </circle>
    </g>
  );
}

/** Inches from a planned move's point to the end of its facing line, where the grip is. */
const FACING_LINE = 2.5;
/** The facing grip's radius, inches: big enough to take with a finger at the usual zoom. */
const GRIP_RADIUS = 0.8;

/**
 * A planned attack: the line from the attacker's front to where it heads, the attacker's stands where
 * the rules put them before any dice (if they do), and the target outlined.
 */
export function AttackGhost(props: {
  readonly from: Point;
  readonly to: Point;
  readonly stands: readonly StandState[];
  readonly target: readonly StandState[];
  readonly ok: boolean;
  readonly depth: number;
}): ReactNode {
  const map = toMap(props.depth);
  const a = map(props.from);
  const b = map(props.to);
  const rect = (s: StandState, className: string) => (
    <rect
      key={s.id}
      className={className}
      x={-s.depth / 2}
      y={-s.width / 2}
      width={s.depth}
      height={s.width}
      transform={`translate(${s.x} ${props.depth - s.y}) rotate(${-s.facing})`}
    />
  );
  return (
    <g className={`ghost attack-plan ${props.ok ? 'ok' : 'problem'}`} data-testid="attack-ghost">
      {props.target.map((s) => rect(s, 'attack-target'))}
      {props.ok ? <line className="plan-path attack-path" x1={a.x} y1={a.y} x2={b.x} y2={b.y} /> : null}
      {props.stands.map((s) => rect(s, 'ghost-stand'))}
    </g>
  );
}
