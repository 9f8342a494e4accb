import { cosDegrees, sinDegrees } from '../../../core/geometry/angles.ts';
import { rectDistance } from '../../../core/geometry/rectangles.ts';
import { type RuleRef, ruleRef } from '../../../core/rules/trace.ts';
import {
  type Anchor,
  layoutUnit,
  type BatteryLayout as NeutralBatteryLayout,
  type TroopLayout as NeutralTroopLayout,
  troopGrid as neutralTroopGrid,
  positiveInt,
  type TroopGrid,
} from '../../../core/scenario/layout.ts';
import type { NeutralBatteryFormation, NeutralTroopFormation } from '../../../core/scenario/vocabulary.ts';
import {
  type StandId,
  type UnitId,
  type UnitStandState,
  type UnitState,
  unitPlaced,
} from '../../../core/table/model.ts';
import { FORMATIONS, type Formation, jc3, jc4, musterDefault } from '../vocabulary.ts';
import { currentStatus, type JcUnitProfile, type JcUnitState, troopOf } from './unit-profile.ts';

/**
 * John Company's formations on the virtual table (Part 2, Formations; Part 3, the Form ... orders):
 * where each stand of a unit goes (the scenario format's layout, src/core/scenario/layout.ts, under
 * John Company's names), how a unit re-forms, and which formations each class of troops may use.
 * Every length is in inches; angles in degrees (see core/geometry/angles.ts).
 */

const jc1 = (section: string, item?: string) => ruleRef('John Company Part 1', section, item);

export type { Anchor } from '../../../core/scenario/layout.ts';

export const BATTERY_FORMATIONS = ['artillery-deployed', 'artillery-limbered'] as const;
export type BatteryFormation = (typeof BATTERY_FORMATIONS)[number];
export type TroopFormation = Exclude<Formation, BatteryFormation>;

/** Infantry or cavalry in a John Company formation: `standCount` identical stands (core's `TroopLayout`). */
export type TroopLayout = Omit<NeutralTroopLayout, 'formation'> & { readonly formation: TroopFormation };

/** A battery in a John Company formation (core's `BatteryLayout`). */
export type BatteryLayout = Omit<NeutralBatteryLayout, 'formation'> & {
  readonly formation: BatteryFormation;
};

export type LayoutShape = TroopLayout | BatteryLayout;

/** What `layoutFormation` lays out; `ids` as core's `LayoutRequest` takes them. */
export type LayoutRequest = LayoutShape & {
  readonly unitId: UnitId;
  readonly anchor: Anchor;
  readonly ids?: readonly StandId[];
};

/**
 * John Company's formations are the scenario format's, by other names: each troop formation's word
 * there, which the layout (src/core/scenario/layout.ts) is written in.
 */
export const TROOP_LAYOUT_OF: Readonly<Record<TroopFormation, NeutralTroopFormation>> = {
  'close-order-line': 'line',
  'open-order-line': 'open-line',
  'close-order-column': 'column',
  'open-order-column': 'open-column',
  square: 'square',
  mass: 'mass',
  'skirmish-order': 'skirmish',
};

/** Each battery formation's word in the scenario format. */
export const BATTERY_LAYOUT_OF: Readonly<Record<BatteryFormation, NeutralBatteryFormation>> = {
  'artillery-deployed': 'unlimbered',
  'artillery-limbered': 'limbered',
};

export function isBatteryFormation(f: Formation): f is BatteryFormation {
  return f === 'artillery-deployed' || f === 'artillery-limbered';
}

export function isBatteryLayout(s: LayoutShape): s is BatteryLayout {
  return isBatteryFormation(s.formation);
}

export function isFormation(f: string): f is Formation {
  return (FORMATIONS as readonly string[]).includes(f);
}

/** The grid of a troop formation (core's `troopGrid`, which cites the rules it reads). */
export function troopGrid(layout: TroopLayout): TroopGrid {
  return neutralTroopGrid({ ...layout, formation: TROOP_LAYOUT_OF[layout.formation] });
}

