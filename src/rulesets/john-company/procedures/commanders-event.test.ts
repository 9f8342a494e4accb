import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { rangeTableProblem } from '../../../core/rules/tables.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { COMMANDERS_EVENTS, type CommandersEventEffect } from '../tables/commanders-events.ts';
import { MAX_REROLLS } from '../tables/unit-events.ts';
import { LEADERSHIPS, type Leadership, OFFICER_RANKS } from '../vocabulary.ts';
import {
  type CommandersEventFacts,
  commandersEvent,
  commandersEventFactsSchema,
  resolveCommandersEvent,
} from './commanders-event.ts';

function run(facts: CommandersEventFacts, faces: number[]) {
  const dice = new SuppliedDice(faces);
  const r = resolveCommandersEvent(commandersEventFactsSchema.parse(facts) as CommandersEventFacts, dice);
  dice.assertAllUsed();
  return r;
}
const BRIGADIER: CommandersEventFacts = { leadership: 'Confident', rank: 'brigadier' };

const KILLED: CommandersEventEffect = { kind: 'officer-casualty', severity: 'killed', wording: 'dead' };
const SERIOUS: CommandersEventEffect = {
  kind: 'officer-casualty',
  severity: 'dangerously-wounded',
  wording: 'serious-wound',
};
const LIGHT: CommandersEventEffect = {
  kind: 'officer-casualty',
  severity: 'injured',
  wording: 'light-wound',
};
const NO_ORDERS: CommandersEventEffect = {
  kind: 'orders-change',
  op: 'cap',
  amount: 0,
  duration: 'this-turn',
};
const HALF: CommandersEventEffect = { kind: 'orders-change', op: 'halve', amount: 0, duration: 'this-turn' };
const LESS: CommandersEventEffect = { kind: 'orders-change', op: 'add', amount: -1, duration: 'this-turn' };
const MORE: CommandersEventEffect = { kind: 'orders-change', op: 'add', amount: 1, duration: 'this-turn' };
const STILL: CommandersEventEffect = { kind: 'officer-movement', op: 'none', duration: 'this-turn' };
const RADIUS_HALF: CommandersEventEffect = { kind: 'command-radius', op: 'halve', duration: 'this-turn' };
const NOTHING: CommandersEventEffect = { kind: 'no-effect' };
const ALL_DEFEND: CommandersEventEffect = {
  kind: 'units-order',
  order: 'defend',
  units: 'all',
  when: 'this-turn',
};
const ALL_ADVANCE: CommandersEventEffect = {
  kind: 'units-order',
  order: 'advance-type',
  units: 'all',
  when: 'this-turn',
};

