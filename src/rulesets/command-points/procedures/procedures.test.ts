import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { CP_RECONSTRUCTION, CP_SOURCE, TRAINING_GRADES } from '../vocabulary.ts';
import {
  type ArtilleryFireFacts,
  artilleryFire,
  prepareArtilleryFire,
  resolveArtilleryFire,
} from './artillery-fire.ts';
import { type CombatFacts, combat, prepareCombat, resolveCombat } from './combat.ts';
import { commandRoll } from './command-roll.ts';
import { commanderLoss } from './commander-loss.ts';
import { dpointsProcedure, redress, takeDPoints } from './dpoints.ts';
import { COMMAND_POINTS_PROCEDURES } from './index.ts';
import {
  type InfantryFireFacts,
  infantryFire,
  infantryFireDice,
  resolveInfantryFire,
} from './infantry-fire.ts';
import { morale, resolveMorale } from './morale.ts';
import { movement } from './movement.ts';

/** Resolves example `i` of a procedure with its typed-in dice (all of them used). */
function example(def: AnyProcedure, i: number) {
  const ex = def.examples[i]!;
  return resolveProcedure(def, def.facts.parse(ex.facts), ex.dice ? { dice: ex.dice } : {});
}

/** The expected value of a numeric odds view. */
function expected(def: AnyProcedure, facts: unknown, view: string): number {
  const report = oddsOf(def, def.facts.parse(facts)).find((r) => r.name === view)!;
  return report.outcomes.reduce((s, o) => s + Number(o.outcome) * o.probability, 0);
}

describe('every command-point procedure', () => {
  it('has a unique id, examples that resolve with exactly their dice, and odds summing to 1', () => {
    const ids = COMMAND_POINTS_PROCEDURES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const def of COMMAND_POINTS_PROCEDURES) {
      expect(def.examples.length).toBeGreaterThan(0);
      def.examples.forEach((_, i) => {
        const r = example(def, i);
        expect(r.trace.length).toBeGreaterThan(0);
        for (const step of r.trace) expect([CP_SOURCE, CP_RECONSTRUCTION]).toContain(step.rule.source);
        for (const view of r.odds) {
          const total = view.outcomes.reduce((s, o) => s + o.probability, 0);
          expect(total).toBeCloseTo(1, 12);
        }
      });
    }
  });

  it('describes every fact for the referee form, in a JSON Schema', () => {
    for (const def of COMMAND_POINTS_PROCEDURES) {
      const schema = z.toJSONSchema(def.facts, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
      });
      const properties =
        (schema as { properties?: Record<string, { description?: string }> }).properties ?? {};
      expect(Object.keys(properties).length, def.id).toBeGreaterThan(0);
      for (const [name, p] of Object.entries(properties))
        expect(p.description, `${def.id}.${name}`).toBeTruthy();
      expect(def.describe(example(def, 0).result).length).toBeGreaterThan(0);
    }
  });
});

