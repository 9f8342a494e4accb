import { describe, expect, it } from 'vitest';
import type { AnyPlayableRuleSet } from '../../src/game/engine/battle.ts';
import type { GameDefinition, GameStateBase } from '../../src/game/engine/game.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import type { TableAids } from '../../src/game/rule-set.ts';
import { TRAINING_SCENARIO, unreadable } from './readable-text.ts';

/**
 * Each smaller set's measuring and planning aids (src/game/<set>/table-aids.ts) on the training battle:
 * the first unit its side may move has a front, reach and words a player can read; a point 2" ahead,
 * planned with `moveTo`, is a command the game accepts and that carries the unit there; a point off the
 * table is refused in words; ranges grow outwards within an arc; some enemy is in sight. An attack
 * planned on an enemy with `attackOn`, over a battle the computer plays for both sides, is one the game
 * accepts (under Honour & Fortitude and MacDuff, exactly the legal list's attacks), and every refusal
 * reads as words.
 */
type Game = GameDefinition<
  GameStateBase,
  unknown,
  { type: string; visibleTo: 'all' | readonly string[] },
  unknown
>;
type View = { readonly units: Readonly<Record<string, { readonly side: string }>> };

const withAids = RULE_SETS.flatMap((r) =>
  r.tableAids
    ? [{ id: r.id, game: gameOf(r.playable), playable: r.playable, aids: r.tableAids as TableAids<View> }]
    : [],
);

/** The command types that are attacks in the legal list of each set (the command-point rules' are moves). */
const LISTED_ATTACK: Readonly<Record<string, string | undefined>> = {
  'honour-and-fortitude': 'attack',
  macduff: 'charge',
  'command-points': undefined,
};

function gameOf(playable: AnyPlayableRuleSet): Game {
  return playable.game as unknown as Game;
}

