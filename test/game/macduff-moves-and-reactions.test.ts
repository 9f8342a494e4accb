import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DiceSource, SuppliedDice } from '../../src/core/random/dice.ts';
import { moveFacts, moveToward, rollMove } from '../../src/game/macduff/actions.ts';
import type { MdCommand, Reaction } from '../../src/game/macduff/commands.ts';
import { Ctx, type WorkState } from '../../src/game/macduff/context.ts';
import type { MdEvent } from '../../src/game/macduff/events.ts';
import { makeMacduffGame } from '../../src/game/macduff/game.ts';
import type { MdGameState, MdUnit } from '../../src/game/macduff/state.ts';
import { resolveMove } from '../../src/rulesets/macduff/procedures/movement.ts';

const game = makeMacduffGame({ traces: true });
const load = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));

/** The engine's own move functions, with the dice given instead of the state's PRNG. */
class GivenDice extends Ctx {
  private readonly given: SuppliedDice;
  constructor(state: MdGameState, dice: readonly number[]) {
    super(structuredClone(state) as WorkState, state.scenario.basing, { traces: true });
    this.given = new SuppliedDice(dice);
  }
  override get source(): DiceSource {
    return this.given;
  }
}

type Placement = {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly formation?: string;
};

/** The training battle with some units placed elsewhere. */
function training(seed: number, places: Readonly<Record<string, Placement>>): MdGameState {
  const scenario = load('training-village-ford');
  for (const u of scenario.units) {
    const p = places[u.id];
    if (p)
      Object.assign(u, {
        position: { x: p.x, y: p.y },
        facing: p.facing,
        ...(p.formation ? { formation: p.formation } : {}),
      });
  }
  return game.setup(scenario, seed);
}

/** The move one die of `face` allows along the line to `to`, as the engine rolls it. */
function moveOn(state: MdGameState, unit: string, to: { x: number; y: number }, ...faces: number[]) {
  return resolveMove(moveFacts(state, state.units[unit]!, to, {}), new SuppliedDice(faces));
}

describe('MacDuff moves spend the roll along the ground actually crossed (5, 7)', () => {
  // The stream runs west to east at y 20-23 (3" wide); the village lies beyond it at (31-41, 24.5-32).
  const s = game.setup(load('training-village-ford'), 3);

  it('takes the 1st Native Infantry from (26, 12) toward the village to the stream, not a quarter of its roll', () => {
    const r = moveOn(s, '1st-native-infantry', { x: 36, y: 28 }, 4);
    expect(r.halted).toBe('at-obstacle');
    expect(r.inches).toBeGreaterThan(9);
    expect(r.inches).toBeLessThan(10);
    // 4" straight ahead is 4"; 8" ahead all 8" (open ground); the die allows 10" in the open
    expect(moveOn(s, '1st-native-infantry', { x: 26, y: 16 }, 4).inches).toBeCloseTo(4, 9);
    expect(moveOn(s, '1st-native-infantry', { x: 26, y: 20 }, 4).inches).toBeCloseTo(8, 9);
    // straight at the stream (its centre 9.56" ahead): up to the near bank, 1.5" short of the centre,
    // with too little left (1.9") of the 5" crossing takes
    const atStream = moveOn(s, '1st-native-infantry', { x: 26, y: 30 }, 4);
    expect(atStream).toMatchObject({ halted: 'at-obstacle', crossed: 0 });
    expect(atStream.inches).toBeCloseTo(22 - 8 / 18 - 12 - 1.5, 1);
  });

  it('moves the Maratha horse at full speed while the stream is far ahead', () => {
    // light horse, 18" + 1: the stream's centre is 16" ahead
    expect(moveOn(s, 'maratha-horse', { x: 63, y: 28 }, 1).inches).toBeCloseTo(10, 9);
    const toStream = moveOn(s, 'maratha-horse', { x: 63, y: 10 }, 1);
    expect(toStream).toMatchObject({ halted: 'at-obstacle' });
    expect(toStream.inches).toBeCloseTo(14.5, 1);
  });

  it('crosses a stream when it starts at the bank with half its move left, and goes on with the rest', () => {
    const t = training(3, { '1st-native-infantry': { x: 26, y: 19.5, facing: 90 } });
    // 10": the crossing takes 5" of it, bank to bank (3" of the line), and 5" are left beyond
    const r = moveOn(t, '1st-native-infantry', { x: 26, y: 40 }, 4);
    expect(r).toMatchObject({ crossed: 1 });
    expect(r.halted).toBeUndefined();
    expect(r.inches).toBeCloseTo(22 - 8 / 18 + 1.5 - 19.5 + 5, 1);
  });

  it('stops a limbered gun at the stream, spends its next move crossing, and then moves freely', () => {
    const t = training(3, { 'horse-gun': { x: 4, y: 6, facing: 90 } });
    const ctx = new GivenDice(t, [5, 1, 1]);
    const gun = ctx.unit('horse-gun');
    const to = { x: 4, y: 44 };
    const streamAt = 20 + (4 / 18) * 2;
    // 12" + 5: it reaches the near bank with too little left for the whole turn crossing takes
    const first = rollMove(ctx, gun, to, {});
    expect(first).toBeCloseTo(streamAt - 1.5 - 6, 6);
    moveToward(ctx, gun, to, first, 90);
    expect(gun.anchor.y).toBeCloseTo(streamAt - 1.5, 6);
    // the next move, 12" + 1, is spent crossing: it ends on the far bank
    const second = rollMove(ctx, gun, to, {});
    expect(second).toBeCloseTo(3, 6);
    moveToward(ctx, gun, to, second, 90);
    expect(gun.anchor.y).toBeCloseTo(streamAt + 1.5, 6);
    // and then it moves its full 13"
    expect(rollMove(ctx, gun, to, {})).toBeCloseTo(13, 9);
  });
});

