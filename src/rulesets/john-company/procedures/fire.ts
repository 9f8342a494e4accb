import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { eventDie, randomFactor } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import {
  type AppliedModifier,
  applyModifiers,
  defineModifierTable,
  type ModifierTable,
} from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { RuleRef, Trace } from '../../../core/rules/trace.ts';
import {
  ARTILLERY_COVER_MODIFIER,
  ARTILLERY_MODIFIERS,
  ARTILLERY_RANGE_MODIFIER,
  ARTILLERY_RANGE_TABLE,
  ARTILLERY_STATUS_MODIFIER,
  ARTILLERY_TARGET_MODIFIER,
  ARTILLERY_WEAPON_MODIFIER,
  ARTILLERY_WEAPONS,
  type ArtilleryModifierId,
  type ArtilleryWeapon,
} from '../tables/artillery.ts';
import {
  BELOW_MINIMUM,
  BEYOND_EXTREME,
  bandIndexFor,
  FIRING_TABLE_COLUMNS,
  firingTableCell,
  firingTableLosses,
  firingTableRow,
  type RangeLimits,
  TARGET_COVERS,
  type TargetCover,
  type TargetRow,
} from '../tables/firing-table.ts';
import {
  SMALL_ARMS_COVER_MODIFIER,
  SMALL_ARMS_MODIFIERS,
  SMALL_ARMS_RANGE_MODIFIER,
  SMALL_ARMS_RANGE_TABLE,
  SMALL_ARMS_STATUS_MODIFIER,
  SMALL_ARMS_TARGET_MODIFIER,
  SMALL_ARMS_WEAPON_DEFS,
  SMALL_ARMS_WEAPONS,
  type SmallArmsModifierId,
  type SmallArmsWeapon,
} from '../tables/small-arms.ts';
import {
  ARMS,
  type Arm,
  FORMATIONS,
  type Formation,
  jc4,
  musterDefault,
  RANGE_BANDS,
  type RangeBand,
  RESOLVE_STATUSES,
  type ResolveStatus,
} from '../vocabulary.ts';

// ---------------------------------------------------------------------------------------------
// Facts

/** Enfilade: fire from within 10° of the end of a line or the flank of a column. */
export interface EnfiladeFacts {
  /** Ranks of stands in the target: the firer may use 2 stands per rank (3 against cavalry or artillery). */
  readonly targetRanks: number;
  readonly targetArm: Arm;
}

/** The target is a skirmish screen with a formed unit 3" or less behind it, which takes every other casualty. */
export interface ScreeningFacts {
  /** Stands in the screened unit (caps its losses); omit if not limited. */
  readonly screenedStands?: number;
}

/** What the target is, for the target-formation and cover modifiers and the loss caps. */
export interface FireTargetFacts {
  readonly targetFormation: Formation;
  readonly targetDisordered?: boolean;
  /** Train troops (wagons, bullocks, followers): the crews-or-train row, whatever the formation. */
  readonly targetIsTrain?: boolean;
  readonly targetCover?: TargetCover;
  /** Stands in the target: its losses never exceed this. */
  readonly targetStands?: number;
  readonly screening?: ScreeningFacts;
  readonly enfilade?: EnfiladeFacts;
  /** Overrides the open-order target modifier (Muster default −2). */
  readonly openOrderTargetModifier?: number;
}

interface FirerFacts {
  readonly resolveLevel: number;
  readonly status: ResolveStatus;
  readonly disordered?: boolean;
  readonly moving?: boolean;
  /** The firer was blinded by dust or smoke (an event): its Final Fire Factor is halved for this shot. */
  readonly blinded?: boolean;
}

interface RangeFacts {
  /** The range band, when the referee gives it (exactly one of `range` and `distance`). */
  readonly range?: RangeBand;
  /** Distance in inches, front edge to front edge; the band is looked up for the weapon. */
  readonly distance?: number;
}

/** Small-arms fire facts without the range (as a defenders' volley takes them). */
export interface SmallArmsVolleyFacts extends FirerFacts, FireTargetFacts {
  readonly weapon: SmallArmsWeapon;
  readonly mounted?: boolean;
  /** Stands firing, counted by the referee (give this or `frontRankStands`). */
  readonly standsFiring?: number;
  /** Stands in the firer's front rank that bear on the target: firearms fire with these only. */
  readonly frontRankStands?: number;
  /** Stands in its second rank that bear: bows and javelins fire with these too. */
  readonly secondRankStands?: number;
  /** Overrides the weapon modifier (Muster defaults: percussion rifle −4, swivel gun −5). */
  readonly weaponModifier?: number;
}

export interface SmallArmsFireFacts extends SmallArmsVolleyFacts, RangeFacts {}

/** What every artillery shot needs besides its target's formation (counter-battery shares these). */
export interface ArtilleryShotFacts extends FirerFacts {
  readonly weapon: ArtilleryWeapon;
  /** Crew stands of the guns in the front rank that bear on the target (the gun models do not count). */
  readonly crewStands: number;
  readonly nativeIrregularCrew?: boolean;
  readonly targetCover?: TargetCover;
  /** Overrides the disordered-battery modifier (Muster default −4). */
  readonly disorderedBatteryModifier?: number;
}

export interface ArtilleryVolleyFacts extends ArtilleryShotFacts, FireTargetFacts {}

