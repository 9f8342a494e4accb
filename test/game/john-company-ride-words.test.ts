import { describe, expect, it } from 'vitest';
import { playBattle } from '../../src/game/engine/battle.ts';
import { hostingOf } from '../../src/game/engine/hosting.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { placedByUnits, type UnitLandmark } from '../../src/game/john-company/ride-words.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { groundOfState, isSpotted } from '../../src/game/john-company/view.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { TRAINING_NAMES, TRAINING_SCENARIO, unreadable } from './readable-text.ts';

/**
 * A General's ride offered in the players' words, placed by the units about its end (issue 14: rides
 * were worded from objectives and table edges only).
 */

/** A line of three 2"-wide stands facing north (90 degrees), centred on (30, 20). */
const line = (name: string, friendly: boolean, facing = 90): UnitLandmark => ({
  name,
  friendly,
  facing,
  stands:
    facing === 90
      ? [28, 30, 32].map((x) => ({ x, y: 20, width: 2, depth: 1 }))
      : [18, 20, 22].map((y) => ({ x: 30, y, width: 2, depth: 1 })),
});

describe('where a ride ends, by the nearest unit', () => {
  const sepoys = line('the Sepoy battalion', true);
  const from = { x: 10, y: 10 };

  it('in front, behind, to either side (its own left and right), and with it', () => {
    expect(placedByUnits(from, { x: 30, y: 24.5 }, [sepoys])).toBe('4" in front of the Sepoy battalion');
    expect(placedByUnits(from, { x: 29, y: 15.5 }, [sepoys])).toBe('4" behind the Sepoy battalion');
    // Facing north, its left is west: the line spans x 27..33.
    expect(placedByUnits(from, { x: 25, y: 20 }, [sepoys])).toBe('2" to the left of the Sepoy battalion');
    expect(placedByUnits(from, { x: 25, y: 15.5 }, [sepoys])).toBe(
      '2" to the left of the Sepoy battalion, 4" behind',
    );
    expect(placedByUnits(from, { x: 36, y: 21.5 }, [sepoys])).toBe(
      '3" to the right of the Sepoy battalion, 1" in front',
    );
    expect(placedByUnits(from, { x: 30.2, y: 20.1 }, [sepoys])).toBe('with the Sepoy battalion');
  });

  it('by its own facing: a unit facing west has its left to the south', () => {
    const west = line('the Sepoy battalion', true, 180);
    expect(placedByUnits(from, { x: 30, y: 14 }, [west])).toBe('3" to the left of the Sepoy battalion');
    expect(placedByUnits(from, { x: 26, y: 20 }, [west])).toBe('3.5" in front of the Sepoy battalion');
  });

  it('towards an enemy unit the ride heads at, and how far short of it the ride stops', () => {
    const horse = line('the Maratha horse', false);
    // From straight behind it (south), riding north at it, stopping 6" short of its rear edge.
    expect(placedByUnits({ x: 30, y: 0 }, { x: 30, y: 13.5 }, [horse])).toBe(
      'towards the Maratha horse, 6" from it',
    );
    // Riding down past its left, it is placed by its body instead.
    expect(placedByUnits({ x: 20, y: 40 }, { x: 20, y: 26 }, [horse])).toBe(
      '7" to the left of the Maratha horse, 5.5" in front',
    );
  });

  it('by the nearest unit only, and by none beyond 24"', () => {
    const horse = line('the Maratha horse', false);
    const far = { ...sepoys, stands: sepoys.stands.map((s) => ({ ...s, y: s.y + 40 })) };
    expect(placedByUnits(from, { x: 30, y: 24.5 }, [far, horse])).toBe('4" in front of the Maratha horse');
    expect(placedByUnits(from, { x: 70, y: 20 }, [sepoys])).toBeUndefined();
  });
});

describe('rides offered in a seeded battle of the training scenario', () => {
  const playable = findPlayableRuleSet('john-company')!;
  const rules = hostingOf(playable);
  const rides: { text: string; state: JcGameState; command: Extract<JcCommand, { type: 'move-general' }> }[] =
    [];
  playBattle(
    playable.game,
    TRAINING_SCENARIO,
    3,
    { company: playable.computer(3), maratha: playable.computer(4) },
    {
      maxCommands: 300,
      onStep: (_step, state) => {
        const next = playable.game.decider(state);
        if (next === undefined) return;
        for (const c of playable.game.legalCommands(state, next) as JcCommand[])
          if (c.type === 'move-general')
            rides.push({ text: rules.describeOffer(c, state), state: state as JcGameState, command: c });
      },
    },
  );

  it('place the ride by a unit, in words, with no raw coordinates', () => {
    expect(rides.length).toBeGreaterThan(20);
    const names = TRAINING_NAMES.join('|').replace(/[()]/g, '\\$&');
    const placed = new RegExp(
      `\\((towards (${names}), [\\d.]+" from it|[\\d.]+" (in front of|behind) (${names})|[\\d.]+" to the (left|right) of (${names})(, [\\d.]+" (in front|behind))?|with (${names}))\\)$`,
    );
    expect(rides.filter((r) => placed.test(r.text)).length).toBeGreaterThan(rides.length / 2);
    expect(rides.filter((r) => /\(\d+(\.\d+)?, \d+(\.\d+)?\)/.test(r.text))).toEqual([]);
    expect(rides.flatMap((r) => unreadable(r.text))).toEqual([]);
  });

  it('name no enemy unit the General’s side has not spotted', () => {
    for (const { text, state, command } of rides) {
      const side = state.generals[command.general]!.side;
      const ground = groundOfState(state);
      for (const u of Object.values(state.units)) {
        if (u.side === side || !state.table.units[u.id] || isSpotted(ground, side, u.id)) continue;
        expect(text).not.toContain(`(towards ${u.name}`);
        expect(text).not.toMatch(new RegExp(`(of|behind|with) ${u.name}(,|\\))`));
      }
    }
  });
});
