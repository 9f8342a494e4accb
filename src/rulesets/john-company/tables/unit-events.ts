import type { Prng } from '../../../core/random/prng.ts';
import type { Die, RollSpec } from '../../../core/random/rolls.ts';
import { defineRangeTable, type RangeTable } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { type Arm, jc4, musterDefault } from '../vocabulary.ts';
import type {
  NegativeReactionModifierId,
  PositiveReactionModifierId,
  ResolveAdjustmentId,
} from './reaction-modifiers.ts';

/**
 * Who the events tables call "British" and "Native": the British Crown or Company army (European and
 * sepoy units alike), an Indian power's army (its allies included), or any other (e.g. the French).
 */
export const EVENT_ARMIES = ['british', 'native', 'other'] as const;
export type EventArmy = (typeof EVENT_ARMIES)[number];

/** The colours a unit can lose: British infantry carry two, other infantry one, cavalry a standard. */
export type ColourId = 'regimental' | 'queens' | 'colours' | 'standard';

/** Orders an event can force on a unit (Part 3 names; "Defend" is the Defensive order type). */
export const EVENT_ORDERS = [
  'charge',
  'form-close-order-line',
  'form-close-order-column',
  'deploy-right',
  'deploy-left',
  'fire-and-retire',
  'defend',
  'forward-march',
  'advance-and-fire',
  'prolonge-and-fire',
  'limber-and-retire',
] as const;
export type EventOrder = (typeof EVENT_ORDERS)[number];

/** Why an entry ends with nothing happening. */
export type NoEffectReason =
  | 'no-general-within-2in'
  | 'no-general-in-range-to-front'
  | 'enemy-recognised'
  | 'commander-unscathed'
  | 'scratch-shrugged-off'
  | 'siege-or-mortar-battery'
  | 're-roll-limit';

/**
 * One effect of a unit event, as a game engine applies it: structured data, never prose. Dice in the
 * entry are already rolled (`inches`, `figures`, `guns` are numbers).
 */
export type UnitEventEffect =
  /** Roll the Commanders' Events Table (procedure 'commanders-event') once for each of `officers` Generals within 2". */
  | { readonly kind: 'commanders-event'; readonly officers: number }
  /** The unit's own commander (not a General Officer) is killed or wounded. */
  | { readonly kind: 'unit-commander-casualty'; readonly severity: 'killed' | 'wounded' }
  /**
   * A Reaction Test modifier (`modifier` is its id in the reaction modifier tables) for `unit`:
   * on its next test, all future tests, or every test after the next one.
   */
  | {
      readonly kind: 'reaction-modifier';
      readonly unit: 'self' | 'facing-enemy';
      readonly modifier: NegativeReactionModifierId | PositiveReactionModifierId;
      readonly amount: number;
      readonly tests: 'next' | 'all-future' | 'all-after-next';
    }
  /** A permanent change to the Resolve Level (`adjustment` is its id in RESOLVE_ADJUSTMENTS). */
  | {
      readonly kind: 'resolve-change';
      readonly adjustment: ResolveAdjustmentId;
      readonly amount: number;
      readonly permanent: true;
    }
  | { readonly kind: 'colours-lost'; readonly colour: ColourId; readonly capturedBy: 'facing-enemy' | 'none' }
  /**
   * Inches added to (positive) or lost from (negative) the unit's next move; with `orIfDisordered`, a
   * disordered unit may instead reform without the movement penalty.
   */
  | {
      readonly kind: 'movement-change';
      readonly inches: number;
      readonly move: 'next';
      readonly orIfDisordered?: 'reform-without-movement-penalty';
    }
  | { readonly kind: 'disordered' }
  /** The Final Fire Factor of its next shot is halved. */
  | { readonly kind: 'fire-halved'; readonly shots: 'next' }
  /**
   * Its next order is forced. `target` and `regardlessOfRange` for charges and engagements; `method`
   * for deployments (irregulars always wheel); `mayChooseSquare` for Defend.
   */
  | {
      readonly kind: 'next-order';
      readonly order: EventOrder;
      readonly target?: 'nearest-enemy-in-sight' | 'nearest-enemy' | 'nearest-enemy-to-front';
      readonly regardlessOfRange?: true;
      readonly method?: 'wheel' | 'flank-march';
      readonly mayChooseSquare?: true;
    }
  /** Its next Reaction Test is taken on the Without Orders row. */
  | { readonly kind: 'without-orders-next-test' }
  /**
   * It fires on `target` (now, or with its next fire); `ifNone` says what happens when there is no
   * such target: nothing, one flank stand fires at friends (at least `minInches` away), or the end
   * stands fire at whatever is on the flank.
   */
  | {
      readonly kind: 'fires-on';
      readonly target: 'nearest-friend-to-front' | 'nearest-unit-to-front';
      readonly when: 'now' | 'next-fire';
      readonly minInches?: number;
      readonly ifNone: 'no-effect' | 'flank-stand-fires-at-friends' | 'end-stands-fire-to-flank';
    }
  /** It fires on a General Officer in range to its front, who rolls on the Commanders' Events Table. */
  | {
      readonly kind: 'fires-on-general';
      readonly rank: 'brigadier-or-higher' | 'any-general';
      readonly officerRolls: 'commanders-event';
    }
  /**
   * It leaves the fight (not a rout) until an officer reaches it: `formation` it takes first, and who
   * may give it new orders.
   */
  | {
      readonly kind: 'quit-the-battle';
      readonly formation?: 'close-order-column' | 'limbered';
      readonly until: 'brigadier-or-higher-gives-orders' | 'general-officer-in-contact-gives-orders';
    }
  /** Halfway through its move it meets `figures` hidden native fanatics: stop and fight a Confrontation at once. */
  | { readonly kind: 'hidden-fanatics'; readonly figures: number; readonly at: 'halfway-through-move' }
  /** Guns lost from the battery; recoverable ones come back if friends hold the field at the end. */
  | { readonly kind: 'guns-lost'; readonly guns: number; readonly recoverable: boolean }
  /** If limbered or moving, the battery stops at once and deploys. */
  | { readonly kind: 'stop-and-deploy'; readonly if: 'limbered-or-moving' }
  | { readonly kind: 'no-effect'; readonly reason: NoEffectReason };