describe('worked examples', () => {
  it('command points', () => {
    expect(example(commandRoll, 0).result).toEqual({ roll: 4, points: 4 });
    expect(example(commandRoll, 1).result).toEqual({ roll: 3, points: 1 });
    const odds = oddsOf(commandRoll, { pointsLost: 2 })[0]!.outcomes;
    expect(odds.find((o) => o.outcome === 0)!.probability).toBeCloseTo(2 / 6, 12);
  });

  it('D-points and redress', () => {
    expect(example(dpointsProcedure, 0).result).toEqual({ dpoints: 5, casualties: 2, ignored: 0 });
    expect(example(dpointsProcedure, 1).result).toEqual({ dpoints: 5, casualties: 0, ignored: 2 });
    expect(example(redress, 0).result).toEqual({ bySpending: 1, byHalting: 1, remaining: 1 });
    expect(example(redress, 1).result).toEqual({ bySpending: 2, byHalting: 0, remaining: 2 });
  });

  it('artillery: short range +2 scores 7 and 4; long range -2 scores 4, 3, 1', () => {
    expect(example(artilleryFire, 0).result).toEqual({
      band: 'short',
      scores: [7, 4],
      dpoints: 3,
      casualties: 1,
    });
    expect(example(artilleryFire, 1).result).toEqual({
      band: 'long',
      scores: [4, 3, 1],
      dpoints: 1,
      casualties: 0,
    });
  });

  it('artillery: beyond long range, no dice', () => {
    const r = resolveArtilleryFire(
      { gunClass: 'light', distance: 31, guns: 2, modifiers: [] },
      new SuppliedDice([]),
    );
    expect(r.band).toBe('out-of-range');
  });

  it('infantry: 4 dice, two 6s; skirmishing riflemen at guns: 2 dice, a 6 and a 5 re-rolled to 4', () => {
    expect(example(infantryFire, 0).result).toMatchObject({ dice: 4, sixes: 2, dpoints: 2 });
    expect(example(infantryFire, 1).result).toMatchObject({
      dice: 2,
      sixes: 1,
      rerolls: 1,
      rerollHits: 1,
      dpoints: 2,
    });
  });

  it('infantry: the bases are halved (against skirmishers, guns, works), then each D-point costs a die', () => {
    const facts: InfantryFireFacts = {
      bases: 6,
      dpoints: 2,
      weapon: 'musket',
      distance: 6,
      target: 'formed',
      targetInWorks: false,
      skirmishers: false,
    };
    expect(infantryFireDice(facts)).toBe(4);
    // 6 bases halved is 3, less 2 D-points: 1 die (not 6 - 2 = 4 halved to 2)
    expect(infantryFireDice({ ...facts, target: 'skirmishers' })).toBe(1);
    expect(infantryFireDice({ ...facts, target: 'artillery', dpoints: 1 })).toBe(2);
    // halved again in works: 6 -> 3 -> 2, less 2: none; 7 bases -> 4 -> 2, less 1: 1
    expect(infantryFireDice({ ...facts, target: 'skirmishers', targetInWorks: true })).toBe(0);
    expect(
      infantryFireDice({ ...facts, bases: 7, dpoints: 1, target: 'skirmishers', targetInWorks: true }),
    ).toBe(1);
    // never below none, and no dice are thrown
    expect(infantryFireDice({ ...facts, bases: 2, dpoints: 5, target: 'skirmishers' })).toBe(0);
    expect(resolveInfantryFire({ ...facts, bases: 2, dpoints: 5 }, new SuppliedDice([])).dice).toBe(0);
  });

  it('morale: a unit takes a D-point when a friend of lower grade routs within 6" of it', () => {
    const base = { dpoints: 0, bases: 6, startingBases: 6, lowerGradeFriendRoutedNearby: false };
    expect(resolveMorale(base)).toEqual({ dpoints: 0, casualties: 0, action: 'hold' });
    expect(resolveMorale({ ...base, lowerGradeFriendRoutedNearby: true })).toEqual({
      dpoints: 1,
      casualties: 0,
      action: 'hold',
    });
    // at the cap the D-point becomes a casualty (taken as morale), and the unit retreats
    expect(resolveMorale({ ...base, dpoints: 5, lowerGradeFriendRoutedNearby: true })).toEqual({
      dpoints: 5,
      casualties: 1,
      action: 'retreat',
    });
  });

  it('combat: the bayonet charge defeats the levies; the cavalry rout the battalion', () => {
    const a = example(combat, 0).result;
    expect(a.attacker).toMatchObject({ score: 9, result: 'successful-action', dpoints: 1, casualties: 1 });
    expect(a.defender).toMatchObject({
      score: 2,
      result: 'defeated',
      dpoints: 2,
      casualties: 2,
      retreat: 'until-covered',
    });
    const b = example(combat, 1).result;
    expect(b.attacker).toMatchObject({ factors: 0, score: 5, result: 'successful-action', casualties: 1 });
    expect(b.defender).toMatchObject({ score: -8, result: 'routed', dpoints: 4, casualties: 2 });
  });

  it('combat: stand-off exceptions (infantry facing cavalry, works, bayonets)', () => {
    const side = (arm: 'infantry' | 'cavalry', bayonetAttack = false, works = false) => ({
      arm,
      bayonetAttack,
      unit: {
        grade: '3rd' as const,
        factors: works ? [{ id: 'defending-fieldwork-or-wooden-building' as const }] : [],
      },
    });
    const standOff = (facts: CombatFacts) => resolveCombat(facts, new SuppliedDice([3, 3]));
    const plain = standOff({ attacker: side('infantry'), defender: side('infantry') });
    expect([plain.attacker.casualties, plain.defender.casualties]).toEqual([1, 1]);
    const horse = standOff({ attacker: side('cavalry'), defender: side('infantry') });
    expect([horse.attacker.casualties, horse.defender.casualties]).toEqual([1, 0]);
    const bayonet = standOff({ attacker: side('infantry', true), defender: side('infantry', false) });
    // The bayonet's +2 makes a difference of 2: a successful action (a casualty: the defenders are infantry
    // who made no bayonet attack) and a driven back.
    expect(bayonet.attacker.result).toBe('successful-action');
    expect(bayonet.attacker.casualties).toBe(1);
    expect(bayonet.defender.result).toBe('driven-back');
    const works = standOff({ attacker: side('infantry'), defender: side('infantry', false, true) });
    expect(works.defender.result).toBe('successful-action');
    expect(works.defender.casualties).toBe(0);
  });

  it('losses to commanders and morale', () => {
    expect(example(commanderLoss, 0).result.fate).toBe('unhurt');
    expect(example(commanderLoss, 1).result).toMatchObject({ fate: 'serious-wound', leavesField: true });
    const fate = oddsOf(commanderLoss, { occasion: 'casualty' })[0]!.outcomes;
    expect(fate.find((o) => o.outcome === 'killed')!.probability).toBeCloseTo(1 / 36, 12);
    expect(fate.find((o) => o.outcome === 'light-wound')!.probability).toBeCloseTo(3 / 36, 12);
    expect(example(morale, 0).result).toEqual({ dpoints: 5, casualties: 0, action: 'retreat' });
    expect(example(morale, 1).result).toEqual({ dpoints: 5, casualties: 0, action: 'rout' });
  });

  it('movement', () => {
    expect(example(movement, 0).result).toEqual({ pointsUsed: 3, inches: 12 });
    expect(example(movement, 1).result).toEqual({ pointsUsed: 1, inches: 2 });
  });
});

