import { defineRangeTable } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { jc4, type Leadership } from '../vocabulary.ts';
import {
  COMMANDERS_WOUND_WORDING,
  type CommandersWoundWording,
  type OfficerCasualtySeverity,
} from './officers.ts';

/** One effect of a Commanders' Event on the General (or his units), as an engine applies it. */
export type CommandersEventEffect =
  /** Apply with procedure 'officer-casualty'; `wording` is what the table says, `severity` what it means. */
  | {
      readonly kind: 'officer-casualty';
      readonly severity: OfficerCasualtySeverity;
      readonly wording: CommandersWoundWording;
    }
  /**
   * His orders: at most `amount` ('cap': 0 = no orders), halved ('halve', rounded down), or `amount`
   * more or fewer ('add'); this turn, or every turn for the rest of the battle (`cumulative` if repeated).
   */
  | {
      readonly kind: 'orders-change';
      readonly op: 'cap' | 'halve' | 'add';
      readonly amount: number;
      readonly duration: 'this-turn' | 'every-turn-rest-of-battle';
      readonly cumulative?: true;
    }
  /** His own movement this turn: none, half, or at most `inches`. */
  | {
      readonly kind: 'officer-movement';
      readonly op: 'none' | 'halve' | 'cap';
      readonly inches?: number;
      readonly duration: 'this-turn';
    }
  /** He is moved at once (`inches` when the distance is rolled), and may stay there for the turn. */
  | {
      readonly kind: 'officer-moves';
      readonly to:
        | 'rear'
        | 'commander-in-chief'
        | 'toward-nearest-enemy'
        | 'in-front-of-most-forward-unit'
        | 'his-unit-nearest-enemy';
      readonly distance:
        | 'half-move'
        | 'full-speed'
        | 'until-2in-or-half-move'
        | 'inches'
        | 'into-base-contact';
      readonly inches?: number;
      readonly staysForTurn?: true;
      readonly mayReturn?: 'next-turn';
    }
  /** His Command Radius: halved this turn, or `inches` less for the rest of the battle (cumulative). */
  | {
      readonly kind: 'command-radius';
      readonly op: 'halve' | 'reduce';
      readonly inches?: number;
      readonly duration: 'this-turn' | 'rest-of-battle';
      readonly cumulative?: true;
    }
  /** Orders given to his units: to all, all but artillery, or his most advanced unit; at once or this turn. */
  | {
      readonly kind: 'units-order';
      readonly order:
        | 'charge-nearest-enemy'
        | 'defend'
        | 'advance-type'
        | 'retire-type'
        | 'charge-or-support-charge';
      readonly units: 'all' | 'all-but-artillery' | 'most-advanced';
      readonly when: 'at-once' | 'this-turn';
      readonly intent?: 'leave-the-field';
    }
  | { readonly kind: 'units-without-orders'; readonly duration: 'this-turn' }
  | { readonly kind: 'no-charges'; readonly duration: 'this-turn' }
  /** He may change one order this turn without the usual penalty. */
  | { readonly kind: 'free-order-change'; readonly count: 1; readonly duration: 'this-turn' }
  /** He may give an Emergency Order to the unit he has joined. */
  | { readonly kind: 'emergency-order'; readonly unit: 'his-unit-nearest-enemy' }
  /** His units react this turn as if he were dangerously wounded (procedure 'officer-casualty' for the modifiers). */
  | {
      readonly kind: 'units-react-as-if-lost';
      readonly severity: 'dangerously-wounded';
      readonly duration: 'this-turn';
    }
  | { readonly kind: 'returns-to-duty'; readonly when: 'start-of-next-turn' }
  | { readonly kind: 'no-effect'; readonly reason?: 're-roll-limit' };

export type CommandersEventEffectKind = CommandersEventEffect['kind'];

/** A template: a fixed effect, or the 1d6" ride of 'Confused' 5 (rolled by the procedure). */
export type CommandersEventTemplate = CommandersEventEffect | { readonly kind: 'roll-ride-forward' };

