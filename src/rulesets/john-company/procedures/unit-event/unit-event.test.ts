import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../../core/odds/enumerate.ts';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { MAX_REROLLS, UNIT_EVENT_TABLES, type UnitEventEffect } from '../../tables/unit-events.ts';
import { ARMS, LEADERSHIPS } from '../../vocabulary.ts';
import { resolveUnitEvent } from './event-roll.ts';
import { type UnitEventFacts, unitEventFactsSchema } from './facts.ts';
import { unitEvent } from './index.ts';

const parse = (facts: unknown) => unitEventFactsSchema.parse(facts) as UnitEventFacts;
/** Resolves with typed-in dice in throw order, and checks that every die was used. */
function run(facts: UnitEventFacts, faces: number[]) {
  const dice = new SuppliedDice(faces);
  const r = resolveUnitEvent(parse(facts), dice);
  dice.assertAllUsed();
  return r;
}

// Facts under which no entry is rolled again.
const INFANTRY: UnitEventFacts = { arm: 'infantry', army: 'other' };
const CAVALRY: UnitEventFacts = { arm: 'cavalry', army: 'other' };
const ARTILLERY: UnitEventFacts = {
  arm: 'artillery',
  army: 'other',
  batteryMove: 'limbered',
  underArtilleryFire: true,
};
const NO_REROLL: Record<(typeof ARMS)[number], UnitEventFacts> = {
  infantry: INFANTRY,
  cavalry: CAVALRY,
  artillery: ARTILLERY,
};

const KILLED: UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'killed' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-killed', amount: -2, tests: 'next' },
  {
    kind: 'reaction-modifier',
    unit: 'self',
    modifier: 'unit-commander-killed-earlier',
    amount: -1,
    tests: 'all-after-next',
  },
];
const WOUNDED: UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'wounded' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-wounded', amount: -1, tests: 'next' },
];
const MUSICIANS: UnitEventEffect[] = [
  { kind: 'reaction-modifier', unit: 'self', modifier: 'musicians-lost', amount: -1, tests: 'all-future' },
];
const COLOURS_MINUS_2: UnitEventEffect = {
  kind: 'resolve-change',
  adjustment: 'colours-lost',
  amount: -2,
  permanent: true,
};
const CAPTURED: UnitEventEffect = {
  kind: 'reaction-modifier',
  unit: 'facing-enemy',
  modifier: 'enemy-colours-captured',
  amount: 1,
  tests: 'all-future',
};
const CUT_UP: UnitEventEffect[] = [
  { kind: 'resolve-change', adjustment: 'friendly-casualties-cut-up', amount: 1, permanent: true },
];
const move = (inches: number): UnitEventEffect => ({ kind: 'movement-change', inches, move: 'next' });
const firm = (inches: number): UnitEventEffect => ({
  kind: 'movement-change',
  inches,
  move: 'next',
  orIfDisordered: 'reform-without-movement-penalty',
});
const none = (reason: string) => [{ kind: 'no-effect', reason }];
const order = (o: string, more: object = {}) => [{ kind: 'next-order', order: o, ...more }];

describe('unit event: every percentile lands on its entry', () => {
  it.each(ARMS)('%s: faces 00-99', (arm) => {
    const table = UNIT_EVENT_TABLES[arm];
    for (let face = 0; face <= 99; face++) {
      const dice = new SuppliedDice({ event: [face] }, undefined, new PrngDice(seedRng(face)));
      const r = resolveUnitEvent(NO_REROLL[arm], dice);
      const row = table.rows.find((x) => face >= x.from && face <= x.to)!;
      expect(r.entry).toBe(row.result.id);
      expect(r.band).toBe(`${String(row.from).padStart(2, '0')}-${String(row.to).padStart(2, '0')}`);
      expect(r.rerolls).toBe(0);
    }
  });
});

