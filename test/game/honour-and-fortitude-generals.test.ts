import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { riskToGenerals, takeLosses } from '../../src/game/honour-and-fortitude/combat.ts';
import { Draft } from '../../src/game/honour-and-fortitude/draft.ts';
import type { HfEvent } from '../../src/game/honour-and-fortitude/events.ts';
import { honourAndFortitudeGame as game } from '../../src/game/honour-and-fortitude/game.ts';
import { layout } from '../../src/game/honour-and-fortitude/geometry.ts';
import { legalCommands, responseChoices } from '../../src/game/honour-and-fortitude/legal.ts';
import { generalPresent } from '../../src/game/honour-and-fortitude/rules.ts';
import type { HfGameState } from '../../src/game/honour-and-fortitude/state.ts';
import { GENERAL_FALLS } from '../../src/rulesets/honour-and-fortitude/tables/reconstruction.ts';

/**
 * Honour & Fortitude's Generals at risk (Muster's reading of "if the C in C falls") and guns that do not
 * attack, on the training table.
 */
const json = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../scenarios/training-village-ford.json'), 'utf8'),
);

type Risk = Extract<HfEvent, { type: 'general-at-risk' }>;

/** The C-in-C's risk on `occasion` for each of 40 seeds: his event, the draft, and his side's units. */
function risks(occasion: 'lost-melee' | 'unit-destroyed') {
  const out: { risk: Risk; d: Draft; state: HfGameState; general: string }[] = [];
  for (let seed = 1; seed <= 40; seed++) {
    const state = game.setup(json, seed);
    const cinc = state.generals.find((g) => g.commanderInChief && g.side === 'company')!;
    const d = new Draft(state);
    if (occasion === 'lost-melee') riskToGenerals(d, cinc.with!, occasion);
    else takeLosses(d, cinc.with!, state.units[cinc.with!]!.figures);
    const risk = d.events.find((e): e is Risk => e.type === 'general-at-risk' && e.general === cinc.id)!;
    out.push({ risk, d, state, general: cinc.id });
  }
  return out;
}

describe('Honour & Fortitude: when the C-in-C falls', () => {
  for (const [occasion, fallsAtMost] of [
    ['lost-melee', GENERAL_FALLS.lostMelee],
    ['unit-destroyed', GENERAL_FALLS.unitDestroyed],
  ] as const)
    it(`a General whose unit ${occasion === 'lost-melee' ? 'loses a round of melee' : 'is destroyed'} falls on ${fallsAtMost} or less, and his side tests morale`, () => {
      let fell = 0;
      let stood = 0;
      for (const { risk, d, state, general } of risks(occasion)) {
        expect(risk).toMatchObject({ occasion, commanderInChief: true });
        const die = risk.dice!.find((x) => x.key === `general-${general}`)!.value;
        expect(risk.fell).toBe(die <= fallsAtMost);
        const after = d.generals.find((g) => g.id === general)!;
        expect(after).toMatchObject({ fallen: risk.fell, ...(risk.fell ? { with: null } : {}) });
        const fallenTests = d.events.filter((e) => e.type === 'morale-tested' && e.reason === 'c-in-c-fell');
        if (risk.fell) {
          fell += 1;
          // every unit of his side still fighting tests (once, for this or for a friend's rout it caused)
          const tested = new Set(d.events.flatMap((e) => (e.type === 'morale-tested' ? [e.unit] : [])));
          for (const u of Object.values(state.units))
            if (u.side === 'company' && !d.unit(u.id).gone && u.id !== risk.unit)
              expect(tested.has(u.id), u.id).toBe(true);
          expect(fallenTests.length).toBeGreaterThan(0);
          // a fallen General is present for nobody, and does not ride again
          const fallenState = d.finish({});
          for (const u of Object.values(fallenState.units))
            if (u.side === 'company' && !u.gone)
              expect(
                generalPresent(
                  { generals: fallenState.generals.filter((g) => g.id === general) },
                  fallenState.units,
                  u,
                ),
              ).toBe(false);
        } else {
          stood += 1;
          expect(fallenTests).toHaveLength(0);
        }
      }
      expect(fell).toBeGreaterThan(0);
      expect(stood).toBeGreaterThan(0);
    });

  it('a brigadier who falls is out of the battle, but his fall makes nobody test', () => {
    let seen = false;
    for (let seed = 1; seed <= 60 && !seen; seed++) {
      const state = game.setup(json, seed);
      const brigadier = state.generals.find((g) => !g.commanderInChief && g.side === 'maratha')!;
      const d = new Draft({
        ...state,
        generals: state.generals.map((g) => (g.commanderInChief ? { ...g, with: null } : g)),
      });
      riskToGenerals(d, brigadier.with!, 'unit-destroyed');
      const risk = d.events.find(
        (e): e is Risk => e.type === 'general-at-risk' && e.general === brigadier.id,
      );
      if (!risk?.fell) continue;
      seen = true;
      expect(d.generals.find((g) => g.id === brigadier.id)).toMatchObject({ fallen: true, with: null });
      expect(d.events.some((e) => e.type === 'morale-tested')).toBe(false);
    }
    expect(seen).toBe(true);
  });
});

describe('Honour & Fortitude: guns fire, they do not attack', () => {
  it('offers no attack to artillery and refuses one; a battery attacked may not counter-attack', () => {
    let s = game.setup(json, 4);
    // bring the Maratha horse 8" in front of the Company's foot battery, in the battery's movement
    const battery = Object.values(s.units).find((u) => u.side === 'company' && u.arm === 'artillery')!;
    const horse = Object.values(s.units).find((u) => u.side === 'maratha' && u.arm === 'cavalry')!;
    const near = { ...horse, x: battery.x, y: battery.y + 10, facing: 270 };
    s = {
      ...s,
      units: { ...s.units, [horse.id]: { ...near, stands: layout(near, s.scenario.basing)! } },
      phase: { kind: 'movement', side: 'company' },
    };
    // the horse is within the foot's reach (they are offered the attack), and the battery's
    expect(legalCommands(s, 'company')).toContainEqual({
      type: 'attack',
      unit: '2nd-native-infantry',
      target: horse.id,
    });
    expect(legalCommands(s, 'company').some((c) => c.type === 'attack' && c.unit === battery.id)).toBe(false);
    const refused = game.apply(s, 'company', { type: 'attack', unit: battery.id, target: horse.id });
    expect(refused).toMatchObject({ ok: false, rejection: { code: 'guns-do-not-attack' } });
    const attacked: HfGameState = {
      ...s,
      phase: { kind: 'response', side: 'company', attacker: horse.id, defender: battery.id },
    };
    expect(responseChoices(attacked)).not.toContain('counter-attack');
    expect(responseChoices(attacked)).toContain('stand');
  });
});