export type UnitEventEffectKind = UnitEventEffect['kind'];

/**
 * What an entry does before its dice are thrown: a fixed effect, or an instruction to the procedure
 * to throw the entry's sub-roll (or read a fact) and produce effects.
 */
export type UnitEventTemplate =
  | UnitEventEffect
  /** One Commanders' Events roll per General within 2" (fact generalsWithin2in). */
  | { readonly kind: 'per-general-within-2in' }
  /** d6: 1-2 dead, 3-5 wounded, 6 scratched (then a d6 against his Leadership). */
  | { readonly kind: 'roll-commander-hit' }
  /** d6: 1-2 no effect; 3-6 he rides out and is fired on (d10: 1-2 killed, 3-6 wounded, 7-10 unscathed). */
  | { readonly kind: 'roll-friend-or-foe' }
  /** Colours or standard lost (British infantry: d6 even Regimental, odd Queen's). */
  | { readonly kind: 'roll-colours'; readonly item: 'colours' | 'standard' }
  /** Inches on the next move: `dice`d6 + `plus`, times `sign`. */
  | {
      readonly kind: 'roll-movement';
      readonly dice: 1 | 2;
      readonly plus: 0 | 3;
      readonly sign: 1 | -1;
      readonly orIfDisordered?: 'reform-without-movement-penalty';
    }
  /** Deploy: d6 even wheel, odd flank march; irregulars wheel without a roll. */
  | { readonly kind: 'roll-deploy'; readonly order: 'deploy-right' | 'deploy-left' }
  /** 4d6 figures of hidden fanatics. */
  | { readonly kind: 'roll-fanatics' }
  /** Guns lost: 1d6, or a d6 whose 1 or 2 loses that many (3-6 none); never more than the battery has. */
  | { readonly kind: 'roll-guns-lost'; readonly roll: 'd6' | 'd6-on-1-or-2'; readonly recoverable: boolean }
  /** Fires on the nearest friend to its front (flank fire unless defending works: fact defendingWorks). */
  | { readonly kind: 'fires-on-friends' }
  /** Fires on a General in range to its front (fact generalInRangeToFront); if none, `ifNone`. */
  | {
      readonly kind: 'fires-on-general-if-any';
      readonly rank: 'brigadier-or-higher' | 'any-general';
      readonly ifNone: 'no-effect' | 'unit-commander-fired-on';
    }
  /** These effects, unless the battery is mortars or siege guns (fact siegeOrMortar). */
  | { readonly kind: 'unless-siege-or-mortar'; readonly effects: readonly UnitEventEffect[] };

const TEMPLATE_KINDS: ReadonlySet<string> = new Set([
  'per-general-within-2in',
  'roll-commander-hit',
  'roll-friend-or-foe',
  'roll-colours',
  'roll-movement',
  'roll-deploy',
  'roll-fanatics',
  'roll-guns-lost',
  'fires-on-friends',
  'fires-on-general-if-any',
  'unless-siege-or-mortar',
] satisfies Exclude<UnitEventTemplate, UnitEventEffect>['kind'][]);

/** Whether a template is already a fixed effect (no dice, no facts needed). */
export function isFixedEffect(t: UnitEventTemplate): t is UnitEventEffect {
  return !TEMPLATE_KINDS.has(t.kind);
}

/** Conditions under which an entry is re-rolled ("ignore and roll again"). */
export const REROLL_CONDITIONS = [
  'raining',
  'native',
  'british',
  'no-colours-left',
  'defend-orders',
  'not-moving',
  'prolonged-or-not-moved',
  'not-under-artillery-fire',
] as const;
export type RerollCondition = (typeof REROLL_CONDITIONS)[number];

