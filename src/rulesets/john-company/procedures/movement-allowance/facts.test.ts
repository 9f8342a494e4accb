import { describe, expect, it } from 'vitest';
import { parse } from './fixtures.ts';

describe('movement allowance: validation and typed-in dice', () => {
  it('rejects a missing or stray Without Orders result, unknown fields, bad inches', () => {
    expect(
      parse({ troop: 'british-infantry', formation: 'close-order-line', movement: 'roll-without-orders' })
        .error?.issues[0]?.message,
    ).toMatch(/needs the Without Orders Table result/);
    expect(
      parse({ troop: 'british-infantry', formation: 'close-order-line', withoutOrders: 'no-orders' }).success,
    ).toBe(false);
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', speed: 3 }).success).toBe(false);
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', moveInches: -1 }).success).toBe(
      false,
    );
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', riverDice: 5 }).success).toBe(
      false,
    );
  });
});