export interface ArtilleryFireFacts extends ArtilleryVolleyFacts, RangeFacts {}

// ---------------------------------------------------------------------------------------------
// Result

export const NO_FIRE_REASONS = [
  'status-may-not-fire',
  'beyond-extreme-range',
  'inside-minimum-range',
  'no-such-band',
  'no-stands-firing',
] as const;
export type NoFireReason = (typeof NO_FIRE_REASONS)[number];

export interface FireResult {
  readonly fired: boolean;
  /** Why the unit could not fire (null when it fired). */
  readonly noFire: NoFireReason | null;
  readonly band: RangeBand | null;
  readonly standsFiring: number;
  /** The Final Fire Factor (after halving if blinded); 0 when it did not fire. */
  readonly fff: number;
  /** The Firing Table row read: 1..27, or 0 when the FFF was 0 or less (no loss). */
  readonly tableRow: number;
  readonly randomFactor: number;
  /** The Event Die showed 1: an Event for the target. */
  readonly event: boolean;
  /** Casualties read from the Firing Table, before the caps. */
  readonly tableLosses: number;
  /** Stands removed in all, on the target and the unit it screens. */
  readonly standsLost: number;
  readonly targetStandsLost: number;
  /** The target skirmishers screen a formed unit, which shares the losses. */
  readonly screened: boolean;
  /** Stands removed from the unit screened by the target skirmishers (0 when not screened). */
  readonly screenedStandsLost: number;
}

export const NO_FIRE_LABELS: Readonly<Record<NoFireReason, string>> = {
  'status-may-not-fire': 'its Resolve Status allows no fire',
  'beyond-extreme-range': 'the target is beyond extreme range',
  'inside-minimum-range': "the target is inside the mortar's minimum range",
  'no-such-band': 'the weapon has no such range band',
  'no-stands-firing': 'no stands can fire',
};

// ---------------------------------------------------------------------------------------------
// Shared machinery

/**
 * The tables each kind of fire reads, held in module-local objects: the hot path then reads plain
 * properties rather than imported bindings (which module loaders such as tsx and vitest turn into
 * getters). `applied` holds one constant applied-modifier object per id.
 */
interface FireScheme<Id extends string> {
  readonly table: ModifierTable<Id>;
  readonly applied: Readonly<Record<Id, AppliedModifier<Id>>>;
  readonly cover: Readonly<Record<TargetCover, Id | null>>;
  readonly target: Readonly<Record<TargetRow, Id>>;
  readonly range: Readonly<Record<RangeBand, Id>>;
  readonly status: Readonly<Record<ResolveStatus, Id | null>>;
  /** This shot's applied modifiers, refilled on every shot (resolving is synchronous). */
  readonly list: AppliedModifier<Id>[];
}

function scheme<Id extends string>(
  table: ModifierTable<Id>,
  maps: Pick<FireScheme<Id>, 'cover' | 'target' | 'range' | 'status'>,
): FireScheme<Id> {
  const applied = {} as Record<Id, AppliedModifier<Id>>;
  for (const m of table.modifiers) applied[m.id] = Object.freeze({ id: m.id });
  return { table, applied, ...maps, list: [] };
}

const SA: FireScheme<SmallArmsModifierId> = scheme(SMALL_ARMS_MODIFIERS, {
  cover: SMALL_ARMS_COVER_MODIFIER,
  target: SMALL_ARMS_TARGET_MODIFIER,
  range: SMALL_ARMS_RANGE_MODIFIER,
  status: SMALL_ARMS_STATUS_MODIFIER,
});
const ART: FireScheme<ArtilleryModifierId> = scheme(ARTILLERY_MODIFIERS, {
  cover: ARTILLERY_COVER_MODIFIER,
  target: ARTILLERY_TARGET_MODIFIER,
  range: ARTILLERY_RANGE_MODIFIER,
  status: ARTILLERY_STATUS_MODIFIER,
});

const overrideTables = new Map<ModifierTable, Map<string, Map<number, ModifierTable>>>();
/** `table` with modifier `id` given the value `value` (set in the facts); memoised. */
function withValue<Id extends string>(table: ModifierTable<Id>, id: Id, value: number): ModifierTable<Id> {
  let byId = overrideTables.get(table);
  if (!byId) {
    byId = new Map();
    overrideTables.set(table, byId);
  }
  let byValue = byId.get(id);
  if (!byValue) {
    byValue = new Map();
    byId.set(id, byValue);
  }
  let t = byValue.get(value) as ModifierTable<Id> | undefined;
  if (!t) {
    t = defineModifierTable({
      id: `${table.id}:${id}=${value}`,
      title: table.title,
      source: table.source,
      modifiers: table.modifiers.map((m) =>
        m.id === id ? { ...m, value, label: `${m.label}: value set in the facts` } : m,
      ),
    });
    byValue.set(value, t as ModifierTable);
  }
  return t;
}

/**
 * Adds the shot's modifiers (`s.list`, in table order) to `total` through `applyModifiers`, in one
 * call; a modifier whose value the facts set (`idA` = `valueA`, `idB` = `valueB`) goes through a
 * copy of the table with that value (only then are sub-lists allocated).
 */
