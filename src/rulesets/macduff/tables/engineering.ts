import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { md } from '../vocabulary.ts';

/** Engineering tasks (13.2) and how long they take. */
export const ENGINEERING_TASKS = [
  'pontoon-bridge',
  'demolition-charge',
  'repair-bridge',
  'redoubt',
  'cut-road',
  'fortify-village',
] as const;
export type EngineeringTask = (typeof ENGINEERING_TASKS)[number];

export interface TaskTime {
  /** Turns of work, or 'inch-per-turn' for a pontoon bridge, or 'd6' turns for a repair. */
  readonly turns: number | 'inch-per-turn' | 'd6';
  /** Only trained sappers may do it (13.1). */
  readonly sappersOnly: boolean;
  readonly rule: RuleRef;
}

export const ENGINEERING_TABLE: TableMeta & { readonly rows: Readonly<Record<EngineeringTask, TaskTime>> } = {
  id: 'macduff-engineering',
  title: 'Engineering tasks',
  source: md('13.2 Tasks'),
  rows: {
    'pontoon-bridge': { turns: 'inch-per-turn', sappersOnly: true, rule: md('13.2 Tasks', 'a') },
    'demolition-charge': { turns: 1, sappersOnly: true, rule: md('13.2 Tasks', 'b') },
    'repair-bridge': { turns: 'd6', sappersOnly: false, rule: md('13.2 Tasks', 'c') },
    redoubt: { turns: 6, sappersOnly: false, rule: md('13.2 Tasks', 'd') },
    'cut-road': { turns: 1, sappersOnly: false, rule: md('13.2 Tasks', 'e') },
    'fortify-village': { turns: 3, sappersOnly: false, rule: md('13.2 Tasks', 'f') },
  },
};

export const BRIDGES = ['wooden', 'stone'] as const;
export type Bridge = (typeof BRIDGES)[number];
export const DEMOLITION_RESULTS = ['no-effect', 'damaged', 'destroyed'] as const;
export type DemolitionResult = (typeof DEMOLITION_RESULTS)[number];

/** Points of demolition needed (13.2 b): wood 6 to damage, 12 to destroy; stone 12 and 24. */
export const DEMOLITION_POINTS: Readonly<
  Record<Bridge, { readonly damage: number; readonly destroy: number }>
> = {
  wooden: { damage: 6, destroy: 12 },
  stone: { damage: 12, destroy: 24 },
};
