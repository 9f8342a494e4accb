import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEAPONS } from '../../src/core/scenario/vocabulary.ts';
import { randomPlayer } from '../../src/game/engine/battle.ts';
import { blindViewProblems } from '../../src/game/engine/invariants.ts';
import type { MdCommand } from '../../src/game/macduff/commands.ts';
import { makeMacduffGame } from '../../src/game/macduff/game.ts';
import type { MdGameState } from '../../src/game/macduff/state.ts';
import { scrambleHidden } from '../../src/game/macduff/view.ts';
import { GUN_KIND_OF_WEAPON, SMALL_ARM_OF_WEAPON } from '../../src/rulesets/macduff/scenario-ratings.ts';

const game = makeMacduffGame({ traces: true });
const load = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));

function apply(state: MdGameState, command: MdCommand): MdGameState {
  const side = game.decider(state)!;
  const r = game.apply(state, side, command);
  if (!r.ok) throw new Error(r.rejection.message);
  return r.state;
}

describe('MacDuff setup and views', () => {
  it('deals red cards to the Imperial side and black to the native, one per unit, and hides their order', () => {
    const s = game.setup(load('assaye-1803'), 3);
    expect(s.scenario.imperial).toBe('british');
    expect(s.scenario.native).toBe('maratha');
    expect(s.node.phase).toBe('choose-unit');
    const units = Object.keys(s.units).length;
    expect(s.deck.drawPile.length + s.deck.discards.length).toBe(units);
    expect(s.deck.discards).toHaveLength(1);
    const view = game.viewFor(s, 'british');
    expect(view.cardsLeft.red + view.cardsLeft.black).toBe(units - 1);
    for (const viewer of ['british', 'maratha', 'spectator'])
      expect(blindViewProblems(game, s, viewer, scrambleHidden(s, viewer))).toEqual([]);
  });

  it('rates units by the MacDuff mapping: figures from the basing, crews for guns', () => {
    const s = game.setup(load('assaye-1803'), 3);
    expect(s.units['78th-highlanders']!.ratings).toMatchObject({
      allegiance: 'imperial',
      troop: 'regular-infantry',
      smallArm: 'smoothbore-musket',
    });
    expect(s.units['78th-highlanders']!.figures).toBe(4 * 5);
    expect(s.units['guns-first-line']!.ratings).toMatchObject({ troop: 'field-gun', guns: 2, figures: 6 });
  });

  it('conceals natives in cover from the Imperial side and spectators, never from their own side', () => {
    const s = game.setup(load('meeanee-1843'), 5);
    const hidden = Object.values(s.units).filter((u) => u.concealed);
    expect(hidden.length).toBeGreaterThan(0);
    for (const u of hidden) {
      expect(u.side).toBe('baluchi');
      expect(game.viewFor(s, 'british').units[u.id]).toBeUndefined();
      expect(game.viewFor(s, 'british').table.units[u.id]).toBeUndefined();
      expect(game.viewFor(s, 'spectator').units[u.id]).toBeUndefined();
      expect(game.viewFor(s, 'baluchi').units[u.id]).toBeDefined();
    }
  });

  it("replaces the Control Check bands and small-arms ranges from the scenario's overrides", () => {
    const scenario = load('training-village-ford');
    scenario.overrides = {
      macduff: {
        controlBands: { noAdvanceAtMost: 2, chargeAtLeast: 5 },
        smallArmRanges: { 'smoothbore-musket': { close: 10, long: 20 } },
      },
    };
    scenario.units[0].ratings = { macduff: { fieldcraft: 3, figures: 30 } };
    const s = game.setup(scenario, 1);
    expect(s.units[scenario.units[0].id]!.ratings).toMatchObject({ fieldcraft: 3, figures: 30 });
    expect(s.scenario.overrides.controlBands).toEqual({ noAdvanceAtMost: 2, chargeAtLeast: 5 });
    expect(s.scenario.overrides.smallArmRanges?.['smoothbore-musket']).toEqual({ close: 10, long: 20 });
  });
});