function applyShot<Id extends string>(
  s: FireScheme<Id>,
  total: number,
  idA: Id,
  valueA: number | undefined,
  idB: Id,
  valueB: number | undefined,
  dice: DiceSource,
  trace: Trace | undefined,
): number {
  const list = s.list;
  if (valueA === undefined && valueB === undefined) return applyModifiers(s.table, list, total, dice, trace);
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const id = list[i]!.id;
    const v = id === idA ? valueA : id === idB ? valueB : undefined;
    if (v === undefined) continue;
    if (i > start) total = applyModifiers(s.table, list.slice(start, i), total, dice, trace);
    total = applyModifiers(withValue(s.table, id, v), list.slice(i, i + 1), total, dice, trace);
    start = i + 1;
  }
  if (start < list.length) total = applyModifiers(s.table, list.slice(start), total, dice, trace);
  return total;
}

/** The target-formation row of the fire modifiers (see the docs for the readings). */
export function targetRowFor(target: FireTargetFacts): TargetRow {
  if (target.targetIsTrain) return 'crews-or-train';
  const f = target.targetFormation;
  if (f === 'skirmish-order') return 'skirmishers';
  if (f === 'artillery-deployed' || f === 'artillery-limbered') return 'crews-or-train';
  if (target.targetDisordered) return 'disordered';
  switch (f) {
    case 'close-order-column':
    case 'square':
      return 'column-square-or-enfiladed-line';
    case 'close-order-line':
      return target.enfilade ? 'column-square-or-enfiladed-line' : 'close-order-line';
    case 'open-order-line':
    case 'open-order-column':
      return target.enfilade ? 'column-square-or-enfiladed-line' : 'open-order';
    default:
      return 'mass';
  }
}

/** Stands the enfilading unit may fire with per rank of the target. */
export function enfiladeStandsPerRank(targetArm: Arm): 2 | 3 {
  return targetArm === 'infantry' ? 2 : 3;
}

const ENFILADE_RULE = jc4('Enfilade Fire');
const RANGE_RULE = jc4('Using The Fire Table', 'range front edge to front edge');
const ABLE_RULE = jc4('Troops And Figures Able To Fire');

/** Band index from the facts (a given band the weapon lacks is `NO_SUCH_BAND`). */
const NO_SUCH_BAND = -3;
function bandIndexFromFacts(row: RangeLimits, facts: RangeFacts, trace: Trace | undefined): number {
  if (facts.range !== undefined) {
    const i = RANGE_BANDS.indexOf(facts.range);
    const ok = row.limits[i] !== null;
    trace?.add({ rule: RANGE_RULE, label: `Range band given (${row.label})`, value: facts.range });
    return ok ? i : NO_SUCH_BAND;
  }
  const d = facts.distance ?? 0;
  const i = bandIndexFor(row, d);
  trace?.add({
    rule: RANGE_RULE,
    label: `Range band for ${measureText(d)}" (${row.label})`,
    value: i >= 0 ? RANGE_BANDS[i]! : i === BELOW_MINIMUM ? 'inside minimum range' : 'beyond extreme range',
  });
  return i;
}

function reasonForBand(i: number): NoFireReason {
  return i === BEYOND_EXTREME
    ? 'beyond-extreme-range'
    : i === BELOW_MINIMUM
      ? 'inside-minimum-range'
      : 'no-such-band';
}

/** The result of a shot that is not fired. */
export function noFire(reason: NoFireReason, band: RangeBand | null, standsFiring: number): FireResult {
  return {
    fired: false,
    noFire: reason,
    band,
    standsFiring,
    fff: 0,
    tableRow: 0,
    randomFactor: 0,
    event: false,
    tableLosses: 0,
    standsLost: 0,
    targetStandsLost: 0,
    screened: false,
    screenedStandsLost: 0,
  };
}

/** Caps `n` at `perRank` stands per target rank when the fire is enfilade (`targetRanks` > 0). */
function capForEnfilade(n: number, targetRanks: number, perRank: number, trace: Trace | undefined): number {
  if (targetRanks <= 0) return n;
  const capped = Math.min(n, targetRanks * perRank);
  trace?.add({
    rule: ENFILADE_RULE,
    label: `Enfilade: at most ${perRank} stands per target rank × ${targetRanks}`,
    value: capped,
  });
  return capped;
}

/** The rules a kind of fire cites for its dice and the blinding event. */
export interface FireRules {
  readonly randomFactor: RuleRef;
  readonly eventDie: RuleRef;
  readonly blinded: RuleRef;
}

const SMALL_ARMS_RULES: FireRules = {
  randomFactor: jc4('Small Arms Fire Modifiers', '7. chance factor'),
  eventDie: jc4('Small Arms Fire Modifiers', '8. event dice'),
  blinded: jc4('Infantry and Cavalry Events Tables', '47-49 blinded by dust or smoke'),
};
const ARTILLERY_RULES: FireRules = {
  randomFactor: jc4('Artillery Fire Modifiers', '8. random factor'),
  eventDie: jc4('Artillery Fire Modifiers', '9. event dice'),
  blinded: jc4('Artillery Events Table', '32-45 blinded by its own smoke'),
};
const TABLE_RULE = jc4('Using The Fire Table');
const EVENT_DIE = eventDie(1);
const SCREEN_RULE = jc4('Skirmishers', 'screened units take every other casualty');
const CAP_RULE = musterDefault('Fire', 'losses never exceed the stands present');

/**
 * A shot before its dice: everything that depends only on the facts. `total` is the Resolve Level with
 * every modifier, before the Random Factor. Preparing a procedure aims once; each throw then shoots.
 */
