import { describe, expect, it } from 'vitest';
import { playBattle } from '../../src/game/engine/battle.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { faults } from '../web/words-check.ts';
import { TRAINING_SCENARIO, unreadable } from './readable-text.ts';

/**
 * The engine's refusals as a player reads them: for every rule set, the training battle is played by the
 * computer, and at each decision the commands offered are given wrongly in every way a player could (by
 * the other side, in another phase, naming another unit, an unknown unit or a point off the table, with a
 * field of the wrong kind). No refusal may hold an id of the scenario, a camelCase field, a number with
 * more than two decimals (the checks of shown-words.test.ts) or an id-like hyphenated word.
 */

const UNIT_IDS = TRAINING_SCENARIO.units.map((u) => u.id);

/** A name given twice over ("Mounted Mounted spearmen"): an id inside a name taken for the id again. */
const NAMED_TWICE = [...TRAINING_SCENARIO.units, ...TRAINING_SCENARIO.generals]
  .filter((u) => new RegExp(`\\b${u.id}\\b`).test(u.name))
  .map((u) => u.name.replace(u.id, u.name));

type Command = Record<string, unknown> & { readonly type: string };

/** Every wrong version of `command` worth trying: each unit field naming every unit, and some nonsense. */
function variants(command: Command): Command[] {
  const out: Command[] = [];
  for (const [key, value] of Object.entries(command)) {
    if (typeof value === 'string' && UNIT_IDS.includes(value))
      for (const id of [...UNIT_IDS, 'no-such-unit']) if (id !== value) out.push({ ...command, [key]: id });
    if (value !== null && typeof value === 'object' && 'x' in value && 'y' in value)
      for (const to of [
        { x: -3, y: 5 },
        { x: 500, y: 500 },
        { x: 36.123456, y: 24.654321 },
      ])
        out.push({ ...command, [key]: { ...value, ...to } });
    if (key !== 'type') out.push({ ...command, [key]: 7.123456 });
  }
  return out;
}

interface Refusals {
  readonly messages: Map<string, string>;
  readonly codes: Set<string>;
}

/** The refusals met driving `ruleSet`'s training battle for `decisions` decisions, by message. */
function refusalsOf(ruleSet: string, decisions: number): Refusals {
  const playable = findPlayableRuleSet(ruleSet)!;
  const game = playable.game;
  const refusals: Refusals = { messages: new Map(), codes: new Set() };
  const seenTypes = new Map<string, Command>();
  const tryGiving = (state: unknown, side: string, command: unknown) => {
    const applied = game.apply(state, side, command);
    if (applied.ok) return;
    refusals.codes.add(applied.rejection.code);
    refusals.messages.set(applied.rejection.message, applied.rejection.code);
  };
  playBattle(
    game,
    TRAINING_SCENARIO,
    5,
    { company: playable.computer(5), maratha: playable.computer(6) },
    {
      maxCommands: decisions,
      onStep: (_step, state) => {
        const side = game.decider(state);
        if (side === undefined) return;
        const other = side === 'company' ? 'maratha' : 'company';
        const legal = game.legalCommands(state, side) as Command[];
        for (const command of legal.slice(0, 12)) {
          tryGiving(state, other, command);
          for (const wrong of variants(command)) tryGiving(state, side, wrong);
          seenTypes.set(command.type, command);
        }
        for (const [type, command] of seenTypes)
          if (!legal.some((c) => c.type === type)) tryGiving(state, side, command);
        tryGiving(state, side, { type: 'no-such-command' });
      },
    },
  );
  return refusals;
}

describe.each([
  [
    'honour-and-fortitude',
    ['not-your-turn', 'wrong-phase', 'not-your-unit', 'illegal-target', 'bad-command'],
  ],
  ['command-points', ['not-your-turn', 'wrong-phase', 'illegal-unit', 'illegal-move', 'bad-command']],
  ['macduff', ['not-your-turn', 'illegal-command', 'off-table', 'invalid-command']],
  ['john-company', ['not-your-turn', 'invalid-command', 'no-such-unit']],
])('%s refuses in words', (ruleSet, kinds) => {
  const refusals = refusalsOf(ruleSet, 80);

  it('meets refusals of every kind', () => {
    expect([...refusals.codes]).toEqual(expect.arrayContaining(kinds));
  });

  it('names no id, no field and no unrounded number in a refusal', () => {
    const found = [...refusals.messages.keys()].flatMap((m) => [
      ...unreadable(m),
      ...faults(m).map((f) => `${f} in: ${m}`),
      ...NAMED_TWICE.filter((twice) => m.includes(twice)),
    ]);
    expect(NAMED_TWICE).toContain('Mounted Mounted spearmen');
    expect(found).toEqual([]);
  });
});
