import { defineRangeTable, type TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { md } from '../vocabulary.ts';

/** Targets the casualty rules (10) distinguish. */
export const TARGET_KINDS = ['close-order-infantry', 'skirmishers', 'cavalry', 'artillery'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/**
 * Hits per casualty (10.1-10.4): close-order infantry in the open 1; hard cover doubles it (10.2),
 * skirmishers double it, cumulatively with cover (10.3); cavalry under fire 2 (10.4). Artillery targets
 * roll on the artillery hits chart instead.
 */
export const HITS_PER_CASUALTY: TableMeta & {
  readonly rows: Readonly<
    Record<Exclude<TargetKind, 'artillery'>, { readonly hits: number; readonly rule: RuleRef }>
  >;
  readonly hardCoverFactor: { readonly factor: number; readonly rule: RuleRef };
} = {
  id: 'macduff-hits-per-casualty',
  title: 'Hits per casualty',
  source: md('10. Casualties'),
  rows: {
    'close-order-infantry': { hits: 1, rule: md('10.1 General Rule') },
    skirmishers: { hits: 2, rule: md('10.3 Skirmishers') },
    cavalry: { hits: 2, rule: md('10.4 Cavalry') },
  },
  hardCoverFactor: { factor: 2, rule: md('10.2 Cover') },
};

export const ARTILLERY_HIT_EFFECTS = ['crew', 'draught-animal', 'gun'] as const;
export type ArtilleryHitEffect = (typeof ARTILLERY_HIT_EFFECTS)[number];

/**
 * Fire on artillery (10.5), one die per hit: 1-3 a crew casualty, 4-5 a draught animal (no limbered
 * move this turn), 6 the gun (destroyed if the fire was artillery's, otherwise no effect).
 */
export const ARTILLERY_HITS_CHART = defineRangeTable<ArtilleryHitEffect>({
  id: 'macduff-artillery-hits',
  title: 'Artillery as a target',
  source: md('10.5 Artillery'),
  covers: { min: 1, max: 6 },
  rows: [
    { from: 1, to: 3, result: 'crew' },
    { from: 4, to: 5, result: 'draught-animal' },
    { from: 6, to: 6, result: 'gun' },
  ],
});

/** A leader is hit on a 6 (10.6). */
export const LEADER_HIT_SCORE = { score: 6, rule: md('10.6 Risk to leaders') } as const;