export interface Aim {
  readonly aimed: true;
  readonly rules: FireRules;
  readonly band: RangeBand;
  readonly standsFiring: number;
  readonly total: number;
  readonly blinded: boolean;
  readonly targetStands: number | undefined;
  readonly screening: ScreeningFacts | undefined;
}

/** An aimed shot, or the result of a shot that cannot be fired. */
export type Aiming = Aim | FireResult;

export function isAim(a: Aiming): a is Aim {
  return (a as Aim).aimed === true;
}

/** The fire modifiers are all points, never dice: aiming throws nothing. */
const NO_DICE: DiceSource = {
  roll(_spec, key) {
    throw new Error(`aiming a shot throws no dice (asked for "${key}")`);
  },
};

/**
 * The common end of every shot: Random Factor and Event Die, halving if blinded, the Firing Table
 * (columns of 10), skirmisher screening and the caps at the stands present. A shot that cannot be
 * fired is returned as it is, throwing nothing.
 */
export function shoot(aiming: Aiming, dice: DiceSource, trace?: Trace): FireResult {
  if (!isAim(aiming)) return aiming;
  const { rules, band, standsFiring, total, blinded, targetStands, screening } = aiming;
  const rf = dice.roll(randomFactor, 'randomFactor');
  let fff = total + rf;
  trace?.add({
    rule: rules.randomFactor,
    label: 'Random Factor',
    delta: rf,
    total: fff,
    roll: 'randomFactor',
  });
  const event = dice.roll(EVENT_DIE, 'eventDie') === 1;
  trace?.add({
    rule: rules.eventDie,
    label: 'Event Die: an Event for the target on a 1',
    value: event,
    roll: 'eventDie',
  });
  if (blinded && fff > 0) {
    fff = fff >> 1;
    trace?.add({
      rule: rules.blinded,
      label: 'Blinded by dust or smoke: FFF halved, rounded down',
      total: fff,
    });
  }
  const tableRow = firingTableRow(fff);
  const tableLosses = firingTableLosses(fff, standsFiring);
  if (trace) traceTable(fff, tableRow, standsFiring, tableLosses, trace);

  let targetLost: number;
  let screenedLost = 0;
  if (screening) {
    screenedLost = tableLosses >> 1;
    targetLost = tableLosses - screenedLost;
    trace?.add({
      rule: SCREEN_RULE,
      label: 'Screened unit takes every other casualty (the skirmishers the first)',
      value: `${targetLost} + ${screenedLost}`,
    });
    const cap = screening.screenedStands;
    if (cap !== undefined && screenedLost > cap) {
      screenedLost = cap;
      trace?.add({ rule: CAP_RULE, label: 'Screened unit loses no more stands than it has', value: cap });
    }
  } else targetLost = tableLosses;
  if (targetStands !== undefined && targetLost > targetStands) {
    targetLost = targetStands;
    trace?.add({ rule: CAP_RULE, label: 'Target loses no more stands than it has', value: targetStands });
  }
  return {
    fired: true,
    noFire: null,
    band,
    standsFiring,
    fff,
    tableRow,
    randomFactor: rf,
    event,
    tableLosses,
    standsLost: targetLost + screenedLost,
    targetStandsLost: targetLost,
    screened: screening !== undefined,
    screenedStandsLost: screenedLost,
  };
}

function traceTable(fff: number, row: number, stands: number, lost: number, trace: Trace): void {
  if (row === 0) {
    trace.add({ rule: TABLE_RULE, label: `Final Fire Factor ${fff}: below the table, no loss`, value: 0 });
    return;
  }
  if (row !== fff)
    trace.add({ rule: TABLE_RULE, label: `Final Fire Factor ${fff} reads row ${row}`, value: row });
  const tens = Math.floor(stands / FIRING_TABLE_COLUMNS);
  const rest = stands % FIRING_TABLE_COLUMNS;
  const parts: string[] = [];
  for (let i = 0; i < tens; i++) parts.push(`${firingTableCell(row, 10)} (10 stands)`);
  if (rest > 0) parts.push(`${firingTableCell(row, rest)} (${rest} stands)`);
  trace.add({ rule: TABLE_RULE, label: `Firing Table row ${row}: ${parts.join(' + ')}`, value: lost });
}

// ---------------------------------------------------------------------------------------------
// Small arms

function smallArmsStands(facts: SmallArmsVolleyFacts, trace: Trace | undefined): number {
  let n: number;
  if (facts.standsFiring !== undefined) {
    n = facts.standsFiring;
    trace?.add({ rule: ABLE_RULE, label: 'Stands firing, as counted', value: n });
  } else {
    n = facts.frontRankStands ?? 0;
    const two = SMALL_ARMS_WEAPON_DEFS[facts.weapon].ranks === 2;
    if (two) n += facts.secondRankStands ?? 0;
    trace?.add({
      rule: ABLE_RULE,
      label: two
        ? 'Bows and javelins fire with the first two ranks'
        : `Firearms fire with the front rank only${facts.secondRankStands ? ' (the second rank does not fire)' : ''}`,
      value: n,
    });
  }
  const e = facts.enfilade;
  return e ? capForEnfilade(n, e.targetRanks, enfiladeStandsPerRank(e.targetArm), trace) : n;
}