export type UnitEventId =
  | 'commanders-event'
  | 'commander-hit'
  | 'musicians-lost'
  | 'colours-lost'
  | 'standard-lost'
  | 'soft-ground'
  | 'very-rough-ground'
  | 'unseen-nullah'
  | 'firm-ground'
  | 'blinded'
  | 'friend-or-foe'
  | 'must-charge'
  | 'form-line'
  | 'form-column'
  | 'deploy-right'
  | 'deploy-left'
  | 'disordered-without-orders'
  | 'fire-and-retire'
  | 'fires-on-general'
  | 'without-orders-test'
  | 'must-defend'
  | 'forward-march'
  | 'advance-and-fire'
  | 'friends-cut-up'
  | 'quit-the-battle'
  | 'fires-on-friends'
  | 'hidden-fanatics'
  | 'threes-about'
  | 'fires-on-nearest'
  | 'blood-up'
  | 'confused-fire'
  | 'gun-overturned'
  | 'caisson-explodes'
  | 'prolonge-and-fire'
  | 'limber-and-retire';

export interface UnitEventEntry {
  readonly id: UnitEventId;
  /** In Muster's words. */
  readonly label: string;
  readonly rule: RuleRef;
  /** The entry is ignored and the percentile rolled again when any of these holds. */
  readonly rerollIf?: readonly RerollCondition[];
  readonly effects: readonly UnitEventTemplate[];
}

// Fixed effects, shared by every result that carries them (results never mutate them).
export const DISORDERED: UnitEventEffect = { kind: 'disordered' };
export const WITHOUT_ORDERS_NEXT_TEST: UnitEventEffect = { kind: 'without-orders-next-test' };
export const FIRE_HALVED: UnitEventEffect = { kind: 'fire-halved', shots: 'next' };
export const STOP_AND_DEPLOY: UnitEventEffect = { kind: 'stop-and-deploy', if: 'limbered-or-moving' };
const nextOrder = (order: EventOrder): UnitEventEffect => ({ kind: 'next-order', order });
const musicians: UnitEventEffect = {
  kind: 'reaction-modifier',
  unit: 'self',
  modifier: 'musicians-lost',
  amount: -1,
  tests: 'all-future',
};
const cutUp: UnitEventEffect = {
  kind: 'resolve-change',
  adjustment: 'friendly-casualties-cut-up',
  amount: 1,
  permanent: true,
};

const TABLE_READINGS = [
  'Events: British, native and other armies',
  'Events: rolling again, and the cap on re-rolls',
  'Events: conditions on the table are facts',
  'Events: unit commander killed, -2 then -1',
  'Events: two wounds make a dead commander',
  "Events: the 'Scratched' roll against Leadership",
  'Events: British colours and the second colour',
  'Events: nothing left to lose',
  'Events: firm ground, extra inches or a free reform',
  "Events: forced 'Defend' orders",
];

const inf = (band: string, what: string) => jc4('Infantry Events Table', `${band} ${what}`);
const cav = (band: string, what: string) => jc4('Cavalry Events Table', `${band} ${what}`);
const art = (band: string, what: string) => jc4('Artillery Events Table', `${band} ${what}`);

