/** A unit event's effects in a few words each, in Muster's words, and their kinds for the odds views. */
import {
  NEGATIVE_REACTION_MODIFIERS,
  type NegativeReactionModifierId,
  POSITIVE_REACTION_MODIFIERS,
  type PositiveReactionModifierId,
} from '../../tables/reaction-modifiers.ts';
import type { UnitEventEffect } from '../../tables/unit-events.ts';

/**
 * A Reaction Test modifier's name in the Reaction Table's words: its label from the table that holds it,
 * without the label's note of which tests it counts on (the effect's words say that).
 */
function reactionModifierName(id: NegativeReactionModifierId | PositiveReactionModifierId): string {
  const positive = POSITIVE_REACTION_MODIFIERS.index.get(id);
  const label =
    positive !== undefined
      ? POSITIVE_REACTION_MODIFIERS.modifiers[positive]!.label
      : NEGATIVE_REACTION_MODIFIERS.modifiers[NEGATIVE_REACTION_MODIFIERS.index.get(id)!]!.label;
  return label.replace(/ \([^()]*\)$/, '');
}

/** A few words per effect, in Muster's words. */
export function describeUnitEventEffect(e: UnitEventEffect): string {
  switch (e.kind) {
    case 'commanders-event':
      return `Roll the Commanders' Events Table for each of the ${e.officers} General(s) within 2"`;
    case 'unit-commander-casualty':
      return `Unit commander ${e.severity}`;
    case 'reaction-modifier': {
      const when =
        e.tests === 'next'
          ? 'next test'
          : e.tests === 'all-future'
            ? 'all future tests'
            : 'every test after the next';
      return `${e.unit === 'self' ? 'Unit' : 'Facing enemy unit'}: ${e.amount > 0 ? '+' : ''}${e.amount} on ${when} (${reactionModifierName(e.modifier)})`;
    }
    case 'resolve-change':
      return `Resolve Level ${e.amount > 0 ? '+' : ''}${e.amount} for the rest of the game`;
    case 'colours-lost': {
      const what = {
        regimental: 'Regimental Colour',
        queens: "Queen's Colour",
        colours: 'Colours',
        standard: 'Standard',
      }[e.colour];
      return `${what} lost${e.capturedBy === 'facing-enemy' ? ', taken by the facing enemy' : ''}`;
    }
    case 'movement-change':
      return `${e.inches > 0 ? '+' : ''}${e.inches}" on its next move${e.orIfDisordered ? ' (or, if disordered, reform with no movement penalty)' : ''}`;
    case 'disordered':
      return 'Disordered';
    case 'fire-halved':
      return 'Next shot at half its Final Fire Factor';
    case 'next-order': {
      const extras = [
        e.target ? `at the ${e.target.replace(/-/g, ' ')}` : '',
        e.regardlessOfRange ? 'at any range' : '',
        e.method ? `by ${e.method.replace('-', ' ')}` : '',
        e.mayChooseSquare ? 'square allowed' : '',
      ].filter(Boolean);
      return `Next order: ${e.order}${extras.length ? ` (${extras.join(', ')})` : ''}`;
    }
    case 'without-orders-next-test':
      return 'Next Reaction Test on the Without Orders row';
    case 'fires-on':
      return `Fires ${e.when === 'now' ? 'now' : 'with its next fire'} on the ${e.target.replace(/-/g, ' ')}${e.minInches ? ` (${e.minInches}" or more away)` : ''}; if none: ${e.ifNone.replace(/-/g, ' ')}`;
    case 'fires-on-general':
      return `Fires on the ${e.rank === 'brigadier-or-higher' ? 'Brigadier or higher' : 'General'} in range to its front: he rolls on the Commanders' Events Table`;
    case 'quit-the-battle':
      return `Quits the battle${e.formation ? ` (${e.formation.replace(/-/g, ' ')})` : ''} until ${e.until === 'brigadier-or-higher-gives-orders' ? 'a Brigadier or higher joins it and re-orders it' : 'a General joins it and re-orders it for the next turn'}`;
    case 'hidden-fanatics':
      return `${e.figures} hidden fanatics halfway through its move: stop and fight a Confrontation now`;
    case 'guns-lost':
      return `${e.guns} gun(s) lost${e.recoverable ? ' (recovered if friends hold the field)' : ''}`;
    case 'stop-and-deploy':
      return 'If limbered or moving: stops and deploys at once';
    case 'no-effect':
      return `No effect (${e.reason.replace(/-/g, ' ')})`;
  }
}

const kindsCache = new WeakMap<readonly UnitEventEffect[], string>();
/** The effects' kinds joined, cached for the tables' shared effect lists (the odds views run per path). */
export function effectKinds(effects: readonly UnitEventEffect[]): string {
  let kinds = kindsCache.get(effects);
  if (kinds === undefined) {
    kinds = effects.map((e) => e.kind).join(' + ');
    kindsCache.set(effects, kinds);
  }
  return kinds;
}
