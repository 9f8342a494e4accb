import type { RuleRef, TraceStep } from '../../../../core/rules/trace.ts';
import type { FeatureId, StandId, TerrainKind, UnitId } from '../../../../core/table/model.ts';
import type { TargetCover } from '../../tables/firing-table.ts';
import { sightRule } from '../terrain.ts';

/** Why a sight line is blocked. */
export const SIGHT_REASONS = [
  'stand-in-the-way',
  'barrier',
  'woods-too-far-inside',
  'woods-too-deep-to-see-out',
  'woods-too-far-outside',
  'woods-too-deep-to-see-in',
  'woods-in-the-way',
  'town-in-the-way',
  'town-not-at-edge',
  'hill-crest',
  'hill-dead-ground',
  'skirmishers-in-the-way',
  'screened-by-skirmishers',
] as const;
export type SightReason = (typeof SIGHT_REASONS)[number];
/** Each reason's index in SIGHT_REASONS (the hot path records a number, not a string). */
export const REASON = Object.fromEntries(SIGHT_REASONS.map((r, i) => [r, i])) as Readonly<
  Record<SightReason, number>
>;

export type SightBlocker =
  | { readonly kind: 'stand'; readonly standId: StandId; readonly ownerId: string }
  | { readonly kind: 'terrain'; readonly featureId: FeatureId; readonly terrainKind: TerrainKind };

export interface SightVerdict {
  readonly visible: boolean;
  /** Why not (absent when visible): what blocks, under which rule, in Muster's words. */
  readonly blocked?: {
    readonly reason: SightReason;
    readonly by: SightBlocker;
    readonly rule: RuleRef;
    readonly label: string;
  };
}

/** One end of a sight line: a stand, or a bare point on the table. */
export type SightEndpoint = { readonly stand: StandId } | { readonly x: number; readonly y: number };

export interface CoverVerdict {
  readonly cover: TargetCover;
  /** The feature giving it (absent in the open). */
  readonly featureId?: FeatureId;
  readonly rule?: RuleRef;
}

export interface JcSightOptions {
  /** Units defending the town they are in (e.g. on Defend orders). */
  readonly townDefenders?: readonly UnitId[];
  /** Grid cell size for the spatial index (inches). */
  readonly cellSize?: number;
}

/** A sight verdict as a trace step. */
export function sightTraceStep(verdict: SightVerdict): TraceStep {
  if (!verdict.blocked) return { rule: sightRule(), label: 'Line of sight is clear', value: true };
  return { rule: verdict.blocked.rule, label: verdict.blocked.label, value: false };
}