/** Part 4, Infantry Events Table (d100, 00-99). */
export const INFANTRY_EVENTS = defineRangeTable<UnitEventEntry>({
  id: 'jc-infantry-events',
  title: 'Infantry Events Table',
  source: jc4('Infantry Events Table'),
  readings: [...TABLE_READINGS, 'Events: infantry fire on friends to the flank'],
  covers: { min: 0, max: 99 },
  rows: [
    {
      from: 0,
      to: 4,
      result: {
        id: 'commanders-event',
        label: 'Generals within 2" roll on the Commanders\' Events Table',
        rule: inf('00-04', 'generals nearby'),
        effects: [{ kind: 'per-general-within-2in' }],
      },
    },
    {
      from: 5,
      to: 14,
      result: {
        id: 'commander-hit',
        label: 'Unit commander hit (dead, wounded or scratched)',
        rule: inf('05-14', 'unit commander hit'),
        effects: [{ kind: 'roll-commander-hit' }],
      },
    },
    {
      from: 15,
      to: 19,
      result: {
        id: 'musicians-lost',
        label: 'Musicians down: -1 on all future tests',
        rule: inf('15-19', 'musicians'),
        effects: [musicians],
      },
    },
    {
      from: 20,
      to: 34,
      result: {
        id: 'colours-lost',
        label: 'Colours lost: -2 Resolve for good',
        rule: inf('20-34', 'colours lost'),
        rerollIf: ['no-colours-left'],
        effects: [{ kind: 'roll-colours', item: 'colours' }],
      },
    },
    {
      from: 35,
      to: 37,
      result: {
        id: 'soft-ground',
        label: 'Soft ground: -1d6" next move',
        rule: inf('35-37', 'soft sand or soil'),
        effects: [{ kind: 'roll-movement', dice: 1, plus: 0, sign: -1 }],
      },
    },
    {
      from: 38,
      to: 40,
      result: {
        id: 'very-rough-ground',
        label: 'Very rough ground: -(1d6+3)" next move',
        rule: inf('38-40', 'very rough ground'),
        effects: [{ kind: 'roll-movement', dice: 1, plus: 3, sign: -1 }],
      },
    },
    {
      from: 41,
      to: 43,
      result: {
        id: 'unseen-nullah',
        label: 'Hidden nullah: -2d6" next move, disordered',
        rule: inf('41-43', 'unseen nullah'),
        effects: [{ kind: 'roll-movement', dice: 2, plus: 0, sign: -1 }, DISORDERED],
      },
    },
    {
      from: 44,
      to: 46,
      result: {
        id: 'firm-ground',
        label: 'Firm ground: +1d6" next move, or a free reform',
        rule: inf('44-46', 'firm flat ground'),
        effects: [
          {
            kind: 'roll-movement',
            dice: 1,
            plus: 0,
            sign: 1,
            orIfDisordered: 'reform-without-movement-penalty',
          },
        ],
      },
    },
    {
      from: 47,
      to: 49,
      result: {
        id: 'blinded',
        label: 'Dust or smoke: next shot at half Final Fire Factor',
        rule: inf('47-49', 'blinded by dust or smoke'),
        rerollIf: ['raining'],
        effects: [FIRE_HALVED],
      },
    },
    {
      from: 50,
      to: 54,
      result: {
        id: 'friend-or-foe',
        label: 'Commander unsure whether the nearest enemy is friend or foe',
        rule: inf('50-54', 'friend or foe'),
        effects: [{ kind: 'roll-friend-or-foe' }],
      },
    },
    {
      from: 55,
      to: 57,
      result: {
        id: 'must-charge',
        label: 'Next order: charge the nearest enemy in sight, at any range',
        rule: inf('55-57', 'must charge'),
        effects: [
          { kind: 'next-order', order: 'charge', target: 'nearest-enemy-in-sight', regardlessOfRange: true },
        ],
      },
    },
    {
      from: 58,
      to: 60,
      result: {
        id: 'form-line',
        label: 'Next order: form close order line',
        rule: inf('58-60', 'form close order line'),
        effects: [nextOrder('form-close-order-line')],
      },
    },
    {
      from: 61,
      to: 63,
      result: {
        id: 'form-column',
        label: 'Next order: form close order column',
        rule: inf('61-63', 'form close order column'),
        effects: [nextOrder('form-close-order-column')],
      },
    },
    {
      from: 64,
      to: 66,
      result: {
        id: 'deploy-right',
        label: 'Next order: deploy right (wheel or flank march)',
        rule: inf('64-66', 'deploy right'),
        effects: [{ kind: 'roll-deploy', order: 'deploy-right' }],
      },
    },
    {
      from: 67,
      to: 69,
      result: {
        id: 'deploy-left',
        label: 'Next order: deploy left (wheel or flank march)',
        rule: inf('67-69', 'deploy left'),
        effects: [{ kind: 'roll-deploy', order: 'deploy-left' }],
      },
    },
    {
      from: 70,
      to: 72,
      result: {
        id: 'disordered-without-orders',
        label: 'Disordered, and Without Orders for the next test',
        rule: inf('70-72', 'disordered and without orders'),
        effects: [DISORDERED, WITHOUT_ORDERS_NEXT_TEST],
      },
    },
    {
      from: 73,
      to: 75,
      result: {
        id: 'fire-and-retire',
        label: 'Next order: fire and retire',
        rule: inf('73-75', 'fire and retire'),
        effects: [nextOrder('fire-and-retire')],
      },
    },
    {
      from: 76,
      to: 78,
      result: {
        id: 'fires-on-general',
        label: 'Fires on a Brigadier or higher in range to its front',
        rule: inf('76-78', 'fires on a general'),
        effects: [{ kind: 'fires-on-general-if-any', rank: 'brigadier-or-higher', ifNone: 'no-effect' }],
      },
    },
    {
      from: 79,
      to: 81,
      result: {
        id: 'without-orders-test',
        label: 'Next test on the Without Orders row',
        rule: inf('79-81', 'without orders'),
        effects: [WITHOUT_ORDERS_NEXT_TEST],
      },
    },
    {
      from: 82,
      to: 84,
      result: {
        id: 'must-defend',
        label: 'Next order: Defend (square allowed)',
        rule: inf('82-84', 'defend'),
        effects: [{ kind: 'next-order', order: 'defend', mayChooseSquare: true }],
      },
    },
    {
      from: 85,
      to: 87,
      result: {
        id: 'forward-march',
        label: 'Next order: forward march',
        rule: inf('85-87', 'forward march'),
        effects: [nextOrder('forward-march')],
      },
    },
    {
      from: 88,
      to: 89,
      result: {
        id: 'friends-cut-up',
        label: 'Finds friends cut up by natives: +1 Resolve for good',
        rule: inf('88-89', 'friendly casualties cut up'),
        rerollIf: ['native'],
        effects: [cutUp],
      },
    },
    {
      from: 90,
      to: 91,
      result: {
        id: 'quit-the-battle',
        label: 'Quits the battle in close column until a Brigadier or higher re-orders it',
        rule: inf('90-91', 'quit the battle'),
        effects: [
          {
            kind: 'quit-the-battle',
            formation: 'close-order-column',
            until: 'brigadier-or-higher-gives-orders',
          },
        ],
      },
    },
    {
      from: 92,
      to: 95,
      result: {
        id: 'fires-on-friends',
        label: 'Fires on the nearest friends to its front (3" or more away)',
        rule: inf('92-95', 'fires on friends'),
        effects: [{ kind: 'fires-on-friends' }],
      },
    },
    {
      from: 96,
      to: 99,
      result: {
        id: 'hidden-fanatics',
        label: 'Meets 4d6 hidden fanatics halfway through its move',
        rule: inf('96-99', 'hidden fanatics'),
        rerollIf: ['native'],
        effects: [{ kind: 'roll-fanatics' }],
      },
    },
  ],
});

