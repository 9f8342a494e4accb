import { describe, expect, it } from 'vitest';
import trainingScenario from '../../../scenarios/training-village-ford.json' with { type: 'json' };
import { commandPointsGame } from '../../game/command-points/index.ts';
import { honourAndFortitudeGame } from '../../game/honour-and-fortitude/index.ts';
import { macduffGame } from '../../game/macduff/index.ts';
import { validateScenario } from '../../game/scenario/format.ts';
import {
  commandAt,
  commandsForUnit,
  firesAt,
  groupByUnit,
  legalItems,
  pointCommands,
  typeTitle,
  unitsNamed,
} from './commands.ts';
import { actingUnit, drawnTable, fieldLabel, stageOf, unitFacts, unitIds, unitName } from './reading.ts';

const stand = (id: string, x: number) => ({
  id,
  kind: 'infantry',
  x,
  y: 10,
  facing: 90,
  width: 1,
  depth: 0.5,
});

function trainingView() {
  const checked = validateScenario(trainingScenario);
  if (!checked.ok) throw new Error('the training scenario is not valid');
  const state = macduffGame.setup(checked.scenario, 7);
  return { state, view: macduffGame.viewFor(state, 'company') };
}

describe('the legal commands as buttons', () => {
  const moves = [
    { type: 'end-activation' },
    { type: 'move', to: { x: 22, y: 48 }, facing: 270 },
    { type: 'move', to: { x: 22, y: 0 } },
    { type: 'move', to: { x: 36.04, y: 28 } },
    { type: 'reserve-fire' },
    { type: 'reserve-fire' },
  ];
  const texts = ['end-activation', 'move: facing 270', 'move', 'move', 'reserve-fire', 'reserve-fire'];

  it('labels each by its text, told apart by the fields the text leaves out, then by number', () => {
    expect(legalItems(moves, texts).map((i) => i.label)).toEqual([
      'end-activation',
      'move: facing 270',
      'move (to (22, 0))',
      'move (to (36, 28))',
      'reserve-fire (1)',
      'reserve-fire (2)',
    ]);
  });

  it('keeps each command with its index, uses the type without a text, and skips what is not a command', () => {
    const items = legalItems([{ type: 'rally' }, 'nonsense', { type: 'limber' }], ['rally the unit']);
    expect(items.map((i) => [i.index, i.label])).toEqual([
      [0, 'rally the unit'],
      [2, 'limber'],
    ]);
  });

  it('groups by the unit each is for, the selected unit first, the acting unit next, the side last', () => {
    // A command naming no unit is the acting unit's (MacDuff's activation); without one, the side's.
    const units = new Set(['foot', 'horse', 'guns']);
    const commands = [
      { type: 'end-movement' },
      { type: 'move', unit: 'horse', x: 1, y: 2, facing: 90, formation: 'line' },
      { type: 'fire', target: 'guns', option: 'stand' },
      { type: 'attach', commander: 'general', unit: 'guns' },
      { type: 'move', unit: 'guns', x: 1, y: 2, facing: 90, formation: 'line' },
    ];
    const items = legalItems(commands, ['end', 'horse moves', 'foot fires', 'joins guns', 'guns move']);
    const named = (unit: string) => `The ${unit}`;
    expect(
      groupByUnit(items, units, 'foot', 'guns', named).map((g) => [g.title, g.items.map((i) => i.label)]),
    ).toEqual([
      ['The guns', ['joins guns', 'guns move']],
      ['The foot', ['end', 'foot fires']],
      ['The horse', ['horse moves']],
    ]);
    expect(groupByUnit(items, units, undefined, undefined, named).map((g) => g.title)).toEqual([
      'The horse',
      'The guns',
      'Your side',
    ]);
    expect(typeTitle('change_formation')).toBe('Change formation');
  });

  it('offers the commands that carry a point at any point picked, from their simplest legal form', () => {
    const [move, ...others] = pointCommands(legalItems(moves, texts));
    expect(others).toEqual([]);
    expect(move).toEqual({ type: 'move', field: 'to', template: { type: 'move', to: { x: 22, y: 0 } } });
    expect(commandAt(move!, { x: 10.04, y: 7.96 })).toEqual({ type: 'move', to: { x: 10, y: 8 } });
    expect(pointCommands(legalItems([{ type: 'rally' }], ['rally']))).toEqual([]);
    const honourMoves = [
      { type: 'move', unit: 'foot', x: 14, y: 18, facing: 90, formation: 'line' },
      { type: 'move', unit: 'foot', x: 14, y: 15, facing: 90, formation: 'line' },
    ];
    const [honourMove] = pointCommands(legalItems(honourMoves, ['move', 'move']));
    expect(commandAt(honourMove!, { x: 20.06, y: 30 })).toEqual({
      type: 'move',
      unit: 'foot',
      x: 20.1,
      y: 30,
      facing: 90,
      formation: 'line',
    });
  });

  it('finds the units a command names, and lists with a unit its own commands and the acting unit’s', () => {
    const units = new Set(['guns', 'horse', 'foot']);
    const items = legalItems(
      [
        { type: 'fire', target: 'horse', option: 'volley' },
        { type: 'move', to: { x: 1, y: 2 } },
        { type: 'activate', unit: 'foot' },
        { type: 'attach', commander: 'horse', unit: 'guns' },
      ],
      ['fire at the horse', 'move', 'activate the foot', 'attach'],
    );
    expect(unitsNamed(items[3]!.command, units)).toEqual(['horse', 'guns']);
    const labels = (unit: string, acting?: string) =>
      commandsForUnit(items, unit, units, acting).map((i) => i.label);
    expect(labels('guns', 'guns')).toEqual(['fire at the horse', 'move', 'attach']);
    expect(labels('horse', 'guns')).toEqual(['fire at the horse', 'attach']);
    expect(labels('foot')).toEqual(['activate the foot']);
    expect(labels('guns')).toEqual(['attach']);
  });

  it("finds the selected unit's fire at a clicked enemy: its own, or the acting unit's with no unit field", () => {
    const items = legalItems(
      [
        { type: 'attack', unit: 'u1', target: 'e1' },
        { type: 'fire', unit: 'u1', target: 'e1' },
        { type: 'fire', unit: 'u1', target: 'e2' },
        { type: 'fire', unit: 'u2', target: 'e1' },
        { type: 'end-firing' },
      ],
      ['u1: attack e1', 'u1: fire at e1', 'u1: fire at e2', 'u2: fire at e1', 'End firing'],
    );
    expect(firesAt(items, 'u1', 'e1', undefined).map((i) => i.label)).toEqual(['u1: fire at e1']);
    expect(firesAt(items, 'u3', 'e1', undefined)).toEqual([]);
    const acting = legalItems(
      [
        { type: 'fire', target: 'e1', option: 'volley' },
        { type: 'fire', target: 'e1', option: 'fire-and-charge' },
        { type: 'charge', target: 'e1' },
      ],
      ['Volley at e1', 'Fire and charge e1', 'Charge e1'],
    );
    expect(firesAt(acting, 'u1', 'e1', 'u1').map((i) => i.label)).toEqual([
      'Volley at e1',
      'Fire and charge e1',
    ]);
    expect(firesAt(acting, 'u2', 'e1', 'u1')).toEqual([]);
    expect(firesAt(acting, 'u1', 'e2', 'u1')).toEqual([]);
  });
});

