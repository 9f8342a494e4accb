import { describe, expect, it } from 'vitest';
import { confrontationFactsSchema } from './facts.ts';
import { steady } from './fixtures.ts';

describe('confrontation: facts are checked at the boundary', () => {
  const ok = { charger: steady(18), target: steady(16) };
  it.each([
    [
      'a derived modifier (additional stands)',
      { ...ok, charger: { ...steady(18), modifiers: ['additional-stands'] } },
      /worked out by Muster/,
    ],
    [
      'a derived modifier (status)',
      { ...ok, target: { ...steady(16), modifiers: ['status-resolute'] } },
      /give status instead/,
    ],
    [
      'a derived modifier (defender gave fire)',
      { ...ok, target: { ...steady(16), modifiers: ['defender-gave-fire'] } },
      /targetGaveFire/,
    ],
    ['an unknown modifier', { ...ok, target: { ...steady(16), modifiers: ['elephants'] } }, /Invalid option/],
    [
      'a Wavering target giving fire',
      { ...ok, target: steady(16, { status: 'Wavering' }), targetGaveFire: true },
      /may not fire/,
    ],
    [
      'a caught target giving fire',
      { ...ok, targetGaveFire: true, targetCaughtEvading: true },
      /caught while evading/,
    ],
    ['sideStands below stands', { ...ok, charger: steady(18, { sideStands: 10 }) }, /cannot be fewer/],
    [
      'the charger on a city wall',
      { ...ok, charger: { ...steady(18), modifiers: ['fortified-city-wall'] } },
      /defender of the wall/,
    ],
    ['an unknown fact', { ...ok, weather: 'rain' }, /Unrecognized key/],
    ['a resolve level of 0', { ...ok, charger: steady(0) }, /Too small/],
    ['no stands', { ...ok, target: steady(16, { stands: 0 }) }, /Too small/],
  ])('rejects %s', (_what, facts, message) => {
    const parsed = confrontationFactsSchema.safeParse(facts);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toMatch(message);
  });

  it('accepts a full set of facts and sorts modifier lists', () => {
    const parsed = confrontationFactsSchema.parse({
      charger: { ...steady(18), modifiers: ['open-order', 'charging'], cavalryDidNotSquareUp: true },
      target: { ...steady(16), defendingWorksOrSquare: true, modifiers: ['fortified-city-wall'] },
      targetGaveFire: true,
      lossRounding: 'nearest',
      lossBasis: 'own',
    });
    expect(parsed.charger.modifiers!.map((m) => m.id).sort()).toEqual(['charging', 'open-order']);
  });
});
