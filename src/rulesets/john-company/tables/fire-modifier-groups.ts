/**
 * The groups of modifiers small-arms and artillery fire share (Part 4, "Small Arms Fire Modifiers" and
 * "Artillery Fire Modifiers"): target cover, target formation, range and Resolve Status, with the same
 * ids, labels and order in both tables, and the maps from the facts to those ids. Each table gives its
 * own value and citation for every modifier; its weapon and firer modifiers are its own.
 */
import type { ModifierDef } from '../../../core/rules/modifiers.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import type { RangeBand, ResolveStatus } from '../vocabulary.ts';
import type { TargetCover, TargetRow } from './firing-table.ts';

/** A modifier's value and the rule it cites. */
export type Cited = readonly [value: number, rule: RuleRef];

export type CoverModifierId = `cover-${Exclude<TargetCover, 'open'>}`;
export type TargetModifierId = `target-${TargetRow}`;
export type RangeModifierId = `range-${RangeBand}`;
export type StatusModifierId = 'status-steady-or-better' | 'status-shaken' | 'status-wavering';

/** The cover modifier of each kind of cover (none in the open). */
export const COVER_MODIFIER: Readonly<Record<TargetCover, CoverModifierId | null>> = {
  open: null,
  'light-woods': 'cover-light-woods',
  'heavy-woods': 'cover-heavy-woods',
  'entrenchments-or-buildings': 'cover-entrenchments-or-buildings',
};

/** The modifier of each target-formation row. */
export const TARGET_MODIFIER: Readonly<Record<TargetRow, TargetModifierId>> = {
  'column-square-or-enfiladed-line': 'target-column-square-or-enfiladed-line',
  'close-order-line': 'target-close-order-line',
  mass: 'target-mass',
  disordered: 'target-disordered',
  'open-order': 'target-open-order',
  'crews-or-train': 'target-crews-or-train',
  skirmishers: 'target-skirmishers',
};

/** The modifier of each range band. */
export const RANGE_MODIFIER: Readonly<Record<RangeBand, RangeModifierId>> = {
  'point-blank': 'range-point-blank',
  short: 'range-short',
  medium: 'range-medium',
  long: 'range-long',
  extreme: 'range-extreme',
};

/** The modifier of each Resolve Status of the firer; `null`: it may not fire (Panicked). */
export const STATUS_MODIFIER: Readonly<Record<ResolveStatus, StatusModifierId | null>> = {
  Resolute: 'status-steady-or-better',
  Confident: 'status-steady-or-better',
  Steady: 'status-steady-or-better',
  Shaken: 'status-shaken',
  Wavering: 'status-wavering',
  Panicked: null,
};

const modifier = <Id extends string>(id: Id, label: string, [value, rule]: Cited): ModifierDef<Id> => ({
  id,
  rule,
  label,
  value,
});

/** The target-cover group, in the text's order. */
export function coverModifiers(
  cited: Readonly<Record<Exclude<TargetCover, 'open'>, Cited>>,
): ModifierDef<CoverModifierId>[] {
  return [
    modifier('cover-light-woods', 'Target in light woods', cited['light-woods']),
    modifier('cover-heavy-woods', 'Target in heavy woods or jungle', cited['heavy-woods']),
    modifier(
      'cover-entrenchments-or-buildings',
      'Target in entrenchments or buildings',
      cited['entrenchments-or-buildings'],
    ),
  ];
}

/** The target-formation group, in the text's order, the open-order row (a Muster default) after mass. */
export function targetModifiers(cited: Readonly<Record<TargetRow, Cited>>): ModifierDef<TargetModifierId>[] {
  return [
    modifier(
      'target-column-square-or-enfiladed-line',
      'Target in close-order column or square, or an enfiladed line',
      cited['column-square-or-enfiladed-line'],
    ),
    modifier('target-close-order-line', 'Target in close-order line', cited['close-order-line']),
    modifier('target-mass', 'Target in mass', cited.mass),
    modifier('target-disordered', 'Target disordered', cited.disordered),
    modifier('target-open-order', 'Target in open order (Muster default)', cited['open-order']),
    modifier('target-crews-or-train', 'Target is artillery crews or train troops', cited['crews-or-train']),
    modifier('target-skirmishers', 'Target is skirmishers', cited.skirmishers),
  ];
}

/** The range group, point blank first. */
export function rangeModifiers(cited: Readonly<Record<RangeBand, Cited>>): ModifierDef<RangeModifierId>[] {
  return [
    modifier('range-point-blank', 'Point blank range', cited['point-blank']),
    modifier('range-short', 'Short range', cited.short),
    modifier('range-medium', 'Medium range', cited.medium),
    modifier('range-long', 'Long range', cited.long),
    modifier('range-extreme', 'Extreme range', cited.extreme),
  ];
}

/** The Resolve Status group; `who` names the firer in the labels ("Firer", "Battery"). */
export function statusModifiers(
  who: string,
  cited: { readonly steadyOrBetter: Cited; readonly shaken: Cited; readonly wavering: Cited },
): ModifierDef<StatusModifierId>[] {
  return [
    modifier('status-steady-or-better', `${who} Resolute, Confident or Steady`, cited.steadyOrBetter),
    modifier('status-shaken', `${who} Shaken`, cited.shaken),
    modifier('status-wavering', `${who} Wavering`, cited.wavering),
  ];
}