// Authority: each entry's effects, read from Part 4, for the dice given (percentile first).
const INFANTRY_CASES: [string, Partial<UnitEventFacts>, number[], unknown[]][] = [
  [
    '00-04, two Generals within 2"',
    { generalsWithin2in: 2 },
    [3],
    [{ kind: 'commanders-event', officers: 2 }],
  ],
  ['00-04, no General within 2"', {}, [0], none('no-general-within-2in')],
  ['05-14, d6 1: dead', {}, [5, 1], KILLED],
  ['05-14, d6 2: dead', {}, [14, 2], KILLED],
  ['05-14, d6 3: wounded', {}, [9, 3], WOUNDED],
  ['05-14, d6 5: wounded', {}, [9, 5], WOUNDED],
  ['05-14, d6 4: wounded a second time, dead', { unitCommanderWounded: true }, [9, 4], KILLED],
  ['05-14, d6 6 scratched, d6 4 beats Cautious (3): Defend', {}, [12, 6, 4], order('defend')],
  ['05-14, d6 6 scratched, d6 3 does not beat Cautious', {}, [12, 6, 3], none('scratch-shrugged-off')],
  [
    '05-14, scratched Poltroon (1), d6 2: Defend',
    { unitCommanderLeadership: 'Poltroon' },
    [12, 6, 2],
    order('defend'),
  ],
  [
    '05-14, scratched Heroic (6), d6 6: no effect',
    { unitCommanderLeadership: 'Heroic' },
    [12, 6, 6],
    none('scratch-shrugged-off'),
  ],
  ['15-19, musicians', {}, [17], MUSICIANS],
  [
    '20-34, colours (not British)',
    {},
    [20],
    [{ kind: 'colours-lost', colour: 'colours', capturedBy: 'none' }, COLOURS_MINUS_2],
  ],
  [
    '20-34, British, d6 even: Regimental',
    { army: 'british' },
    [34, 2],
    [{ kind: 'colours-lost', colour: 'regimental', capturedBy: 'none' }, COLOURS_MINUS_2],
  ],
  [
    "20-34, British in a Confrontation, d6 odd: Queen's, captured",
    { army: 'british', inConfrontation: true },
    [25, 3],
    [{ kind: 'colours-lost', colour: 'queens', capturedBy: 'facing-enemy' }, COLOURS_MINUS_2, CAPTURED],
  ],
  [
    "20-34, British, Regimental already lost: the Queen's, -1 more",
    { army: 'british', coloursLost: 'regimental' },
    [30],
    [
      { kind: 'colours-lost', colour: 'queens', capturedBy: 'none' },
      { kind: 'resolve-change', adjustment: 'second-colour-lost', amount: -1, permanent: true },
    ],
  ],
  ['35-37, soft ground 1d6: 4', {}, [35, 4], [move(-4)]],
  ['38-40, very rough 1d6+3: 1+3', {}, [40, 1], [move(-4)]],
  ['41-43, nullah 2d6: 6+6, disordered', {}, [41, 6, 6], [move(-12), { kind: 'disordered' }]],
  ['44-46, firm ground +1d6: 3', {}, [46, 3], [firm(3)]],
  ['47-49, dust or smoke', {}, [47], [{ kind: 'fire-halved', shots: 'next' }]],
  ['50-54, d6 2: the enemy, no effect', {}, [50, 2], none('enemy-recognised')],
  ['50-54, d6 3 rides out, d10 2: killed', {}, [54, 3, 2], KILLED],
  ['50-54, d6 6 rides out, d10 6: wounded', {}, [51, 6, 6], WOUNDED],
  ['50-54, d6 4 rides out, d10 3: wounded a second time', { unitCommanderWounded: true }, [51, 4, 3], KILLED],
  ['50-54, d6 4 rides out, d10 7: unscathed', {}, [53, 4, 7], none('commander-unscathed')],
  ['50-54, d6 4 rides out, d10 10: unscathed', {}, [53, 4, 10], none('commander-unscathed')],
  ['55-57, charge', {}, [56], order('charge', { target: 'nearest-enemy-in-sight', regardlessOfRange: true })],
  ['58-60, form line', {}, [60], order('form-close-order-line')],
  ['61-63, form column', {}, [61], order('form-close-order-column')],
  ['64-66, deploy right, d6 even: wheel', {}, [64, 2], order('deploy-right', { method: 'wheel' })],
  ['64-66, deploy right, d6 odd: flank march', {}, [66, 5], order('deploy-right', { method: 'flank-march' })],
  [
    '64-66, irregulars wheel with no roll',
    { irregular: true },
    [65],
    order('deploy-right', { method: 'wheel' }),
  ],
  ['67-69, deploy left, d6 odd: flank march', {}, [68, 1], order('deploy-left', { method: 'flank-march' })],
  [
    '70-72, disordered and without orders',
    {},
    [71],
    [{ kind: 'disordered' }, { kind: 'without-orders-next-test' }],
  ],
  ['73-75, fire and retire', {}, [74], order('fire-and-retire')],
  ['76-78, no General in range', {}, [77], none('no-general-in-range-to-front')],
  [
    '76-78, a General in range to its front',
    { generalInRangeToFront: true },
    [76],
    [{ kind: 'fires-on-general', rank: 'brigadier-or-higher', officerRolls: 'commanders-event' }],
  ],
  ['79-81, without orders row', {}, [80], [{ kind: 'without-orders-next-test' }]],
  ['82-84, defend (square allowed)', {}, [83], order('defend', { mayChooseSquare: true })],
  ['85-87, forward march', {}, [86], order('forward-march')],
  ['88-89, friends cut up', {}, [88], CUT_UP],
  [
    '90-91, quit the battle',
    {},
    [91],
    [{ kind: 'quit-the-battle', formation: 'close-order-column', until: 'brigadier-or-higher-gives-orders' }],
  ],
  [
    '92-95, fires on friends, flank stand if none',
    {},
    [93],
    [
      {
        kind: 'fires-on',
        target: 'nearest-friend-to-front',
        when: 'now',
        minInches: 3,
        ifNone: 'flank-stand-fires-at-friends',
      },
    ],
  ],
  [
    '92-95, defending works: no flank fire',
    { defendingWorks: true },
    [95],
    [{ kind: 'fires-on', target: 'nearest-friend-to-front', when: 'now', minInches: 3, ifNone: 'no-effect' }],
  ],
  [
    '96-99, fanatics 4d6: 1+2+3+4',
    {},
    [98, 1, 2, 3, 4],
    [{ kind: 'hidden-fanatics', figures: 10, at: 'halfway-through-move' }],
  ],
];

