import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusedOffers } from '../../src/game/engine/invariants.ts';
import { randomPlayer } from '../../src/game/john-company/ai/players.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { ORDER_IDS } from '../../src/rulesets/john-company/tables/orders.ts';
import { FORMATIONS } from '../../src/rulesets/john-company/vocabulary.ts';
import { checkState, game, playChecked, scenarioJson } from './invariants.ts';

/**
 * John Company's `apply` under malformed and hostile commands (seeded fast-check): at states of every
 * step of the turn (orders, aiming, charge responses, activations) of a random battle at Plassey, from
 * any side, any JSON, commands of every type with wrong, missing, extreme or hostile values (unknown
 * ids, `__proto__`, NaN and huge numbers, enemy units), and the legal commands of the moment with one
 * field changed. It must answer each with a new state or a rejection that says what was wrong, never
 * throw, never change the state it was given, and leave any state it accepts sound.
 */
const SCENARIO = scenarioJson('plassey-1757', 2);
const SEED = 12;

/** The states of a battle after each command, and the ids it uses. */
const battle = playChecked(SCENARIO, SEED, { company: randomPlayer(1), nawab: randomPlayer(2) });
const states: JcGameState[] = [game.setup(SCENARIO, SEED)];
{
  let state = states[0]!;
  for (const { side, command } of battle.record.commands) {
    const applied = game.apply(state, side, command);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    states.push(state);
  }
}
const first = states[0]!;
const UNITS = Object.keys(first.units);
const GENERALS = Object.keys(first.generals);
const HOSTILE_IDS = ['nobody', '__proto__', 'constructor', 'toString', 'x'.repeat(100)];
const anyId = fc.constantFrom(...UNITS, ...GENERALS, ...HOSTILE_IDS);
const number = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308, -1e308, 0, 30, -30, 360),
);
const side = fc.constantFrom('company', 'nawab', 'spectator', '', '__proto__');

const manoeuvre = fc.oneof(
  fc.record({ kind: fc.constantFrom('advance', 'oblique', 'flank-march'), inches: number }),
  fc.record({ kind: fc.constant('oblique'), inches: number, degrees: number }),
  fc.record({
    kind: fc.constant('flank-march'),
    inches: number,
    side: fc.constantFrom('left', 'right', 'up'),
  }),
  fc.record({ kind: fc.constantFrom('wheel', 'face', 'about-face', 'teleport'), degrees: number }),
  fc.anything(),
);

/** Commands of every type, their fields hostile or missing. */
const hostile = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('place-order', 'remove-order', 'respond-to-charge', 'choose-order'),
      unit: anyId,
      order: fc.constantFrom(...ORDER_IDS, 'blank', 'retreat', ''),
      target: anyId,
      supports: fc.array(anyId, { maxLength: 10 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('aim-guns'), unit: anyId, degrees: number }),
  fc.record({ type: fc.constant('move'), unit: anyId, manoeuvres: fc.array(manoeuvre, { maxLength: 9 }) }),
  fc.record(
    {
      type: fc.constant('change-formation'),
      unit: anyId,
      formation: fc.constantFrom(...FORMATIONS, 'phalanx'),
      ranks: fc.integer({ min: -2, max: 70 }),
      files: fc.integer({ min: -2, max: 70 }),
    },
    { requiredKeys: ['type', 'unit', 'formation'] },
  ),
  fc.record({
    type: fc.constantFrom('reform', 'deploy-light-company', 'rejoin-light-company', 'rally', 'fire'),
    unit: anyId,
    target: anyId,
  }),
  fc.record({ type: fc.constant('move-general'), general: anyId, x: number, y: number }),
  fc.record({ type: fc.constantFrom('attach-general', 'detach-general'), general: anyId, unit: anyId }),
  fc.record({
    type: fc.constantFrom('finish-orders', 'finish-aiming', 'end-activation', 'surrender', ''),
    extra: fc.anything(),
  }),
  fc.anything(),
);

/**
 * A legal command of the state with one of its fields replaced (or none): the nearest thing to a
 * command that works.
 */
const nearlyLegal = (state: JcGameState) =>
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('unit', 'target', 'general', 'order', 'formation', 'x', 'manoeuvres'),
      fc.anything(),
      anyId,
    )
    .map(([i, field, value, id]) => {
      const decider = game.decider(state);
      const legal = decider === undefined ? [] : game.legalCommands(state, decider);
      if (legal.length === 0) return { type: 'end-activation' } as unknown;
      const command = legal[i % legal.length]!;
      // A field the command does not have is not added: the command stays legal (or nearly).
      if (!(field in command)) return command;
      return {
        ...command,
        [field]: field === 'unit' || field === 'target' || field === 'general' ? id : value,
      };
    });

describe('John Company: apply under malformed and hostile commands', () => {
  it('plays a battle through every step of the turn to draw states from', () => {
    const phases = new Set(states.map((s) => s.node.phase));
    for (const phase of ['orders', 'aim', 'charge-response', 'activation', 'over'])
      expect(phases, `a state in ${phase}`).toContain(phase);
  });

  it('refuses with a reason, never throws, never changes the state it is given', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc
          .nat(states.length - 1)
          .chain((at) =>
            fc.tuple(
              fc.constant(at),
              fc.oneof(side, fc.constant(game.decider(states[at]!) ?? 'company')),
              fc.oneof(hostile, nearlyLegal(states[at]!)),
            ),
          ),
        ([at, who, command]) => {
          const state = states[at]!;
          const before = JSON.stringify(state);
          const applied = game.apply(state, who, command as JcCommand);
          expect(JSON.stringify(state), 'the state given is unchanged').toBe(before);
          if (!applied.ok) {
            expect(applied.rejection.code).toMatch(/^[a-z-]+$/);
            expect(applied.rejection.message.length).toBeGreaterThan(5);
            return;
          }
          accepted++;
          expect(applied.state.seq).toBe(state.seq + 1);
          checkState(applied.state);
          // An accepted command leaves a state the game goes on from.
          expect(refusedOffers(game, applied.state).slice(0, 3)).toEqual([]);
        },
      ),
      { seed: 20261128, numRuns: 600 },
    );
    // Some commands, one field changed, are still good ones: the accepting paths are fuzzed too.
    expect(accepted).toBeGreaterThan(20);
  });

  it('says what was expected of a command it cannot read', () => {
    const state = states.find((s) => s.node.phase === 'activation')!;
    const decider = game.decider(state)!;
    expect(game.apply(state, decider, { type: 'fire', unit: 42 } as unknown as JcCommand)).toEqual({
      ok: false,
      rejection: {
        code: 'invalid-command',
        message: 'that is not a command this game can read: its unit and target are not right',
      },
    });
    expect(game.apply(state, decider, { type: 'fire', unit: '__proto__', target: 'toString' })).toMatchObject(
      {
        ok: false,
        rejection: { code: 'wrong-unit' },
      },
    );
  });
});
