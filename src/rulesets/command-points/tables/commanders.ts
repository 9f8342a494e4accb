import { defineRangeTable } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction } from '../vocabulary.ts';

const section = 'Losses to Commanders';

/** A commander is hit when his first d6 shows this or less; then he rolls again on the table below. */
export const COMMANDER_HIT_ON = 1;

export const COMMANDER_FATES = ['killed', 'serious-wound', 'light-wound'] as const;
export type CommanderFate = (typeof COMMANDER_FATES)[number];

export const COMMANDER_FATE_WORDS: Readonly<Record<CommanderFate, string>> = {
  killed: 'Killed',
  'serious-wound': 'Seriously wounded',
  'light-wound': 'Lightly wounded',
};

/** What a fate costs: a serious wound retires him and his points; a light wound costs points next turn. */
export interface CommanderLoss {
  readonly fate: CommanderFate;
  readonly leavesField: boolean;
  /** Points lost from his next throw. */
  readonly pointsLost: number;
}

/**
 * The second d6: 1 killed, 2-3 a serious wound (printed); 4-6 is lost and Muster's reconstruction follows
 * LFAS (a light wound costing 2 points), scenario-overridable.
 */
export const COMMANDER_LOSS_TABLE = defineRangeTable<CommanderLoss>({
  id: 'commander-losses',
  title: 'Losses to commanders',
  source: cp(section),
  readings: ['Commander wounds on 4-6'],
  covers: { min: 1, max: 6 },
  rows: [
    { from: 1, to: 1, result: { fate: 'killed', leavesField: true, pointsLost: 0 } },
    { from: 2, to: 3, result: { fate: 'serious-wound', leavesField: true, pointsLost: 0 } },
    { from: 4, to: 6, result: { fate: 'light-wound', leavesField: false, pointsLost: 2 } },
  ],
});

export const LIGHT_WOUND_RULE = cpReconstruction(section, '4-6');