const CAVALRY_CASES: [string, Partial<UnitEventFacts>, number[], unknown[]][] = [
  [
    '00-04, one General within 2"',
    { generalsWithin2in: 1 },
    [4],
    [{ kind: 'commanders-event', officers: 1 }],
  ],
  ['05-14, scratched, d6 4 beats Cautious', {}, [5, 6, 4], order('defend')],
  ['15-19, musicians', {}, [19], MUSICIANS],
  [
    '20-34, standard lost',
    {},
    [22],
    [{ kind: 'colours-lost', colour: 'standard', capturedBy: 'none' }, COLOURS_MINUS_2],
  ],
  [
    '20-34, standard lost in a Confrontation',
    { inConfrontation: true },
    [34],
    [{ kind: 'colours-lost', colour: 'standard', capturedBy: 'facing-enemy' }, COLOURS_MINUS_2, CAPTURED],
  ],
  ['35-37, soft ground 1d6: 6', {}, [37, 6], [move(-6)]],
  ['38-40, very rough 2d6: 1+2', {}, [38, 1, 2], [move(-3)]],
  ['41-43, nullah 2d6+3: 1+1+3, disordered', {}, [42, 1, 1], [move(-5), { kind: 'disordered' }]],
  ['44-46, firm ground +1d6: 6', {}, [45, 6], [firm(6)]],
  ['47-49, dust or smoke', {}, [48], [{ kind: 'fire-halved', shots: 'next' }]],
  [
    '50-54, threes about',
    {},
    [52],
    [{ kind: 'quit-the-battle', until: 'general-officer-in-contact-gives-orders' }],
  ],
  [
    '55-59, fanatics 4d6: 24',
    {},
    [55, 6, 6, 6, 6],
    [{ kind: 'hidden-fanatics', figures: 24, at: 'halfway-through-move' }],
  ],
  ['60-61, friends cut up', {}, [61], CUT_UP],
  [
    '62-65, fires on the nearest unit',
    {},
    [63],
    [{ kind: 'fires-on', target: 'nearest-unit-to-front', when: 'now', ifNone: 'end-stands-fire-to-flank' }],
  ],
  ['66-75, blood up', {}, [70], order('charge', { target: 'nearest-enemy', regardlessOfRange: true })],
  ['76-78, defend', {}, [76], order('defend')],
  ['79-81, forward march', {}, [79], order('forward-march')],
  ['82-84, deploy right, d6 even: wheel', {}, [83, 4], order('deploy-right', { method: 'wheel' })],
  ['85-87, deploy left, d6 odd: flank march', {}, [87, 3], order('deploy-left', { method: 'flank-march' })],
  [
    '88-90, a General in range to its front',
    { generalInRangeToFront: true },
    [89],
    [{ kind: 'fires-on-general', rank: 'any-general', officerRolls: 'commanders-event' }],
  ],
  ['88-90, none: its commander, d10 1 killed', {}, [90, 1], KILLED],
  ['88-90, none: its commander, d10 5 wounded', {}, [88, 5], WOUNDED],
  ['88-90, none: its commander, d10 9 unscathed', {}, [88, 9], none('commander-unscathed')],
  ['91-93, without orders', {}, [92], [{ kind: 'without-orders-next-test' }]],
  ['94-96, fire and retire', {}, [95], order('fire-and-retire')],
  ['97-99, advance and fire', {}, [99], order('advance-and-fire')],
];

