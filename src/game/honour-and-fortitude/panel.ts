import { capital, count, type PanelFact, type PanelWords, plain, type TablePanel } from '../engine/words.ts';
import type { HfUnit } from './state.ts';
import type { HfView } from './view.ts';

/**
 * Honour & Fortitude's unit panel and status line in the rules' words, from a side's view: the unit's
 * state (Heroic .. Cowed, or routing), its order (disorder from combat, or from the ground), figures,
 * orders, ratings, what it did this turn and whom it fights; the turn, who moved first and the phase.
 */

const sideName = (view: HfView, side: string) => view.scenario.sides.find((s) => s.id === side)?.name ?? side;
const unitName = (view: HfView, id: string | null) =>
  id === null ? '' : (view.units[id]?.name ?? plain(id));

/** Its order: disorder from combat and morale, or the ground's, told apart. */
function orderWords(u: HfUnit): string {
  if (u.disorder !== 'good-order') return plain(u.disorder);
  if (u.groundOrder !== 'good-order') return `${plain(u.groundOrder)} by the ground`;
  return 'good order';
}

function traits(u: HfUnit): string {
  const r = u.ratings;
  const words = [
    r.heavyCavalry ? 'heavy cavalry' : '',
    r.irregularCavalry ? 'irregular cavalry' : '',
    r.elephant ? 'elephants' : '',
    r.bayonets ? 'bayonets' : '',
    r.plodders ? 'moves with the plodders' : '',
  ].filter((w) => w.length > 0);
  return words.join(', ');
}

function unitFacts(view: HfView, id: string): PanelFact[] {
  const u = view.units[id];
  if (!u) return [];
  const routing = u.condition === 'routing';
  const facts: PanelFact[] = [
    { label: 'Side', value: sideName(view, u.side) },
    { label: 'Arm', value: u.arm },
    { label: 'Formation', value: plain(u.formation) },
    {
      label: 'State',
      value: u.gone
        ? 'gone from the battle'
        : routing
          ? `routing (since turn ${u.routedOnTurn})`
          : capital(u.condition),
    },
    { label: 'Order', value: orderWords(u) },
    { label: u.arm === 'artillery' ? 'Gunners' : 'Figures', value: `${u.figures} of ${u.startFigures}` },
  ];
  if (u.arm === 'artillery')
    facts.push({
      label: 'Guns',
      value: String(u.stands.filter((s) => s.kind === 'gun').length || u.stands.length),
    });
  facts.push(
    { label: 'Orders', value: u.orders },
    { label: 'Morale', value: String(u.ratings.morale) },
    { label: 'Drill', value: String(u.ratings.drill) },
    { label: 'Weapon', value: u.ratings.weapon ? plain(u.ratings.weapon) : 'none (close combat only)' },
  );
  const t = traits(u);
  if (t) facts.push({ label: 'Also', value: t });
  const done = [
    u.moved ? 'moved' : '',
    u.fired ? 'fired' : '',
    u.acted && !u.moved && !u.fired ? 'acted' : '',
  ]
    .filter((w) => w.length > 0)
    .join(' and ');
  facts.push({ label: 'This turn', value: done ? `has ${done}` : 'has not acted' });
  if (u.attacking) facts.push({ label: 'Attacking', value: unitName(view, u.attacking) });
  if (u.meleeWith)
    facts.push({
      label: 'In melee with',
      value: `${unitName(view, u.meleeWith)} (${count(u.meleeRounds, 'round')})`,
    });
  const generals = view.generals.filter((g) => g.with === id && !g.fallen);
  if (generals.length)
    facts.push({
      label: 'With it',
      value: generals.map((g) => (g.commanderInChief ? 'the Commander-in-Chief' : 'a General')).join(', '),
    });
  return facts;
}

const PHASES: Readonly<Record<'movement' | 'firing', string>> = {
  movement: 'the movement',
  firing: 'the firing',
};

function status(view: HfView): string {
  const phase = view.phase;
  const stage =
    phase.kind === 'over'
      ? 'the battle is over'
      : phase.kind === 'response'
        ? `${unitName(view, phase.attacker)} attacks ${unitName(view, phase.defender)}: ${sideName(view, phase.side)} answers`
        : `${PHASES[phase.kind]} phase of ${sideName(view, phase.side)}`;
  const routing = view.scenario.sides.map((s) => {
    const units = Object.values(view.units).filter((u) => u.side === s.id);
    const out = units.filter((u) => u.gone || u.condition === 'routing').length;
    return `${s.name}: ${out} of ${units.length} units routing or gone`;
  });
  return [`${sideName(view, view.first)} moved first`, stage, ...routing].join(' · ');
}

export const honourAndFortitudePanel: PanelWords<HfView> = { unitFacts, status };

/** The table's panel of this rule set. Nothing is hidden but the dice to come. */
export const tablePanel: TablePanel<HfView> = { words: honourAndFortitudePanel, hidesNothing: true };
