import { defineModifierTable, type ModifierDef } from '../../../core/rules/modifiers.ts';
import { jc3, jc4, type Leadership, musterDefault } from '../vocabulary.ts';

const positive = (n: number) => jc4('Reaction Test Modifiers', `positive ${n}`);
const negative = (n: number) => jc4('Reaction Test Modifiers', `negative ${n}`);
const infantryEvent = (item: string) => jc4('Infantry Events Table', item);

/**
 * Permanent changes to a unit's Resolve Level from events, applied to the Resolve Level before any
 * test modifier (so before the Indian cap).
 */
export const RESOLVE_ADJUSTMENTS = defineModifierTable({
  id: 'jc-resolve-adjustments',
  title: 'Permanent changes to Resolve Level (events)',
  source: jc4('Infantry, Cavalry and Artillery Events Tables'),
  modifiers: [
    {
      id: 'colours-lost',
      rule: infantryEvent('20-34 colours lost'),
      label: 'Colours or standard lost',
      value: -2,
    },
    {
      id: 'second-colour-lost',
      rule: infantryEvent('20-34 second colour lost'),
      label: 'Second colour lost',
      value: -1,
    },
    {
      id: 'friendly-casualties-cut-up',
      rule: infantryEvent('88-89 friendly casualties cut up'),
      label: 'Found friendly casualties cut up',
      value: 1,
      perEach: true,
    },
  ],
});
export type ResolveAdjustmentId = (typeof RESOLVE_ADJUSTMENTS.modifiers)[number]['id'];

/** Positive reaction modifiers, in the text's order, then the one named by the events tables. */
export const POSITIVE_REACTION_MODIFIERS = defineModifierTable({
  id: 'jc-reaction-positive',
  title: 'Reaction Test: positive modifiers',
  source: jc4('Reaction Test Modifiers', 'positive'),
  modifiers: [
    {
      id: 'army-outnumbers-enemy-2-to-1',
      rule: positive(1),
      label: 'Own army outnumbers the enemy 2:1 in stands',
      value: 1,
    },
    {
      id: 'in-woods',
      rule: positive(2),
      label: 'Wholly inside light woods, heavy woods or jungle',
      value: 1,
    },
    { id: 'flanks-and-rear-secure', rule: positive(3), label: 'Flanks and rear secure', value: 1 },
    { id: 'mounted', rule: positive(4), label: 'Currently mounted', value: 1 },
    {
      id: 'uncommitted-friends-flank-or-rear',
      rule: positive(5),
      label: 'Uncommitted friends within a Normal Move to flank or rear',
      value: 1,
    },
    { id: 'last-status-confident', rule: positive(6), label: 'Last status Confident', value: 1 },
    { id: 'last-status-resolute', rule: positive(7), label: 'Last status Resolute', value: 2 },
    { id: 'close-order', rule: positive(8), label: 'In close order line, column or square', value: 2 },
    {
      id: 'regular-infantry-won-confrontation',
      rule: positive(9),
      label: 'Regular infantry, won a Confrontation since the last test',
      value: 2,
    },
    {
      id: 'in-fortifications',
      rule: positive(10),
      label: 'Defending entrenchments, fortifications, buildings or walls',
      value: 2,
    },
    {
      id: 'irregular-or-cavalry-won-confrontation',
      rule: positive(11),
      label: 'Irregular infantry or cavalry, won a Confrontation since the last test',
      value: { dice: 1 },
    },
    {
      id: 'enemy-colours-captured',
      rule: infantryEvent('20-34 enemy colours captured'),
      label: 'Captured enemy colours',
      value: 1,
      perEach: true,
    },
  ],
});
export type PositiveReactionModifierId = (typeof POSITIVE_REACTION_MODIFIERS.modifiers)[number]['id'];