/** Part 4, Cavalry Events Table (d100, 00-99). */
export const CAVALRY_EVENTS = defineRangeTable<UnitEventEntry>({
  id: 'jc-cavalry-events',
  title: 'Cavalry Events Table',
  source: jc4('Cavalry Events Table'),
  readings: [...TABLE_READINGS, 'Events: cavalry fire on a General, or on their own commander'],
  covers: { min: 0, max: 99 },
  rows: [
    {
      from: 0,
      to: 4,
      result: {
        id: 'commanders-event',
        label: 'Generals within 2" roll on the Commanders\' Events Table',
        rule: cav('00-04', 'generals nearby'),
        effects: [{ kind: 'per-general-within-2in' }],
      },
    },
    {
      from: 5,
      to: 14,
      result: {
        id: 'commander-hit',
        label: 'Unit commander hit (dead, wounded or scratched)',
        rule: cav('05-14', 'unit commander hit'),
        effects: [{ kind: 'roll-commander-hit' }],
      },
    },
    {
      from: 15,
      to: 19,
      result: {
        id: 'musicians-lost',
        label: 'Trumpeters down: -1 on all future tests',
        rule: cav('15-19', 'musicians'),
        effects: [musicians],
      },
    },
    {
      from: 20,
      to: 34,
      result: {
        id: 'standard-lost',
        label: 'Standard lost: -2 Resolve for good (British roll again)',
        rule: cav('20-34', 'standard lost'),
        rerollIf: ['british', 'no-colours-left'],
        effects: [{ kind: 'roll-colours', item: 'standard' }],
      },
    },
    {
      from: 35,
      to: 37,
      result: {
        id: 'soft-ground',
        label: 'Soft ground: -1d6" next move',
        rule: cav('35-37', 'soft sand or soil'),
        effects: [{ kind: 'roll-movement', dice: 1, plus: 0, sign: -1 }],
      },
    },
    {
      from: 38,
      to: 40,
      result: {
        id: 'very-rough-ground',
        label: 'Very rough ground: -2d6" next move',
        rule: cav('38-40', 'very rough ground'),
        effects: [{ kind: 'roll-movement', dice: 2, plus: 0, sign: -1 }],
      },
    },
    {
      from: 41,
      to: 43,
      result: {
        id: 'unseen-nullah',
        label: 'Hidden nullah: -(2d6+3)" next move, disordered',
        rule: cav('41-43', 'unseen nullah'),
        effects: [{ kind: 'roll-movement', dice: 2, plus: 3, sign: -1 }, DISORDERED],
      },
    },
    {
      from: 44,
      to: 46,
      result: {
        id: 'firm-ground',
        label: 'Firm ground: +1d6" next move, or a free reform',
        rule: cav('44-46', 'firm flat ground'),
        effects: [
          {
            kind: 'roll-movement',
            dice: 1,
            plus: 0,
            sign: 1,
            orIfDisordered: 'reform-without-movement-penalty',
          },
        ],
      },
    },
    {
      from: 47,
      to: 49,
      result: {
        id: 'blinded',
        label: 'Dust or smoke: next shot at half Final Fire Factor',
        rule: cav('47-49', 'blinded by dust or smoke'),
        rerollIf: ['raining'],
        effects: [FIRE_HALVED],
      },
    },
    {
      from: 50,
      to: 54,
      result: {
        id: 'threes-about',
        label: 'Turns about and heads for its own edge until a General reaches it',
        rule: cav('50-54', 'threes about'),
        effects: [{ kind: 'quit-the-battle', until: 'general-officer-in-contact-gives-orders' }],
      },
    },
    {
      from: 55,
      to: 59,
      result: {
        id: 'hidden-fanatics',
        label: 'Meets 4d6 hidden fanatics halfway through its move',
        rule: cav('55-59', 'hidden fanatics'),
        rerollIf: ['native'],
        effects: [{ kind: 'roll-fanatics' }],
      },
    },
    {
      from: 60,
      to: 61,
      result: {
        id: 'friends-cut-up',
        label: 'Finds friends cut up by natives: +1 Resolve for good',
        rule: cav('60-61', 'friendly casualties cut up'),
        rerollIf: ['native'],
        effects: [cutUp],
      },
    },
    {
      from: 62,
      to: 65,
      result: {
        id: 'fires-on-nearest',
        label: 'Fires on the nearest unit to its front, friend or foe',
        rule: cav('62-65', 'fires on nearest unit'),
        effects: [
          {
            kind: 'fires-on',
            target: 'nearest-unit-to-front',
            when: 'now',
            ifNone: 'end-stands-fire-to-flank',
          },
        ],
      },
    },
    {
      from: 66,
      to: 75,
      result: {
        id: 'blood-up',
        label: 'Commander charges the nearest enemy, whatever the range or ground',
        rule: cav('66-75', 'blood up'),
        effects: [{ kind: 'next-order', order: 'charge', target: 'nearest-enemy', regardlessOfRange: true }],
      },
    },
    {
      from: 76,
      to: 78,
      result: {
        id: 'must-defend',
        label: 'Next order: Defend',
        rule: cav('76-78', 'defend'),
        effects: [nextOrder('defend')],
      },
    },
    {
      from: 79,
      to: 81,
      result: {
        id: 'forward-march',
        label: 'Next order: forward march',
        rule: cav('79-81', 'forward march'),
        effects: [nextOrder('forward-march')],
      },
    },
    {
      from: 82,
      to: 84,
      result: {
        id: 'deploy-right',
        label: 'Next order: deploy right (wheel or flank march)',
        rule: cav('82-84', 'deploy right'),
        effects: [{ kind: 'roll-deploy', order: 'deploy-right' }],
      },
    },
    {
      from: 85,
      to: 87,
      result: {
        id: 'deploy-left',
        label: 'Next order: deploy left (wheel or flank march)',
        rule: cav('85-87', 'deploy left'),
        effects: [{ kind: 'roll-deploy', order: 'deploy-left' }],
      },
    },
    {
      from: 88,
      to: 90,
      result: {
        id: 'fires-on-general',
        label: 'Fires on a General in range to its front, else on its own commander',
        rule: cav('88-90', 'fires on a general'),
        effects: [
          { kind: 'fires-on-general-if-any', rank: 'any-general', ifNone: 'unit-commander-fired-on' },
        ],
      },
    },
    {
      from: 91,
      to: 93,
      result: {
        id: 'without-orders-test',
        label: 'Without Orders for the next test',
        rule: cav('91-93', 'without orders'),
        effects: [WITHOUT_ORDERS_NEXT_TEST],
      },
    },
    {
      from: 94,
      to: 96,
      result: {
        id: 'fire-and-retire',
        label: 'Next order: fire and retire',
        rule: cav('94-96', 'fire and retire'),
        effects: [nextOrder('fire-and-retire')],
      },
    },
    {
      from: 97,
      to: 99,
      result: {
        id: 'advance-and-fire',
        label: 'Next order: advance and fire',
        rule: cav('97-99', 'advance and fire'),
        effects: [nextOrder('advance-and-fire')],
      },
    },
  ],
});