/** What a General of each Leadership does on the outcomes that depend on it. */
export interface LeadershipResponse {
  readonly label: string;
  readonly effects: readonly CommandersEventEffect[];
}

export interface CommandersOutcome {
  readonly id: string;
  /** In Muster's words. */
  readonly label: string;
  /** Applied first, whatever his Leadership. */
  readonly effects: readonly CommandersEventTemplate[];
  /** Then, when present, the response of his Leadership. */
  readonly byLeadership?: Readonly<Record<Leadership, LeadershipResponse>>;
  /** The d6 is rolled again when this holds. */
  readonly rerollIf?: 'commander-in-chief' | 'messenger-already-lost';
}

export interface CommandersTheme {
  readonly id: string;
  readonly label: string;
  readonly rule: RuleRef;
  /** Outcomes for d6 = 1..6. */
  readonly outcomes: readonly [
    CommandersOutcome,
    CommandersOutcome,
    CommandersOutcome,
    CommandersOutcome,
    CommandersOutcome,
    CommandersOutcome,
  ];
}

const casualty = (wording: CommandersWoundWording): CommandersEventEffect => ({
  kind: 'officer-casualty',
  severity: COMMANDERS_WOUND_WORDING.rows[wording],
  wording,
});
const KILLED = casualty('dead');
const SERIOUS = casualty('serious-wound');
const LIGHT = casualty('light-wound');
const NO_ORDERS: CommandersEventEffect = {
  kind: 'orders-change',
  op: 'cap',
  amount: 0,
  duration: 'this-turn',
};
const HALF_ORDERS: CommandersEventEffect = {
  kind: 'orders-change',
  op: 'halve',
  amount: 0,
  duration: 'this-turn',
};
const ONE_LESS: CommandersEventEffect = {
  kind: 'orders-change',
  op: 'add',
  amount: -1,
  duration: 'this-turn',
};
const ONE_MORE: CommandersEventEffect = {
  kind: 'orders-change',
  op: 'add',
  amount: 1,
  duration: 'this-turn',
};
const CANNOT_MOVE: CommandersEventEffect = { kind: 'officer-movement', op: 'none', duration: 'this-turn' };
const RADIUS_HALVED: CommandersEventEffect = { kind: 'command-radius', op: 'halve', duration: 'this-turn' };
const NOTHING: CommandersEventEffect = { kind: 'no-effect' };
const allUnits = (order: 'defend' | 'advance-type'): CommandersEventEffect => ({
  kind: 'units-order',
  order,
  units: 'all',
  when: 'this-turn',
});

const killed: CommandersOutcome = { id: 'killed', label: 'Killed', effects: [KILLED] };
const seriouslyWounded: CommandersOutcome = {
  id: 'seriously-wounded',
  label: 'Seriously wounded (dangerously wounded)',
  effects: [SERIOUS],
};
const lightlyWounded: CommandersOutcome = {
  id: 'lightly-wounded',
  label: 'Lightly wounded (injured)',
  effects: [LIGHT],
};
const loseOneOrder = (id: string, label: string): CommandersOutcome => ({ id, label, effects: [ONE_LESS] });

const theme = (d10: string, what: string) => jc4("Commanders' Events Table", `${d10} ${what}`);

