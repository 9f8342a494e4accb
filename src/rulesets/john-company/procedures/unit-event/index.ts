/**
 * The `unit-event` procedure as the referee registers it: schema, rolls, examples, odds views and
 * description over `resolveUnitEvent`.
 */
import type { z } from 'zod';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import { UNIT_EVENT_TABLES } from '../../tables/unit-events.ts';
import { jc4 } from '../../vocabulary.ts';
import { describeUnitEventEffect, effectKinds } from './describe.ts';
import { ARM_DATA, resolveUnitEvent } from './event-roll.ts';
import { type UnitEventFacts, type UnitEventResult, unitEventFactsSchema } from './facts.ts';

export const unitEvent: ProcedureDefinition<UnitEventFacts, UnitEventResult> = {
  id: 'unit-event',
  title: 'Unit Event',
  summary: 'What an event does to an infantry, cavalry or artillery unit (the d100 Events Tables).',
  rule: jc4('Events'),
  facts: unitEventFactsSchema as z.ZodType<UnitEventFacts>,
  rolls: [
    {
      key: 'event',
      dice: 'percentile 00-99',
      when: 'always; again while the entry does not apply to the unit',
    },
    { key: 'commanderHit', dice: '1d6', when: 'unit commander hit (05-14)' },
    { key: 'scratched', dice: '1d6', when: 'the commander is scratched (against his Leadership)' },
    { key: 'friendOrFoe', dice: '1d6', when: 'infantry friend or foe (50-54)' },
    {
      key: 'firedOn',
      dice: '1d10',
      when: 'the commander rides out and is fired on; or cavalry 88-90 with no General to its front',
    },
    { key: 'colour', dice: '1d6 (odd or even)', when: 'British infantry colours, none lost yet (20-34)' },
    { key: 'inches', dice: '1d6, 1d6+3, 2d6 or 2d6+3', when: 'ground entries' },
    { key: 'gunsLost', dice: '1d6', when: 'artillery nullah (26-28) or caisson (70-85)' },
    { key: 'deploy', dice: '1d6 (odd or even)', when: 'deploy right or left, regulars only' },
    { key: 'fanatics', dice: '4d6', when: 'hidden fanatics' },
  ],
  examples: [
    {
      title: 'British infantry under fire: 07, the commander is hit; d6 4, wounded',
      facts: { arm: 'infantry', army: 'british' },
      dice: [7, 4],
    },
    {
      title:
        "British infantry in a Confrontation: 25, colours lost; d6 3, the Queen's Colour, taken by the enemy",
      facts: { arm: 'infantry', army: 'british', inConfrontation: true },
      dice: [25, 3],
    },
    {
      title: 'Native horse: 57, hidden fanatics (natives roll again); 40, very rough ground, 2d6 3+5 = -8"',
      facts: { arm: 'cavalry', army: 'native', irregular: true },
      dice: [57, 40, 3, 5],
    },
    {
      title:
        'A British field battery moving limbered under artillery fire: 75, caisson explodes; d6 4 guns of 6',
      facts: {
        arm: 'artillery',
        army: 'british',
        batteryMove: 'limbered',
        underArtilleryFire: true,
        guns: 6,
      },
      dice: [75, 4],
    },
    {
      title:
        'Infantry in the rain: 48 (dust, roll again); 52, friend or foe; d6 5 he rides out; d10 2, killed',
      facts: { arm: 'infantry', army: 'other', raining: true },
      dice: [48, 52, 5, 2],
    },
  ],
  resolve: resolveUnitEvent,
  odds: [
    {
      name: 'Entry',
      project: (r) => (r.band ? ARM_DATA[r.arm].titles.get(r.band)! : 'No event (re-roll limit)'),
    },
    { name: 'Effect kinds', project: (r) => effectKinds(r.effects) },
    {
      name: 'Movement change (inches)',
      project: (r) => {
        for (const e of r.effects) if (e.kind === 'movement-change') return e.inches;
        return 'none';
      },
    },
  ],
  describe: (r) => [
    r.band
      ? `${UNIT_EVENT_TABLES[r.arm].title} ${ARM_DATA[r.arm].titles.get(r.band)}${r.rerolls ? ` (after ${r.rerolls} re-roll${r.rerolls > 1 ? 's' : ''})` : ''}`
      : `${UNIT_EVENT_TABLES[r.arm].title}: no event, the re-roll limit was reached`,
    ...r.effects.map((e) => `- ${describeUnitEventEffect(e)}`),
  ],
};