describe('MacDuff ratings of the scenario format', () => {
  it('maps every weapon the scenario format knows onto a small-arms class, no small arm, or a gun kind', () => {
    for (const w of WEAPONS) expect(w in SMALL_ARM_OF_WEAPON || w in GUN_KIND_OF_WEAPON, w).toBe(true);
  });
});

describe('MacDuff commands', () => {
  it('refuses commands out of turn, malformed, illegal, off the table, and after the end', () => {
    const s = game.setup(load('training-village-ford'), 2);
    const side = game.decider(s)!;
    const other = s.scenario.sides.find((x) => x !== side)!;
    expect(game.apply(s, other, game.legalCommands(s, side)[0]!)).toMatchObject({
      ok: false,
      rejection: { code: 'not-your-turn' },
    });
    expect(game.apply(s, side, { type: 'warp' } as unknown as MdCommand)).toMatchObject({
      ok: false,
      rejection: { code: 'invalid-command' },
    });
    expect(game.apply(s, side, { type: 'rally' })).toMatchObject({
      ok: false,
      rejection: { code: 'illegal-command' },
    });
    const first = game.legalCommands(s, side)[0] as Extract<MdCommand, { type: 'activate' }>;
    expect(game.apply(s, side, { unit: first.unit, type: 'activate' } as MdCommand).ok).toBe(true);
    const enemy = Object.values(s.units).find((u) => u.side === other)!;
    expect(game.apply(s, side, { type: 'activate', unit: enemy.id })).toMatchObject({
      ok: false,
      rejection: { code: 'illegal-command' },
    });
    let t = apply(s, game.legalCommands(s, side)[0]!);
    while (t.node.phase !== 'activation') t = apply(t, game.legalCommands(t, game.decider(t)!)[0]!);
    if (t.node.phase === 'activation' && game.legalCommands(t, t.node.side).some((c) => c.type === 'move'))
      expect(game.apply(t, t.node.side, { type: 'move', to: { x: -5, y: 10 } })).toMatchObject({
        ok: false,
        rejection: { code: 'off-table' },
      });
    expect(game.apply({ ...t, node: { phase: 'over' } }, side, { type: 'end-activation' })).toMatchObject({
      ok: false,
      rejection: { code: 'game-over' },
    });
  });

  it('moves a unit by its rolled move toward any point on the table and counts commands', () => {
    const s = game.setup(load('training-village-ford'), 4);
    let t = s;
    while (
      t.node.phase !== 'activation' ||
      t.node.control === 'no-advance' ||
      !game.legalCommands(t, t.node.side).some((c) => c.type === 'move')
    )
      t = apply(
        t,
        game
          .legalCommands(t, game.decider(t)!)
          .find((c) => c.type === 'activate' || c.type === 'end-activation')!,
      );
    const node = t.node as Extract<MdGameState['node'], { phase: 'activation' }>;
    const before = t.units[node.unit]!.anchor;
    const after = apply(t, { type: 'move', to: { x: 36, y: 24 } });
    expect(after.seq).toBe(t.seq + 1);
    const moved = Math.hypot(
      after.units[node.unit]!.anchor.x - before.x,
      after.units[node.unit]!.anchor.y - before.y,
    );
    expect(moved).toBeLessThanOrEqual(6 + 2 * 6 + 3 + 1e-9 + 18);
    expect(game.legalCommands(after, node.side).some((c) => c.type === 'move')).toBe(false);
  });

  it('lets a charged unit react, and fights a melee begun by contact when every unit has acted', () => {
    const scenario = load('training-village-ford');
    for (const u of scenario.units) {
      if (u.id === 'native-light-cavalry') Object.assign(u, { position: { x: 54, y: 27 }, facing: 90 });
      if (u.id === 'matchlockmen') Object.assign(u, { position: { x: 54, y: 33 }, facing: 270 });
    }
    let seen = false;
    for (let seed = 1; seed <= 30 && !seen; seed++) {
      let s = game.setup(scenario, seed);
      while (s.node.phase === 'choose-unit') {
        const legal = game.legalCommands(s, s.node.side) as Extract<MdCommand, { type: 'activate' }>[];
        const pick =
          legal.find((c) => c.unit === 'native-light-cavalry') ??
          legal.find((c) => c.unit !== 'matchlockmen');
        if (!pick) break;
        s = apply(s, pick);
        if (s.node.phase === 'activation' && s.node.unit !== 'native-light-cavalry')
          s = apply(s, { type: 'end-activation' });
        else break;
      }
      if (s.node.phase !== 'activation') continue;
      const charge = game
        .legalCommands(s, s.node.side)
        .find((c) => c.type === 'charge' && c.target === 'matchlockmen');
      if (!charge) continue;
      const r = game.apply(s, 'company', charge);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.state.node).toMatchObject({
        phase: 'reaction',
        side: 'maratha',
        charger: 'native-light-cavalry',
        target: 'matchlockmen',
      });
      expect(game.legalCommands(r.state, 'maratha')).toContainEqual({ type: 'react', reaction: 'stand' });
      const reacted = game.apply(r.state, 'maratha', { type: 'react', reaction: 'stand' });
      if (!reacted.ok) throw new Error(reacted.rejection.message);
      expect(reacted.state.units['native-light-cavalry']!.mustRally).toBe(true);
      expect(reacted.state.units.matchlockmen!.activated).toBe(true);
      const contact = reacted.state.melees.length > 0;
      let t = reacted.state;
      const events = [...reacted.events];
      while (t.turn === reacted.state.turn && game.decider(t)) {
        const next = game
          .legalCommands(t, game.decider(t)!)
          .find((c) => c.type === 'activate' || c.type === 'end-activation' || c.type === 'react')!;
        const step = game.apply(t, game.decider(t)!, next);
        if (!step.ok) throw new Error(step.rejection.message);
        t = step.state;
        events.push(...step.events);
      }
      expect(events.some((e) => e.type === 'melee')).toBe(contact);
      expect(t.melees).toEqual([]);
      seen = true;
    }
    expect(seen).toBe(true);
  });
});

