import type { GeneralId, UnitId } from '../../core/table/model.ts';
import type {
  JcForces,
  JcGeneralProfile,
  JcUnitProfile,
  JcUnitState,
} from '../../rulesets/john-company/table/unit-profile.ts';
import { orderType } from '../../rulesets/john-company/tables/orders.ts';
import type { JcGameState, JcGeneral, JcScenarioFacts, JcUnit } from './state.ts';

/**
 * The bridge from the game state to the virtual table's facts (`JcTableFacts`,
 * table/facts/table-facts.ts): each unit's profile and state, and each General's ratings, as `JcForces`.
 */

/**
 * The fields of a unit the forces read (`forcesOf`, `unitFactsState`): a unit's record, or a side's
 * view of it (whose counter and forced order are no part of them), serves as it is.
 */
export type ForcesUnit = Pick<
  JcUnit,
  | 'id'
  | 'profile'
  | 'commander'
  | 'status'
  | 'lastStatus'
  | 'disordered'
  | 'order'
  | 'mandatoryMove'
  | 'standsLostSinceCheck'
  | 'inConfrontation'
  | 'fired'
  | 'smallArmsFireSinceCheck'
  | 'artilleryFireSinceCheck'
  | 'wonConfrontationTurn'
  | 'moved'
  | 'chargedBy'
>;

/** The parts of the game state the forces depend on. */
export interface ForcesSource extends Pick<JcGameState, 'generals' | 'turn' | 'scenario'> {
  readonly units: Readonly<Record<UnitId, ForcesUnit>>;
}

/** A General who can give orders and measure a Command Radius: on the table and not a casualty. */
export function isActiveGeneral(g: JcGeneral | undefined): g is JcGeneral {
  return g !== undefined && (g.casualty === 'none' || g.casualty === 'injured') && g.replacedBy === undefined;
}

/**
 * The General a unit answers to now: its own, or his replacement, or (while neither is on the table)
 * the next General up his chain of command (Muster reading "Orders: a lost General's units").
 */
export function effectiveCommander(
  generals: Readonly<Record<GeneralId, JcGeneral>>,
  commander: GeneralId,
): GeneralId | undefined {
  let id: GeneralId | undefined = commander;
  for (let guard = 0; id !== undefined && guard < 32; guard++) {
    const g: JcGeneral | undefined = generals[id];
    if (!g) return undefined;
    if (g.replacedBy !== undefined) {
      id = g.replacedBy;
      continue;
    }
    if (isActiveGeneral(g)) return id;
    id = (g as JcGeneral).superior;
  }
  return undefined;
}

/**
 * A General's Command Radius this turn (rules-facts gap 1; Commanders' Events 5/6, 7-8/1 and 7-8/4):
 * the scenario's value for his Generalship, the C-in-C's bonus, less 3" per courier lost, halved by an
 * event this turn, never below 0.
 */
export function commandRadius(scenario: JcScenarioFacts, g: JcGeneral): number {
  let r = scenario.commandRadius[g.generalship];
  if (g.rank === 'commander-in-chief') r += scenario.commanderInChiefBonus;
  r -= 3 * g.couriersLost;
  if (g.radiusHalved) r /= 2;
  return Math.max(0, r);
}

const factsStates = new WeakMap<ForcesUnit, { readonly turn: number; readonly state: JcUnitState }>();

/**
 * The unit's state as the table's facts read it (worked out once per unit record, or view of one, and
 * turn: a side's view shows its own units' records themselves, so it shares their states).
 */
export function unitFactsState(unit: ForcesUnit, turn: number): JcUnitState {
  const known = factsStates.get(unit);
  if (known?.turn === turn) return known.state;
  const state = factsStateOf(unit, turn);
  factsStates.set(unit, { turn, state });
  return state;
}

function factsStateOf(unit: ForcesUnit, turn: number): JcUnitState {
  // Every field written, in JcUnitState's order, undefined where it does not apply (as if absent): every
  // unit's state then has the one shape, and the facts that read states, unit after unit, meet no new
  // shape when a unit is first disordered or fired at (the optimising compiler throws its code away at
  // each new shape). One literal, no copies: this runs for every unit whose record changed.
  return {
    status: unit.status || undefined,
    lastStatus: unit.lastStatus || undefined,
    disordered: unit.disordered ? true : undefined,
    orders: unit.order === undefined ? 'without-orders' : orderType(unit.order),
    mandatoryMove: unit.mandatoryMove || undefined,
    standsLostSinceLastCheck: unit.standsLostSinceCheck > 0 ? unit.standsLostSinceCheck : undefined,
    committed: unit.inConfrontation || unit.fired ? true : undefined,
    targetOfSmallArmsFire: unit.smallArmsFireSinceCheck ? true : undefined,
    targetOfArtilleryFire: unit.artilleryFireSinceCheck ? true : undefined,
    wonConfrontation:
      unit.wonConfrontationTurn !== undefined && unit.wonConfrontationTurn >= turn - 1 ? true : undefined,
    moving: unit.moved ? true : undefined,
    dismounted: undefined,
    chargedBy: unit.chargedBy.length > 0 ? unit.chargedBy : undefined,
  };
}