// Authority: the d6 outcomes of each theme, read from Part 4's Commanders' Events Table (for a Confident
// Brigadier; the ride of 'Confused' 5 is thrown as 4).
const THEMES: [number, string, [string, CommandersEventEffect[]][]][] = [
  [
    1,
    'cannonball',
    [
      ['killed', [KILLED]],
      ['seriously-wounded', [SERIOUS]],
      ['kicked-by-horse', [LIGHT, NO_ORDERS]],
      ['knocked-cold', [STILL, NO_ORDERS]],
      ['hat-lost', [HALF]],
      ['unhorsed', [LESS]],
    ],
  ],
  [
    2,
    'musket-ball',
    [
      ['killed', [KILLED]],
      ['seriously-wounded', [SERIOUS]],
      ['lightly-wounded', [LIGHT]],
      ['horse-bolts', [{ kind: 'officer-moves', to: 'rear', distance: 'half-move' }, NO_ORDERS]],
      ['horse-killed', [STILL]],
      ['port-lost', [LESS]],
    ],
  ],
  [
    3,
    'shell',
    [
      ['killed', [KILLED]],
      ['seriously-wounded', [SERIOUS]],
      ['lightly-wounded', [LIGHT]],
      ['staff-hero', [HALF]],
      ['dud', [NO_ORDERS]],
      ['firecracker', [LESS]],
    ],
  ],
  [
    4,
    'civilian',
    [
      ['killed', [KILLED]],
      ['shoots-him', [NOTHING]],
      ['cut-down', [NO_ORDERS]],
      ['cut-down', [NO_ORDERS]],
      ['cut-down', [NO_ORDERS]],
      ['cut-down', [NO_ORDERS]],
    ],
  ],
  [
    5,
    'hail-of-shots',
    [
      ['killed', [KILLED]],
      ['seriously-wounded', [SERIOUS]],
      ['lightly-wounded', [LIGHT]],
      ['horse-falls', [STILL]],
      ['courier-hit', [NOTHING]],
      ['staff-scattered', [RADIUS_HALF]],
    ],
  ],
  [
    6,
    'confused',
    [
      [
        'orders-charge',
        [{ kind: 'units-order', order: 'charge-nearest-enemy', units: 'all', when: 'at-once' }],
      ],
      ['contradictory-reports', [LESS]],
      [
        'reports-to-c-in-c',
        [
          {
            kind: 'officer-moves',
            to: 'commander-in-chief',
            distance: 'into-base-contact',
            staysForTurn: true,
          },
          NO_ORDERS,
        ],
      ],
      ['lost', [{ kind: 'officer-moves', to: 'toward-nearest-enemy', distance: 'until-2in-or-half-move' }]],
      [
        'rides-forward',
        [{ kind: 'officer-moves', to: 'in-front-of-most-forward-unit', distance: 'inches', inches: 4 }],
      ],
      ['by-leadership', [MORE]],
    ],
  ],
  ...[7, 8].map((d10): [number, string, [string, CommandersEventEffect[]][]] => [
    d10,
    'staff-losses',
    [
      ['smoke', [RADIUS_HALF]],
      ['observant-aide', [MORE]],
      [
        'staff-casualties',
        [
          {
            kind: 'orders-change',
            op: 'add',
            amount: -1,
            duration: 'every-turn-rest-of-battle',
            cumulative: true,
          },
        ],
      ],
      [
        'courier-casualties',
        [{ kind: 'command-radius', op: 'reduce', inches: 3, duration: 'rest-of-battle', cumulative: true }],
      ],
      [
        'messenger-lost',
        [{ kind: 'orders-change', op: 'add', amount: -1, duration: 'every-turn-rest-of-battle' }],
      ],
      ['pouch-lost', [{ kind: 'orders-change', op: 'cap', amount: 1, duration: 'this-turn' }]],
    ],
  ]),
  [
    9,
    'horse',
    [
      ['lame', [{ kind: 'officer-movement', op: 'halve', duration: 'this-turn' }]],
      ['bucked-off', [STILL, LESS]],
      ['horse-runs-off', [{ kind: 'officer-movement', op: 'cap', inches: 6, duration: 'this-turn' }]],
      ['thrown', [LIGHT]],
      ['unruly-stallion', [LESS]],
      ['sees-opening', [MORE]],
    ],
  ],
  [
    10,
    'bad-day',
    [
      [
        'joins-forward-unit',
        [
          {
            kind: 'officer-moves',
            to: 'his-unit-nearest-enemy',
            distance: 'into-base-contact',
            staysForTurn: true,
          },
          { kind: 'emergency-order', unit: 'his-unit-nearest-enemy' },
        ],
      ],
      ['providence', [ALL_ADVANCE]],
      [
        'stunned',
        [
          { kind: 'officer-moves', to: 'rear', distance: 'half-move' },
          { kind: 'units-react-as-if-lost', severity: 'dangerously-wounded', duration: 'this-turn' },
          NO_ORDERS,
          { kind: 'returns-to-duty', when: 'start-of-next-turn' },
        ],
      ],
      ['grazed', [HALF]],
      ['cease-fire', [ALL_DEFEND, LIGHT]],
      ['wounded-nerve-tested', [LIGHT, ALL_ADVANCE]],
    ],
  ],
];

describe("commanders' event: the table covers d10 1-10 and d6 1-6", () => {
  it('the themes are those of the text', () => {
    expect(rangeTableProblem(COMMANDERS_EVENTS)).toBeUndefined();
    expect(COMMANDERS_EVENTS.rows.map((r) => [r.from, r.to, r.result.id])).toEqual([
      [1, 1, 'cannonball'],
      [2, 2, 'musket-ball'],
      [3, 3, 'shell'],
      [4, 4, 'civilian'],
      [5, 5, 'hail-of-shots'],
      [6, 6, 'confused'],
      [7, 8, 'staff-losses'],
      [9, 9, 'horse'],
      [10, 10, 'bad-day'],
    ]);
    for (const row of COMMANDERS_EVENTS.rows) expect(row.result.outcomes).toHaveLength(6);
  });

  const cells = THEMES.flatMap(([d10, theme, outcomes]) =>
    outcomes.map(([id, effects], i) => [d10, i + 1, theme, id, effects] as const),
  );
  it.each(cells)('d10 %i, d6 %i: %s, %s', (d10, roll, theme, id, effects) => {
    const r = run(BRIGADIER, d10 === 6 && roll === 5 ? [d10, roll, 4] : [d10, roll]);
    expect(r.themeId).toBe(theme);
    expect(r.outcomeId).toBe(id);
    expect(r.outcome).toBe(roll);
    expect(r.effects).toEqual(effects);
  });
});

