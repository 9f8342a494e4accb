import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { measureText } from '../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  GENERAL_MOUNTS,
  GENERAL_MOVEMENT,
  GENERAL_MOVEMENT_EVENT_DEFS,
  GENERAL_MOVEMENT_EVENTS,
  GENERAL_MOVEMENT_MODIFIERS,
  GENERAL_TERRAIN_RULE,
  type GeneralMount,
  type GeneralMovementEvent,
  type GeneralMovementModifierId,
} from '../tables/general-movement.ts';
import { jc3 } from '../vocabulary.ts';
import { pathFactsShape } from './movement-allowance/facts.ts';
import { costPath, newPathCost, type PathFacts } from './movement-allowance/path-cost.ts';

export interface GeneralMovementFacts extends PathFacts {
  readonly mount: GeneralMount;
  /** Injured earlier in the game (-10"; a second injury makes him Dangerously Wounded). */
  readonly injured?: boolean;
  /** Events limiting his move this turn. */
  readonly events?: readonly GeneralMovementEvent[];
  /** He attaches himself to a unit this move (base contact with its front rank): 5". */
  readonly attach?: boolean;
  /** He detaches himself from a unit this move: 5". */
  readonly detach?: boolean;
}

export interface GeneralMovementResult {
  /** 24" mounted, 12" on foot. */
  readonly rate: number;
  /** Inches he may spend this turn. */
  readonly available: number;
  readonly used: number;
  readonly left: number;
  readonly distance: number;
  readonly impassable: boolean;
  readonly fits: boolean;
}

const INJURED: readonly AppliedModifier<GeneralMovementModifierId>[] = [{ id: 'injured' }];
const EMPTY: readonly never[] = [];
const EPSILON = 1e-9;

/**
 * A General Officer's move when his card is drawn (Part 3, Movement of General Officers): 24" mounted
 * or 12" on foot; -10" if injured; then this turn's events (half, at most 6", none) in the order
 * listed in `GENERAL_MOVEMENT_EVENTS`; never below 0. The move costs 5" to attach or detach, and
 * terrain as cavalry (mounted) or regular infantry (on foot); direction changes are free and he is
 * never Disordered. Water crossings throw dice under 'nullah', 'stream', 'river'.
 */
export function resolveGeneralMovement(
  facts: GeneralMovementFacts,
  dice: DiceSource,
  trace?: Trace,
): GeneralMovementResult {
  const rate = GENERAL_MOVEMENT.rate[facts.mount];
  trace?.add({
    rule: jc3('Movement of General Officers', facts.mount === 'mounted' ? 'mounted: 24"' : 'on foot: 12"'),
    label: facts.mount === 'mounted' ? 'Mounted officer' : 'Officer on foot',
    total: rate,
  });
  let available = applyModifiers(
    GENERAL_MOVEMENT_MODIFIERS,
    facts.injured ? INJURED : EMPTY,
    rate,
    dice,
    trace,
  );
  if (available < 0) available = 0;
  const events = facts.events ?? EMPTY;
  for (let i = 0; i < GENERAL_MOVEMENT_EVENTS.length; i++) {
    const id = GENERAL_MOVEMENT_EVENTS[i]!;
    if (!events.includes(id)) continue;
    const def = GENERAL_MOVEMENT_EVENT_DEFS[id];
    const before = available;
    if (def.effect === 'half') available /= 2;
    else if (def.effect === 'cap') available = Math.min(available, def.inches!);
    else available = 0;
    trace?.add({ rule: def.rule, label: def.label, delta: available - before, total: available });
  }

  const path = newPathCost();
  const attachments = (facts.attach ? 1 : 0) + (facts.detach ? 1 : 0);
  if (attachments > 0) {
    path.used += attachments * GENERAL_MOVEMENT.attachOrDetach;
    trace?.add({
      rule: jc3('Movement of General Officers', 'attach or detach: 5"'),
      label:
        facts.attach && facts.detach
          ? 'Detach and attach'
          : facts.attach
            ? 'Attach to a unit'
            : 'Detach from a unit',
      delta: path.used,
      total: path.used,
    });
  }
  const mover = GENERAL_MOVEMENT.terrainAs[facts.mount];
  if ((facts.terrain?.length ?? 0) > 0 || (facts.walls?.length ?? 0) > 0)
    trace?.add({
      rule: GENERAL_TERRAIN_RULE,
      label: `Terrain as ${mover === 'cavalry' ? 'cavalry' : 'regular infantry'}`,
    });
  costPath(
    facts,
    mover,
    facts.mount === 'mounted' ? 'rider' : 'close-order-infantry',
    undefined,
    false,
    false,
    dice,
    path,
    trace,
  );
  const left = available - path.used;
  return {
    rate,
    available,
    used: path.used,
    left,
    distance: path.distance,
    impassable: path.impassable,
    fits: !path.impassable && path.used <= available + EPSILON,
  };
}