const ARTILLERY_CASES: [string, Partial<UnitEventFacts>, number[], unknown[]][] = [
  ['00-04, no General within 2"', {}, [1], none('no-general-within-2in')],
  ['05-14, d6 2: dead', {}, [6, 2], KILLED],
  ['15-19, musicians', {}, [15], MUSICIANS],
  ['20-22, soft ground 1d6: 5', {}, [22, 5], [move(-5)]],
  ['23-25, very rough 1d6+3: 2+3', {}, [23, 2], [move(-5)]],
  [
    '26-28, nullah 2d6+3: 3+4+3, disordered, d6 2: two guns',
    {},
    [26, 3, 4, 2],
    [move(-10), { kind: 'disordered' }, { kind: 'guns-lost', guns: 2, recoverable: true }],
  ],
  [
    '26-28, nullah 1+1+3, d6 1: one gun',
    {},
    [28, 1, 1, 1],
    [move(-5), { kind: 'disordered' }, { kind: 'guns-lost', guns: 1, recoverable: true }],
  ],
  ['26-28, nullah 6+6+3, d6 3: no guns', {}, [27, 6, 6, 3], [move(-15), { kind: 'disordered' }]],
  ['29-31, firm ground +1d6: 1', {}, [31, 1], [firm(1)]],
  ['32-45, own smoke (32)', {}, [32], [{ kind: 'fire-halved', shots: 'next' }]],
  ['32-45, own smoke (45)', {}, [45], [{ kind: 'fire-halved', shots: 'next' }]],
  [
    '46-48, disordered and without orders',
    {},
    [47],
    [{ kind: 'disordered' }, { kind: 'without-orders-next-test' }],
  ],
  [
    '49-53, confused fire',
    {},
    [50],
    [
      { kind: 'fires-on', target: 'nearest-unit-to-front', when: 'next-fire', ifNone: 'no-effect' },
      { kind: 'stop-and-deploy', if: 'limbered-or-moving' },
    ],
  ],
  [
    '54-56, a General in range to its front',
    { generalInRangeToFront: true },
    [55],
    [{ kind: 'fires-on-general', rank: 'brigadier-or-higher', officerRolls: 'commanders-event' }],
  ],
  ['54-56, no General in range', {}, [54], none('no-general-in-range-to-front')],
  ['57-58, without orders row', {}, [58], [{ kind: 'without-orders-next-test' }]],
  ['59-62, defend', {}, [60], order('defend')],
  ['63-69, gun overturned', {}, [66], [{ kind: 'guns-lost', guns: 1, recoverable: true }]],
  ['70-85, caisson, d6 6', {}, [70, 6], [{ kind: 'guns-lost', guns: 6, recoverable: false }]],
  [
    '70-85, caisson, d6 6 but only 4 guns',
    { guns: 4 },
    [85, 6],
    [{ kind: 'guns-lost', guns: 4, recoverable: false }],
  ],
  [
    '86-92, prolonge and fire',
    {},
    [90],
    [
      { kind: 'next-order', order: 'prolonge-and-fire', target: 'nearest-enemy-to-front' },
      { kind: 'stop-and-deploy', if: 'limbered-or-moving' },
    ],
  ],
  ['86-92, mortars or siege guns: no effect', { siegeOrMortar: true }, [86], none('siege-or-mortar-battery')],
  [
    '93-99, limber and retire',
    {},
    [96],
    [
      { kind: 'next-order', order: 'limber-and-retire' },
      { kind: 'quit-the-battle', formation: 'limbered', until: 'general-officer-in-contact-gives-orders' },
    ],
  ],
];