// Authority: the Leadership responses of 'Confused' 6 and 'Bad day' 6.
const CONFUSED_6: Record<Leadership, CommandersEventEffect[]> = {
  Poltroon: [
    { kind: 'officer-moves', to: 'rear', distance: 'full-speed', mayReturn: 'next-turn' },
    { kind: 'units-without-orders', duration: 'this-turn' },
  ],
  Dithering: [{ kind: 'units-without-orders', duration: 'this-turn' }],
  Cautious: [ALL_DEFEND],
  Confident: [MORE],
  Inspiring: [{ kind: 'free-order-change', count: 1, duration: 'this-turn' }],
  Heroic: [{ kind: 'units-order', order: 'advance-type', units: 'all-but-artillery', when: 'this-turn' }],
};
const BAD_DAY_6: Record<Leadership, CommandersEventEffect[]> = {
  Poltroon: [
    LIGHT,
    { kind: 'units-order', order: 'retire-type', units: 'all', when: 'this-turn', intent: 'leave-the-field' },
  ],
  Dithering: [LIGHT, ALL_DEFEND],
  Cautious: [LIGHT, { kind: 'no-charges', duration: 'this-turn' }],
  Confident: [LIGHT, ALL_ADVANCE],
  Inspiring: [
    LIGHT,
    { kind: 'units-order', order: 'charge-nearest-enemy', units: 'most-advanced', when: 'this-turn' },
  ],
  Heroic: [
    LIGHT,
    { kind: 'units-order', order: 'charge-or-support-charge', units: 'all', when: 'this-turn' },
  ],
};

describe("commanders' event: outcomes by Leadership", () => {
  it.each(LEADERSHIPS)("'Confused' 6, %s", (leadership) => {
    const r = run({ leadership }, [6, 6]);
    expect(r.leadership).toBe(leadership);
    expect(r.effects).toEqual(CONFUSED_6[leadership]);
  });
  it.each(LEADERSHIPS)("'Bad day' 6, %s: lightly wounded, then", (leadership) => {
    const r = run({ leadership }, [10, 6]);
    expect(r.leadership).toBe(leadership);
    expect(r.effects).toEqual(BAD_DAY_6[leadership]);
  });
  it('other outcomes do not depend on Leadership', () => {
    for (const leadership of LEADERSHIPS) expect(run({ leadership }, [9, 6]).leadership).toBeUndefined();
  });
});

describe("commanders' event: the d6 rolled again", () => {
  it("the C-in-C rolls again on 'Confused' 3; others ride to him", () => {
    const cinc = run({ leadership: 'Cautious', rank: 'commander-in-chief' }, [6, 3, 2]);
    expect(cinc).toMatchObject({
      outcome: 2,
      outcomeId: 'contradictory-reports',
      rerolls: 1,
      effects: [LESS],
    });
    for (const rank of OFFICER_RANKS.filter((r) => r !== 'commander-in-chief'))
      expect(run({ leadership: 'Cautious', rank }, [6, 3]).outcomeId).toBe('reports-to-c-in-c');
  });
  it("a second favourite messenger lost rolls again on 'Staff losses' 5", () => {
    expect(run({ ...BRIGADIER, messengerAlreadyLost: true }, [7, 5, 5, 1])).toMatchObject({
      outcomeId: 'smoke',
      rerolls: 2,
    });
    expect(run(BRIGADIER, [8, 5]).outcomeId).toBe('messenger-lost');
    expect(run({ ...BRIGADIER, messengerAlreadyLost: true }, [6, 5, 3]).outcomeId).toBe('rides-forward');
  });
  it(`thrown dice stop after ${MAX_REROLLS} re-rolls`, () => {
    const r = run({ leadership: 'Heroic', rank: 'commander-in-chief' }, [
      6,
      ...Array(MAX_REROLLS + 1).fill(3),
    ]);
    expect(r.outcome).toBeUndefined();
    expect(r.effects).toEqual([{ kind: 'no-effect', reason: 're-roll-limit' }]);
  });
  it("'Confused' 5 rides out 1d6 inches", () => {
    for (let inches = 1; inches <= 6; inches++)
      expect(run(BRIGADIER, [6, 5, inches]).rideInches).toBe(inches);
  });
});

