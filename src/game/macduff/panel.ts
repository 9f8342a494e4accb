import { capital, count, type PanelFact, type PanelWords, plain, type TablePanel } from '../engine/words.ts';
import type { MdView } from './view.ts';

/**
 * MacDuff's unit panel and status line in the rules' words, from a side's view: troop, formation,
 * figures and guns, smoke, casualties held, shattered, what it must do next and its officer; the card
 * in play, the red and black cards left, the turn and the unit acting.
 */

const unitName = (view: MdView, id: string) => view.units[id]?.name ?? plain(id);

function unitFacts(view: MdView, id: string, sideName: (side: string) => string): PanelFact[] {
  const u = view.units[id];
  if (!u) return [];
  const guns = u.ratings.guns > 0;
  const facts: PanelFact[] = [
    { label: 'Side', value: sideName(u.side) },
    { label: 'Troops', value: capital(plain(u.ratings.troop)) },
    { label: 'Formation', value: plain(u.formation) },
    { label: guns ? 'Gunners' : 'Figures', value: `${u.figures} of ${u.startFigures}` },
  ];
  if (guns) facts.push({ label: 'Guns', value: `${u.guns} of ${u.ratings.guns}` });
  facts.push({
    label: 'Armed with',
    value: u.ratings.smallArm ? plain(u.ratings.smallArm) : guns ? 'guns' : 'hand weapons only',
  });
  if (u.offTable) facts.push({ label: 'Out of the battle', value: u.offTable });
  facts.push({ label: 'Shattered', value: u.shattered ? 'yes: it falls back' : 'no' });
  if (u.smoke > 0) facts.push({ label: 'Smoke', value: count(u.smoke, 'marker') });
  if (u.held > 0 || u.marker)
    facts.push({
      label: 'Casualties held',
      value: `${u.held}${u.marker ? ' and a casualty marker' : ''} (rallying may recover them)`,
    });
  const must = [
    u.mustRally ? 'rally on its next activation' : '',
    u.mustRallyToFire ? 'rally before it fires again' : '',
  ].filter((w) => w.length > 0);
  if (must.length) facts.push({ label: 'It must', value: must.join('; ') });
  facts.push({
    label: 'Officer',
    value: u.officer ? (u.personality ? `present, ${u.personality}` : 'present') : 'fallen',
  });
  if (u.ratings.musicOrColours)
    facts.push({ label: 'Music or colours', value: u.music ? 'with it' : 'lost' });
  if (u.concealed) facts.push({ label: 'Concealed', value: 'yes, hidden in cover' });
  const turn = u.activated
    ? u.passed
      ? 'passed'
      : u.reservedFire
        ? 'acted, holding its fire for a charge'
        : 'acted'
    : 'not yet acted';
  facts.push({ label: 'This turn', value: turn });
  const generals = Object.values(view.generals).filter((g) => g.attachedTo === id);
  if (generals.length) facts.push({ label: 'With it', value: generals.map((g) => g.name).join(', ') });
  return facts;
}

function status(view: MdView, sideName: (side: string) => string): string {
  const node = view.node;
  const acts = view.card === 'red' ? view.scenario.imperial : view.scenario.native;
  const card = view.card ? `a ${view.card} card in play: ${sideName(acts)} acts` : 'no card drawn';
  const left = `${count(view.cardsLeft.red, 'red card')} and ${count(view.cardsLeft.black, 'black card')} left`;
  const now =
    node.phase === 'activation'
      ? `${unitName(view, node.unit)} is acting${node.control === 'free' ? '' : ` (${plain(node.control)})`}`
      : node.phase === 'reaction'
        ? `${unitName(view, node.charger)} charges ${unitName(view, node.target)}: it answers`
        : node.phase === 'choose-unit'
          ? 'a unit to activate'
          : 'the battle is over';
  const melees = view.melees.length ? [`${count(view.melees.length, 'melee')} at the end of the turn`] : [];
  return [`Turn ${view.turn} of ${view.scenario.turnLimit}`, card, left, now, ...melees].join(' · ');
}

export const macduffPanel: PanelWords<MdView> = { unitFacts, status };

/** The table's panel of this rule set. The natives' concealed units and the deck are hidden. */
export const tablePanel: TablePanel<MdView> = { words: macduffPanel, hidesNothing: false };
