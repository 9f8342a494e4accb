import type { RosterVocabulary, SequenceStep } from '../../core/rules/referee.ts';
import { ORDER_IDS, ORDERS } from './tables/orders.ts';
import { jc3, jc4, RESOLVE_STATUSES } from './vocabulary.ts';

/** John Company's turn as a referee's checklist (Part 3, Sequence Of Play; rules-facts 2.1). */
export const JC_SEQUENCE: readonly SequenceStep[] = [
  {
    id: 'orders-draw',
    title: '1. Orders',
    does: 'Each General Officer draws an Orders card: how many orders he can give this turn (not on turn 1).',
    rule: jc3('Sequence Of Play', '1'),
    procedures: ['orders-draw', 'commanders-event'],
  },
  {
    id: 'place-counters',
    title: '2. Order counters',
    does: 'Place order counters face down behind the units; blank counters are allowed. Units out of command radius are without orders.',
    rule: jc3('Sequence Of Play', '2'),
    procedures: [],
  },
  {
    id: 'declare',
    title: '3. Declare charges, pursuits and gun aim',
    does: 'Reveal Charge and Pursue counters with their targets; defending batteries may turn up to 30°.',
    rule: jc3('Sequence Of Play', '3'),
    procedures: [],
  },
  {
    id: 'initiate-charges',
    title: '4. Initiate charges and pursuits',
    does: 'Each charger or pursuer tests, then moves its normal distance or to charge-bonus distance; its target may change its order at -2 (counter-charge included).',
    rule: jc3('Sequence Of Play', '4'),
    procedures: ['charge-test', 'reaction-test', 'movement-allowance'],
  },
  {
    id: 'activation-events',
    title: '5a. Draw a card: events',
    does: 'Draw from the Unit Movement deck; resolve the unit’s events first.',
    rule: jc3('Sequence Of Play', '5.1'),
    procedures: ['unit-event', 'commanders-event', 'officer-casualty', 'replacement-officer'],
    eachUnit: true,
  },
  {
    id: 'activation-test',
    title: '5b. Reaction test',
    does: 'The unit takes its Reaction Test if a negative modifier applies (or volunteers one).',
    rule: jc3('Sequence Of Play', '5.2'),
    procedures: ['reaction-test'],
    eachUnit: true,
  },
  {
    id: 'activation-orders',
    title: '5c. Carry out the order',
    does: 'Move and fire as the order and the test’s result allow.',
    rule: jc3('Sequence Of Play', '5.3'),
    procedures: [
      'movement-allowance',
      'general-movement',
      'range-band',
      'small-arms-fire',
      'artillery-fire',
      'counter-battery',
      'caracole',
    ],
    eachUnit: true,
  },
  {
    id: 'activation-confrontation',
    title: '5d. Confrontation',
    does: 'If the card is a charger’s, a pursuer’s or their target’s: the defenders’ volley, then the confrontation and its results.',
    rule: jc3('Sequence Of Play', '5.4'),
    procedures: ['defenders-volley', 'confrontation', 'skirmishers-caught', 'pursuit-catch'],
    eachUnit: true,
  },
  {
    id: 'activation-rally',
    title: '5e. Rally',
    does: 'A unit that has made a mandatory move may try to rally, if eligible; a General may try to regain control.',
    rule: jc3('Sequence Of Play', '5.6'),
    procedures: ['rally-test', 'regain-control'],
    eachUnit: true,
  },
  {
    id: 'end-of-turn',
    title: 'End of turn',
    does: 'When every unit and General has acted, reshuffle the Unit Movement deck and begin again at step 1.',
    rule: jc3('Sequence Of Play', '5.7'),
    procedures: [],
  },
  {
    id: 'after-the-battle',
    title: 'After the battle',
    does: 'Damaged guns: which are lost for good.',
    rule: jc4('Counter-Battery Fire'),
    procedures: ['post-battle-gun-damage'],
  },
];

/** What a John Company referee tracks per unit: Resolve Status, the order counter, disorder. */
export const JC_ROSTER: RosterVocabulary = {
  statuses: RESOLVE_STATUSES,
  orders: ORDER_IDS.map((id) => ORDERS.orders[id].name),
  marks: ['Disordered', 'Routing', 'Colours lost', 'Commander wounded'],
  clearedEachTurn: ['status', 'order'],
  counters: [],
};