/**
 * The stands of a unit in `formation`, anchored on `anchor` (its front-centre and facing), by rank then
 * file, as core's `layoutUnit` lays them out (a square's "ranks" are its faces). Throws a RangeError for
 * a request the formation does not allow.
 *
 * The signature is stable: movement calls it.
 */
export function layoutFormation(request: LayoutRequest): UnitStandState[] {
  return isBatteryLayout(request)
    ? layoutUnit({ ...request, formation: BATTERY_LAYOUT_OF[request.formation] })
    : layoutUnit({ ...request, formation: TROOP_LAYOUT_OF[request.formation] });
}

/**
 * A unit's anchor: the midpoint of the front edge of its front rank (rank 0), and the unit's facing.
 * The front edge is the front-most point of the rank along the unit's facing; the midpoint is halfway
 * between the rank's left and right extremes.
 */
export function frontCentre(unit: UnitState): Anchor {
  const fx = cosDegrees(unit.facing);
  const fy = sinDegrees(unit.facing);
  const first = unit.stands[0];
  if (!first) throw new RangeError(`unit ${unit.id} has no stands`);
  const hasRank0 = unit.stands.some((s) => s.rank === 0);
  let front = Number.NEGATIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const s of unit.stands) {
    if (hasRank0 && s.rank !== 0) continue;
    // Offsets from the first stand keep the arithmetic small (and exact for square-on layouts).
    const dx = s.x - first.x;
    const dy = s.y - first.y;
    const along = dx * fx + dy * fy;
    const across = dx * fy - dy * fx;
    const c = Math.abs(cosDegrees(s.facing) * fx + sinDegrees(s.facing) * fy);
    const sn = Math.abs(sinDegrees(s.facing) * fx - cosDegrees(s.facing) * fy);
    const halfAlong = (c * s.depth + sn * s.width) / 2;
    const halfAcross = (c * s.width + sn * s.depth) / 2;
    if (along + halfAlong > front) front = along + halfAlong;
    if (across - halfAcross < left) left = across - halfAcross;
    if (across + halfAcross > right) right = across + halfAcross;
  }
  const lateral = (left + right) / 2;
  return {
    x: first.x + fy * lateral + fx * front,
    y: first.y - fx * lateral + fy * front,
    facing: unit.facing,
  };
}

/** The unit's stands in rank, then file, order. */
function inRankOrder(unit: UnitState): readonly UnitStandState[] {
  return [...unit.stands].sort((a, b) => a.rank - b.rank || a.file - b.file);
}

/**
 * The layout of an existing unit (without its anchor), read from its stands, with the stand ids in the
 * order `layoutFormation` takes them: so `layoutFormation({ ...describeLayout(u), unitId, anchor, ids })`
 * lays the same unit out again elsewhere. Troops use the first stand's size and kind.
 */
export function describeLayout(unit: UnitState): LayoutShape & { readonly ids: readonly StandId[] } {
  if (!isFormation(unit.formation)) throw new RangeError(`${unit.formation} is not a John Company formation`);
  const formation = unit.formation;
  const ordered = inRankOrder(unit);
  if (isBatteryFormation(formation)) {
    const guns = ordered.filter((s) => s.kind === 'gun');
    const gunIds = guns.map((g) => g.id);
    const crewsOf = gunIds.map((id) => ordered.filter((s) => s.kind === 'crew' && s.serves === id));
    const limbers = gunIds.map((id) => ordered.find((s) => s.kind === 'limber' && s.serves === id));
    const crewStand = crewsOf.find((c) => c.length > 0)?.[0];
    const limber = limbers.find((l) => l !== undefined);
    if (!guns[0] || !crewStand) throw new RangeError(`battery ${unit.id} needs a gun and a crew stand`);
    if (limber && limbers.some((l) => l === undefined))
      throw new RangeError(`battery ${unit.id}: a limber for every gun, or none`);
    return {
      formation,
      guns: guns.length,
      crews: crewsOf.map((c) => c.length),
      gunSize: { width: guns[0].width, depth: guns[0].depth },
      crewSize: { width: crewStand.width, depth: crewStand.depth },
      ...(limber ? { limberSize: { width: limber.width, depth: limber.depth } } : {}),
      ids: [...gunIds, ...crewsOf.flat().map((s) => s.id), ...(limber ? limbers.map((l) => l!.id) : [])],
    };
  }
  const first = ordered[0];
  if (!first || (first.kind !== 'infantry' && first.kind !== 'cavalry'))
    throw new RangeError(`unit ${unit.id} in ${formation} needs infantry or cavalry stands`);
  const base = {
    formation,
    standCount: ordered.length,
    standSize: { width: first.width, depth: first.depth },
    kind: first.kind,
    ids: ordered.map((s) => s.id),
  };
  if (formation === 'close-order-column' || formation === 'open-order-column' || formation === 'mass')
    return { ...base, files: ordered.filter((s) => s.rank === 0).length };
  if (formation === 'skirmish-order') return { ...base, ranks: new Set(ordered.map((s) => s.rank)).size };
  return base;
}