/** Aims small-arms fire (no dice); `volleyBand` (a defenders' volley) replaces the range facts. */
export function aimSmallArms(
  facts: SmallArmsVolleyFacts & RangeFacts,
  volleyBand: RangeBand | null,
  trace?: Trace,
): Aiming {
  const w = SMALL_ARMS_WEAPON_DEFS[facts.weapon];
  const statusMod = SA.status[facts.status];
  if (statusMod === null) {
    trace?.add({
      rule: jc4('Small Arms Fire Modifiers', '6. resolve status'),
      label: `Resolve Status ${facts.status}`,
      value: 'may not fire',
    });
    return noFire('status-may-not-fire', volleyBand, 0);
  }
  const rangeRow = SMALL_ARMS_RANGE_TABLE.rows[w.rangeRow];
  let band: RangeBand;
  if (volleyBand !== null) {
    // A volley uses the band's modifier only, not a physical range: any weapon may use any band.
    band = volleyBand;
  } else {
    const bi = bandIndexFromFacts(rangeRow, facts, trace);
    if (bi < 0) return noFire(reasonForBand(bi), null, 0);
    band = RANGE_BANDS[bi]!;
  }
  const stands = smallArmsStands(facts, trace);
  if (stands <= 0) return noFire('no-stands-firing', band, 0);

  let total = facts.resolveLevel;
  trace?.add({ rule: TABLE_RULE, label: "Firer's Resolve Level", total });
  const list = SA.list;
  const on = SA.applied;
  list.length = 0;
  list.push(on[w.modifier]);
  if (facts.disordered) list.push(on['firer-disordered']);
  if (facts.mounted) list.push(on['firer-mounted']);
  if (facts.moving) list.push(on['firer-moving']);
  const cover = SA.cover[facts.targetCover ?? 'open'];
  if (cover !== null) list.push(on[cover]);
  list.push(on[SA.target[targetRowFor(facts)]], on[SA.range[band]], on[statusMod]);
  total = applyShot(
    SA,
    total,
    w.modifier,
    facts.weaponModifier,
    'target-open-order',
    facts.openOrderTargetModifier,
    NO_DICE,
    trace,
  );
  return {
    aimed: true,
    rules: SMALL_ARMS_RULES,
    band,
    standsFiring: stands,
    total,
    blinded: facts.blinded === true,
    targetStands: facts.targetStands,
    screening: facts.screening,
  };
}

/** Small-arms fire; `volleyBand` (a defenders' volley) replaces the range facts. */
export function fireSmallArms(
  facts: SmallArmsVolleyFacts & RangeFacts,
  volleyBand: RangeBand | null,
  dice: DiceSource,
  trace?: Trace,
): FireResult {
  return shoot(aimSmallArms(facts, volleyBand, trace), dice, trace);
}

export function resolveSmallArmsFire(facts: SmallArmsFireFacts, dice: DiceSource, trace?: Trace): FireResult {
  return fireSmallArms(facts, null, dice, trace);
}

/** Aims once, then each throw only shoots: the untraced fast path of `resolveSmallArmsFire`. */
export function prepareSmallArmsFire(facts: SmallArmsFireFacts): (dice: DiceSource) => FireResult {
  const aiming = aimSmallArms(facts, null);
  return (dice) => shoot(aiming, dice);
}

// ---------------------------------------------------------------------------------------------
// Artillery

/** What an artillery shot needs to know of its target besides the formation row. */
export interface ArtilleryTarget {
  readonly targetStands?: number;
  readonly screening?: ScreeningFacts;
  readonly openOrderTargetModifier?: number;
}

/**
 * Aims an artillery shot (no dice) at a target whose formation row is `row`, enfiladed when
 * `enfiladeRanks` > 0 (at most `enfiladePerRank` stands per rank); `volleyBand` (a defenders' volley)
 * replaces the range facts. Counter-battery fire aims it with the crews row.
 */
export function aimArtillery(
  facts: ArtilleryShotFacts & RangeFacts,
  row: TargetRow,
  enfiladeRanks: number,
  enfiladePerRank: number,
  target: ArtilleryTarget,
  volleyBand: RangeBand | null,
  trace?: Trace,
): Aiming {
  const statusMod = ART.status[facts.status];
  if (statusMod === null) {
    trace?.add({
      rule: jc4('Artillery Fire Modifiers', '7. resolve status'),
      label: `Resolve Status ${facts.status}`,
      value: 'may not fire',
    });
    return noFire('status-may-not-fire', volleyBand, 0);
  }
  const rangeRow = ARTILLERY_RANGE_TABLE.rows[facts.weapon];
  let band: RangeBand;
  if (volleyBand !== null) {
    // A volley uses the band's modifier only, not a physical range: any weapon may use any band.
    band = volleyBand;
  } else {
    const bi = bandIndexFromFacts(rangeRow, facts, trace);
    if (bi < 0) return noFire(reasonForBand(bi), null, 0);
    band = RANGE_BANDS[bi]!;
  }
  trace?.add({
    rule: jc4('Troops And Figures Able To Fire', 'gun models'),
    label: 'Crew stands fire (the gun models do not count)',
    value: facts.crewStands,
  });
  const stands = capForEnfilade(facts.crewStands, enfiladeRanks, enfiladePerRank, trace);
  if (stands <= 0) return noFire('no-stands-firing', band, 0);

  let total = facts.resolveLevel;
  trace?.add({ rule: TABLE_RULE, label: "Battery's Resolve Level", total });
  const list = ART.list;
  const on = ART.applied;
  list.length = 0;
  list.push(on[ARTILLERY_WEAPON_MODIFIER[facts.weapon]]);
  const cover = ART.cover[facts.targetCover ?? 'open'];
  if (cover !== null) list.push(on[cover]);
  list.push(on[ART.target[row]]);
  if (facts.nativeIrregularCrew) list.push(on['native-irregular-crew']);
  list.push(on[ART.range[band]]);
  if (facts.moving) list.push(on['battery-moving']);
  if (facts.disordered) list.push(on['battery-disordered']);
  list.push(on[statusMod]);
  total = applyShot(
    ART,
    total,
    'target-open-order',
    target.openOrderTargetModifier,
    'battery-disordered',
    facts.disorderedBatteryModifier,
    NO_DICE,
    trace,
  );
  return {
    aimed: true,
    rules: ARTILLERY_RULES,
    band,
    standsFiring: stands,
    total,
    blinded: facts.blinded === true,
    targetStands: target.targetStands,
    screening: target.screening,
  };
}

