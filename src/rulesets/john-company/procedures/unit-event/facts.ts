/**
 * What a unit event is told and what it answers (Part 4, Events): `UnitEventFacts` (the unit and the
 * few things on the table its entries ask about) with its schema, the entries' own dice as read
 * (`UnitEventSubRolls`), and `UnitEventResult`.
 */
import { z } from 'zod';
import {
  EVENT_ARMIES,
  type EventArmy,
  type UnitEventEffect,
  type UnitEventId,
} from '../../tables/unit-events.ts';
import { ARMS, type Arm, LEADERSHIPS, type Leadership } from '../../vocabulary.ts';

export const COLOURS_LOST_STATES = ['none', 'regimental', 'queens', 'all'] as const;
export type ColoursLostState = (typeof COLOURS_LOST_STATES)[number];
export const BATTERY_MOVES = ['none', 'prolonge', 'limbered'] as const;
export type BatteryMove = (typeof BATTERY_MOVES)[number];

/** What a unit event depends on: the unit, and the few things on the table its entries ask about. */
export interface UnitEventFacts {
  readonly arm: Arm;
  readonly army: EventArmy;
  readonly irregular?: boolean;
  readonly raining?: boolean;
  readonly inConfrontation?: boolean;
  readonly generalsWithin2in?: number;
  readonly generalInRangeToFront?: boolean;
  readonly unitCommanderLeadership?: Leadership;
  readonly unitCommanderWounded?: boolean;
  readonly coloursLost?: ColoursLostState;
  readonly defendingWorks?: boolean;
  readonly defendOrders?: boolean;
  readonly batteryMove?: BatteryMove;
  readonly underArtilleryFire?: boolean;
  readonly siegeOrMortar?: boolean;
  readonly guns?: number;
}

/** What the entry's own dice showed, as the entry reads them (the faces are in the roll record). */
export interface UnitEventSubRolls {
  readonly commanderHit?: 'dead' | 'wounded' | 'scratched';
  /** Scratched: whether the d6 beat his Leadership (so the next order must be Defend). */
  readonly scratchBeatLeadership?: boolean;
  readonly friendOrFoe?: 'enemy-recognised' | 'rides-out';
  readonly firedOn?: 'killed' | 'wounded' | 'unscathed';
  readonly colour?: 'regimental' | 'queens';
  /** The dice total for a movement entry (before its sign). */
  readonly inches?: number;
  readonly deploy?: 'wheel' | 'flank-march';
  readonly fanatics?: number;
  /** Guns the dice called for (the effect never exceeds the battery). */
  readonly gunsRolled?: number;
}

export interface UnitEventResult {
  readonly arm: Arm;
  /** The percentile band of the entry, e.g. '05-14'; absent when the re-roll cap ended the event. */
  readonly band?: string;
  readonly entry?: UnitEventId;
  /**
   * How many times the percentile was rolled again because the entry did not apply. (The exact odds
   * give the distribution of the entry that finally applies, so they always show 0 here.)
   */
  readonly rerolls: number;
  readonly effects: readonly UnitEventEffect[];
  readonly subRolls: UnitEventSubRolls;
}

const ARTILLERY_ONLY = [
  'defendOrders',
  'batteryMove',
  'underArtilleryFire',
  'siegeOrMortar',
  'guns',
] as const;

export const unitEventFactsSchema = z
  .object({
    arm: z.enum(ARMS).describe('Which table: infantry, cavalry or artillery'),
    army: z
      .enum(EVENT_ARMIES)
      .describe(
        "british: the Crown or Company army (Europeans and sepoys); native: an Indian power's army or its allies; other: e.g. the French",
      ),
    irregular: z
      .boolean()
      .optional()
      .describe('Irregular unit: deploys by wheeling, with no roll (default false)'),
    raining: z
      .boolean()
      .optional()
      .describe('It is raining: dust and smoke entries are rolled again (default false)'),
    inConfrontation: z
      .boolean()
      .optional()
      .describe(
        'The event came from a Confrontation or Close Combat: lost colours are taken by the facing enemy (default false)',
      ),
    generalsWithin2in: z
      .number()
      .int()
      .min(0)
      .max(4)
      .optional()
      .describe(
        'Brigadiers or higher within 2": each rolls on the Commanders\' Events Table on 00-04 (default 0)',
      ),
    generalInRangeToFront: z
      .boolean()
      .optional()
      .describe('A General Officer is in range to its front (the fire-on-a-General entries; default false)'),
    unitCommanderLeadership: z
      .enum(LEADERSHIPS)
      .optional()
      .describe(
        "The unit commander's Leadership for a 'Scratched' result, rolled against on 1-6 (default Cautious = 3)",
      ),
    unitCommanderWounded: z
      .boolean()
      .optional()
      .describe('The unit commander is already wounded: a second wound kills him (default false)'),
    coloursLost: z
      .enum(COLOURS_LOST_STATES)
      .optional()
      .describe(
        'Colours already lost: none, regimental or queens (British infantry: one of two), all (nothing left: the entry is rolled again). Default none',
      ),
    defendingWorks: z
      .boolean()
      .optional()
      .describe(
        'Infantry defending entrenchments or walls: no fire into friends to the flank (default false)',
      ),
    defendOrders: z
      .boolean()
      .optional()
      .describe('Artillery with Defend orders: the ground entries (20-31) are rolled again (default false)'),
    batteryMove: z
      .enum(BATTERY_MOVES)
      .optional()
      .describe('How the battery moves this turn: none, prolonge, or limbered (default none)'),
    underArtilleryFire: z
      .boolean()
      .optional()
      .describe(
        'Artillery under artillery fire this turn: otherwise a caisson explosion is rolled again (default false)',
      ),
    siegeOrMortar: z
      .boolean()
      .optional()
      .describe(
        'Mortars or siege guns (Gubara, Kalan): the Prolonge And Fire entry has no effect (default false)',
      ),
    guns: z
      .number()
      .int()
      .min(1)
      .max(24)
      .optional()
      .describe('Guns left in the battery: no more can be lost (default: no limit)'),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.arm !== 'artillery') {
      for (const key of ARTILLERY_ONLY)
        if (f[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} applies to artillery only` });
    }
    if (f.defendingWorks !== undefined && f.arm !== 'infantry')
      ctx.addIssue({
        code: 'custom',
        path: ['defendingWorks'],
        message: 'defendingWorks applies to infantry only',
      });
    if (f.coloursLost !== undefined && f.arm === 'artillery')
      ctx.addIssue({ code: 'custom', path: ['coloursLost'], message: 'artillery carries no colours' });
    if (
      (f.coloursLost === 'regimental' || f.coloursLost === 'queens') &&
      !(f.arm === 'infantry' && f.army === 'british')
    )
      ctx.addIssue({
        code: 'custom',
        path: ['coloursLost'],
        message: 'only British infantry carry two colours; use none or all',
      });
  });
