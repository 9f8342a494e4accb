import type { ReactNode } from 'react';
import type { TableState } from '../../core/table/model.ts';
import type { UnitView } from '../../game/john-company/view.ts';
import type { PlannedStand } from '../../protocol/api.ts';
import { closedPath, openPath } from '../table/paths.ts';
import { toMap } from '../table/Terrain.tsx';
import {
  fireSector,
  frontOf,
  groundAhead,
  isArtilleryWeapon,
  moveAndCharge,
  rangeBandsOf,
  unitMiddle,
} from './reach.ts';
import type { SightLine } from './sight.ts';
import { StandOutline } from './Units.tsx';

/** Which overlays the player wants for the selected unit. */
export interface OverlayChoice {
  readonly ranges: boolean;
  readonly sight: boolean;
  readonly charge: boolean;
}

/**
 * The selected unit's overlays in map coordinates: its outline, its weapon's range bands (the ground
 * ahead of its front within each band; artillery within its 60-degree arc), its charge reach (Normal
 * Move plus Charge Bonus ahead, for troops with a Charge Bonus) and its lines of sight to enemy units (solid: seen; dashed: blocked).
 */
export function SelectionOverlay(props: {
  readonly table: TableState;
  readonly unit: string;
  readonly info: UnitView | undefined;
  readonly choice: OverlayChoice;
  readonly sight: readonly SightLine[];
}): ReactNode {
  const unit = props.table.units[props.unit];
  if (!unit) return null;
  const map = toMap(props.table.depth);
  const front = frontOf(unit);
  const weapon = props.info?.profile.weapon;
  const artillery = weapon !== undefined && isArtilleryWeapon(weapon);
  const { bands, minimum } = weapon ? rangeBandsOf(weapon) : { bands: [] };
  const reach = props.info ? moveAndCharge(props.info.profile.troop, unit.formation) : undefined;
  const from = map(unitMiddle(unit));
  return (
    <g className="selection-overlay">
      {props.choice.ranges
        ? [...bands].reverse().map(({ band, limit }) => (
            <path
              key={band}
              className={`range-band band-${band}`}
              d={closedPath(
                (artillery
                  ? fireSector(front, limit, undefined, minimum ?? 0)
                  : groundAhead(front, limit)
                ).map(map),
              )}
            >
              <title>{`${band.replace('-', ' ')} range: up to ${limit}"`}</title>
            </path>
          ))
        : null}
      {props.choice.charge && reach && reach.chargeBonus > 0 ? (
        <path
          className="charge-reach"
          d={closedPath(groundAhead(front, reach.move + reach.chargeBonus).map(map))}
        >
          <title>{`Charge reach: ${reach.move}" move + ${reach.chargeBonus}" Charge Bonus`}</title>
        </path>
      ) : null}
      {props.choice.sight
        ? props.sight.map((line) => {
            const target = props.table.units[line.target];
            if (!target) return null;
            const to = map(unitMiddle(target));
            return (
              <line
                key={line.target}
                className={line.visible ? 'sight seen' : 'sight blocked'}
                x1={from.x}
                y1={from.y}
                x2={to.x}
                y2={to.y}
              />
            );
          })
        : null}
      {unit.stands.map((s) => (
        <StandOutline key={s.id} stand={s} depth={props.table.depth} className="selected-stand" />
      ))}
    </g>
  );
}

/** A planned move's end (a ghost of the stands) and the path of the unit's centre. */
export function PlanGhost(props: {
  readonly depth: number;
  readonly stands: readonly PlannedStand[];
  readonly path: readonly { readonly x: number; readonly y: number }[];
  readonly ok: boolean;
}): ReactNode {
  const map = toMap(props.depth);
  return (
    <g className={`ghost plan ${props.ok ? 'ok' : 'problem'}`}>
      {props.path.length > 1 ? <path className="plan-path" d={openPath(props.path.map(map))} /> : null}
      {props.stands.map((s) => (
        <StandOutline key={s.id} stand={s} depth={props.depth} className="ghost-stand" />
      ))}
    </g>
  );
}