const artilleryFacts = fc.record({
  gunClass: fc.constantFrom('heavy' as const, 'light' as const),
  distance: fc.integer({ min: 0, max: 45 }),
  guns: fc.integer({ min: 1, max: 3 }),
  dp: fc.integer({ min: 0, max: 5 }),
  column: fc.boolean(),
  works: fc.boolean(),
});

const combatSide = fc.record({
  grade: fc.constantFrom(...TRAINING_GRADES),
  dp: fc.integer({ min: 0, max: 5 }),
  cas: fc.integer({ min: 0, max: 3 }),
  commander: fc.boolean(),
});

type CombatSide = typeof combatSide extends fc.Arbitrary<infer T> ? T : never;

function combatFacts(a: CombatSide, d: CombatSide, extraForAttacker: boolean): CombatFacts {
  const side = (s: CombatSide, extra: boolean) => ({
    arm: 'infantry' as const,
    bayonetAttack: false,
    unit: {
      grade: s.grade,
      factors: [
        ...(extra ? [{ id: 'terrain-advantage' as const }] : []),
        ...(s.commander ? [{ id: 'commander-attached' as const }] : []),
        ...(s.cas ? [{ id: 'casualties' as const, count: s.cas }] : []),
        ...(s.dp ? [{ id: 'dpoints' as const, count: s.dp }] : []),
      ],
    },
  });
  return { attacker: side(a, extraForAttacker), defender: side(d, false) };
}

