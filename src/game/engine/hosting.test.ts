import { describe, expect, it } from 'vitest';
import { hideAndSeekPlayable } from '../../../test/game/hide-and-seek.ts';
import { findPlayableRuleSet } from '../registry.ts';
import { describeFields, describeViewFields, hostingOf, perState, turnField } from './hosting.ts';

describe('a rule set’s hosting, its defaults filled in', () => {
  const hosting = hostingOf(hideAndSeekPlayable);
  const scenario = { sides: [{ id: 'red' }, { id: 'blue' }], victory: { turnLimit: 2 } };
  const start = hosting.game.setup(scenario, 1);

  it('words commands and events from their type and scalar fields', () => {
    expect(describeFields({ type: 'fire', unit: '33rd-foot', target: 'maratha-guns' })).toBe(
      'fire: unit 33rd-foot, target maratha-guns',
    );
    expect(describeFields({ type: 'end-turn' })).toBe('end-turn');
    expect(describeFields({ type: 'moved', x: 43.880026926508826, y: 15, facing: -0.004 })).toBe(
      'moved: x 43.88, y 15, facing 0',
    );
    expect(
      describeFields({ type: 'token-sought', visibleTo: 'all', found: false, path: [1, 2], at: { x: 1 } }),
    ).toBe('token-sought: found false');
    expect(hosting.describeCommand({ type: 'hide', spot: 'left' })).toBe('hide: spot left');
  });

  it('reads the turn from the state when it has one, else 0', () => {
    expect(hosting.turnOf(start)).toBe(1);
    expect(turnField({ turn: 'soon' })).toBe(0);
    expect(turnField({})).toBe(0);
  });

  it('lets only the giver read a command unless its type is public', () => {
    expect(hosting.commandSeenBy(start, 'red', { type: 'hide', spot: 'left' })).toEqual(['red']);
    expect(hosting.commandSeenBy(start, 'blue', { type: 'seek', spot: 'left' })).toBe('all');
    expect(hosting.unseenCommandText('red', { type: 'hide', spot: 'left' })).toBe(
      'a command not shown to this side',
    );
    const { publicCommands: _public, ...withoutPublic } = hideAndSeekPlayable;
    const secretive = hostingOf(withoutPublic);
    expect(secretive.commandSeenBy(start, 'blue', { type: 'seek', spot: 'left' })).toEqual(['blue']);
  });

  it('accepts any object with a type as a command, and leaves the rest to the game', () => {
    expect(hosting.commandSchema.safeParse({ type: 'hide', spot: 'up' }).success).toBe(true);
    expect(hosting.commandSchema.safeParse({ spot: 'left' }).success).toBe(false);
    expect(hosting.commandSchema.safeParse('hide').success).toBe(false);
  });

  it('has no previews of its own, and is resolved once per rule set', () => {
    expect(hosting.planMove).toBeUndefined();
    expect(hosting.commandOdds).toBeUndefined();
    expect(hostingOf(hideAndSeekPlayable)).toBe(hosting);
  });

  it('shows a view one field a line, long values cut short', () => {
    const text = describeViewFields({ viewer: 'red', turn: 1, scores: { red: 0 }, long: 'x'.repeat(500) });
    expect(text.split('\n')).toEqual([
      '  viewer: red',
      '  turn: 1',
      '  scores: {"red":0}',
      `  long: ${'x'.repeat(157)}...`,
      '',
    ]);
  });

  it('keeps John Company’s own members: its schema, wording and previews', () => {
    const jc = hostingOf(findPlayableRuleSet('john-company')!);
    expect(jc.planMove).toBeDefined();
    expect(jc.commandOdds).toBeDefined();
    expect(jc.commandSchema.safeParse({ type: 'advance-boldly' }).success).toBe(false);
    expect(jc.describeCommand({ type: 'finish-orders' })).not.toBe('finish-orders');
  });

  it('derives once per state object', () => {
    let calls = 0;
    const derived = perState((s: { n: number }) => {
      calls++;
      return s.n * 2;
    });
    const state = { n: 2 };
    expect([derived(state), derived(state), derived({ n: 3 })]).toEqual([4, 4, 6]);
    expect(calls).toBe(2);
  });
});

it('names what the state names: units and generals by their names, other ids as they are', () => {
  const state = {
    units: { '74th-foot': { name: '74th Foot' } },
    generals: { wellesley: { name: 'Wellesley' } },
  };
  expect(
    describeFields({ type: 'charge', unit: '74th-foot', general: 'wellesley', target: 'guns' }, state),
  ).toBe('charge: unit 74th Foot, general Wellesley, target guns');
});