const ACTIVATION = {
  phase: 'activation',
  side: 'maratha',
  unit: 'maratha-horse',
  control: 'free',
  fired: false,
  mayMoveAfterFire: false,
  moved: false,
  switched: false,
} as const;

/** The state's units with some changed. */
function withUnits(s: MdGameState, patch: Readonly<Record<string, Partial<MdUnit>>>): MdGameState {
  const units = { ...s.units };
  for (const [id, p] of Object.entries(patch)) units[id] = { ...units[id]!, ...p };
  return { ...s, units };
}

/** The Maratha horse, activated, 6" in front of `target` (which faces north, toward it), about to charge. */
function chargeAt(target: string, formation: string | undefined, flags: Partial<MdUnit>, seed = 1) {
  const s = training(seed, {
    [target]: { x: 60, y: 12, facing: 90, ...(formation ? { formation } : {}) },
    'native-light-cavalry':
      target === 'native-light-cavalry' ? { x: 60, y: 12, facing: 90 } : { x: 70, y: 4, facing: 90 },
    'maratha-horse': { x: 60, y: 18, facing: 270 },
  });
  return {
    ...withUnits(s, { [target]: flags, 'maratha-horse': { activated: true, concealed: false } }),
    node: ACTIVATION,
  } as MdGameState;
}

function play(s: MdGameState, command: MdCommand) {
  const r = game.apply(s, game.decider(s)!, command);
  if (!r.ok) throw new Error(r.rejection.message);
  return r;
}

const STATES: readonly { readonly name: string; readonly flags: Partial<MdUnit> }[] = [
  { name: 'not yet acted', flags: { activated: false, passed: false, reservedFire: false } },
  { name: 'passed', flags: { activated: true, passed: true, reservedFire: false } },
  { name: 'acted', flags: { activated: true, passed: false, reservedFire: false } },
  { name: 'reserved its fire', flags: { activated: true, passed: false, reservedFire: true } },
];

const TARGETS: readonly {
  readonly unit: string;
  readonly formation?: string;
  readonly reactions: readonly Reaction[];
}[] = [
  { unit: '2nd-native-infantry', formation: 'line', reactions: ['stand', 'form-square'] },
  { unit: 'native-light-cavalry', reactions: ['stand', 'counter-charge'] },
  {
    unit: '1st-native-infantry',
    formation: 'skirmish',
    reactions: ['stand', 'form-square', 'evade', 'fire-and-evade'],
  },
];

