import type { RosterVocabulary, SequenceStep } from '../../core/rules/referee.ts';
import { md } from './vocabulary.ts';

/**
 * MacDuff's turn as a referee's checklist (2.1 General rule; rules-facts 6.2): cards drawn one at a time,
 * each activating one unit of its colour's side (red Imperial, black native), which spots, takes its
 * Control Check if out of control, then rallies, or moves and shoots, or charges; when every unit has
 * acted or passed, the melees; then the work of the turn.
 */
export const MACDUFF_SEQUENCE: readonly SequenceStep[] = [
  {
    id: 'draw-card',
    title: '1. Draw a card',
    does: 'Draw the next card: a red one activates an Imperial unit, a black one a native unit (the player picks one that has not acted). Detachments act with their parent.',
    rule: md('2.1 General rule'),
    procedures: [],
    eachUnit: true,
  },
  {
    id: 'spotting',
    title: '2. Spotting',
    does: 'Before moving or firing, the unit may look into one concealing area within 12" (enemies within 6" are always seen).',
    rule: md('7.7 Concealment'),
    procedures: ['macduff-spotting'],
    eachUnit: true,
  },
  {
    id: 'control',
    title: '3. Control Check',
    does: 'A unit more than 24" from its brigadier or out of his sight, and not shattered, takes a Control Check; its senior attached leader sways the die by his personality, rolled the first time it matters.',
    rule: md('3.2 Control Check'),
    procedures: ['macduff-personality', 'macduff-control-check'],
    eachUnit: true,
  },
  {
    id: 'rally',
    title: '4a. Rally',
    does: 'A unit that must rally (after a melee, when shattered, cavalry after a charge), or chooses to, rallies on the spot or falls back half a move; with a leader attached it may recall casualties from the holding area.',
    rule: md('12.4 Rallying'),
    procedures: ['macduff-casualty-recovery'],
    eachUnit: true,
  },
  {
    id: 'move-and-shoot',
    title: '4b. Move and shoot',
    does: 'Otherwise the unit moves and/or shoots (or passes, or reserves its fire): its move is rolled; small arms, canister, shot and shell, machine guns; then the target’s casualties, and a unit below half strength is shattered and retires.',
    rule: md('2.1 General rule'),
    procedures: [
      'macduff-movement',
      'macduff-small-arms',
      'macduff-canister',
      'macduff-shot-and-shell',
      'macduff-machine-gun',
      'macduff-breach',
      'macduff-casualties',
    ],
    eachUnit: true,
  },
  {
    id: 'charge',
    title: '4c. Charge',
    does: 'A charger declares (and whether it fires first) before rolling its move; its target reacts if it may (stand and fire, form square, counter-charge, evade) and is then pinned until the melee.',
    rule: md('6.1 General rule'),
    procedures: ['macduff-movement', 'macduff-small-arms', 'macduff-canister', 'macduff-casualties'],
    eachUnit: true,
  },
  {
    id: 'melees',
    title: '5. Melees',
    does: 'When every unit has acted or passed: each melee, a die per pair of figures in contact; the side with more casualties gives ground; both sides must rally. Once a turn a surrounded unit may be called on to surrender.',
    rule: md('11.1 General rule'),
    procedures: ['macduff-melee', 'macduff-casualties', 'macduff-surrender'],
  },
  {
    id: 'end-of-turn',
    title: 'End of turn',
    does: 'Working parties left undisturbed complete a period of work (a demolition charge is fired when laid). Shuffle the cards for the next turn.',
    rule: md('13.1 General rule'),
    procedures: ['macduff-demolition'],
  },
];

/**
 * What a MacDuff referee tracks per unit: its morale state (shattered, rallying, leaving the field), no
 * orders (control is by the brigadier's presence), marks for the conditions that last
 * from turn to turn, and its casualty
 * marker, smoke markers and the casualties in its holding area.
 */
export const MACDUFF_ROSTER: RosterVocabulary = {
  statuses: ['In good order', 'Rallying', 'Shattered', 'Leaving the field'],
  orders: [],
  marks: [
    'Must rally',
    'Concealed',
    'Surrounded',
    'Leader attached',
    'Musician or standard',
    'Fired since rallying',
    'Heavy gun fired last turn',
  ],
  clearedEachTurn: [],
  counters: [
    { id: 'casualty-marker', label: 'Casualty marker', max: 1 },
    { id: 'smoke', label: 'Smoke markers', max: 2 },
    { id: 'held-casualties', label: 'Casualties in the holding area', max: 60 },
  ],
};
