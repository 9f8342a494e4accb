import { describe, expect, it } from 'vitest';
import type { Roster } from '../../protocol/roster.ts';
import { JC_ROSTER } from '../../rulesets/john-company/referee.ts';
import {
  emptyBattle,
  parseTrackedBattle,
  type RosterAction,
  rosterReducer,
  sideStrength,
  type TrackedBattle,
} from './roster-state.ts';

const roster: Roster = {
  ruleSet: 'john-company',
  scenario: { id: 'x', title: 'The ford' },
  sides: [
    { id: 'company', name: 'Company' },
    { id: 'maratha', name: 'Marathas' },
  ],
  units: [
    {
      id: 'a',
      name: '74th Foot',
      side: 'company',
      commander: 'g',
      description: 'regular',
      stands: 8,
      ratings: [],
    },
    {
      id: 'b',
      name: 'Arab infantry',
      side: 'maratha',
      commander: 'h',
      description: 'irregular',
      stands: 6,
      ratings: [],
    },
  ],
  generals: [],
  turnLimit: 10,
};

const run = (actions: readonly RosterAction[], from: TrackedBattle = emptyBattle('john-company')) =>
  actions.reduce((b, a) => rosterReducer(b, a, JC_ROSTER), from);

describe('the referee roster', () => {
  it('imports a scenario roster with every unit at full strength', () => {
    const b = run([{ type: 'import', roster }]);
    expect(b.title).toBe('The ford');
    expect(b.units.map((u) => [u.id, u.stands, u.startingStands])).toEqual([
      ['a', 8, 8],
      ['b', 6, 6],
    ]);
    expect(sideStrength(b)).toEqual([
      { side: 'company', stands: 8, starting: 8 },
      { side: 'maratha', stands: 6, starting: 6 },
    ]);
  });

  it('tracks losses within 0..starting stands, statuses and orders from the vocabulary only', () => {
    const b = run([
      { type: 'import', roster },
      { type: 'set-stands', id: 'a', stands: 5 },
      { type: 'set-stands', id: 'b', stands: -3 },
      { type: 'set-status', id: 'a', status: 'Shaken' },
      { type: 'set-status', id: 'b', status: 'Splendid' },
      { type: 'set-order', id: 'a', order: 'Hold' },
      { type: 'toggle-mark', id: 'a', mark: 'Disordered' },
    ]);
    const [a, bb] = b.units;
    expect([a!.stands, a!.status, a!.order, a!.marks]).toEqual([5, 'Shaken', 'Hold', ['Disordered']]);
    expect([bb!.stands, bb!.status]).toEqual([0, '']);
  });

  it('starts a new turn: statuses, orders and ticks cleared; losses and marks kept', () => {
    const b = run([
      { type: 'import', roster },
      { type: 'set-stands', id: 'a', stands: 7 },
      { type: 'set-status', id: 'a', status: 'Wavering' },
      { type: 'toggle-mark', id: 'a', mark: 'Disordered' },
      { type: 'tick', step: 'orders-draw' },
      { type: 'next-turn' },
    ]);
    expect(b.turn).toBe(2);
    expect(b.ticked).toEqual([]);
    expect(b.units[0]).toMatchObject({ stands: 7, status: '', order: '', marks: ['Disordered'] });
  });

  it('adds units by hand with unique ids and removes them', () => {
    const b = run([
      { type: 'add-unit', name: 'Sepoys', side: 'first', stands: 6 },
      { type: 'add-unit', name: 'Sepoys', side: 'first', stands: 99 },
      { type: 'add-unit', name: '  ', side: 'first', stands: 6 },
      { type: 'add-unit', name: 'Ghosts', side: 'nobody', stands: 6 },
    ]);
    expect(b.units.map((u) => [u.id, u.stands])).toEqual([
      ['sepoys', 6],
      ['sepoys-2', 60],
    ]);
    expect(run([{ type: 'remove-unit', id: 'sepoys' }], b).units.map((u) => u.id)).toEqual(['sepoys-2']);
  });

  it('round-trips through its file, and refuses files that are not rosters', () => {
    const b = run([{ type: 'import', roster }, { type: 'next-turn' }]);
    expect(parseTrackedBattle(JSON.stringify(b))).toEqual({ ok: true, battle: b });
    expect(parseTrackedBattle('nope')).toEqual({ ok: false, message: 'the file is not JSON' });
    expect(parseTrackedBattle('{"format":"muster-game"}').ok).toBe(false);
  });
});

it('keeps statuses and orders across turns in a rule set whose states last (none cleared each turn)', () => {
  const lasting = { ...JC_ROSTER, clearedEachTurn: [] };
  const actions: RosterAction[] = [
    { type: 'import', roster },
    { type: 'set-status', id: 'a', status: 'Shaken' },
    { type: 'set-order', id: 'a', order: 'Hold' },
    { type: 'next-turn' },
  ];
  const b = actions.reduce((x, a) => rosterReducer(x, a, lasting), emptyBattle('john-company'));
  expect(b.units[0]).toMatchObject({ status: 'Shaken', order: 'Hold' });
});