describe('MacDuff reactions to a charge from each state (6.2, 6.3)', () => {
  for (const target of TARGETS)
    for (const state of STATES)
      it(`${target.unit} (${target.formation ?? 'as deployed'}), ${state.name}`, () => {
        const s = chargeAt(target.unit, target.formation, state.flags);
        const charged = play(s, { type: 'charge', target: target.unit });
        if (state.name === 'acted') {
          // it has acted and did not pass: the charge goes in unanswered
          expect(charged.state.node.phase).not.toBe('reaction');
          expect(charged.events.some((e) => e.type === 'reacted')).toBe(false);
          return;
        }
        expect(charged.state.node).toMatchObject({ phase: 'reaction', side: 'company' });
        const offered = game
          .legalCommands(charged.state, 'company')
          .map((c) => (c as Extract<MdCommand, { type: 'react' }>).reaction);
        expect(offered).toEqual(state.name === 'reserved its fire' ? ['stand'] : target.reactions);
        for (const reaction of offered) {
          const r = play(charged.state, { type: 'react', reaction });
          const reacted = r.events.find((e) => e.type === 'reacted');
          expect(reacted).toMatchObject({ unit: target.unit, data: { reaction } });
          const fired = r.events.some((e: MdEvent) => e.type === 'fired' && e.unit === target.unit);
          // only a unit that stands fires as the charge comes in; a skirmisher may fire, then evade
          if (reaction === 'fire-and-evade') {
            expect(fired).toBe(true);
            const before = charged.state.units[target.unit]!.anchor;
            const after = r.state.units[target.unit]!;
            if (!after.offTable) expect(after.anchor.y).toBeLessThan(before.y);
          } else if (reaction !== 'stand') expect(fired).toBe(false);
          if (reaction === 'form-square') expect(r.state.units[target.unit]!.formation).toBe('square');
          const after = r.state.units[target.unit]!;
          expect(after).toMatchObject({ activated: true, passed: false, reservedFire: false });
        }
      });

  it('fires from a unit that stands, if it is in contact and loaded', () => {
    let fired = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const s = chargeAt('2nd-native-infantry', 'line', STATES[0]!.flags, seed);
      const r = play(play(s, { type: 'charge', target: '2nd-native-infantry' }).state, {
        type: 'react',
        reaction: 'stand',
      });
      const contact = r.state.melees.length > 0;
      if (contact)
        fired += r.events.some((e) => e.type === 'fired' && e.unit === '2nd-native-infantry') ? 1 : 0;
      else fired += 1;
    }
    expect(fired).toBe(5);
  });

  it('marks a unit that ends its activation having done nothing as passed, and only that unit', () => {
    let s = game.setup(load('training-village-ford'), 2);
    while (s.node.phase !== 'activation') s = play(s, game.legalCommands(s, game.decider(s)!)[0]!).state;
    const unit = s.node.unit;
    const passed = play(s, { type: 'end-activation' });
    expect(passed.state.units[unit]!.passed).toBe(true);
    expect(passed.events.find((e) => e.type === 'passed')).toMatchObject({ unit });
    const move = game.legalCommands(s, s.node.side).find((c) => c.type === 'move')!;
    const moved = play(play(s, move).state, { type: 'end-activation' });
    expect(moved.state.units[unit]!.passed).toBe(false);
    expect(moved.events.some((e) => e.type === 'passed')).toBe(false);
  });
});

describe('MacDuff machine guns in a whole battle (9.4)', () => {
  it("fires a scenario's machine gun (a unit rated one) with the machine-gun procedure", () => {
    const scenario = load('training-village-ford');
    for (const u of scenario.units) {
      if (u.id === 'foot-battery')
        u.ratings = { macduff: { troop: 'machine-gun', gunKind: 'machine-gun', figures: 6 } };
      if (u.id === 'campoo-2nd') Object.assign(u, { position: { x: 36, y: 28 }, facing: 270 });
    }
    const s0 = game.setup(scenario, 5);
    expect(s0.units['foot-battery']!.ratings).toMatchObject({ troop: 'machine-gun', gunKind: 'machine-gun' });
    const s = {
      ...withUnits(s0, { 'foot-battery': { activated: true }, 'campoo-2nd': { concealed: false } }),
      node: { ...ACTIVATION, side: 'company', unit: 'foot-battery' },
    } as MdGameState;
    const fire = game.legalCommands(s, 'company').find((c) => c.type === 'fire');
    expect(fire).toMatchObject({ type: 'fire', target: 'campoo-2nd' });
    const fired = play(s, fire!).events.find((e) => e.type === 'fired')!;
    expect(fired.text).toMatch(/machine gun|jammed/);
    expect(fired.trace?.some((step) => step.rule.section.startsWith('9.4'))).toBe(true);
  });
});
