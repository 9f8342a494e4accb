import type { RosterVocabulary, SequenceStep } from '../../core/rules/referee.ts';
import { UNIT_STATE_TABLE } from './tables/reconstruction.ts';
import { hf, reconstruction } from './vocabulary.ts';

/**
 * Honour & Fortitude's turn as a referee's checklist (H&F QRS, Sequence of Play; rules-facts 4.1):
 * movement, firing, attacks and melees, compulsory moves, rallies, the sides taking each phase in turn
 * (the first side by the dice). Where the sheet is silent the steps follow Muster's reconstruction
 * (docs/rules/honour-and-fortitude.md).
 */
export const HF_SEQUENCE: readonly SequenceStep[] = [
  {
    id: 'unit-state',
    title: 'Before the battle: unit states',
    does: 'Each unit rolls for its starting state (Heroic to Cowed) from its Morale and Drill, unless the scenario fixes it.',
    rule: UNIT_STATE_TABLE.source,
    procedures: ['hf-unit-state'],
    eachUnit: true,
  },
  {
    id: 'initiative',
    title: '0. Who moves first',
    does: 'Each side throws a die; the higher takes every phase of this turn first.',
    rule: hf('Sequence of Play', 'dice each turn for who moves first'),
    procedures: [],
  },
  {
    id: 'movement',
    title: '1. Movement',
    does: 'Side by side, each unit moves by its state and troop type; anything but carrying on with its orders (or firing, melee, counter-charging) needs an Initiation Roll. Attackers declare and stop 6" from the enemy.',
    rule: hf('Sequence of Play', 'Movement'),
    procedures: ['hf-initiation', 'hf-movement'],
    eachUnit: true,
  },
  {
    id: 'firing',
    title: '2. Firing',
    does: 'Side by side, each unit fires in two ranks; its target tests morale for the casualties. A gun hit may blow up its ammunition, and units near it test as under artillery fire.',
    rule: hf('Sequence of Play', 'Firing'),
    procedures: ['hf-fire', 'hf-morale-test', 'hf-counter-battery-explosion'],
    eachUnit: true,
  },
  {
    id: 'attacks',
    title: '3a. Attacks',
    does: 'Each attack in the order declared: the attacker tests morale, then the defender if needed; a defender that carries on counter-attacks, fires at close range, retires, or tries to change face to meet it.',
    rule: hf('Attacks'),
    procedures: ['hf-morale-test', 'hf-change-face', 'hf-fire'],
    eachUnit: true,
  },
  {
    id: 'melees',
    title: '3b. Melees',
    does: 'One round of each melee, in one rank: kills and bundles score, the loser may be Disordered or Confused and tests morale; if it carries on, the melee goes on next turn.',
    rule: hf('Melees'),
    procedures: ['hf-melee-round', 'hf-morale-test'],
    eachUnit: true,
  },
  {
    id: 'compulsory-moves',
    title: '4. Compulsory moves',
    does: 'Units that must Retire, Panic or Run make those moves (distances by a Movement column, Muster’s reconstruction).',
    rule: reconstruction('Compulsory Moves', 'distances'),
    procedures: ['hf-movement'],
    eachUnit: true,
  },
  {
    id: 'rallies',
    title: '5. Rallies',
    does: 'Routing units test morale on the Routing column; units out of melee recover a step of disorder (Muster’s reconstruction).',
    rule: hf('Sequence of Play', 'Rallies'),
    procedures: ['hf-morale-test'],
    eachUnit: true,
  },
];

/**
 * What an Honour & Fortitude referee tracks per unit: its state (Heroic .. Cowed, or routing), its orders
 * (Muster's hold or advance), disorder and what the modifiers ask as marks (kept from turn to turn), and
 * losses by fifths (the morale modifier counts each 20% lost).
 */
export const HF_ROSTER: RosterVocabulary = {
  statuses: ['Heroic', 'Aggressive', 'Active', 'Passive', 'Cowed', 'Routing'],
  orders: ['Hold', 'Advance'],
  marks: ['Disordered', 'Confused', 'In melee', 'In soft cover', 'In hard cover', 'General present'],
  clearedEachTurn: [],
  counters: [{ id: 'losses-fifths', label: 'Losses (each 20%)', max: 4 }],
};
