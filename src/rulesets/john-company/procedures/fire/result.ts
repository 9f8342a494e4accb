/**
 * What a shot comes to: the result every fire procedure returns (stands lost, the Final Fire Factor,
 * an Event for the target, or why no fire was possible), how it reads in words, and the odds views
 * reported over it.
 */
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import type { RangeBand } from '../../vocabulary.ts';

const NO_FIRE_REASONS = [
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
