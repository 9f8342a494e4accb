import { describe, expect, it } from 'vitest';
import { contentKey, type UnitReactionFacts } from '../../src/game/john-company/ai/odds.ts';
import { situationOf } from '../../src/game/john-company/ai/situation.ts';
import { viewFor } from '../../src/game/john-company/view.ts';
import { playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * The computer opponent shares its answers between units whose Reaction Test facts have the same key
 * (odds.ts `contentKey`): the key must be the same exactly when the facts' content (JSON) is, for
 * the facts each side's view gives every unit after every command of seeded battles of every scenario.
 */
const MAX_COMMANDS = 120;

describe('the opponent’s key of a unit’s Reaction Test facts', () => {
  it('is shared exactly by facts of the same content', () => {
    const byKey = new Map<string, string>();
    const byJson = new Map<string, string>();
    const problems: string[] = [];
    for (const scenario of SCENARIO_IDS)
      for (const [seed, random] of SEEDS_AND_OPPONENTS)
        playSeededBattle(scenario, seed, random, MAX_COMMANDS, (state, _index, sides) => {
          for (const side of sides) {
            const facts = situationOf(viewFor(state, side), side).facts();
            for (const id of Object.keys(facts.table.units)) {
              const { orders: _orders, occasion: _occasion, ...unit } = facts.reaction(id).facts;
              const key = contentKey(unit as UnitReactionFacts);
              const json = JSON.stringify(unit);
              if ((byKey.get(key) ?? json) !== json) problems.push(`${key}: ${byKey.get(key)} and ${json}`);
              if ((byJson.get(json) ?? key) !== key) problems.push(`${json}: ${byJson.get(json)} and ${key}`);
              byKey.set(key, json);
              byJson.set(json, key);
            }
          }
        });
    expect(problems.slice(0, 5)).toEqual([]);
    expect(byKey.size, 'many different facts were met').toBeGreaterThan(100);
  });
});