describe('unit event: every entry of the Infantry Events Table', () => {
  it.each(INFANTRY_CASES)('%s', (_name, facts, dice, effects) => {
    expect(run({ ...INFANTRY, ...facts }, dice).effects).toEqual(effects);
  });
});
describe('unit event: every entry of the Cavalry Events Table', () => {
  it.each(CAVALRY_CASES)('%s', (_name, facts, dice, effects) => {
    expect(run({ ...CAVALRY, ...facts }, dice).effects).toEqual(effects);
  });
});
describe('unit event: every entry of the Artillery Events Table', () => {
  it.each(ARTILLERY_CASES)('%s', (_name, facts, dice, effects) => {
    expect(run({ ...ARTILLERY, ...facts }, dice).effects).toEqual(effects);
  });
  it('every entry id of each table has a case above', () => {
    const cases = { infantry: INFANTRY_CASES, cavalry: CAVALRY_CASES, artillery: ARTILLERY_CASES };
    for (const arm of ARMS) {
      const covered = new Set(
        cases[arm].map(([, facts, dice]) => run({ ...NO_REROLL[arm], ...facts }, dice).entry),
      );
      expect([...covered].sort()).toEqual(UNIT_EVENT_TABLES[arm].rows.map((r) => r.result.id).sort());
    }
  });
});

describe('unit event: sub-roll values in the result', () => {
  it('records what the entry dice showed', () => {
    expect(run(INFANTRY, [12, 6, 5]).subRolls).toEqual({
      commanderHit: 'scratched',
      scratchBeatLeadership: true,
    });
    expect(run(INFANTRY, [52, 3, 4]).subRolls).toEqual({ friendOrFoe: 'rides-out', firedOn: 'wounded' });
    expect(run({ ...INFANTRY, army: 'british' }, [25, 4]).subRolls).toEqual({ colour: 'regimental' });
    expect(run(INFANTRY, [39, 2]).subRolls).toEqual({ inches: 5 });
    expect(run(INFANTRY, [64, 3]).subRolls).toEqual({ deploy: 'flank-march' });
    expect(run(INFANTRY, [97, 6, 6, 1, 1]).subRolls).toEqual({ fanatics: 14 });
    expect(run({ ...ARTILLERY, guns: 2 }, [75, 5]).subRolls).toEqual({ gunsRolled: 5 });
    expect(run(INFANTRY, [17]).subRolls).toEqual({});
  });
});

// Each re-roll condition: a face it sends back, then 17 (musicians, which every table has at 15-19).
const REROLLS: [string, UnitEventFacts, number][] = [
  ['infantry dust in the rain (47)', { ...INFANTRY, raining: true }, 47],
  ['infantry dust in the rain (49)', { ...INFANTRY, raining: true }, 49],
  ['native infantry, friends cut up (88)', { ...INFANTRY, army: 'native' }, 88],
  ['native infantry, friends cut up (89)', { ...INFANTRY, army: 'native' }, 89],
  ['native infantry, fanatics (96)', { ...INFANTRY, army: 'native' }, 96],
  ['native infantry, fanatics (99)', { ...INFANTRY, army: 'native' }, 99],
  ['infantry with no colours left (20)', { ...INFANTRY, coloursLost: 'all' }, 20],
  ['British infantry with no colours left (34)', { ...INFANTRY, army: 'british', coloursLost: 'all' }, 34],
  ['British cavalry, standard (20)', { ...CAVALRY, army: 'british' }, 20],
  ['British cavalry, standard (34)', { ...CAVALRY, army: 'british' }, 34],
  ['cavalry with its standard gone (25)', { ...CAVALRY, coloursLost: 'all' }, 25],
  ['cavalry dust in the rain (48)', { ...CAVALRY, raining: true }, 48],
  ['native cavalry, fanatics (55)', { ...CAVALRY, army: 'native' }, 55],
  ['native cavalry, fanatics (59)', { ...CAVALRY, army: 'native' }, 59],
  ['native cavalry, friends cut up (60)', { ...CAVALRY, army: 'native' }, 60],
  ['native cavalry, friends cut up (61)', { ...CAVALRY, army: 'native' }, 61],
  ['battery on Defend, soft ground (20)', { ...ARTILLERY, defendOrders: true }, 20],
  ['battery on Defend, very rough (25)', { ...ARTILLERY, defendOrders: true }, 25],
  ['battery on Defend, nullah (26)', { ...ARTILLERY, defendOrders: true }, 26],
  ['battery on Defend, firm ground (31)', { ...ARTILLERY, defendOrders: true }, 31],
  ['battery smoke in the rain (32)', { ...ARTILLERY, raining: true }, 32],
  ['battery smoke in the rain (45)', { ...ARTILLERY, raining: true }, 45],
  ['battery not moving, disordered (46)', { ...ARTILLERY, batteryMove: 'none' }, 46],
  ['battery not moving, disordered (48)', { ...ARTILLERY, batteryMove: 'none' }, 48],
  ['battery not moving, gun overturned (63)', { ...ARTILLERY, batteryMove: 'none' }, 63],
  ['battery that prolonged, gun overturned (69)', { ...ARTILLERY, batteryMove: 'prolonge' }, 69],
  ['battery not under artillery fire, caisson (70)', { ...ARTILLERY, underArtilleryFire: false }, 70],
  ['battery not under artillery fire, caisson (85)', { ...ARTILLERY, underArtilleryFire: false }, 85],
];