/** A new formation and (for columns, mass and skirmishers) its ranks or files. */
export type FormationTarget =
  | { readonly formation: TroopFormation; readonly ranks?: number; readonly files?: number }
  | { readonly formation: BatteryFormation };

/**
 * The unit in a new formation, its stands keeping their ids (troops in rank-then-file order: the old
 * front-left stand becomes the new front-left one; a battery's crews and limbers stay with their guns).
 * The pivot is the front-centre of the old front rank (`frontCentre`): it stays fixed unless `anchor`
 * says otherwise, and the unit keeps its facing. Throws a RangeError when the stands cannot take the
 * formation (troops into a battery formation or back, or a shape the formation does not allow);
 * whether the unit may use the formation at all is `formationAllowed`'s question.
 */
export function changeFormation(
  unit: UnitState,
  target: FormationTarget,
  anchor: Anchor = frontCentre(unit),
): UnitState {
  const old = describeLayout(unit);
  let shape: LayoutShape;
  if (isBatteryLayout(old)) {
    if (!isBatteryFormation(target.formation))
      throw new RangeError('a battery forms only artillery formations');
    shape = { ...old, formation: target.formation };
  } else {
    if (isBatteryFormation(target.formation))
      throw new RangeError('troops cannot form an artillery formation');
    const t = target as Extract<FormationTarget, { formation: TroopFormation }>;
    shape = {
      formation: t.formation,
      standCount: old.standCount,
      standSize: old.standSize,
      kind: old.kind,
      ...(t.ranks === undefined ? {} : { ranks: t.ranks }),
      ...(t.files === undefined ? {} : { files: t.files }),
    };
  }
  const stands = layoutFormation({ ...shape, unitId: unit.id, anchor, ids: old.ids });
  return unitPlaced(unit, target.formation, anchor.facing, stands);
}

// ---------------------------------------------------------------------------------------------
// Which formations each class of troops may use

/** Whether a unit may use a formation, and the rule that says so. */
export interface FormationPermission {
  readonly allowed: boolean;
  readonly rule: RuleRef;
  /** Why, in Muster's words. */
  readonly label: string;
}

const REGULAR_INFANTRY: readonly Formation[] = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
  'square',
];
const REGULAR_CAVALRY: readonly Formation[] = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
];

/**
 * Which formations a unit may use (Part 1, Unit Classification; Part 3, the Form orders and Movement
 * Rate Tables): artillery deploys or limbers; irregular infantry and cavalry fight in mass only; regular
 * infantry uses close and open order lines and columns and squares (Form Square: regular infantry
 * only), regular cavalry the lines and columns; skirmish order only for units whose Army List says so
 * (`skirmishCapable`: Form Skirmishers is for "specified units").
 */