describe("reading a rule set's view", () => {
  it("draws MacDuff's table: every unit's stands and the Generals, and the acting unit", () => {
    const { view } = trainingView();
    const table = drawnTable(view)!;
    expect([table.width, table.depth]).toEqual([view.table.width, view.table.depth]);
    expect(table.units.map((u) => u.id).sort()).toEqual(Object.keys(view.table.units).sort());
    const stands = (units: readonly { stands: readonly unknown[] }[]) =>
      units.reduce((n, u) => n + u.stands.length, 0);
    expect(stands(table.units)).toBe(stands(Object.values(view.table.units)));
    expect(table.generals).toHaveLength(Object.keys(view.table.generals).length);
    expect(Object.keys(table.terrain).sort()).toEqual(Object.keys(view.table.terrain).sort());
    expect(actingUnit(view)).toBeUndefined();
    expect(actingUnit({ node: { phase: 'activation', unit: 'guns' } })).toBe('guns');
    expect(stageOf(view)).toBe('choose unit');
  });

  it("reads a MacDuff unit's fields in words, its state first and its ratings as a group", () => {
    const { view } = trainingView();
    expect(unitName(view, 'european-regiment')).toBe('The European regiment');
    const facts = unitFacts(view, 'european-regiment', { company: "The Company's brigades" });
    expect(facts.slice(0, 4)).toEqual([
      { label: 'Side', value: "The Company's brigades" },
      { label: 'Formation', value: 'line' },
      { label: 'Figures', value: '24' },
      { label: 'Start figures', value: '24' },
    ]);
    expect(facts.map((f) => f.label)).not.toContain('Anchor');
    expect(facts).toContainEqual({ label: 'Must rally to fire', value: 'no' });
    expect(facts).toContainEqual({ label: 'Commander', value: 'Lieutenant-Colonel Bruce' });
    const ratings = facts.find((f) => f.label === 'Ratings');
    expect(ratings && 'facts' in ratings ? ratings.facts : []).toContainEqual({
      label: 'Troop',
      value: 'regular infantry',
    });
    const onTable = view.table.units['european-regiment']!.stands.length;
    expect(facts.at(-1)).toEqual({ label: 'Stands on the table', value: String(onTable) });
    expect(unitFacts(view, 'no-such-unit')).toEqual([]);
  });

  it('draws a view whose stands are on its units, without units that left the table', () => {
    const commandPoints = {
      phase: 'command',
      table: { width: 48, depth: 36 },
      terrain: { wood: { id: 'wood', kind: 'light-woods', outline: [] } },
      units: {
        a: { id: 'a', side: 'red', name: 'A', status: 'formed', stands: [stand('a1', 5), stand('a2', 6)] },
        b: { id: 'b', side: 'blue', name: 'B', status: 'destroyed', stands: [] },
      },
    };
    const cp = drawnTable(commandPoints)!;
    expect([cp.width, cp.depth, Object.keys(cp.terrain)]).toEqual([48, 36, ['wood']]);
    expect(cp.units.map((u) => [u.id, u.stands.length])).toEqual([['a', 2]]);
    expect(unitIds(commandPoints)).toEqual(new Set(['a', 'b']));
    expect(stageOf(commandPoints)).toBe('command');

    const honour = {
      phase: { kind: 'response', side: 'red' },
      scenario: {
        width: 60,
        depth: 40,
        terrain: [{ id: 'hill', kind: 'hill', outline: [], name: 'The hill' }],
      },
      units: {
        c: { id: 'c', side: 'red', condition: 'steady', gone: false, stands: [stand('c1', 1)] },
        d: { id: 'd', side: 'blue', condition: 'routing', gone: true, stands: [stand('d1', 2)] },
      },
    };
    const hf = drawnTable(honour)!;
    expect([hf.width, hf.depth, Object.keys(hf.terrain), hf.units.map((u) => u.id)]).toEqual([
      60,
      40,
      ['hill'],
      ['c'],
    ]);
    expect(stageOf(honour)).toBe('response');
    expect(unitFacts(honour, 'c').slice(0, 2)).toEqual([
      { label: 'Side', value: 'red' },
      { label: 'Condition', value: 'steady' },
    ]);
    expect(drawnTable({ units: {} })).toBeUndefined();
  });

  it('draws the objectives and the commanders riding with their units (command points, Honour & Fortitude)', () => {
    const checked = validateScenario(trainingScenario);
    if (!checked.ok) throw new Error('the training scenario is not valid');
    for (const game of [commandPointsGame, honourAndFortitudeGame]) {
      const view = game.viewFor(game.setup(checked.scenario, 7) as never, 'company') as {
        commanders?: Record<string, { attachedTo?: string }>;
        generals?: readonly { id: string; with: string | null }[];
      };
      const table = drawnTable(view)!;
      expect(table.objectives.map((o) => o.name)).toEqual(['The village']);
      const riders = view.commanders
        ? Object.entries(view.commanders).filter(([, c]) => c.attachedTo !== undefined)
        : (view.generals ?? []).filter((g) => g.with !== null).map((g) => [g.id, g] as const);
      expect(riders.length).toBeGreaterThan(0);
      expect(table.generals.map((g) => g.id).sort()).toEqual(riders.map(([id]) => id).sort());
      for (const g of table.generals) expect(table.units.some((u) => u.id === g.attachedTo)).toBe(true);
    }
  });

  it('words field names for people', () => {
    expect(fieldLabel('mustRallyToFire')).toBe('Must rally to fire');
    expect(fieldLabel('dpoints')).toBe('Dpoints');
  });
});