/** Part 4, Artillery Events Table (d100, 00-99). */
export const ARTILLERY_EVENTS = defineRangeTable<UnitEventEntry>({
  id: 'jc-artillery-events',
  title: 'Artillery Events Table',
  source: jc4('Artillery Events Table'),
  readings: [
    ...TABLE_READINGS,
    'Events: artillery re-rolls (Defend, moving, prolonged, under fire)',
    'Events: guns lost never exceed the battery',
    'Events: heavy batteries ignore Prolonge And Fire',
  ],
  covers: { min: 0, max: 99 },
  rows: [
    {
      from: 0,
      to: 4,
      result: {
        id: 'commanders-event',
        label: 'Generals within 2" roll on the Commanders\' Events Table',
        rule: art('00-04', 'generals nearby'),
        effects: [{ kind: 'per-general-within-2in' }],
      },
    },
    {
      from: 5,
      to: 14,
      result: {
        id: 'commander-hit',
        label: 'Battery commander hit (dead, wounded or scratched)',
        rule: art('05-14', 'battery commander hit'),
        effects: [{ kind: 'roll-commander-hit' }],
      },
    },
    {
      from: 15,
      to: 19,
      result: {
        id: 'musicians-lost',
        label: 'Musicians down: -1 on all future tests',
        rule: art('15-19', 'musicians'),
        effects: [musicians],
      },
    },
    {
      from: 20,
      to: 22,
      result: {
        id: 'soft-ground',
        label: 'Soft ground: -1d6" next move',
        rule: art('20-22', 'soft sand or soil'),
        rerollIf: ['defend-orders'],
        effects: [{ kind: 'roll-movement', dice: 1, plus: 0, sign: -1 }],
      },
    },
    {
      from: 23,
      to: 25,
      result: {
        id: 'very-rough-ground',
        label: 'Very rough ground: -(1d6+3)" next move',
        rule: art('23-25', 'very rough ground'),
        rerollIf: ['defend-orders'],
        effects: [{ kind: 'roll-movement', dice: 1, plus: 3, sign: -1 }],
      },
    },
    {
      from: 26,
      to: 28,
      result: {
        id: 'unseen-nullah',
        label: 'Hidden nullah: -(2d6+3)" next move, disordered, may lose 1-2 guns',
        rule: art('26-28', 'unseen nullah'),
        rerollIf: ['defend-orders'],
        effects: [
          { kind: 'roll-movement', dice: 2, plus: 3, sign: -1 },
          DISORDERED,
          { kind: 'roll-guns-lost', roll: 'd6-on-1-or-2', recoverable: true },
        ],
      },
    },
    {
      from: 29,
      to: 31,
      result: {
        id: 'firm-ground',
        label: 'Firm ground: +1d6" next move, or a free reform',
        rule: art('29-31', 'firm flat ground'),
        rerollIf: ['defend-orders'],
        effects: [
          {
            kind: 'roll-movement',
            dice: 1,
            plus: 0,
            sign: 1,
            orIfDisordered: 'reform-without-movement-penalty',
          },
        ],
      },
    },
    {
      from: 32,
      to: 45,
      result: {
        id: 'blinded',
        label: 'Own smoke: next shot at half Final Fire Factor',
        rule: art('32-45', 'blinded by its own smoke'),
        rerollIf: ['raining'],
        effects: [FIRE_HALVED],
      },
    },
    {
      from: 46,
      to: 48,
      result: {
        id: 'disordered-without-orders',
        label: 'Disordered, and Without Orders for the next test (moving batteries only)',
        rule: art('46-48', 'disordered and without orders'),
        rerollIf: ['not-moving'],
        effects: [DISORDERED, WITHOUT_ORDERS_NEXT_TEST],
      },
    },
    {
      from: 49,
      to: 53,
      result: {
        id: 'confused-fire',
        label: 'Next fire at the nearest unit to its front, friend or foe; stops and deploys',
        rule: art('49-53', 'confused'),
        effects: [
          { kind: 'fires-on', target: 'nearest-unit-to-front', when: 'next-fire', ifNone: 'no-effect' },
          STOP_AND_DEPLOY,
        ],
      },
    },
    {
      from: 54,
      to: 56,
      result: {
        id: 'fires-on-general',
        label: 'Fires on a Brigadier or higher in range to its front',
        rule: art('54-56', 'fires on a general'),
        effects: [{ kind: 'fires-on-general-if-any', rank: 'brigadier-or-higher', ifNone: 'no-effect' }],
      },
    },
    {
      from: 57,
      to: 58,
      result: {
        id: 'without-orders-test',
        label: 'Next test on the Without Orders row',
        rule: art('57-58', 'without orders'),
        effects: [WITHOUT_ORDERS_NEXT_TEST],
      },
    },
    {
      from: 59,
      to: 62,
      result: {
        id: 'must-defend',
        label: 'Next order: Defend',
        rule: art('59-62', 'defend'),
        effects: [nextOrder('defend')],
      },
    },
    {
      from: 63,
      to: 69,
      result: {
        id: 'gun-overturned',
        label: 'A gun overturns on rough ground (batteries that moved limbered only)',
        rule: art('63-69', 'gun overturned'),
        rerollIf: ['prolonged-or-not-moved'],
        effects: [{ kind: 'guns-lost', guns: 1, recoverable: true }],
      },
    },
    {
      from: 70,
      to: 85,
      result: {
        id: 'caisson-explodes',
        label: 'Caisson explodes: 1d6 guns lost (only under artillery fire)',
        rule: art('70-85', 'caisson explodes'),
        rerollIf: ['not-under-artillery-fire'],
        effects: [{ kind: 'roll-guns-lost', roll: 'd6', recoverable: false }],
      },
    },
    {
      from: 86,
      to: 92,
      result: {
        id: 'prolonge-and-fire',
        label: 'Ordered to prolonge and fire at the nearest enemy to its front',
        rule: art('86-92', 'prolonge and fire'),
        effects: [
          {
            kind: 'unless-siege-or-mortar',
            effects: [
              { kind: 'next-order', order: 'prolonge-and-fire', target: 'nearest-enemy-to-front' },
              STOP_AND_DEPLOY,
            ],
          },
        ],
      },
    },
    {
      from: 93,
      to: 99,
      result: {
        id: 'limber-and-retire',
        label: 'Ordered to limber and retire, quitting the battle until a General reaches it',
        rule: art('93-99', 'limber and retire'),
        effects: [
          nextOrder('limber-and-retire'),
          {
            kind: 'quit-the-battle',
            formation: 'limbered',
            until: 'general-officer-in-contact-gives-orders',
          },
        ],
      },
    },
  ],
});