export function formationAllowed(profile: JcUnitProfile, formation: Formation): FormationPermission {
  const t = troopOf(profile);
  if (t.arm === 'artillery') {
    const ok = isBatteryFormation(formation);
    return {
      allowed: ok,
      rule: jc1('Unit Classification', 'artillery'),
      label: ok ? 'Artillery deploys or limbers' : 'Artillery only deploys or limbers',
    };
  }
  if (!t.regular) {
    const ok = formation === 'mass';
    return {
      allowed: ok,
      rule: jc1('Unit Classification', `irregular ${t.arm}: mass only`),
      label: ok ? `Irregular ${t.arm} fights in mass` : `Irregular ${t.arm} fights in mass only`,
    };
  }
  if (formation === 'skirmish-order') {
    const ok = profile.skirmishCapable === true;
    return {
      allowed: ok,
      rule: jc3('Definitions Of Unit Orders', 'Form Skirmishers: specified units only'),
      label: ok ? 'Its Army List lets it skirmish' : 'Its Army List does not let it skirmish',
    };
  }
  const list = t.arm === 'infantry' ? REGULAR_INFANTRY : REGULAR_CAVALRY;
  const ok = list.includes(formation);
  return {
    allowed: ok,
    rule:
      formation === 'square'
        ? jc3('Definitions Of Unit Orders', 'Form Square: regular infantry')
        : jc1('Unit Classification', `regular ${t.arm}`),
    label: ok ? `Regular ${t.arm} may form ${formation}` : `Regular ${t.arm} may not form ${formation}`,
  };
}

/** Close order for reaction positive 8 and Confrontation: close-order line, column or square. */
export function isCloseOrder(formation: Formation): boolean {
  return formation === 'close-order-line' || formation === 'close-order-column' || formation === 'square';
}

/** Open order for the Confrontation modifier (-2): the gapped line and column. */
export function isOpenOrder(formation: Formation): boolean {
  return formation === 'open-order-line' || formation === 'open-order-column';
}

// ---------------------------------------------------------------------------------------------
// Light companies (Part 4, Skirmishers: light infantry companies)

/** A light company stays within this many inches of its parent battalion. */
export const LIGHT_COMPANY_REACH = 12;
const LIGHT_COMPANY_RULE = jc4('Skirmishers', 'light infantry companies');

/** Whether a battalion may send out its light company now, and every reason it may not. */
export interface LightCompanyPermission {
  readonly allowed: boolean;
  readonly rule: RuleRef;
  readonly reasons: readonly string[];
}

/** The fewest stands of a light company that may skirmish. */
const LIGHT_COMPANY_FEWEST_STANDS = 2;

/** Only regular infantry battalions have light companies. */
function hasLightCompanyTroop(profile: JcUnitProfile): boolean {
  const t = troopOf(profile);
  return t.arm === 'infantry' && t.regular;
}

/**
 * Whether a unit's profile lets it send out a light company at all, whatever its state: regular
 * infantry with a light company of at least 2 stands (`mayDeployLightCompany` refuses every other unit).
 */
export function hasLightCompany(profile: JcUnitProfile): boolean {
  return hasLightCompanyTroop(profile) && (profile.lightCompanyStands ?? 0) >= LIGHT_COMPANY_FEWEST_STANDS;
}

/**
 * Whether a line battalion may deploy its light company as a skirmishing sub-unit: regular infantry
 * with a light company of at least 2 stands (and more stands than that in the unit), not on a
 * mandatory move, not the target of a launched charge, and Steady or better.
 */
export function mayDeployLightCompany(
  profile: JcUnitProfile,
  state: JcUnitState,
  unit: UnitState,
): LightCompanyPermission {
  const reasons: string[] = [];
  const company = profile.lightCompanyStands ?? 0;
  if (!hasLightCompanyTroop(profile)) reasons.push('only regular infantry battalions have light companies');
  if (company < LIGHT_COMPANY_FEWEST_STANDS)
    reasons.push(`fewer than ${LIGHT_COMPANY_FEWEST_STANDS} stands of it may skirmish`);
  else if (unit.stands.length <= company) reasons.push('the battalion has no stands to spare');
  if (state.mandatoryMove) reasons.push(`it is on a mandatory move (${state.mandatoryMove})`);
  if (state.chargedBy && state.chargedBy.length > 0) reasons.push('it is being charged');
  const status = currentStatus(profile, state);
  if (status === 'Shaken' || status === 'Wavering' || status === 'Panicked')
    reasons.push(`it is ${status}, not Steady or better`);
  return { allowed: reasons.length === 0, rule: LIGHT_COMPANY_RULE, reasons };
}