/** Aims artillery fire from its facts. */
function aimArtilleryFire(facts: ArtilleryFireFacts, trace?: Trace): Aiming {
  const e = facts.enfilade;
  const perRank = e ? enfiladeStandsPerRank(e.targetArm) : 0;
  return aimArtillery(facts, targetRowFor(facts), e ? e.targetRanks : 0, perRank, facts, null, trace);
}

export function resolveArtilleryFire(facts: ArtilleryFireFacts, dice: DiceSource, trace?: Trace): FireResult {
  return shoot(aimArtilleryFire(facts, trace), dice, trace);
}

/** Aims once, then each throw only shoots: the untraced fast path of `resolveArtilleryFire`. */
export function prepareArtilleryFire(facts: ArtilleryFireFacts): (dice: DiceSource) => FireResult {
  const aiming = aimArtilleryFire(facts);
  return (dice) => shoot(aiming, dice);
}

// ---------------------------------------------------------------------------------------------
// Schemas

const count = (max: number) => z.number().int().min(0).max(max);

/** Fields of every fire's facts, shared by the schemas of this area. */
export const firerShape = {
  resolveLevel: z
    .number()
    .int()
    .min(1)
    .max(30)
    .describe("The firing unit's Resolve Level (its rating, 1-20; Europeans may be rated higher)"),
  status: z
    .enum(RESOLVE_STATUSES)
    .describe("The firer's current Resolve Status: Shaken -2, Wavering -4, Panicked may not fire"),
  disordered: z.boolean().optional().describe('The firer is Disordered (-4)'),
  moving: z
    .boolean()
    .optional()
    .describe('The firer moves this turn (before or after firing), changes formation or reforms (-4)'),
  blinded: z
    .boolean()
    .optional()
    .describe(
      'Blinded by dust or smoke (an event): the Final Fire Factor is halved, rounded down, for this shot',
    ),
};

export const rangeShape = {
  range: z
    .enum(RANGE_BANDS)
    .optional()
    .describe('The range band (give this or distance): a band the weapon lacks means no fire'),
  distance: z
    .number()
    .min(0)
    .max(200)
    .optional()
    .describe(
      'Distance in inches, front edge to front edge (give this or range); beyond extreme range: no fire',
    ),
};

export const enfiladeSchema = z
  .object({
    targetRanks: z.number().int().min(1).max(30).describe('Ranks of stands in the target'),
    targetArm: z
      .enum(ARMS)
      .describe('The target arm: 3 stands fire per rank against cavalry or artillery, else 2'),
  })
  .strict()
  .describe(
    'Enfilade fire (within 10° of the end of a line or the flank of a column): stands firing are capped at 2 per target rank (3 against cavalry or artillery), and a line uses the enfiladed-line modifier (0)',
  );

export const screeningSchema = z
  .object({
    screenedStands: count(99).optional().describe('Stands in the screened unit (caps its losses)'),
  })
  .strict()
  .describe(
    'The target skirmishers screen a formed unit 3" or less behind them: it takes every other casualty (the skirmishers take the first)',
  );

export const targetShape = {
  targetFormation: z
    .enum(FORMATIONS)
    .describe(
      "The target's formation: column or square 0; close-order line -2 (artillery -1); mass -2; open order -2 (Muster default); skirmish order -12; artillery -8",
    ),
  targetDisordered: z
    .boolean()
    .optional()
    .describe(
      'The target is Disordered: the Disordered row (-2) replaces its formation row, except for skirmishers and crews',
    ),
  targetIsTrain: z.boolean().optional().describe('The target is train troops (-8, as artillery crews)'),
  targetCover: z
    .enum(TARGET_COVERS)
    .optional()
    .describe(
      'Cover the target is in (default open): light woods, heavy woods or jungle, entrenchments or buildings',
    ),
  targetStands: count(99).optional().describe('Stands in the target: its losses never exceed this'),
  screening: screeningSchema.optional(),
  enfilade: enfiladeSchema.optional(),
  openOrderTargetModifier: z
    .number()
    .int()
    .min(-20)
    .max(0)
    .optional()
    .describe('Overrides the open-order target modifier (Muster default -2 for small arms and artillery)'),
};