export const UNIT_EVENT_TABLES: Readonly<Record<Arm, RangeTable<UnitEventEntry>>> = {
  infantry: INFANTRY_EVENTS,
  cavalry: CAVALRY_EVENTS,
  artillery: ARTILLERY_EVENTS,
};

/** "d00-d99" band of a row, e.g. '05-14' (precomputed: results carry it without building strings). */
export function bandLabel(from: number, to: number): string {
  const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  return from === to ? pad(from) : `${pad(from)}-${pad(to)}`;
}

/**
 * The text says "roll again" with no limit. Exact odds follow it to the letter (see `rollAgainUntil`);
 * thrown dice stop after this many re-rolls, and the event then lapses (no effect). The chance of that
 * is at most 0.52^21, about one in a million (the worst case: a defending battery in the rain).
 */
export const MAX_REROLLS = 20;
export const MAX_REROLLS_RULE = musterDefault('Events', 're-roll cap');

/** Bit mask of the rows of `table` that are re-rolled under `condition`. */
export function rerollMaskOf(table: RangeTable<UnitEventEntry>, condition: RerollCondition): number {
  let mask = 0;
  table.rows.forEach((row, i) => {
    if (row.result.rerollIf?.includes(condition)) mask |= 1 << i;
  });
  return mask;
}

