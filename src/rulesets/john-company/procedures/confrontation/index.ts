/**
 * The `confrontation` procedure as the referee registers it: schema, rolls, examples, exact odds, odds
 * views and description over `resolveConfrontation`.
 */
import type { z } from 'zod';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import type { OddsShortcut } from '../../../../core/rules/run.ts';
import { CONFRONTATION_RESULTS, type ConfrontationRowId } from '../../tables/confrontation.ts';
import { statusRank } from '../../tables/reaction-table.ts';
import { jc4, RESOLVE_STATUSES } from '../../vocabulary.ts';
import {
  type ConfrontationFacts,
  type ConfrontationResult,
  type ConfrontationSide,
  type ConfrontationSideOutcome,
  confrontationFactsSchema,
  SIDE_LABEL,
} from './facts.ts';
import { tallyConfrontationOdds } from './odds.ts';
import { MOVE_TEXT, prepareConfrontation, resolveConfrontation } from './resolve.ts';

const eventLabel = (k: string | number): string => (k === 1 ? 'Event' : 'no Event');

const WINNER_LABEL: Readonly<Record<ConfrontationSide | 'none', string>> = {
  charger: 'charger',
  target: 'target',
  none: 'none (Recoil)',
};

/** "charger status / target status" for every pair, so the odds view builds no strings. */
const STATUS_PAIRS: readonly (readonly string[])[] = RESOLVE_STATUSES.map((c) =>
  RESOLVE_STATUSES.map((t) => `${c} / ${t}`),
);

function describeSide(side: ConfrontationSide, o: ConfrontationSideOutcome): string {
  const move = o.move === 'recoil' ? `moves back ${o.recoilInches}"` : MOVE_TEXT[o.move];
  return `${SIDE_LABEL[side]}: loses ${o.standsLost} stand${o.standsLost === 1 ? '' : 's'} (${o.standsLeft} left), ${o.status}, ${move}${o.event ? '; Event' : ''}`;
}

const europeans = {
  resolveLevel: 20,
  status: 'Confident',
  stands: 16,
  modifiers: [{ id: 'charging' }, { id: 'infantry-close-order' }],
} as const;