/** Negative reaction modifiers, in the text's order, then those named by Part 3 and the events tables. */
export const NEGATIVE_REACTION_MODIFIERS = defineModifierTable({
  id: 'jc-reaction-negative',
  title: 'Reaction Test: negative modifiers',
  source: jc4('Reaction Test Modifiers', 'negative'),
  modifiers: [
    {
      id: 'target-of-small-arms-fire',
      rule: negative(1),
      label: 'Target of small-arms fire since last check',
      value: -1,
    },
    {
      id: 'friends-seen-falling-back',
      rule: negative(2),
      label: 'Friendly unit seen making a Fall Back',
      value: -1,
      perEach: true,
    },
    {
      id: 'enemy-on-flank-or-rear',
      rule: negative(3),
      label: 'Enemy able to charge it on a flank or the rear (left, right, rear)',
      value: -1,
      perEach: true,
      maxCount: 3,
    },
    {
      id: 'stands-lost-since-last-check',
      rule: negative(4),
      label: 'Stand lost since last check',
      value: -1,
      perEach: true,
    },
    { id: 'last-status-shaken', rule: negative(5), label: 'Last status Shaken', value: -1 },
    {
      id: 'target-of-artillery-fire',
      rule: negative(6),
      label: 'Target of artillery fire since last check',
      value: -2,
    },
    {
      id: 'quarters-of-stands-lost',
      rule: negative(7),
      label: 'Full quarter of starting stands lost this game',
      value: -2,
      perEach: true,
    },
    {
      id: 'charged-by-2-to-1',
      rule: negative(8),
      label: 'Target of a launched charge by enemies outnumbering it 2:1',
      value: -2,
    },
    { id: 'no-line-of-retreat', rule: negative(9), label: 'No line of retreat', value: -2 },
    {
      id: 'friends-seen-forced-back-or-routing',
      rule: negative(10),
      label: 'Friendly unit seen making a Forced Back or Rout',
      value: -3,
      perEach: true,
    },
    { id: 'last-status-wavering', rule: negative(11), label: 'Last status Wavering', value: -4 },
    { id: 'disordered', rule: negative(12), label: 'Disordered', value: -4 },
    { id: 'last-status-panicked', rule: negative(13), label: 'Last status Panicked', value: -7 },
    {
      id: 'changing-orders',
      rule: jc3('Sequence of Play', 'step 4: target changes its orders'),
      label: 'Target changing orders (including ordering a counter-charge)',
      value: -2,
    },
    {
      id: 'counter-charging-support',
      rule: jc3('Orders', 'Support: cavalry counter-charging'),
      label: 'Supporting cavalry counter-charging',
      value: -2,
    },
    {
      id: 'shocked',
      rule: jc4('Skirmishers', 'charge uncovering an unseen enemy'),
      label: 'Shocked',
      value: { dice: -1 },
    },
    {
      id: 'unit-commander-killed',
      rule: infantryEvent('05-14 commander dead: next test'),
      label: 'Unit commander killed (first test after)',
      value: -2,
    },
    {
      id: 'unit-commander-killed-earlier',
      rule: infantryEvent('05-14 commander dead: later tests'),
      label: 'Unit commander killed earlier',
      value: -1,
    },
    {
      id: 'unit-commander-wounded',
      rule: infantryEvent('05-14 commander wounded'),
      label: 'Unit commander wounded (next test)',
      value: -1,
    },
    { id: 'musicians-lost', rule: infantryEvent('15-19 musicians'), label: 'Musicians lost', value: -1 },
    {
      id: 'commander-in-chief-lost-regular',
      rule: jc4('Events', 'officer killed or dangerously wounded: C-in-C'),
      label: 'C-in-C killed or dangerously wounded (regular unit, next test)',
      value: -3,
    },
    {
      id: 'commander-in-chief-lost-irregular',
      rule: jc4('Events', 'officer killed or dangerously wounded: C-in-C'),
      label: 'C-in-C killed or dangerously wounded (irregular unit, next test)',
      value: -4,
    },
    {
      id: 'superior-general-lost',
      rule: jc4('Events', 'officer killed or dangerously wounded: division or brigade'),
      label: 'Its division or brigade commander killed or dangerously wounded (next test)',
      value: -2,
    },
  ],
});
export type NegativeReactionModifierId = (typeof NEGATIVE_REACTION_MODIFIERS.modifiers)[number]['id'];

/** Modifiers that Muster derives from the unit's last status; they are not listed by hand. */
export const LAST_STATUS_MODIFIER_IDS = [
  'last-status-confident',
  'last-status-resolute',
  'last-status-shaken',
  'last-status-wavering',
  'last-status-panicked',
] as const;

/** A General Officer's Leadership modifier, added after the negatives when he is in base contact. */
export const LEADERSHIP_MODIFIERS: Readonly<Record<Leadership, ModifierDef<Leadership>>> = {
  Poltroon: {
    id: 'Poltroon',
    rule: jc4('Leadership Modifiers'),
    label: 'General in contact: Poltroon',
    value: -1,
  },
  Dithering: {
    id: 'Dithering',
    rule: jc4('Leadership Modifiers'),
    label: 'General in contact: Dithering',
    value: 0,
  },
  Cautious: {
    id: 'Cautious',
    rule: jc4('Leadership Modifiers'),
    label: 'General in contact: Cautious',
    value: 1,
  },
  Confident: {
    id: 'Confident',
    rule: musterDefault('Leadership Modifiers', 'Confident not listed: +1'),
    label: 'General in contact: Confident',
    value: 1,
  },
  Inspiring: {
    id: 'Inspiring',
    rule: jc4('Leadership Modifiers'),
    label: 'General in contact: Inspiring',
    value: 2,
  },
  Heroic: { id: 'Heroic', rule: jc4('Leadership Modifiers'), label: 'General in contact: Heroic', value: 3 },
};