export const smallArmsShape = {
  weapon: z.enum(SMALL_ARMS_WEAPONS).describe("The firers' weapon: gives its range row and modifier"),
  ...firerShape,
  mounted: z.boolean().optional().describe('The firers are mounted (-3)'),
  standsFiring: count(60)
    .optional()
    .describe('Stands firing, as counted by the referee (give this or frontRankStands)'),
  frontRankStands: count(60)
    .optional()
    .describe('Stands in the front rank that bear on the target (firearms fire with these only)'),
  secondRankStands: count(60)
    .optional()
    .describe('Stands in the second rank that bear on the target (bows and javelins fire with these too)'),
  weaponModifier: z
    .number()
    .int()
    .min(-20)
    .max(10)
    .optional()
    .describe('Overrides the weapon modifier (Muster defaults: percussion rifle -4, swivel gun -5)'),
  ...targetShape,
};

export const artilleryShotShape = {
  weapon: z.enum(ARTILLERY_WEAPONS).describe('The guns: give their range row and modifier'),
  ...firerShape,
  crewStands: count(60).describe(
    'Crew stands of the front-rank guns that bear on the target (gun models do not count)',
  ),
  nativeIrregularCrew: z.boolean().optional().describe('Native irregular gun crew (-3)'),
  targetCover: targetShape.targetCover,
  disorderedBatteryModifier: z
    .number()
    .int()
    .min(-20)
    .max(0)
    .optional()
    .describe('Overrides the disordered-battery modifier (Muster default -4, as for small arms)'),
};

export const artilleryShape = {
  ...artilleryShotShape,
  ...targetShape,
};

type Ctx = z.core.$RefinementCtx;

export function checkRange(
  v: { readonly range?: RangeBand | undefined; readonly distance?: number | undefined },
  ctx: Ctx,
): void {
  if ((v.range === undefined) === (v.distance === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['range'],
      message: 'give exactly one of range (a band) and distance (inches)',
    });
  }
}

export function checkTarget(
  v: { readonly targetFormation: Formation; readonly screening?: unknown; readonly enfilade?: unknown },
  ctx: Ctx,
): void {
  if (v.screening && v.targetFormation !== 'skirmish-order') {
    ctx.addIssue({
      code: 'custom',
      path: ['screening'],
      message: 'screening applies only when the target is in skirmish order',
    });
  }
  if (
    v.enfilade &&
    (v.targetFormation === 'skirmish-order' || v.targetFormation === 'mass' || v.targetFormation === 'square')
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['enfilade'],
      message: `enfilade applies to lines, columns and artillery, not to a target in ${v.targetFormation}`,
    });
  }
}

export function checkSmallArmsStands(
  v: {
    readonly standsFiring?: number | undefined;
    readonly frontRankStands?: number | undefined;
    readonly secondRankStands?: number | undefined;
  },
  ctx: Ctx,
): void {
  if ((v.standsFiring === undefined) === (v.frontRankStands === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['standsFiring'],
      message:
        'give exactly one of standsFiring (counted) and frontRankStands (Muster counts the ranks that fire)',
    });
  }
  if (v.secondRankStands !== undefined && v.frontRankStands === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['secondRankStands'],
      message: 'secondRankStands needs frontRankStands',
    });
  }
}

export const smallArmsFireSchema = z
  .object({ ...smallArmsShape, ...rangeShape })
  .strict()
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    checkTarget(v, ctx);
    checkSmallArmsStands(v, ctx);
  });

export const artilleryFireSchema = z
  .object({ ...artilleryShape, ...rangeShape })
  .strict()
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    checkTarget(v, ctx);
  });

// ---------------------------------------------------------------------------------------------
// Definitions

/** The odds views every fire procedure reports. */
export const FIRE_ODDS: ProcedureDefinition<unknown, FireResult>['odds'] = [
  { name: 'Stands lost', project: (r) => r.standsLost },
  { name: 'Stands lost by the target', project: (r) => r.targetStandsLost },
  {
    name: 'Stands lost by the screened unit',
    project: (r) => (r.screened ? r.screenedStandsLost : 'not screened'),
  },
  { name: 'Event on the target', project: (r) => (r.event ? 'event' : 'no event') },
  { name: 'Final Fire Factor', project: (r) => (r.fired ? r.fff : 'no fire') },
];

export function describeFire(r: FireResult): string[] {
  if (!r.fired) return [`No fire: ${NO_FIRE_LABELS[r.noFire!]}`];
  const lines = [
    `${r.standsFiring} stand${r.standsFiring === 1 ? '' : 's'} fire at ${r.band} range: Final Fire Factor ${r.fff}`,
  ];
  if (r.screened) {
    lines.push(
      `Skirmishers lose ${r.targetStandsLost}, the screened unit ${r.screenedStandsLost} (${r.standsLost} in all)`,
    );
  } else lines.push(`Target loses ${r.standsLost} stand${r.standsLost === 1 ? '' : 's'}`);
  if (r.tableLosses > r.standsLost)
    lines.push(`(${r.tableLosses} read from the table; capped at the stands present)`);
  if (r.event) lines.push('Event Die 1: an Event for the target (resolved before its next Reaction Test)');
  return lines;
}