export const generalMovementFactsSchema = z
  .object({
    mount: z.enum(GENERAL_MOUNTS).describe('mounted (horse, camel or elephant: 24") or foot (12")'),
    injured: z.boolean().optional().describe('Injured earlier in the game: -10" for the rest of it'),
    events: z
      .array(z.enum(GENERAL_MOVEMENT_EVENTS))
      .max(GENERAL_MOVEMENT_EVENTS.length)
      .optional()
      .describe(
        'This turn: returning-from-off-table (half), lame-horse (half, Commanders\' event 9/1), girth-slips (at most 6", 9/3), knocked-cold (1/4), horse-killed (2/5), horse-falls (5/4), bucked-off (9/2): no move',
      ),
    attach: z.boolean().optional().describe('Attaches to a unit this move (5")'),
    detach: z.boolean().optional().describe('Detaches from a unit this move (5")'),
    ...pathFactsShape,
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.events && new Set(f.events).size !== f.events.length)
      ctx.addIssue({ code: 'custom', path: ['events'], message: 'an event is listed twice' });
  });

export const generalMovement: ProcedureDefinition<GeneralMovementFacts, GeneralMovementResult> = {
  id: 'general-movement',
  title: "General Officer's movement",
  summary: 'How far a General Officer may move when his card is drawn, and whether his intended move fits.',
  rule: jc3('Movement of General Officers'),
  facts: generalMovementFactsSchema as z.ZodType<GeneralMovementFacts>,
  rolls: [
    { key: 'nullah', dice: '1d6 (inches lost)', when: 'each nullah crossed, in list order' },
    { key: 'stream', dice: '2d6 (inches lost)', when: 'each stream crossed, in list order' },
    { key: 'river', dice: '3d6 or 4d6 (inches lost)', when: 'each fordable river crossed, in list order' },
  ],
  examples: [
    {
      title: 'An injured mounted Brigadier detaches, rides 4" and crosses a nullah',
      facts: { mount: 'mounted', injured: true, detach: true, moveInches: 4, water: ['nullah'] },
      dice: [3],
    },
    {
      title: 'A General on foot returning from off the table: 12" halved, then 2" of light woods',
      facts: {
        mount: 'foot',
        events: ['returning-from-off-table'],
        terrain: [{ terrain: 'light-woods', inches: 2 }],
      },
    },
  ],
  resolve: resolveGeneralMovement,
  odds: [
    { name: 'Fits', project: (r) => (r.fits ? 'fits' : r.impassable ? 'impassable' : 'too far') },
    { name: 'Inches left', project: (r) => r.left },
  ],
  describe: (r) => [
    `Available ${measureText(r.available)}" (of ${measureText(r.rate)}")`,
    `Uses ${measureText(r.used)}" for ${measureText(r.distance)}" of ground: ${
      r.impassable
        ? 'impassable'
        : r.fits
          ? `fits, ${measureText(r.left)}" left`
          : `${measureText(-r.left)}" too far`
    }`,
  ],
};