describe('unit event: entries that do not apply are rolled again', () => {
  it.each(REROLLS)('%s', (_name, facts, face) => {
    const r = run(facts, [face, 17]);
    expect(r.entry).toBe('musicians-lost');
    expect(r.rerolls).toBe(1);
    expect(r.effects).toEqual(MUSICIANS);
  });

  it('a battery that prolonged is moving: 46-48 applies, 63-69 does not', () => {
    const prolonge = { ...ARTILLERY, batteryMove: 'prolonge' as const };
    expect(run(prolonge, [46]).entry).toBe('disordered-without-orders');
    expect(run(prolonge, [63, 66, 17]).rerolls).toBe(2);
  });

  it('the same entries apply when the condition does not hold', () => {
    expect(run(INFANTRY, [47]).entry).toBe('blinded');
    expect(run({ ...INFANTRY, army: 'british' }, [88]).entry).toBe('friends-cut-up');
    expect(run({ ...CAVALRY, army: 'native' }, [20]).entry).toBe('standard-lost');
    expect(run(ARTILLERY, [20, 3]).entry).toBe('soft-ground');
  });

  it(`thrown dice stop after ${MAX_REROLLS} re-rolls: the event lapses`, () => {
    const rain = { ...INFANTRY, raining: true };
    const lapsed = run(rain, Array(MAX_REROLLS + 1).fill(48));
    expect(lapsed.entry).toBeUndefined();
    expect(lapsed.rerolls).toBe(MAX_REROLLS);
    expect(lapsed.effects).toEqual(none('re-roll-limit'));
    const last = run(rain, [...Array(MAX_REROLLS).fill(48), 17]);
    expect(last.entry).toBe('musicians-lost');
    expect(last.rerolls).toBe(MAX_REROLLS);
  });
});