/**
 * The light company sent out: its `stands` (the battalion's last stands in rank-then-file order, i.e.
 * from the rear) become unit `companyId` in skirmish order anchored on `anchor`; the battalion closes up
 * in its formation about its front-centre. The company keeps the side and the stand ids.
 */
export function detachLightCompany(
  parent: UnitState,
  stands: number,
  companyId: UnitId,
  anchor: Anchor,
  ranks: 1 | 2 = 1,
): { readonly parent: UnitState; readonly company: UnitState } {
  const old = describeLayout(parent);
  if (isBatteryLayout(old)) throw new RangeError('a battery has no light company');
  positiveInt(stands, 'stands');
  if (stands >= old.standCount)
    throw new RangeError(`the battalion has ${old.standCount} stands, ${stands} cannot leave`);
  const keep = old.ids.slice(0, old.standCount - stands);
  const leave = old.ids.slice(old.standCount - stands);
  const rest = troopShape(old, old.formation, keep.length);
  const parentStands = layoutFormation({
    ...rest,
    unitId: parent.id,
    anchor: frontCentre(parent),
    ids: keep,
  });
  const companyStands = layoutFormation({
    formation: 'skirmish-order',
    standCount: stands,
    standSize: old.standSize,
    kind: old.kind,
    ranks,
    unitId: companyId,
    anchor,
    ids: leave,
  });
  return {
    parent: unitPlaced(parent, parent.formation, parent.facing, parentStands),
    company: {
      id: companyId,
      side: parent.side,
      formation: 'skirmish-order',
      facing: anchor.facing,
      stands: companyStands,
    },
  };
}

/** The light company back in its battalion: its stands rejoin at the rear, the battalion re-formed about its front-centre. */
export function rejoinLightCompany(parent: UnitState, company: UnitState): UnitState {
  const old = describeLayout(parent);
  if (isBatteryLayout(old)) throw new RangeError('a battery has no light company');
  const ids = [...old.ids, ...inRankOrder(company).map((s) => s.id)];
  const shape = troopShape(old, old.formation, ids.length);
  const stands = layoutFormation({ ...shape, unitId: parent.id, anchor: frontCentre(parent), ids });
  return unitPlaced(parent, parent.formation, parent.facing, stands);
}

/** The same troop formation with another stand count (a column or mass keeps its frontage where it can). */
function troopShape(old: TroopLayout, formation: TroopFormation, standCount: number): TroopLayout {
  const base = { formation, standCount, standSize: old.standSize, kind: old.kind };
  if (old.files !== undefined) {
    const files = Math.min(old.files, standCount);
    if (formation === 'mass') return { ...base, files };
    // A column must stay a column: narrow it to a road column when the frontage no longer fits.
    const ranks = Math.ceil(standCount / files);
    return { ...base, files: files > 2 && ranks <= files ? Math.min(2, standCount) : files };
  }
  if (old.ranks !== undefined) return { ...base, ranks: Math.min(old.ranks, standCount) };
  return base;
}

/** How far a light company is from its battalion: the farthest of its stands from the battalion's nearest stand. */
export interface LightCompanyReach {
  readonly inReach: boolean;
  /** Inches, edge to edge. */
  readonly farthest: number;
  readonly rule: RuleRef;
}

/** Whether every stand of the light company is within 12" (edge to edge) of some stand of its battalion. */
export function lightCompanyReach(parent: UnitState, company: UnitState): LightCompanyReach {
  let farthest = 0;
  for (const c of company.stands) {
    let nearest = Number.POSITIVE_INFINITY;
    for (const p of parent.stands) nearest = Math.min(nearest, rectDistance(c, p));
    farthest = Math.max(farthest, nearest);
  }
  return {
    inReach: farthest <= LIGHT_COMPANY_REACH + 1e-9,
    farthest,
    rule: musterDefault('Light companies', 'within 12" = every stand within 12" of a stand of the battalion'),
  };
}