describe('MacDuff apply never throws', () => {
  it('answers any command, well-formed or not, from any side, at any point of a game, with a state or a rejection', () => {
    const scenario = load('training-village-ford');
    const states: MdGameState[] = [];
    let s = game.setup(scenario, 9);
    const pick = randomPlayer<unknown, MdCommand>(9);
    for (let i = 0; i < 120 && game.decider(s); i++) {
      states.push(s);
      s = apply(s, pick(undefined, game.legalCommands(s, game.decider(s)!)));
    }
    const ids = [...Object.keys(s.units), 'nobody', ''];
    const command = fc.oneof(
      fc.record({
        type: fc.constantFrom('activate', 'charge'),
        unit: fc.constantFrom(...ids),
        target: fc.constantFrom(...ids),
      }),
      fc.record({
        type: fc.constant('fire'),
        target: fc.constantFrom(...ids),
        option: fc.constantFrom('stand', 'stand-four', 'aim'),
      }),
      fc.record({
        type: fc.constant('move'),
        to: fc.record({ x: fc.double(), y: fc.double() }),
        facing: fc.double(),
      }),
      fc.record({
        type: fc.constantFrom('rally', 'limber', 'unlimber', 'reserve-fire', 'end-activation', 'sing'),
      }),
      fc.record({ type: fc.constant('react'), reaction: fc.constantFrom('stand', 'form-square', 'flee') }),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.nat(states.length - 1),
        fc.constantFrom('company', 'maratha', 'spectator'),
        command,
        (at, side, c) => {
          const r = game.apply(states[at]!, side, c as MdCommand);
          return r.ok ? r.state.seq === states[at]!.seq + 1 : r.rejection.message.length > 0;
        },
      ),
      { numRuns: 300 },
    );
  });
});