describe('unit event: exact odds', () => {
  const entryOdds = (facts: UnitEventFacts) =>
    new Map(oddsOf(unitEvent, parse(facts))[0]!.outcomes.map((o) => [o.outcome, o.probability]));

  it('with nothing to roll again, each entry has its width in 100', () => {
    const odds = entryOdds(INFANTRY);
    expect(odds.get('05-14 Unit commander hit (dead, wounded or scratched)')).toBeCloseTo(0.1, 12);
    expect(odds.get('96-99 Meets 4d6 hidden fanatics halfway through its move')).toBeCloseTo(0.04, 12);
    expect(odds.size).toBe(25);
  });

  it('rolling again without limit: entries that apply share the chance in proportion to their width', () => {
    const british = entryOdds({ ...CAVALRY, army: 'british' });
    expect(
      british.get('66-75 Commander charges the nearest enemy, whatever the range or ground'),
    ).toBeCloseTo(10 / 85, 12);
    expect([...british.keys()].some((k) => String(k).startsWith('20-34'))).toBe(false);
    const battery = entryOdds({ arm: 'artillery', army: 'british' }); // stationary, not under artillery fire
    expect(battery.get('32-45 Own smoke: next shot at half Final Fire Factor')).toBeCloseTo(14 / 74, 12);
    expect(battery.size).toBe(14);
  });

  it('the unit commander killed: 2/6 of 05-14 plus 2/10 of the 4/6 who ride out at 50-54', () => {
    let p = 0;
    forEachOutcome(
      (d) => resolveUnitEvent(INFANTRY, d),
      (r, prob) => {
        if (r.effects.some((e) => e.kind === 'unit-commander-casualty' && e.severity === 'killed')) p += prob;
      },
    );
    expect(p).toBeCloseTo(0.1 * (2 / 6) + 0.05 * (4 / 6) * (2 / 10), 12);
  });

  const arbFacts = fc.record({
    arm: fc.constantFrom(...ARMS),
    army: fc.constantFrom('british' as const, 'native' as const, 'other' as const),
    irregular: fc.boolean(),
    raining: fc.boolean(),
    inConfrontation: fc.boolean(),
    generalsWithin2in: fc.integer({ min: 0, max: 4 }),
    generalInRangeToFront: fc.boolean(),
    unitCommanderLeadership: fc.constantFrom(...LEADERSHIPS),
    unitCommanderWounded: fc.boolean(),
    all: fc.boolean(),
    defendOrders: fc.boolean(),
    batteryMove: fc.constantFrom('none' as const, 'prolonge' as const, 'limbered' as const),
    underArtilleryFire: fc.boolean(),
    guns: fc.integer({ min: 1, max: 8 }),
  });
  const toFacts = (a: typeof arbFacts extends fc.Arbitrary<infer T> ? T : never): UnitEventFacts => {
    const { all, defendOrders, batteryMove, underArtilleryFire, guns, ...rest } = a;
    const colours = a.arm === 'artillery' ? {} : { coloursLost: all ? ('all' as const) : ('none' as const) };
    return a.arm === 'artillery'
      ? { ...rest, ...colours, defendOrders, batteryMove, underArtilleryFire, guns }
      : { ...rest, ...colours };
  };

  it('every odds view sums to 1, for any facts', () => {
    fc.assert(
      fc.property(arbFacts, (a) => {
        for (const view of oddsOf(unitEvent, parse(toFacts(a)))) {
          expect(view.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    [
      'a battery that rolls again on a quarter of the table',
      { arm: 'artillery', army: 'british' } as UnitEventFacts,
    ],
    ['native infantry in the rain', { arm: 'infantry', army: 'native', raining: true } as UnitEventFacts],
  ])('the exact odds agree with 100,000 seeded events: %s', (_name, facts) => {
    for (const view of [0, 2]) {
      const exact = new Map(oddsOf(unitEvent, facts)[view]!.outcomes.map((o) => [o.outcome, o.probability]));
      const counts = new Map<string | number, number>();
      const dice = new PrngDice(seedRng(1857));
      const n = 100_000;
      for (let i = 0; i < n; i++) {
        const k = unitEvent.odds[view]!.project(resolveUnitEvent(facts, dice));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      expect([...counts.keys()].map(String).sort()).toEqual([...exact.keys()].map(String).sort());
      for (const [k, p] of exact) expect(Math.abs(counts.get(k)! / n - p)).toBeLessThan(0.005);
    }
  });

  it('a better Leadership never makes a forced Defend more likely', () => {
    const pDefend = (l: (typeof LEADERSHIPS)[number]) => {
      let p = 0;
      forEachOutcome(
        (d) => resolveUnitEvent({ ...INFANTRY, unitCommanderLeadership: l }, d),
        (r, prob) => {
          if (r.effects.some((e) => e.kind === 'next-order' && e.order === 'defend')) p += prob;
        },
      );
      return p;
    };
    const ps = LEADERSHIPS.map(pDefend);
    for (let i = 1; i < ps.length; i++) expect(ps[i]!).toBeLessThan(ps[i - 1]!);
    expect(ps[0]).toBeCloseTo(0.03 + 0.1 * (1 / 6) * (5 / 6), 12); // 82-84, plus scratched Poltroon on 2-6
    expect(ps[5]).toBeCloseTo(0.03, 12); // a Heroic commander is never scratched into Defend
  });
});

describe('unit event: properties of thrown dice', () => {
  it('never loses more guns than the battery has, and ground never moves a unit more than 15"', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 6 }), (seed, guns) => {
        const facts: UnitEventFacts = { ...ARTILLERY, guns };
        const r = resolveUnitEvent(facts, new PrngDice(seedRng(seed)));
        let lost = 0;
        for (const e of r.effects) {
          if (e.kind === 'guns-lost') lost += e.guns;
          if (e.kind === 'movement-change') expect(Math.abs(e.inches)).toBeGreaterThanOrEqual(1);
          if (e.kind === 'movement-change') expect(Math.abs(e.inches)).toBeLessThanOrEqual(15);
        }
        expect(lost).toBeLessThanOrEqual(guns);
      }),
      { numRuns: 2000 },
    );
  });

  it('the same seed gives the same result, with or without the trace', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...ARMS), (seed, arm) => {
        const facts = { ...NO_REROLL[arm], raining: true };
        const a = resolveUnitEvent(facts, new PrngDice(seedRng(seed)));
        expect(resolveUnitEvent(facts, new PrngDice(seedRng(seed)))).toEqual(a);
        expect(resolveUnitEvent(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it('typed-in dice give the same result as the PRNG that threw the same faces', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...ARMS), (seed, arm) => {
        const facts = { ...NO_REROLL[arm], army: 'native' as const };
        const r = resolveProcedure(unitEvent, facts, { seed });
        const faces = r.rolls.flatMap((x) => x.faces);
        expect(run(facts, faces)).toEqual(r.result);
      }),
      { numRuns: 300 },
    );
  });
});