/** Every unit on the table and every General, as the table's facts take them. */
export function forcesOf(source: ForcesSource, onTable: (id: UnitId) => boolean): JcForces {
  const profiles: Record<UnitId, JcUnitProfile> = {};
  const states: Record<UnitId, JcUnitState> = {};
  for (const unit of Object.values(source.units)) {
    if (!onTable(unit.id)) continue;
    profiles[unit.id] = profileUnder(unit.profile, effectiveCommander(source.generals, unit.commander));
    states[unit.id] = unitFactsState(unit, source.turn);
  }
  const generals: Record<GeneralId, JcGeneralProfile> = {};
  for (const g of Object.values(source.generals))
    if (isActiveGeneral(g)) generals[g.id] = generalProfile(source.scenario, g);
  return { profiles, states, generals };
}

/**
 * `forces` with the profile and state of each unit of `changed` that is on the table worked out again
 * from `source` (the same as `forcesOf` would give, while the units on the table, the turn and the
 * Generals' forces fields are those `forces` were built from, and no other unit changed).
 */
export function forcesWith(
  forces: JcForces,
  source: ForcesSource,
  changed: Iterable<UnitId>,
  onTable: (id: UnitId) => boolean,
): JcForces {
  // Each record is copied once, and only when one of its entries changes.
  let profiles: Record<UnitId, JcUnitProfile> | undefined;
  let states: Record<UnitId, JcUnitState> | undefined;
  for (const id of changed) {
    const unit = source.units[id];
    if (!unit || !onTable(id)) continue;
    const profile = profileUnder(unit.profile, effectiveCommander(source.generals, unit.commander));
    if (profile !== forces.profiles[id]) {
      profiles ??= { ...forces.profiles };
      profiles[id] = profile;
    }
    const state = unitFactsState(unit, source.turn);
    if (state !== forces.states?.[id]) {
      states ??= { ...forces.states };
      states[id] = state;
    }
  }
  if (!profiles && !states) return forces;
  const next: { -readonly [K in keyof JcForces]: JcForces[K] } = { ...forces };
  if (profiles) next.profiles = profiles;
  if (states) next.states = states;
  return next;
}

/**
 * General fields the forces read: his ratings and Command Radius (`generalProfile`), and whom his units
 * answer to (`effectiveCommander`). Orders drawn and used, activation and the like change nothing there.
 */
export const GENERAL_FORCES_FIELDS: readonly (keyof JcGeneral)[] = [
  'rank',
  'superior',
  'generalship',
  'leadership',
  'casualty',
  'couriersLost',
  'radiusHalved',
  'replacedBy',
];

/** Whether two states of a General give the same forces (`GENERAL_FORCES_FIELDS`). */
export function sameGeneralForces(a: JcGeneral, b: JcGeneral): boolean {
  if (a === b) return true;
  for (const k of GENERAL_FORCES_FIELDS) if (a[k] !== b[k]) return false;
  return true;
}

const profilesUnder = new WeakMap<JcUnitProfile, Map<GeneralId | undefined, JcUnitProfile>>();

/** The unit's profile answering to `general` (one object per profile and General, made once). */
function profileUnder(p: JcUnitProfile, general: GeneralId | undefined): JcUnitProfile {
  if (general === p.general) return p;
  let byGeneral = profilesUnder.get(p);
  if (!byGeneral) {
    byGeneral = new Map();
    profilesUnder.set(p, byGeneral);
  }
  let under = byGeneral.get(general);
  if (!under) {
    under = general === undefined ? withoutGeneral(p) : { ...p, general };
    byGeneral.set(general, under);
  }
  return under;
}

function withoutGeneral(p: JcUnitProfile): JcUnitProfile {
  const { general: _general, ...rest } = p;
  return rest;
}

const generalProfiles = new WeakMap<
  JcGeneral,
  { readonly scenario: JcScenarioFacts; readonly profile: JcGeneralProfile }
>();

/** A General's ratings and Command Radius as the table's facts take them (made once per General state). */
function generalProfile(scenario: JcScenarioFacts, g: JcGeneral): JcGeneralProfile {
  const known = generalProfiles.get(g);
  if (known?.scenario === scenario) return known.profile;
  const profile: JcGeneralProfile = {
    leadership: g.leadership,
    generalship: g.generalship,
    ...(g.rank === 'commander-in-chief' ? { commanderInChief: true } : {}),
    commandRadius: commandRadius(scenario, g),
  };
  generalProfiles.set(g, { scenario, profile });
  return profile;
}