/** Part 4, Commanders' Events Table: d10 for the theme, then d6 for the outcome. */
export const COMMANDERS_EVENTS = defineRangeTable<CommandersTheme>({
  id: 'jc-commanders-events',
  title: "Commanders' Events Table",
  source: jc4("Commanders' Events Table"),
  readings: [
    "Commanders' Events: wording of wounds",
    "Commanders' Events: halving orders rounds down",
    "Commanders' Events: rolling the d6 again",
    "Commanders' Events: orders he must issue",
  ],
  covers: { min: 1, max: 10 },
  rows: [
    {
      from: 1,
      to: 1,
      result: {
        id: 'cannonball',
        label: 'Cannonball',
        rule: theme('1', 'cannonball'),
        outcomes: [
          killed,
          seriouslyWounded,
          {
            id: 'kicked-by-horse',
            label: 'Lightly wounded; no orders this turn',
            effects: [LIGHT, NO_ORDERS],
          },
          {
            id: 'knocked-cold',
            label: 'Knocked cold: no move, no orders this turn',
            effects: [CANNOT_MOVE, NO_ORDERS],
          },
          { id: 'hat-lost', label: 'Shaken: half his orders this turn', effects: [HALF_ORDERS] },
          loseOneOrder('unhorsed', 'Falls off: one order fewer this turn'),
        ],
      },
    },
    {
      from: 2,
      to: 2,
      result: {
        id: 'musket-ball',
        label: 'Stray musket ball',
        rule: theme('2', 'stray musket ball'),
        outcomes: [
          killed,
          seriouslyWounded,
          lightlyWounded,
          {
            id: 'horse-bolts',
            label: 'Horse bolts half a move to the rear; no orders this turn',
            effects: [{ kind: 'officer-moves', to: 'rear', distance: 'half-move' }, NO_ORDERS],
          },
          {
            id: 'horse-killed',
            label: 'Horse killed: cannot move, gives all his orders',
            effects: [CANNOT_MOVE],
          },
          loseOneOrder('port-lost', 'Port bottle hit: one order fewer this turn'),
        ],
      },
    },
    {
      from: 3,
      to: 3,
      result: {
        id: 'shell',
        label: 'Fizzling shell',
        rule: theme('3', 'fizzling shell'),
        outcomes: [
          killed,
          seriouslyWounded,
          lightlyWounded,
          {
            id: 'staff-hero',
            label: 'A staff officer saves him: half his orders this turn',
            effects: [HALF_ORDERS],
          },
          { id: 'dud', label: 'Dud: staff scattered, no orders this turn', effects: [NO_ORDERS] },
          loseOneOrder('firecracker', 'Small burst: one order fewer this turn'),
        ],
      },
    },
    {
      from: 4,
      to: 4,
      result: {
        id: 'civilian',
        label: 'Crazed civilian with a knife',
        rule: theme('4', 'crazed civilian'),
        outcomes: [
          killed,
          { id: 'shoots-him', label: 'Shoots the attacker: no effect', effects: [NOTHING] },
          { id: 'cut-down', label: 'Staff cut him down: no orders this turn', effects: [NO_ORDERS] },
          { id: 'cut-down', label: 'Staff cut him down: no orders this turn', effects: [NO_ORDERS] },
          { id: 'cut-down', label: 'Staff cut him down: no orders this turn', effects: [NO_ORDERS] },
          { id: 'cut-down', label: 'Staff cut him down: no orders this turn', effects: [NO_ORDERS] },
        ],
      },
    },
    {
      from: 5,
      to: 5,
      result: {
        id: 'hail-of-shots',
        label: 'Hail of shots through the staff',
        rule: theme('5', 'hail of shots'),
        outcomes: [
          killed,
          seriouslyWounded,
          lightlyWounded,
          { id: 'horse-falls', label: 'Horse falls: cannot move this turn', effects: [CANNOT_MOVE] },
          { id: 'courier-hit', label: 'A courier is hit: no effect', effects: [NOTHING] },
          {
            id: 'staff-scattered',
            label: 'Staff scattered: Command Radius halved this turn',
            effects: [RADIUS_HALVED],
          },
        ],
      },
    },
    {
      from: 6,
      to: 6,
      result: {
        id: 'confused',
        label: 'The General is confused',
        rule: theme('6', 'confused'),
        outcomes: [
          {
            id: 'orders-charge',
            label: 'Orders all his units to charge the nearest enemy at once',
            effects: [{ kind: 'units-order', order: 'charge-nearest-enemy', units: 'all', when: 'at-once' }],
          },
          loseOneOrder('contradictory-reports', 'Conflicting reports: one order fewer this turn'),
          {
            id: 'reports-to-c-in-c',
            label: 'Rides to the C-in-C and stays there; no orders this turn (C-in-C rolls again)',
            effects: [
              {
                kind: 'officer-moves',
                to: 'commander-in-chief',
                distance: 'into-base-contact',
                staysForTurn: true,
              },
              NO_ORDERS,
            ],
            rerollIf: 'commander-in-chief',
          },
          {
            id: 'lost',
            label: 'Lost: rides toward the nearest enemy (to 2" or half a move)',
            effects: [
              { kind: 'officer-moves', to: 'toward-nearest-enemy', distance: 'until-2in-or-half-move' },
            ],
          },
          {
            id: 'rides-forward',
            label: 'Rides 1d6" out in front of his most forward unit',
            effects: [{ kind: 'roll-ride-forward' }],
          },
          {
            id: 'by-leadership',
            label: 'Reacts by his Leadership',
            effects: [],
            byLeadership: {
              Poltroon: {
                label: 'Gallops to the rear (may come back next turn); his units are Without Orders',
                effects: [
                  { kind: 'officer-moves', to: 'rear', distance: 'full-speed', mayReturn: 'next-turn' },
                  { kind: 'units-without-orders', duration: 'this-turn' },
                ],
              },
              Dithering: {
                label: 'Dithers: his units are Without Orders this turn',
                effects: [{ kind: 'units-without-orders', duration: 'this-turn' }],
              },
              Cautious: { label: 'Gives Defend orders to all his units', effects: [allUnits('defend')] },
              Confident: { label: 'One extra order this turn', effects: [ONE_MORE] },
              Inspiring: {
                label: 'May change one order this turn without penalty',
                effects: [{ kind: 'free-order-change', count: 1, duration: 'this-turn' }],
              },
              Heroic: {
                label: 'Must give Advance-type orders to all his units but the artillery',
                effects: [
                  {
                    kind: 'units-order',
                    order: 'advance-type',
                    units: 'all-but-artillery',
                    when: 'this-turn',
                  },
                ],
              },
            },
          },
        ],
      },
    },
    {
      from: 7,
      to: 8,
      result: {
        id: 'staff-losses',
        label: 'Alarms and losses among the staff',
        rule: theme('7-8', 'staff losses'),
        outcomes: [
          { id: 'smoke', label: 'Smoke and dust: Command Radius halved this turn', effects: [RADIUS_HALVED] },
          { id: 'observant-aide', label: 'A sharp aide: one extra order this turn', effects: [ONE_MORE] },
          {
            id: 'staff-casualties',
            label: 'Staff casualties: one order fewer every turn (cumulative)',
            effects: [
              {
                kind: 'orders-change',
                op: 'add',
                amount: -1,
                duration: 'every-turn-rest-of-battle',
                cumulative: true,
              },
            ],
          },
          {
            id: 'courier-casualties',
            label: 'Courier casualties: Command Radius -3" for the rest of the battle (cumulative)',
            effects: [
              {
                kind: 'command-radius',
                op: 'reduce',
                inches: 3,
                duration: 'rest-of-battle',
                cumulative: true,
              },
            ],
          },
          {
            id: 'messenger-lost',
            label: 'Favourite messenger lost: one order fewer every turn (roll again if repeated)',
            effects: [
              { kind: 'orders-change', op: 'add', amount: -1, duration: 'every-turn-rest-of-battle' },
            ],
            rerollIf: 'messenger-already-lost',
          },
          {
            id: 'pouch-lost',
            label: 'Courier pouch lost: only one order this turn',
            effects: [{ kind: 'orders-change', op: 'cap', amount: 1, duration: 'this-turn' }],
          },
        ],
      },
    },
    {
      from: 9,
      to: 9,
      result: {
        id: 'horse',
        label: "The General's horse",
        rule: theme('9', 'horse'),
        outcomes: [
          {
            id: 'lame',
            label: 'Lame horse: half movement this turn',
            effects: [{ kind: 'officer-movement', op: 'halve', duration: 'this-turn' }],
          },
          {
            id: 'bucked-off',
            label: 'Bucked off: cannot move, one order fewer',
            effects: [CANNOT_MOVE, ONE_LESS],
          },
          {
            id: 'horse-runs-off',
            label: 'Horse runs off: at most 6" of movement this turn',
            effects: [{ kind: 'officer-movement', op: 'cap', inches: 6, duration: 'this-turn' }],
          },
          { id: 'thrown', label: 'Thrown: lightly wounded (injured)', effects: [LIGHT] },
          loseOneOrder('unruly-stallion', 'Unruly horse: one order fewer this turn'),
          { id: 'sees-opening', label: 'Sees an opening: one extra order this turn', effects: [ONE_MORE] },
        ],
      },
    },
    {
      from: 10,
      to: 10,
      result: {
        id: 'bad-day',
        label: 'A bad day',
        rule: theme('10', 'bad day'),
        outcomes: [
          {
            id: 'joins-forward-unit',
            label: 'Joins his unit nearest the enemy for the turn; may give it an Emergency Order',
            effects: [
              {
                kind: 'officer-moves',
                to: 'his-unit-nearest-enemy',
                distance: 'into-base-contact',
                staysForTurn: true,
              },
              { kind: 'emergency-order', unit: 'his-unit-nearest-enemy' },
            ],
          },
          {
            id: 'providence',
            label: 'Feels protected: Advance-type orders to all his units',
            effects: [allUnits('advance-type')],
          },
          {
            id: 'stunned',
            label:
              'Stunned and carried half a move to the rear: units react as if he were lost; back next turn',
            effects: [
              { kind: 'officer-moves', to: 'rear', distance: 'half-move' },
              { kind: 'units-react-as-if-lost', severity: 'dangerously-wounded', duration: 'this-turn' },
              NO_ORDERS,
              { kind: 'returns-to-duty', when: 'start-of-next-turn' },
            ],
          },
          { id: 'grazed', label: 'Grazed and dazed: half his orders this turn', effects: [HALF_ORDERS] },
          {
            id: 'cease-fire',
            label: 'Misheard cry: all his units take Defend this turn; lightly wounded',
            effects: [allUnits('defend'), LIGHT],
          },
          {
            id: 'wounded-nerve-tested',
            label: 'Lightly wounded, then reacts by his Leadership',
            effects: [LIGHT],
            byLeadership: {
              Poltroon: {
                label: 'Retire-type orders to all, meaning to leave the field (free again next turn)',
                effects: [
                  {
                    kind: 'units-order',
                    order: 'retire-type',
                    units: 'all',
                    when: 'this-turn',
                    intent: 'leave-the-field',
                  },
                ],
              },
              Dithering: { label: 'Defend orders to all his units', effects: [allUnits('defend')] },
              Cautious: {
                label: 'No charges this turn',
                effects: [{ kind: 'no-charges', duration: 'this-turn' }],
              },
              Confident: {
                label: 'Advance-type orders to all his units',
                effects: [allUnits('advance-type')],
              },
              Inspiring: {
                label: 'His most advanced unit charges the nearest enemy',
                effects: [
                  {
                    kind: 'units-order',
                    order: 'charge-nearest-enemy',
                    units: 'most-advanced',
                    when: 'this-turn',
                  },
                ],
              },
              Heroic: {
                label: 'All-out attack: every unit charges or supports a charge (free again next turn)',
                effects: [
                  { kind: 'units-order', order: 'charge-or-support-charge', units: 'all', when: 'this-turn' },
                ],
              },
            },
          },
        ],
      },
    },
  ],
});

/** The theme for a d10 (1..10), by direct index. */
const THEME_BY_D10: readonly CommandersTheme[] = Array.from(
  { length: 11 },
  (_, v) =>
    COMMANDERS_EVENTS.rows.find((r) => v >= r.from && v <= r.to)?.result ?? COMMANDERS_EVENTS.rows[0]!.result,
);
export function commandersThemeFor(d10: number): CommandersTheme {
  return THEME_BY_D10[d10]!;
}