describe("commanders' event: exact odds", () => {
  const view = (facts: CommandersEventFacts, name: string) =>
    new Map(
      oddsOf(commandersEvent, facts)
        .find((v) => v.name === name)!
        .outcomes.map((o) => [o.outcome, o.probability]),
    );

  it('casualties: killed 5 in 60, dangerously wounded 4 in 60, injured 7 in 60', () => {
    const odds = view(BRIGADIER, 'Casualty');
    expect(odds.get('killed')).toBeCloseTo(5 / 60, 12);
    expect(odds.get('dangerously-wounded')).toBeCloseTo(4 / 60, 12);
    expect(odds.get('injured')).toBeCloseTo(7 / 60, 12); // 1/3, 2/3, 3/3, 5/3, 9/4, 10/5, 10/6
    expect(odds.get('none')).toBeCloseTo(44 / 60, 12);
  });

  it('staff losses come up on 7 or 8: one in five', () => {
    expect(view(BRIGADIER, 'Theme').get('Alarms and losses among the staff')).toBeCloseTo(0.2, 12);
  });

  it("a C-in-C's confusion: five outcomes, each 1/5 of the theme", () => {
    const odds = view({ leadership: 'Cautious', rank: 'commander-in-chief' }, 'Outcome');
    expect(
      odds.get('The General is confused: Lost: rides toward the nearest enemy (to 2" or half a move)'),
    ).toBeCloseTo(0.1 / 5, 12);
    expect([...odds.keys()].some((k) => String(k).includes('Rides to the C-in-C'))).toBe(false);
  });

  it('every view sums to 1', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEADERSHIPS),
        fc.constantFrom(...OFFICER_RANKS),
        fc.boolean(),
        (leadership, rank, messengerAlreadyLost) => {
          for (const v of oddsOf(commandersEvent, { leadership, rank, messengerAlreadyLost }))
            expect(v.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the exact odds agree with 100,000 seeded events', () => {
    const facts: CommandersEventFacts = {
      leadership: 'Poltroon',
      rank: 'commander-in-chief',
      messengerAlreadyLost: true,
    };
    const exact = new Map(view(facts, 'Outcome'));
    const counts = new Map<string | number, number>();
    const dice = new PrngDice(seedRng(1803));
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const k = commandersEvent.odds[1]!.project(resolveCommandersEvent(facts, dice));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...exact.keys()].map(String).sort());
    for (const [k, p] of exact) expect(Math.abs(counts.get(k)! / n - p)).toBeLessThan(0.004);
  });

  it('the same seed gives the same result, with or without the trace', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...LEADERSHIPS), (seed, leadership) => {
        const facts = { leadership, rank: 'commander-in-chief' as const };
        const a = resolveCommandersEvent(facts, new PrngDice(seedRng(seed)));
        expect(resolveCommandersEvent(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });
});

describe("commanders' event: dice, facts and examples", () => {
  it('rejects typed-in dice out of range, too few or too many', () => {
    expect(() => resolveProcedure(commandersEvent, BRIGADIER, { dice: [11, 1] })).toThrow(
      /d10 showing 1-10, but got 11/,
    );
    expect(() => resolveProcedure(commandersEvent, BRIGADIER, { dice: [1, 0] })).toThrow(
      /d6 showing 1-6, but got 0/,
    );
    expect(() => resolveProcedure(commandersEvent, BRIGADIER, { dice: [6, 5] })).toThrow(
      /not enough dice.*inches/,
    );
    expect(() => resolveProcedure(commandersEvent, BRIGADIER, { dice: [1, 1, 1] })).toThrow(/too many dice/);
  });
  it('needs a Leadership; rejects unknown facts', () => {
    expect(commandersEventFactsSchema.safeParse({ rank: 'brigadier' }).success).toBe(false);
    expect(commandersEventFactsSchema.safeParse({ leadership: 'Brave' }).success).toBe(false);
    expect(commandersEventFactsSchema.safeParse({ leadership: 'Heroic', hat: true }).success).toBe(false);
  });
  it('the examples resolve as their titles say', () => {
    const [a, b, c] = commandersEvent.examples.map(
      (e) =>
        resolveProcedure(commandersEvent, commandersEventFactsSchema.parse(e.facts), { dice: e.dice }).result,
    );
    expect(a!.effects).toEqual([{ kind: 'free-order-change', count: 1, duration: 'this-turn' }]);
    expect(b).toMatchObject({ outcome: 5, rerolls: 1, rideInches: 4 });
    expect(c!.effects).toEqual([SERIOUS]);
    expect(commandersEvent.describe(c!)[0]).toContain('Cannonball (d10 1), d6 2');
  });
});