const FIRE_ROLLS = [
  { key: 'randomFactor', dice: '2d6: positive, negative', when: 'whenever the unit fires' },
  { key: 'eventDie', dice: '1d6 (event die: 1 = Event)', when: 'with the Random Factor' },
] as const;

export const smallArmsFire: ProcedureDefinition<SmallArmsFireFacts, FireResult> = {
  id: 'small-arms-fire',
  title: 'Small arms fire',
  summary: 'Stands lost by the target of small-arms fire, and whether the fire causes an Event.',
  rule: jc4('Small Arms And Artillery Fire'),
  facts: smallArmsFireSchema as z.ZodType<SmallArmsFireFacts>,
  rolls: FIRE_ROLLS,
  examples: [
    {
      title:
        "The text's loss count: 16 stands of European infantry (Resolve 20, percussion muskets) at a close-order line at medium range, FFF 7",
      facts: {
        weapon: 'percussion-musket',
        resolveLevel: 20,
        status: 'Steady',
        frontRankStands: 16,
        targetFormation: 'close-order-line',
        distance: 4,
      },
      dice: [1, 6, 4],
    },
    {
      title:
        'Rifles at a skirmish screen with a column 2" behind it: every other casualty falls on the column',
      facts: {
        weapon: 'flintlock-rifle',
        resolveLevel: 18,
        status: 'Confident',
        standsFiring: 10,
        targetFormation: 'skirmish-order',
        screening: { screenedStands: 12 },
        range: 'point-blank',
      },
      dice: [6, 1, 1],
    },
  ],
  resolve: resolveSmallArmsFire,
  prepare: prepareSmallArmsFire,
  odds: FIRE_ODDS,
  describe: describeFire,
};

export const artilleryFire: ProcedureDefinition<ArtilleryFireFacts, FireResult> = {
  id: 'artillery-fire',
  title: 'Artillery fire',
  summary: 'Stands lost by the target of artillery fire, and whether the fire causes an Event.',
  rule: jc4('Small Arms And Artillery Fire'),
  facts: artilleryFireSchema as z.ZodType<ArtilleryFireFacts>,
  rolls: FIRE_ROLLS,
  examples: [
    {
      title: 'A British field battery (Resolve 18, 4 crew stands) at a column 15" away',
      facts: {
        weapon: 'british-field',
        resolveLevel: 18,
        status: 'Steady',
        crewStands: 4,
        targetFormation: 'close-order-column',
        distance: 15,
      },
      dice: [4, 3, 1],
    },
  ],
  resolve: resolveArtilleryFire,
  prepare: prepareArtilleryFire,
  odds: FIRE_ODDS,
  describe: describeFire,
};

// ---------------------------------------------------------------------------------------------
// Range band

export const RANGED_WEAPONS = [...SMALL_ARMS_WEAPONS, ...ARTILLERY_WEAPONS] as const;
export type RangedWeapon = SmallArmsWeapon | ArtilleryWeapon;

export interface RangeBandFacts {
  readonly weapon: RangedWeapon;
  readonly distance: number;
}

export interface RangeBandResult {
  /** The band, or null when the weapon cannot reach (or is too close, for mortars). */
  readonly band: RangeBand | null;
  readonly outOfRange: 'beyond-extreme-range' | 'inside-minimum-range' | null;
}

export function rangeLimitsFor(weapon: RangedWeapon): RangeLimits {
  return weapon in SMALL_ARMS_WEAPON_DEFS
    ? SMALL_ARMS_RANGE_TABLE.rows[SMALL_ARMS_WEAPON_DEFS[weapon as SmallArmsWeapon].rangeRow]
    : ARTILLERY_RANGE_TABLE.rows[weapon as ArtilleryWeapon];
}

export function resolveRangeBand(facts: RangeBandFacts, _dice: DiceSource, trace?: Trace): RangeBandResult {
  const i = bandIndexFromFacts(rangeLimitsFor(facts.weapon), facts, trace);
  if (i >= 0) return { band: RANGE_BANDS[i]!, outOfRange: null };
  return { band: null, outOfRange: i === BELOW_MINIMUM ? 'inside-minimum-range' : 'beyond-extreme-range' };
}

export const rangeBandSchema = z
  .object({
    weapon: z.enum(RANGED_WEAPONS).describe('A small arm or artillery piece'),
    distance: z.number().min(0).max(200).describe('Distance in inches, front edge to front edge'),
  })
  .strict();

export const rangeBand: ProcedureDefinition<RangeBandFacts, RangeBandResult> = {
  id: 'range-band',
  title: 'Range band',
  summary: 'Which range band a distance falls in for a weapon (or that it cannot reach).',
  rule: jc4('Small Arms And Artillery Fire', 'range tables'),
  facts: rangeBandSchema as z.ZodType<RangeBandFacts>,
  rolls: [],
  examples: [
    { title: 'Rifled muskets at 4.5"', facts: { weapon: 'rifled-musket', distance: 4.5 }, dice: [] },
    {
      title: 'A British light mortar at 5" (inside its minimum range)',
      facts: { weapon: 'british-light-mortar', distance: 5 },
      dice: [],
    },
  ],
  resolve: resolveRangeBand,
  odds: [{ name: 'Range band', project: (r) => r.band ?? r.outOfRange ?? 'none' }],
  describe: (r) => [r.band ? `Range band: ${r.band}` : `Cannot fire: ${NO_FIRE_LABELS[r.outOfRange!]}`],
};
