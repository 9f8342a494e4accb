/**
 * Aiming: everything a shot works out before its dice (Part 4, "Small Arms And Artillery Fire"). The
 * target-formation row, enfilade's cap on the stands firing, the opening every aim shares (a Resolve
 * Status that may not fire, the range band) and the fire modifiers added to the firer's Resolve Level.
 * An `Aim` is pure data: preparing a procedure aims once, and each throw then shoots (casualties.ts).
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import {
  type AppliedModifier,
  applyModifiers,
  defineModifierTable,
  type ModifierTable,
} from '../../../../core/rules/modifiers.ts';
import type { RuleRef, Trace } from '../../../../core/rules/trace.ts';
import {
  COVER_MODIFIER,
  type CoverModifierId,
  RANGE_MODIFIER,
  type RangeModifierId,
  STATUS_MODIFIER,
  type StatusModifierId,
  TARGET_MODIFIER,
  type TargetModifierId,
} from '../../tables/fire-modifier-groups.ts';
import type { RangeLimits, TargetCover, TargetRow } from '../../tables/firing-table.ts';
import { type Arm, jc4, RANGE_BANDS, type RangeBand, type ResolveStatus } from '../../vocabulary.ts';
import type { FireTargetFacts, RangeFacts, ScreeningFacts } from './facts.ts';
import { bandIndexFromFacts, reasonForBand } from './range-band.ts';
import { type FireResult, noFire } from './result.ts';

/**
 * The tables each kind of fire reads, held in module-local objects: the hot path then reads plain
 * properties rather than imported bindings (which module loaders such as tsx and vitest turn into
 * getters). `applied` holds one constant applied-modifier object per id; the cover, target, range and
 * status maps are the groups both fire tables share.
 */
export interface FireScheme<Id extends string> {
  readonly table: ModifierTable<Id>;
  readonly applied: Readonly<Record<Id, AppliedModifier<Id>>>;
  readonly cover: Readonly<Record<TargetCover, CoverModifierId | null>>;
  readonly target: Readonly<Record<TargetRow, TargetModifierId>>;
  readonly range: Readonly<Record<RangeBand, RangeModifierId>>;
  readonly status: Readonly<Record<ResolveStatus, StatusModifierId | null>>;
  /** This shot's applied modifiers, refilled on every shot (resolving is synchronous). */
  readonly list: AppliedModifier<Id>[];
}

/** The scheme of a fire modifier table that holds the shared groups (tables/fire-modifier-groups.ts). */
export function scheme<Id extends string>(table: ModifierTable<Id>): FireScheme<Id> {
  const applied = {} as Record<Id, AppliedModifier<Id>>;
  for (const m of table.modifiers) applied[m.id] = Object.freeze({ id: m.id });
  return {
    table,
    applied,
    cover: COVER_MODIFIER,
    target: TARGET_MODIFIER,
    range: RANGE_MODIFIER,
    status: STATUS_MODIFIER,
    list: [],
  };
}

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
export function applyShot<Id extends string>(
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

/** Caps `n` at `perRank` stands per target rank when the fire is enfilade (`targetRanks` > 0). */
export function capForEnfilade(
  n: number,
  targetRanks: number,
  perRank: number,
  trace: Trace | undefined,
): number {
  if (targetRanks <= 0) return n;
  const capped = Math.min(n, targetRanks * perRank);
  trace?.add({
    rule: ENFILADE_RULE,
    label: `Enfilade: at most ${perRank} stands per target rank × ${targetRanks}`,
    value: capped,
  });
  return capped;
}

/** The rules a kind of fire cites for a status that may not fire, its dice and the blinding event. */
export interface FireRules {
  readonly status: RuleRef;
  readonly randomFactor: RuleRef;
  readonly eventDie: RuleRef;
  readonly blinded: RuleRef;
}

/** The rule the Resolve Level, the Final Fire Factor and the Firing Table cite. */
export const TABLE_RULE = jc4('Using The Fire Table');

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

/** The end every aim shares: the aimed shot, with the target's stands and screening from `target`. */
export function aimed(
  rules: FireRules,
  band: RangeBand,
  standsFiring: number,
  total: number,
  blinded: boolean,
  target: { readonly targetStands?: number | undefined; readonly screening?: ScreeningFacts | undefined },
): Aim {
  return {
    aimed: true,
    rules,
    band,
    standsFiring,
    total,
    blinded,
    targetStands: target.targetStands,
    screening: target.screening,
  };
}

/** An aimed shot, or the result of a shot that cannot be fired. */
export type Aiming = Aim | FireResult;

export function isAim(a: Aiming): a is Aim {
  return (a as Aim).aimed === true;
}

/** The fire modifiers are all points, never dice: aiming throws nothing. */
export const NO_DICE: DiceSource = {
  roll(_spec, key) {
    throw new Error(`aiming a shot throws no dice (asked for "${key}")`);
  },
};

/**
 * The opening every aim shares: a Resolve Status that may not fire (`statusModifier` null: Panicked),
 * then the range band on the weapon's `rangeRow`; a shot beyond its bands is not fired. `volleyBand`
 * (a defenders' volley) replaces the range facts. Returns the band, or the result of the shot not fired.
 */
export function aimedBand(
  rules: FireRules,
  status: ResolveStatus,
  statusModifier: string | null,
  rangeRow: RangeLimits,
  facts: RangeFacts,
  volleyBand: RangeBand | null,
  trace: Trace | undefined,
): RangeBand | FireResult {
  if (statusModifier === null) {
    trace?.add({ rule: rules.status, label: `Resolve Status ${status}`, value: 'may not fire' });
    return noFire('status-may-not-fire', volleyBand, 0);
  }
  // A volley uses the band's modifier only, not a physical range: any weapon may use any band.
  if (volleyBand !== null) return volleyBand;
  const bi = bandIndexFromFacts(rangeRow, facts, trace);
  return bi < 0 ? noFire(reasonForBand(bi), null, 0) : RANGE_BANDS[bi]!;
}
