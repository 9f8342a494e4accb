import { count, type PanelFact, type PanelWords, plain, type TablePanel } from '../engine/words.ts';
import type { CpView } from './view.ts';

/**
 * The command-point rules' unit panel and status line in their own words, from a side's view: the
 * unit's status (formed, falling back, routed), bases, D-points, formation, grade and arms, its
 * commander and the moves it took; each commander's command points this turn, and who acts first.
 */

const unitName = (view: CpView, id: string) => view.units[id]?.name ?? plain(id);

function unitFacts(view: CpView, id: string, sideName: (side: string) => string): PanelFact[] {
  const u = view.units[id];
  if (!u) return [];
  const guns = u.ratings.arm === 'artillery';
  const facts: PanelFact[] = [
    { label: 'Side', value: sideName(u.side) },
    { label: 'Status', value: plain(u.status) },
    { label: guns ? 'Guns' : 'Bases', value: `${u.bases} of ${u.startBases}` },
    { label: 'D-points', value: String(u.dpoints) },
    { label: 'Formation', value: plain(u.formation) },
    { label: 'Arm', value: plain(u.ratings.arm) },
    { label: 'Training grade', value: plain(u.ratings.grade) },
  ];
  if (guns && u.ratings.gunClass) facts.push({ label: 'Guns', value: `${u.ratings.gunClass} guns` });
  else if (u.ratings.arm !== 'cavalry') facts.push({ label: 'Armed with', value: plain(u.ratings.smallArm) });
  if (u.ratings.bayonetAttack) facts.push({ label: 'Bayonet attack', value: 'yes (+2 in combat)' });
  const commander = view.commanders[u.commander];
  if (commander) facts.push({ label: 'Commander', value: commander.name });
  const withIt = Object.values(view.commanders).filter((c) => c.attachedTo === id && c.status === 'active');
  if (withIt.length)
    facts.push({
      label: 'With it',
      value: withIt.map((c) => `${c.name}${c.freePoint ? ' (free point unspent)' : ''}`).join(', '),
    });
  facts.push({
    label: 'This turn',
    value: `${count(u.movesThisTurn, 'movement point')} taken${u.firedThisTurn ? ', fired' : ''}`,
  });
  if (u.attacking)
    facts.push({ label: 'Attacking', value: `${unitName(view, u.attacking)} (combat follows)` });
  return facts;
}

function status(view: CpView, sideName: (side: string) => string): string {
  const phase = view.phase === 'over' ? 'the battle is over' : `${view.phase} phase`;
  const points = view.sides.map((side) => {
    const theirs = Object.values(view.commanders)
      .filter((c) => c.side === side && c.status === 'active')
      .map((c) => `${c.name} ${c.points}`);
    return `command points of ${sideName(side)}: ${theirs.length ? theirs.join(', ') : 'no commander left'}`;
  });
  return [phase, `${sideName(view.order[0])} acts first this turn`, ...points].join(' · ');
}

export const commandPointsPanel: PanelWords<CpView> = { unitFacts, status };

/** The table's panel of this rule set. Nothing is hidden but the dice to come. */
export const tablePanel: TablePanel<CpView> = { words: commandPointsPanel, hidesNothing: true };
