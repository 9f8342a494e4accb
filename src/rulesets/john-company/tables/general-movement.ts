import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { jc3, jc4, musterDefault } from '../vocabulary.ts';
import type { MoverClass } from './movement-rates.ts';

export const GENERAL_MOUNTS = ['mounted', 'foot'] as const;
export type GeneralMount = (typeof GENERAL_MOUNTS)[number];

export interface GeneralMovementTable extends TableMeta {
  /** Inches per activation: mounted (horse, camel or elephant) or on foot. */
  readonly rate: Readonly<Record<GeneralMount, number>>;
  /** Inches it costs to attach to, or detach from, a unit (base contact with its front rank). */
  readonly attachOrDetach: number;
  /** How terrain treats him (see the reading "General movement: terrain"). */
  readonly terrainAs: Readonly<Record<GeneralMount, MoverClass>>;
}

export const GENERAL_MOVEMENT: GeneralMovementTable = {
  id: 'jc-general-movement',
  title: 'Movement of General Officers',
  source: jc3('Movement of General Officers'),
  readings: ['General movement: terrain', 'General movement: order of the reductions'],
  rate: { mounted: 24, foot: 12 },
  attachOrDetach: 5,
  terrainAs: { mounted: 'cavalry', foot: 'regular-infantry' },
};

/** Changes that add to a General's movement. */
export const GENERAL_MOVEMENT_MODIFIERS = defineModifierTable({
  id: 'jc-general-movement-modifiers',
  title: "General Officers' movement: lasting changes",
  source: jc4('Events', 'Injured'),
  modifiers: [
    {
      id: 'injured',
      rule: jc4('Events', 'Injured: -10" for the rest of the game'),
      label: 'Injured (-10" for the rest of the game)',
      value: -10,
    },
  ],
});
export type GeneralMovementModifierId = (typeof GENERAL_MOVEMENT_MODIFIERS.modifiers)[number]['id'];

/** Events that limit a General's move this turn; they are not additions, so each has its effect. */
export const GENERAL_MOVEMENT_EVENTS = [
  'returning-from-off-table',
  'lame-horse',
  'girth-slips',
  'knocked-cold',
  'horse-killed',
  'horse-falls',
  'bucked-off',
] as const;
export type GeneralMovementEvent = (typeof GENERAL_MOVEMENT_EVENTS)[number];

export interface GeneralMovementEventDef {
  readonly id: GeneralMovementEvent;
  readonly label: string;
  readonly rule: RuleRef;
  /** half: half his move; cap: at most `inches`; none: he cannot move. */
  readonly effect: 'half' | 'cap' | 'none';
  readonly inches?: number;
}

const cmdr = (item: string) => jc4("Commanders' Events Table", item);

export const GENERAL_MOVEMENT_EVENT_DEFS: Readonly<Record<GeneralMovementEvent, GeneralMovementEventDef>> = {
  'returning-from-off-table': {
    id: 'returning-from-off-table',
    label: 'Returning from off the table: half rate',
    rule: jc3('Movement of General Officers', 'returning from off the table'),
    effect: 'half',
  },
  'lame-horse': {
    id: 'lame-horse',
    label: 'Horse lame: half his move this turn',
    rule: cmdr('9/1'),
    effect: 'half',
  },
  'girth-slips': {
    id: 'girth-slips',
    label: 'Girth slips, horse bolts: at most 6" this turn',
    rule: cmdr('9/3'),
    effect: 'cap',
    inches: 6,
  },
  'knocked-cold': {
    id: 'knocked-cold',
    label: 'Knocked cold: no movement this turn',
    rule: cmdr('1/4'),
    effect: 'none',
  },
  'horse-killed': {
    id: 'horse-killed',
    label: 'Horse killed under him: cannot move this turn',
    rule: cmdr('2/5'),
    effect: 'none',
  },
  'horse-falls': {
    id: 'horse-falls',
    label: 'Horse rears and falls: cannot move this turn',
    rule: cmdr('5/4'),
    effect: 'none',
  },
  'bucked-off': {
    id: 'bucked-off',
    label: 'Bucked off: cannot move this turn',
    rule: cmdr('9/2'),
    effect: 'none',
  },
};

export const GENERAL_TERRAIN_RULE = musterDefault(
  'Movement of General Officers',
  'terrain: mounted as cavalry, on foot as regular infantry; no Disorder',
);
