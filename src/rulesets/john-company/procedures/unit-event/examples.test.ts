import { describe, expect, it } from 'vitest';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { CAPTURED, COLOURS_MINUS_2, KILLED, move, parse, WOUNDED } from './fixtures.ts';
import { unitEvent } from './index.ts';

/** Unit events: the procedure's worked examples resolve as the rules read them. */

describe('unit event: the examples', () => {
  const resolved = unitEvent.examples.map(
    (e) => resolveProcedure(unitEvent, parse(e.facts), { dice: e.dice }).result,
  );
  it('British infantry, 07 then d6 4: the commander is wounded', () => {
    expect(resolved[0]).toMatchObject({ band: '05-14', entry: 'commander-hit', effects: WOUNDED });
  });
  it("British infantry in a Confrontation, 25 then d6 3: the Queen's Colour, taken", () => {
    expect(resolved[1]!.effects).toEqual([
      { kind: 'colours-lost', colour: 'queens', capturedBy: 'facing-enemy' },
      COLOURS_MINUS_2,
      CAPTURED,
    ]);
  });
  it('native horse, 57 (rolled again) then 40 and 3+5: -8"', () => {
    expect(resolved[2]).toMatchObject({ entry: 'very-rough-ground', rerolls: 1, effects: [move(-8)] });
  });
  it('a battery under fire, 75 then d6 4: four guns lost', () => {
    expect(resolved[3]!.effects).toEqual([{ kind: 'guns-lost', guns: 4, recoverable: false }]);
  });
  it('infantry in the rain, 48 (rolled again), 52, d6 5, d10 2: the commander is killed', () => {
    expect(resolved[4]).toMatchObject({ entry: 'friend-or-foe', rerolls: 1, effects: KILLED });
  });
  it('describes the result in a few lines and traces every roll', () => {
    const r = resolveProcedure(unitEvent, parse(unitEvent.examples[4]!.facts), {
      dice: unitEvent.examples[4]!.dice,
    });
    expect(unitEvent.describe(r.result)[0]).toMatch(/^Infantry Events Table 50-54 .*\(after 1 re-roll\)$/);
    expect(r.trace.map((s) => s.roll).filter(Boolean)).toEqual(['event', 'event', 'friendOrFoe', 'firedOn']);
    expect(r.rolls.map((x) => x.faces[0])).toEqual([48, 52, 5, 2]);
  });
});