const RESULT_ORDER = ['routed', 'defeated', 'driven-back', 'stand-off', 'successful-action'];

describe('properties', () => {
  it('prepared and traced artillery fire agree dice for dice', () => {
    fc.assert(
      fc.property(artilleryFacts, fc.integer(), (f, seed) => {
        const facts: ArtilleryFireFacts = {
          gunClass: f.gunClass,
          distance: f.distance,
          guns: f.guns,
          modifiers: [
            ...(f.works ? [{ id: 'target-in-works' as const }] : []),
            ...(f.column ? [{ id: 'target-column-limbered-or-enfiladed' as const }] : []),
            ...(f.dp ? [{ id: 'dpoints-on-gun' as const, count: f.dp }] : []),
          ],
        };
        const a = resolveArtilleryFire(facts, new PrngDice(seedRng(seed)), new Trace());
        const b = prepareArtilleryFire(facts)(new PrngDice(seedRng(seed)));
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('D-points on the gun never raise the expected D-points it inflicts', () => {
    fc.assert(
      fc.property(artilleryFacts, (f) => {
        const facts = (dp: number) => ({
          gunClass: f.gunClass,
          distance: f.distance,
          guns: f.guns,
          modifiers: dp ? [{ id: 'dpoints-on-gun', count: dp }] : [],
        });
        expect(
          expected(artilleryFire, facts(Math.min(5, f.dp + 1)), 'D-points inflicted'),
        ).toBeLessThanOrEqual(expected(artilleryFire, facts(f.dp), 'D-points inflicted') + 1e-12);
      }),
      { numRuns: 100 },
    );
  });

  it('more bases never lower the expected D-points of infantry fire', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('formed' as const, 'skirmishers' as const, 'artillery' as const),
        fc.boolean(),
        fc.boolean(),
        (bases, dp, target, works, skirmishers) => {
          const facts = (b: number): InfantryFireFacts => ({
            bases: b,
            dpoints: dp,
            weapon: 'musket',
            distance: 5,
            target,
            targetInWorks: works,
            skirmishers,
          });
          expect(expected(infantryFire, facts(bases + 1), 'D-points inflicted')).toBeGreaterThanOrEqual(
            expected(infantryFire, facts(bases), 'D-points inflicted') - 1e-12,
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a factor in the attacker's favour never makes its results worse, and prepared agrees with traced", () => {
    fc.assert(
      fc.property(combatSide, combatSide, fc.integer(), (a, d, seed) => {
        const rank = (facts: CombatFacts) => {
          const odds = oddsOf(combat, facts).find((r) => r.name === 'Attacker result')!;
          return odds.outcomes.reduce(
            (s, o) => s + RESULT_ORDER.indexOf(String(o.outcome)) * o.probability,
            0,
          );
        };
        expect(rank(combatFacts(a, d, true))).toBeGreaterThanOrEqual(rank(combatFacts(a, d, false)) - 1e-12);
        const facts = combatFacts(a, d, false);
        expect(prepareCombat(facts)(new PrngDice(seedRng(seed)))).toEqual(
          resolveCombat(facts, new PrngDice(seedRng(seed)), new Trace()),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('the D-point cap never leaves more than 5, and casualties only from fire, combat or morale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom('fire' as const, 'combat' as const, 'morale' as const, 'manoeuvre' as const),
        (current, inflicted, cause) => {
          const r = takeDPoints({ current, inflicted, cause });
          expect(r.dpoints).toBeLessThanOrEqual(5);
          expect(r.dpoints - current + r.casualties + r.ignored).toBe(inflicted);
          if (cause === 'manoeuvre') expect(r.casualties).toBe(0);
        },
      ),
    );
  });
});