export const confrontation: ProcedureDefinition<ConfrontationFacts, ConfrontationResult> &
  OddsShortcut<ConfrontationFacts, ConfrontationResult> = {
  id: 'confrontation',
  title: 'Confrontation / Close Combat',
  summary:
    'Who wins when a charge meets its target: each side’s Modified Resolve Level, the result row, stands lost, new statuses, mandatory moves and Events.',
  rule: jc4('Resolving Confrontation'),
  facts: confrontationFactsSchema as z.ZodType<ConfrontationFacts>,
  rolls: [
    {
      key: 'chargerRandomFactor',
      dice: '2d6: positive, negative',
      when: 'unless the target was caught evading or the final levels are given',
    },
    {
      key: 'targetRandomFactor',
      dice: '2d6: positive, negative',
      when: 'unless the target was caught evading or the final levels are given',
    },
    {
      key: 'chargerEventDie',
      dice: '1d6 (the charger’s Event Die, thrown with its Random Factor)',
      when: 'always; an Event on 1 (Confrontation result) or 1-2 (Close Combat result)',
    },
    {
      key: 'targetEventDie',
      dice: '1d6 (the target’s Event Die, thrown with its Random Factor)',
      when: 'always; an Event on 1 (Confrontation result) or 1-2 (Close Combat result)',
    },
    {
      key: 'chargerLoss',
      dice: '1d6 (odd = 1 stand lost), or a die of N faces for the remainder',
      when: 'if the charger won a Confrontation result; or a "1 in N" loss leaves a remainder rounded by chance',
    },
    {
      key: 'targetLoss',
      dice: '1d6 (odd = 1 stand lost), or a die of N faces for the remainder',
      when: 'if the target won a Confrontation result; or a "1 in N" loss leaves a remainder rounded by chance',
    },
  ],
  examples: [
    {
      title:
        'European infantry (Resolve 20, Confident, 16 stands) charge Sikh regulars (Resolve 17, Steady, 12 stands) who volleyed',
      facts: {
        charger: europeans,
        target: {
          resolveLevel: 17,
          status: 'Steady',
          stands: 12,
          modifiers: [{ id: 'infantry-close-order' }],
        },
        targetGaveFire: true,
      },
      // Charger RF 4-2 (+2): 20+1+1+1+1 = 24, +2 = 26; target RF 3-3 (0): 17+1+1 = 19. Difference 7 with the
      // loser at 19: Confrontation Rout. Event dice 5, 1 (target's Event); charger's loss die 4 (even: none).
      dice: [4, 2, 3, 3, 5, 1, 4],
    },
    {
      title:
        'Close Combat: lancers (Resolve 16, Steady, 8 stands) charge sepoys in square (Resolve 17, Steady, 10 stands)',
      facts: {
        charger: {
          resolveLevel: 16,
          status: 'Steady',
          stands: 8,
          modifiers: [{ id: 'charging' }, { id: 'heavy-cavalry-or-lancers' }, { id: 'cavalry-v-infantry' }],
        },
        target: {
          resolveLevel: 17,
          status: 'Steady',
          stands: 10,
          modifiers: [{ id: 'infantry-close-order' }],
          defendingWorksOrSquare: true,
        },
      },
      // Charger 16+1+1+2+0 = 20, RF 2-4 = 18; target 17+1+0 = 18, RF 3-3 = 18: a tie at 18, Close Combat Recoil.
      dice: [2, 4, 3, 3, 6, 2],
    },
    {
      title:
        'The referee has both final Modified Resolve Levels already (charger 23, target 18): the result, Event Dice and loss die',
      facts: {
        charger: { resolveLevel: 18, status: 'Steady', stands: 12 },
        target: { resolveLevel: 16, status: 'Steady', stands: 10 },
        finalLevels: { charger: 23, target: 18 },
      },
      dice: [4, 6, 3],
    },
    {
      title: 'A target caught while evading: automatic Close Combat Rout',
      facts: {
        charger: { resolveLevel: 17, status: 'Confident', stands: 10 },
        target: { resolveLevel: 14, status: 'Steady', stands: 12 },
        targetCaughtEvading: true,
      },
      dice: [3, 4],
    },
  ],
  resolve: resolveConfrontation,
  prepare: prepareConfrontation,
  tallyOdds: tallyConfrontationOdds,
  odds: [
    { name: 'Winner', project: (r) => r.winner, label: (k) => WINNER_LABEL[k as ConfrontationSide | 'none'] },
    {
      name: 'Result',
      project: (r) => r.row,
      label: (k) => CONFRONTATION_RESULTS.rows[k as ConfrontationRowId].label,
    },
    { name: 'Stands lost by the charger', project: (r) => r.charger.standsLost },
    { name: 'Stands lost by the target', project: (r) => r.target.standsLost },
    { name: 'Event (charger)', project: (r) => (r.charger.event ? 1 : 0), label: eventLabel },
    { name: 'Event (target)', project: (r) => (r.target.event ? 1 : 0), label: eventLabel },
    {
      name: 'New statuses (charger / target)',
      project: (r) => statusRank(r.charger.status) * 6 + statusRank(r.target.status),
      label: (k) => STATUS_PAIRS[Math.floor((k as number) / 6)]![(k as number) % 6]!,
    },
  ],
  describe: (r) => [
    r.caughtEvading
      ? 'Target caught while evading: automatic Close Combat Rout'
      : r.winner === 'none'
        ? `Levels equal at ${r.charger.level}: ${CONFRONTATION_RESULTS.rows[r.row].label}`
        : `Charger ${r.charger.level} v target ${r.target.level}: the ${r.winner} wins by ${r.difference} (loser's column ${r.column}): ${CONFRONTATION_RESULTS.rows[r.row].label}`,
    describeSide('charger', r.charger),
    describeSide('target', r.target),
    ...(r.pursuit === 'none'
      ? []
      : [`The winner may pursue ${r.pursuit === 'this-turn' ? 'at once' : 'from next turn'}`]),
  ],
};
