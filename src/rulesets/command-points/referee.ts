import type { RosterVocabulary, SequenceStep } from '../../core/rules/referee.ts';
import { COMMAND_TABLE } from './tables/command.ts';
import { cp, cpReconstruction } from './vocabulary.ts';

const TURN = 'Turn Sequence';

/**
 * The command-point rules' turn as a referee's checklist (Hannam, Turn Sequence; rules-facts 5.1): morale
 * first, then command points for moving and redressing ranks, then firing, then combat. D-points and the
 * risk to commanders come up wherever a unit takes loss.
 */
export const CP_SEQUENCE: readonly SequenceStep[] = [
  {
    id: 'morale',
    title: '1. Morale',
    does: 'Morale-provoked retreats and routs: units at the D-point cap fall back or rout (Muster’s reconstruction); units near a rout of better troops take a D-point.',
    rule: cp(TURN, '1'),
    procedures: ['morale', 'd-points'],
    eachUnit: true,
  },
  {
    id: 'command-roll',
    title: '2a. Command points',
    does: 'Each commander throws a die for his command points this turn (less any light wound), plus one free point for the unit he is with.',
    rule: cp(TURN, '2'),
    procedures: ['command-roll'],
  },
  {
    id: 'allocate',
    title: '2b. Move and redress ranks',
    does: 'Commanders spend points: one moves a formation 4" (columns well clear of the enemy may take more), one removes a D-point. Guns that move may not fire.',
    rule: cp(TURN, '2'),
    procedures: ['movement', 'redress', 'd-points'],
    eachUnit: true,
  },
  {
    id: 'firing',
    title: '3. Firing',
    does: 'Guns throw a die each, infantry a die per base less D-points; the target takes D-points, those past the cap as casualties. An attached commander risks a wound.',
    rule: cp(TURN, '3'),
    procedures: ['artillery-fire', 'infantry-fire', 'd-points', 'commander-loss'],
    eachUnit: true,
  },
  {
    id: 'combat',
    title: '4. Combat',
    does: 'Units that advanced within 4" of the enemy fight: an Average Die each plus factors; each side takes its result (D-points, casualties, retreat or rout). An attached commander risks a wound.',
    rule: cp(TURN, '4'),
    procedures: ['combat', 'd-points', 'commander-loss'],
    eachUnit: true,
  },
  {
    id: 'end-of-turn',
    title: 'End of turn',
    does: 'Units that took no movement point shed D-points by redressing ranks, by training grade (Muster’s reconstruction of the lost paragraph). Begin again at step 1.',
    rule: cpReconstruction('Removal of DPs'),
    procedures: ['redress'],
    eachUnit: true,
  },
];

/**
 * What a command-point referee tracks per unit: whether it is formed, falling back or routed; marks (kept
 * from turn to turn) for what the modifiers ask; and its D-points, 0 to the cap of 5. These rules have no orders.
 */
export const CP_ROSTER: RosterVocabulary = {
  statuses: ['Formed', 'Falling back', 'Routed'],
  orders: [],
  marks: ['Commander attached', 'In skirmish order', 'In fieldwork or building', 'Shaken by a rout'],
  clearedEachTurn: [],
  counters: [{ id: 'd-points', label: 'D-points', max: COMMAND_TABLE.maxDPoints }],
};