/** The first state (commands taken first in the list, moves left out) where the decider may move a unit. */
function firstMove(game: Game, aids: TableAids<View>) {
  let state = game.setup(TRAINING_SCENARIO, 1);
  for (let i = 0; i < 60; i++) {
    const side = game.decider(state)!;
    const view = game.viewFor(state, side) as View;
    const unit = Object.keys(view.units).find((u) => aids.mayMove(view, side, u));
    if (unit) return { state, side, view, unit };
    const legal = game.legalCommands(state, side) as { type: string }[];
    const next = legal.find((c) => c.type !== 'move' && !c.type.startsWith('end')) ?? legal[0]!;
    const applied = game.apply(state, side, next);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  throw new Error('no unit may move');
}

describe('the table aids of each smaller rule set', () => {
  it('are offered by the three smaller sets', () => {
    expect(withAids.map((s) => s.id)).toEqual(['honour-and-fortitude', 'command-points', 'macduff']);
  });

  for (const { id, game, aids, playable } of withAids) {
    it(`${id}: an attack planned on an enemy is one the game accepts; a refusal is in words`, () => {
      let state = game.setup(TRAINING_SCENARIO, 3);
      let attacks = 0;
      let refusals = 0;
      for (let step = 0; step < 400 && attacks < 3; step++) {
        const side = game.decider(state);
        if (side === undefined) break;
        const view = game.viewFor(state, side) as View;
        const legal = game.legalCommands(state, side) as { type: string; target?: string }[];
        const units = Object.entries(view.units);
        const listed = legal.filter((c) => c.type === LISTED_ATTACK[id]);
        let planned = 0;
        for (const [unit, { side: own }] of units)
          for (const [target, { side: theirs }] of units) {
            if (own !== side || theirs === side) continue;
            const plan = aids.attackOn(view, side, unit, target, legal);
            if (!plan.ok) {
              refusals++;
              expect(unreadable(plan.reason), `${unit} on ${target}`).toEqual([]);
              expect(plan.reason.length).toBeGreaterThan(5);
              continue;
            }
            planned++;
            attacks++;
            expect(unreadable(plan.words)).toEqual([]);
            if (LISTED_ATTACK[id]) expect(legal).toContainEqual(plan.command);
            const applied = game.apply(state, side, plan.command);
            expect(applied.ok, applied.ok ? '' : applied.rejection.message).toBe(true);
            if (applied.ok && !LISTED_ATTACK[id])
              expect(applied.events.some((e) => (e as { attacking?: string }).attacking === target)).toBe(
                true,
              );
          }
        // Every attack the legal list offers is planned from the table.
        if (LISTED_ATTACK[id]) expect(planned).toBe(listed.length);
        const given = playable.computer(step)(game.viewFor(state, side), legal);
        const applied = game.apply(state, side, given);
        if (!applied.ok) throw new Error(applied.rejection.message);
        state = applied.state;
      }
      expect(attacks).toBeGreaterThan(0);
      expect(refusals).toBeGreaterThan(0);
    });

    it(`${id}: a point 2" ahead is a move the game accepts, and it carries the unit there`, () => {
      const { state, side, view, unit } = firstMove(game, aids);
      const front = aids.front(view, unit)!;
      const to = {
        x: front.x + Math.cos((front.facing * Math.PI) / 180) * 2,
        y: front.y + Math.sin((front.facing * Math.PI) / 180) * 2,
      };
      const plan = aids.moveTo(view, side, unit, to, front.facing);
      expect(plan.ok, plan.ok ? '' : plan.reason).toBe(true);
      if (!plan.ok) return;
      expect(plan.stands.length).toBeGreaterThan(0);
      expect(unreadable(plan.words)).toEqual([]);
      const applied = game.apply(state, side, plan.command);
      expect(applied.ok, applied.ok ? '' : applied.rejection.message).toBe(true);
      if (!applied.ok) return;
      const after = aids.front(game.viewFor(applied.state, side) as View, unit)!;
      const moved = Math.hypot(after.x - front.x, after.y - front.y);
      expect(moved).toBeGreaterThan(0.5);
      expect(moved).toBeLessThan(2.05);
    });

    it(`${id}: every point and facing around the unit planned as a move is accepted by the game`, () => {
      const { state, side, view, unit } = firstMove(game, aids);
      const front = aids.front(view, unit)!;
      let planned = 0;
      let refused = 0;
      for (const r of [0.5, 1.5, 3, 5, 8, 12])
        for (let a = 0; a < 360; a += 30)
          for (const turn of [0, 15, -40, 180]) {
            const way = ((front.facing + a) * Math.PI) / 180;
            const to = { x: front.x + Math.cos(way) * r, y: front.y + Math.sin(way) * r };
            // The way it moves, turned `turn` degrees.
            const facing = front.facing + a + turn;
            const plan = aids.moveTo(view, side, unit, to, facing);
            if (!plan.ok) {
              refused++;
              expect(unreadable(plan.reason)).toEqual([]);
              continue;
            }
            planned++;
            const applied = game.apply(state, side, plan.command);
            expect(
              applied.ok,
              `${JSON.stringify(plan.command)}: ${applied.ok ? '' : applied.rejection.message}`,
            ).toBe(true);
          }
      expect(planned).toBeGreaterThan(4);
      expect(planned + refused).toBe(6 * 12 * 4);
    });

    it(`${id}: a point off the table is refused in words`, () => {
      const { side, view, unit } = firstMove(game, aids);
      const plan = aids.moveTo(view, side, unit, { x: -40, y: -40 }, 0);
      expect(plan.ok).toBe(false);
      if (plan.ok) return;
      expect(plan.reason.length).toBeGreaterThan(10);
      expect(unreadable(plan.reason)).toEqual([]);
    });

    it(`${id}: reach, ranges and sight read as the rules give them`, () => {
      const { side, view, unit } = firstMove(game, aids);
      const reach = aids.reach(view, unit)!;
      expect(reach.bands.at(-1)!.inches).toBeGreaterThan(0);
      expect(unreadable(reach.words)).toEqual([]);
      let ranged = 0;
      let seen = 0;
      for (const [u, { side: own }] of Object.entries(view.units)) {
        const ranges = aids.weaponRanges(view, u);
        if (ranges) {
          ranged++;
          const outer = ranges.bands.map((b) => b.inches);
          expect(outer).toEqual([...outer].sort((a, b) => a - b));
          expect(ranges.arc).toBeGreaterThan(0);
          expect(ranges.arc).toBeLessThanOrEqual(180);
          expect(unreadable(ranges.words)).toEqual([]);
        }
        if (own === side)
          for (const [e, { side: theirs }] of Object.entries(view.units))
            if (theirs !== side && aids.lineOfSight(view, u, e)) seen++;
      }
      expect(ranged).toBeGreaterThan(2);
      expect(seen).toBeGreaterThan(0);
    });
  }

  it('command points: a point off to the side, keeping the facing, is refused: a unit turns, then goes ahead', () => {
    const { game, aids } = withAids.find((s) => s.id === 'command-points')!;
    const { side, view, unit } = firstMove(game, aids);
    const front = aids.front(view, unit)!;
    const side90 = ((front.facing + 90) * Math.PI) / 180;
    const plan = aids.moveTo(
      view,
      side,
      unit,
      { x: front.x + Math.cos(side90) * 2, y: front.y + Math.sin(side90) * 2 },
      front.facing,
    );
    expect(plan.ok ? '' : plan.reason).toMatch(/turns first, then moves straight ahead/);
  });
});