describe('unit event: typed-in dice and facts are checked', () => {
  const facts = parse(INFANTRY);
  it('rejects dice out of range, too few or too many, with a clear message', () => {
    expect(() => resolveProcedure(unitEvent, facts, { dice: [100] })).toThrow(
      /percentile 00-99 showing 0-99, but got 100/,
    );
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7] })).toThrow(/not enough dice.*commanderHit/);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7, 7] })).toThrow(/d6 showing 1-6, but got 7/);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [52, 4, 11] })).toThrow(
      /d10 showing 1-10, but got 11/,
    );
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7, 4, 4] })).toThrow(/too many dice/);
  });

  it('rejects facts that do not fit the arm', () => {
    const bad = (f: object) => unitEventFactsSchema.safeParse(f).success;
    expect(bad({ arm: 'infantry', army: 'other', defendOrders: true })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'other', guns: 4 })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'other', defendingWorks: true })).toBe(false);
    expect(bad({ arm: 'artillery', army: 'other', coloursLost: 'all' })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'native', coloursLost: 'regimental' })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'british', coloursLost: 'queens' })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'other', generalsWithin2in: 5 })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'other', nonsense: 1 })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'british', coloursLost: 'regimental' })).toBe(true);
    expect(
      bad({ arm: 'artillery', army: 'native', defendOrders: true, guns: 4, batteryMove: 'prolonge' }),
    ).toBe(true);
    const msg = unitEventFactsSchema.safeParse({ arm: 'infantry', army: 'other', guns: 3 }).error?.issues[0]
      ?.message;
    expect(msg).toBe('guns applies to artillery only');
  });
});

describe('unit event: the examples', () => {
  const resolved = unitEvent.examples.map(
    (e) => resolveProcedure(unitEvent, parse(e.facts), { dice: e.dice }).result,
  );
  it('British infantry, 07 then d6 4: the commander is wounded', () => {
    expect(resolved[0]).toMatchObject({ band: '05-14', entry: 'commander-hit', effects: WOUNDED });
  });
  it("British infantry in a Confrontation, 25 then d6 3: the Queen's Colour, taken", () => {
    expect(resolved[1]!.effects).toEqual([
      { kind: 'colours-lost', colour: 'queens', capturedBy: 'facing-enemy' },
      COLOURS_MINUS_2,
      CAPTURED,
    ]);
  });
  it('native horse, 57 (rolled again) then 40 and 3+5: -8"', () => {
    expect(resolved[2]).toMatchObject({ entry: 'very-rough-ground', rerolls: 1, effects: [move(-8)] });
  });
  it('a battery under fire, 75 then d6 4: four guns lost', () => {
    expect(resolved[3]!.effects).toEqual([{ kind: 'guns-lost', guns: 4, recoverable: false }]);
  });
  it('infantry in the rain, 48 (rolled again), 52, d6 5, d10 2: the commander is killed', () => {
    expect(resolved[4]).toMatchObject({ entry: 'friend-or-foe', rerolls: 1, effects: KILLED });
  });
  it('describes the result in a few lines and traces every roll', () => {
    const r = resolveProcedure(unitEvent, parse(unitEvent.examples[4]!.facts), {
      dice: unitEvent.examples[4]!.dice,
    });
    expect(unitEvent.describe(r.result)[0]).toMatch(/^Infantry Events Table 50-54 .*\(after 1 re-roll\)$/);
    expect(r.trace.map((s) => s.roll).filter(Boolean)).toEqual(['event', 'event', 'friendOrFoe', 'firedOn']);
    expect(r.rolls.map((x) => x.faces[0])).toEqual([48, 52, 5, 2]);
  });
});
