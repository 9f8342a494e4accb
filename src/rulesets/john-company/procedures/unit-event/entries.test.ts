import { describe, expect, it } from 'vitest';
import { PrngDice, SuppliedDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { UNIT_EVENT_TABLES } from '../../tables/unit-events.ts';
import { ARMS } from '../../vocabulary.ts';
import { resolveUnitEvent } from './event-roll.ts';
import type { UnitEventFacts } from './facts.ts';
import {
  ARTILLERY,
  CAPTURED,
  CAVALRY,
  COLOURS_MINUS_2,
  CUT_UP,
  firm,
  INFANTRY,
  KILLED,
  MUSICIANS,
  move,
  NO_REROLL,
  none,
  order,
  run,
  WOUNDED,
} from './fixtures.ts';

/**
 * The Unit Events Tables (Part 4): every percentile lands on its entry, each entry's effects as the
 * rules read for the dice given, and the sub-rolls the result records.
 */

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