/** The value a "roll again" roll gives for a face that does not count. */
export const ROLL_AGAIN = -1;

/**
 * A single die read as `valueOfFace(face)`, where `ROLL_AGAIN` (-1) means the face does not count and
 * the procedure throws the same roll again. Thrown dice (the PRNG, typed-in dice) see every face,
 * ROLL_AGAIN included, and the procedure loops. `outcomes()` gives the distribution of the throw that
 * finally counts: the faces that count, each equally likely (so `combinations` is the number of faces
 * that count, not of all faces). That is exactly what rolling again without limit gives, and it lets
 * the exact odds branch once per value instead of once per value per re-roll.
 *
 * This is the one place where a spec's `combine` can give a value (ROLL_AGAIN) that `outcomes()` does
 * not list: the enumerator never follows a throw that does not count, which is the point.
 */
export function rollAgainUntil(
  id: string,
  label: string,
  die: Die,
  valueOfFace: (face: number) => number,
): RollSpec {
  const values = new Int16Array(die.max - die.min + 1);
  const ways = new Map<number, number>();
  let counting = 0;
  for (let face = die.min; face <= die.max; face++) {
    const v = valueOfFace(face);
    values[face - die.min] = v;
    if (v !== ROLL_AGAIN) {
      ways.set(v, (ways.get(v) ?? 0) + 1);
      counting++;
    }
  }
  if (counting === 0) throw new Error(`${id}: no face counts, so rolling again would never end`);
  const outcomes = Object.freeze(
    [...ways.entries()].sort((a, b) => a[0] - b[0]).map(([value, n]) => Object.freeze({ value, ways: n })),
  );
  const min = die.min;
  const faces = die.max - die.min + 1;
  return Object.freeze({
    id,
    label,
    dice: Object.freeze([die]),
    combine: (f: ArrayLike<number>) => values[f[0]! - min]!,
    draw: (prng: Prng) => values[prng.int(faces)]!,
    outcomes: () => outcomes,
    combinations: counting,
  });
}

const PERCENTILE_DIE: Die = { min: 0, max: 99, name: 'percentile 00-99' };
const eventRolls: Readonly<Record<Arm, Map<number, RollSpec>>> = {
  infantry: new Map(),
  cavalry: new Map(),
  artillery: new Map(),
};

/**
 * The percentile roll on an events table, read as the table's row index, or ROLL_AGAIN for the rows in
 * `rerollMask` (one bit per row: the entries the text says to ignore for this unit). The procedure
 * needs no more than the row, so the exact odds branch once per row, not 100 times.
 */
export function unitEventRoll(arm: Arm, rerollMask: number): RollSpec {
  const cache = eventRolls[arm];
  let spec = cache.get(rerollMask);
  if (!spec) {
    const table = UNIT_EVENT_TABLES[arm];
    const rowOfFace = new Int8Array(100);
    table.rows.forEach((row, i) => {
      for (let face = row.from; face <= row.to; face++) rowOfFace[face] = i;
    });
    spec = rollAgainUntil(
      rerollMask === 0 ? `${table.id}-d100` : `${table.id}-d100-again-${rerollMask.toString(16)}`,
      rerollMask === 0
        ? `percentile (00-99) on the ${table.title}`
        : `percentile (00-99) on the ${table.title}, rolled again on entries that do not apply`,
      PERCENTILE_DIE,
      (face) => (rerollMask & (1 << rowOfFace[face]!) ? ROLL_AGAIN : rowOfFace[face]!),
    );
    cache.set(rerollMask, spec);
  }
  return spec;
}
