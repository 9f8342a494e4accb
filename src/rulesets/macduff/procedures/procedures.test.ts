import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import {
  canister,
  machineGun,
  resolveCanister,
  resolveMachineGun,
  resolveShot,
  shotAndShell,
} from './artillery-fire.ts';
import { casualtiesProcedure, resolveCasualties } from './casualties.ts';
import { resolveSpotting } from './concealment.ts';
import { controlCheck, leaderInfluence, resolveControlCheck } from './control-check.ts';
import { resolveBreach, resolveDemolition } from './engineering.ts';
import { MACDUFF_PROCEDURES } from './index.ts';
import { type MeleeFacts, melee, resolveMelee } from './melee.ts';
import { casualtyRecovery, isShattered, resolveRecovery, resolveSurrender } from './morale.ts';
import { type MoveFacts, resolveMove } from './movement.ts';
import { resolvePersonality } from './personality.ts';
import {
  fireOptionAllowed,
  resolveSmallArms,
  type SmallArmsFacts,
  smallArmsFire,
} from './small-arms-fire.ts';

const dice = (...faces: number[]) => new SuppliedDice(faces);
function probability(
  def: Parameters<typeof oddsOf>[0],
  facts: unknown,
  view: string,
  outcome: string | number,
): number {
  const report = oddsOf(def, facts).find((r) => r.name === view)!;
  return report.outcomes.filter((o) => o.outcome === outcome).reduce((s, o) => s + o.probability, 0);
}
function expected(def: Parameters<typeof oddsOf>[0], facts: unknown, view: string): number {
  const report = oddsOf(def, facts).find((r) => r.name === view)!;
  return report.outcomes.reduce((s, o) => s + Number(o.outcome) * o.probability, 0);
}

describe('every MacDuff procedure', () => {
  it('has unique ids and resolves each worked example with its typed-in dice, traced, odds summing to 1', () => {
    expect(new Set(MACDUFF_PROCEDURES.map((p) => p.id)).size).toBe(MACDUFF_PROCEDURES.length);
    for (const p of MACDUFF_PROCEDURES) {
      expect(p.examples.length).toBeGreaterThan(0);
      for (const ex of p.examples) {
        const facts = p.facts.parse(ex.facts);
        const r = resolveProcedure(p, facts, { dice: ex.dice });
        expect(r.trace.length, `${p.id}: ${ex.title}`).toBeGreaterThan(0);
        for (const step of r.trace) expect(step.rule.source).toMatch(/MacDuff|reconstruction/);
        expect(p.describe(r.result).length).toBeGreaterThan(0);
        for (const view of r.odds) {
          const total = view.outcomes.reduce((s, o) => s + o.probability, 0);
          expect(total, `${p.id} ${view.name}`).toBeCloseTo(1, 10);
        }
      }
    }
  });
});

describe("the referee assistant's forms", () => {
  it("writes every procedure's facts as a JSON Schema with a description for every field", () => {
    for (const p of MACDUFF_PROCEDURES) {
      const schema = z.toJSONSchema(p.facts, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
      }) as {
        description?: string;
        properties?: Record<string, { description?: string }>;
      };
      expect(schema.description, p.id).toBeTruthy();
      for (const [field, sub] of Object.entries(schema.properties ?? {}))
        expect(sub.description, `${p.id}.${field}`).toBeTruthy();
    }
  });
});

describe('control check and personality (3)', () => {
  it('skips units in control or shattered', () => {
    expect(resolveControlCheck({ inControl: true, shattered: false }, dice())).toEqual({
      checked: false,
      reason: 'in-control',
    });
    expect(resolveControlCheck({ inControl: false, shattered: true }, dice())).toEqual({
      checked: false,
      reason: 'shattered',
    });
  });

  it('charges on a 6 (the battle report), holds back on a 1, and lets a rash captain turn a 5 into a charge', () => {
    expect(resolveControlCheck({ inControl: false, shattered: false }, dice(6))).toMatchObject({
      outcome: 'charge-or-shoot',
    });
    expect(resolveControlCheck({ inControl: false, shattered: false }, dice(1))).toMatchObject({
      outcome: 'no-advance',
    });
    const rash = { grade: 'company-or-irregular' as const, personality: 'rash' as const };
    expect(resolveControlCheck({ inControl: false, shattered: false, leader: rash }, dice(5))).toMatchObject({
      score: 6,
      outcome: 'charge-or-shoot',
    });
    const cautiousGeneral = { grade: 'higher' as const, personality: 'cautious' as const };
    expect(
      resolveControlCheck({ inControl: false, shattered: false, leader: cautiousGeneral }, dice(3)),
    ).toMatchObject({ score: 1, outcome: 'no-advance' });
  });

  it('lets a Bold leader push either way, an Indecisive one neither', () => {
    expect(leaderInfluence({ grade: 'higher', personality: 'bold', boldChoice: 'subtract' })).toBe(-2);
    expect(leaderInfluence({ grade: 'higher', personality: 'bold', boldChoice: 'add' })).toBe(2);
    expect(leaderInfluence({ grade: 'higher', personality: 'indecisive' })).toBe(0);
  });

  it('gives each outcome 1 in 6 at the extremes without a leader, and uses replaced bands', () => {
    const f = { inControl: false, shattered: false };
    expect(probability(controlCheck, f, 'Outcome', 'charge-or-shoot')).toBeCloseTo(1 / 6);
    expect(probability(controlCheck, f, 'Outcome', 'no-advance')).toBeCloseTo(1 / 6);
    expect(
      probability(
        controlCheck,
        { ...f, bands: { noAdvanceAtMost: 2, chargeAtLeast: 5 } },
        'Outcome',
        'charge-or-shoot',
      ),
    ).toBeCloseTo(2 / 6);
  });

  it('never makes a charge less likely as the leader pushes harder upward (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('rash', 'bold', 'indecisive', 'cautious'),
        fc.constantFrom('company-or-irregular', 'higher'),
        (p, g) => {
          const base = { inControl: false, shattered: false };
          const withLeader = { ...base, leader: { grade: g, personality: p, boldChoice: 'add' } };
          const pl = probability(controlCheck, withLeader, 'Outcome', 'charge-or-shoot');
          const p0 = probability(controlCheck, base, 'Outcome', 'charge-or-shoot');
          return p === 'cautious' ? pl <= p0 : pl >= p0;
        },
      ),
    );
  });

  it("rolls personalities on the chart, or on the scenario's", () => {
    expect(resolvePersonality({}, dice(1)).personality).toBe('rash');
    expect(resolvePersonality({}, dice(4)).personality).toBe('bold');
    expect(
      resolvePersonality(
        { byFace: ['cautious', 'cautious', 'cautious', 'cautious', 'cautious', 'rash'] },
        dice(6),
      ).personality,
    ).toBe('rash');
  });
});

const baseMove: MoveFacts = {
  troop: 'regular-infantry',
  formation: 'line',
  charging: false,
  ground: 'open',
  crossesLinearObstacle: false,
  retiringFacingEnemy: false,
  changesFormation: false,
  fired: false,
};

describe('movement (5, 7)', () => {
  it('moves regulars 6" + 1d6, +3" in column, half in square', () => {
    expect(resolveMove(baseMove, dice(4)).inches).toBe(10);
    expect(resolveMove({ ...baseMove, formation: 'column' }, dice(4)).inches).toBe(13);
    expect(resolveMove({ ...baseMove, formation: 'square' }, dice(4)).inches).toBe(5);
  });

  it('moves irregulars 6" + 2d6 at full speed in broken ground, cavalry a quarter', () => {
    expect(
      resolveMove(
        { ...baseMove, troop: 'irregular-infantry', formation: 'mass', ground: 'broken' },
        dice(3, 3),
      ).inches,
    ).toBe(12);
    expect(
      resolveMove({ ...baseMove, troop: 'light-cavalry', formation: 'line', ground: 'broken' }, dice(2))
        .inches,
    ).toBe(5);
  });

  it('adds 6" to charging cavalry and stops horses in difficult ground', () => {
    expect(resolveMove({ ...baseMove, troop: 'heavy-cavalry', charging: true }, dice(1)).inches).toBe(19);
    expect(resolveMove({ ...baseMove, troop: 'heavy-cavalry', ground: 'difficult' }, dice(6)).inches).toBe(0);
  });

  it('leaves guns with less than half their crew where they are unless limbered', () => {
    const gun = {
      ...baseMove,
      troop: 'field-gun' as const,
      formation: 'unlimbered' as const,
      crewBelowHalf: true,
    };
    expect(resolveMove({ ...gun, gunMove: 'manhandled' }, dice(6)).inches).toBe(0);
    expect(resolveMove({ ...gun, formation: 'limbered', gunMove: 'limbered' }, dice(6)).inches).toBe(18);
  });

  it('speeds guns and regulars in column along roads, whatever the ground, and nobody else', () => {
    expect(
      resolveMove({ ...baseMove, formation: 'column', ground: 'broken', road: 'secondary' }, dice(3)).inches,
    ).toBe(18);
    expect(
      resolveMove(
        { ...baseMove, troop: 'field-gun', formation: 'limbered', gunMove: 'limbered', road: 'highway' },
        dice(2),
      ).inches,
    ).toBe(28);
    expect(resolveMove({ ...baseMove, ground: 'broken', road: 'highway' }, dice(3)).inches).toBe(4.5);
  });

  it('halves for firing, retiring facing the enemy, formation changes and obstacles, compounding', () => {
    expect(resolveMove({ ...baseMove, fired: true, crossesLinearObstacle: true }, dice(6)).inches).toBe(3);
    expect(
      resolveMove(
        { ...baseMove, troop: 'field-gun', formation: 'unlimbered', gunMove: 'manhandled' },
        dice(5),
      ).inches,
    ).toBe(5);
    expect(
      resolveMove(
        {
          ...baseMove,
          troop: 'heavy-gun',
          formation: 'limbered',
          gunMove: 'limbered',
          crossesLinearObstacle: true,
        },
        dice(5),
      ).inches,
    ).toBe(0);
  });

  it('spends the allowance along the line: ground and obstacles cost only where the unit reaches them', () => {
    const leg = (inches: number, ground: 'open' | 'broken' | 'difficult' | 'village' = 'open') =>
      ({ kind: 'ground', inches, ground }) as const;
    const stream = { kind: 'obstacle', inches: 3 } as const;
    // 10": woods 12" away do not slow it; 6" of open then woods at half speed: 6 + 2
    expect(resolveMove({ ...baseMove, path: [leg(12), leg(10, 'broken')] }, dice(4)).inches).toBe(10);
    expect(resolveMove({ ...baseMove, path: [leg(6), leg(10, 'broken')] }, dice(4)).inches).toBe(8);
    // a stream 10" away: it reaches the bank with nothing left, and stops there
    expect(resolveMove({ ...baseMove, path: [leg(10), stream, leg(20)] }, dice(4))).toMatchObject({
      inches: 10,
      halted: 'at-obstacle',
      crossed: 0,
    });
    // 2" away: 2", the crossing (half the move, 5") over 3" of line, then the 3" left
    expect(resolveMove({ ...baseMove, path: [leg(2), stream, leg(20)] }, dice(4))).toMatchObject({
      inches: 8,
      crossed: 1,
    });
    // the village (half speed) beyond the stream is reached only by what is left
    expect(resolveMove({ ...baseMove, path: [stream, leg(1), leg(10, 'village')] }, dice(6)).inches).toBe(
      3 + 1 + 2.5,
    );
    // cavalry stop at the edge of difficult ground and at a barrier
    const horse = { ...baseMove, troop: 'light-cavalry' as const };
    expect(resolveMove({ ...horse, path: [leg(5), leg(10, 'difficult')] }, dice(1))).toMatchObject({
      inches: 5,
      halted: 'impassable',
    });
    expect(
      resolveMove({ ...horse, path: [leg(4), { kind: 'obstacle', inches: 1, impassable: true }] }, dice(1)),
    ).toMatchObject({ inches: 4, halted: 'impassable' });
  });

  it('gives guns a whole turn to cross: a gun that reaches the obstacle stops; one at it crosses and ends beyond', () => {
    const gun = {
      ...baseMove,
      troop: 'field-gun' as const,
      formation: 'limbered' as const,
      gunMove: 'limbered' as const,
      crossesLinearObstacle: true,
      road: 'secondary' as const,
    };
    // 12 + 5 = 17, x1.5 on the road: 6" to the ford cost 4"; 13" left is not the 17" crossing takes
    expect(resolveMove({ ...gun, inchesToObstacle: 6 }, dice(5))).toMatchObject({
      inches: 6,
      halted: 'at-obstacle',
      crossed: 0,
    });
    // at the ford: the whole move crossing it, then no more
    expect(resolveMove(gun, dice(5))).toMatchObject({ inches: 0, crossed: 1 });
    expect(resolveMove(gun, dice(5)).halted).toBeUndefined();
    // foot 6" short with 10": 6" (6 of 10), and 4" left is less than the 5" crossing takes
    expect(
      resolveMove({ ...baseMove, crossesLinearObstacle: true, inchesToObstacle: 6 }, dice(4)),
    ).toMatchObject({ inches: 6, halted: 'at-obstacle' });
  });
});

const musketry: SmallArmsFacts = {
  weapon: 'smoothbore-musket',
  eligibleFigures: 10,
  option: 'stand',
  rangeInches: 6,
  national: 'none',
  mounted: false,
  freshCloseOrderRegular: true,
};

describe('small arms (8)', () => {
  it('rolls a die per 2 figures, a remainder of half counting, hitting on 4+ close and 5+ long', () => {
    expect(resolveSmallArms({ ...musketry, eligibleFigures: 9 }, dice(4, 3, 6, 5, 1))).toMatchObject({
      dicePerVolley: 5,
      hits: 3,
      band: 'close',
    });
    expect(resolveSmallArms({ ...musketry, rangeInches: 12, eligibleFigures: 4 }, dice(4, 5))).toMatchObject({
      band: 'long',
      hits: 1,
    });
    expect(resolveSmallArms({ ...musketry, rangeInches: 20 }, dice())).toMatchObject({
      band: 'out-of-range',
      hits: 0,
    });
  });

  it('fires half the unit when it moves, twice or four times with breechloaders and repeaters', () => {
    expect(resolveSmallArms({ ...musketry, option: 'half-and-move' }, dice(6, 6, 6)).dicePerVolley).toBe(3);
    expect(
      resolveSmallArms(
        { ...musketry, weapon: 'breechloader', option: 'stand-twice', eligibleFigures: 2 },
        dice(4, 4),
      ),
    ).toMatchObject({ volleys: 2, hits: 2 });
    expect(
      resolveSmallArms(
        { ...musketry, weapon: 'repeater', option: 'stand-four', eligibleFigures: 2 },
        dice(1, 2, 3, 4),
      ),
    ).toMatchObject({ hits: 1, mustRally: true });
  });

  it('gives natives -1 against the British and mounted fire only on a 6', () => {
    expect(
      resolveSmallArms({ ...musketry, eligibleFigures: 2, national: 'native-against-british' }, dice(4)).hits,
    ).toBe(0);
    expect(
      resolveSmallArms(
        { ...musketry, eligibleFigures: 4, weapon: 'smoothbore-carbine', mounted: true },
        dice(5, 6),
      ).hits,
    ).toBe(1);
  });

  it('allows each option only to the weapons and troops the text gives it', () => {
    expect(fireOptionAllowed('smoothbore-musket', 'volley-and-move', false)).toBe(false);
    expect(fireOptionAllowed('smoothbore-musket', 'volley-and-move', true)).toBe(true);
    expect(fireOptionAllowed('patched-ball-rifle', 'stand', true)).toBe(false);
    expect(fireOptionAllowed('breechloader', 'stand-four', true)).toBe(false);
    expect(smallArmsFire.facts.safeParse({ ...musketry, option: 'stand-twice' }).success).toBe(false);
  });

  it('never expects fewer hits from more figures or a closer target (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 16 }), (figs, range) => {
        const f = { ...musketry, eligibleFigures: figs, rangeInches: range };
        const more = expected(smallArmsFire, { ...f, eligibleFigures: figs + 2 }, 'Hits');
        const closer = expected(smallArmsFire, { ...f, rangeInches: Math.max(0, range - 8) }, 'Hits');
        const here = expected(smallArmsFire, f, 'Hits');
        return more >= here - 1e-12 && closer >= here - 1e-12;
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with 20,000 seeded rolls', () => {
    const p = probability(smallArmsFire, musketry, 'Hits', 3);
    const prng = new PrngDice(seedRng(7));
    let n = 0;
    for (let i = 0; i < 20_000; i++) if (resolveSmallArms(musketry, prng).hits === 3) n++;
    expect(Math.abs(n / 20_000 - p)).toBeLessThan(0.015);
  });
});

describe('artillery (9)', () => {
  it('fires canister with a die per gunner, doubled at squares, natives -1', () => {
    expect(
      resolveCanister({ gunners: 3, rifled: false, native: false, targetSquare: false }, dice(4, 3, 6)).hits,
    ).toBe(2);
    expect(
      resolveCanister(
        { gunners: 3, rifled: false, native: false, targetSquare: true },
        dice(4, 3, 6, 1, 1, 1),
      ).dice,
    ).toBe(6);
    expect(
      resolveCanister({ gunners: 2, rifled: true, native: true, targetSquare: false }, dice(5, 6)).hits,
    ).toBe(1);
    expect(
      expected(canister, { gunners: 6, rifled: false, native: false, targetSquare: false }, 'Hits'),
    ).toBeCloseTo(3);
  });

  it('puts shot on target at the range in feet, then a die per 2 crew', () => {
    expect(
      resolveShot(
        { guns: 2, crewPerGun: 3, rangeInches: 30, rifled: false, mountainOr6pdr: false, native: false },
        dice(3, 2, 5, 4),
      ),
    ).toMatchObject({
      rangeFeet: 3,
      gunsOnTarget: 1,
      dice: 2,
      hits: 2,
    });
    const p = (rifled: boolean) =>
      probability(
        shotAndShell,
        { guns: 1, crewPerGun: 3, rangeInches: 40, rifled, mountainOr6pdr: false, native: false },
        'Guns on target',
        1,
      );
    expect(p(false)).toBeCloseTo(3 / 6);
    expect(p(true)).toBeCloseTo(4 / 6);
  });

  it('jams machine guns on a 1 (natives on a 2) and stops beyond 24"', () => {
    expect(resolveMachineGun({ crew: 3, rangeInches: 10, native: false }, dice(1)).jammed).toBe(true);
    expect(resolveMachineGun({ crew: 3, rangeInches: 10, native: true }, dice(2)).jammed).toBe(true);
    expect(resolveMachineGun({ crew: 3, rangeInches: 30, native: false }, dice()).hits).toBe(0);
    expect(
      probability(machineGun, { crew: 3, rangeInches: 10, native: false }, 'Jammed', 'jammed'),
    ).toBeCloseTo(1 / 6);
  });

  it('breaches walls on a 6, heavy guns on 5-6', () => {
    expect(resolveBreach({ effectDice: 3, heavyGuns: false }, dice(5, 6, 2)).breaches).toBe(1);
    expect(resolveBreach({ effectDice: 3, heavyGuns: true }, dice(5, 6, 2)).breaches).toBe(2);
  });
});

describe('casualties (10)', () => {
  const open = {
    hits: 0,
    target: 'close-order-infantry' as const,
    cover: false,
    marker: false,
    fromArtillery: false,
    leaders: 0,
  };
  it('takes one casualty per hit in the open, one per 2 in cover or skirmishing, one per 4 both', () => {
    expect(resolveCasualties({ ...open, hits: 3 }, dice()).casualties).toBe(3);
    expect(resolveCasualties({ ...open, hits: 4, cover: true }, dice()).casualties).toBe(2);
    expect(
      resolveCasualties({ ...open, hits: 8, target: 'skirmishers', cover: true }, dice()).casualties,
    ).toBe(2);
    expect(resolveCasualties({ ...open, hits: 4, target: 'cavalry' }, dice()).casualties).toBe(2);
  });

  it('turns a remainder of half or more into a marker, and a second marker into a casualty', () => {
    expect(resolveCasualties({ ...open, hits: 3, cover: true }, dice())).toMatchObject({
      casualties: 1,
      marker: true,
    });
    expect(resolveCasualties({ ...open, hits: 3, cover: true, marker: true }, dice())).toMatchObject({
      casualties: 2,
      marker: false,
    });
    expect(resolveCasualties({ ...open, hits: 5, target: 'skirmishers', cover: true }, dice())).toMatchObject(
      { casualties: 1, marker: false },
    );
  });

  it('rolls each hit on a battery on the chart; only artillery fire destroys guns', () => {
    const battery = { ...open, target: 'artillery' as const, hits: 3 };
    expect(resolveCasualties({ ...battery, fromArtillery: true }, dice(2, 4, 6))).toMatchObject({
      casualties: 1,
      animalsHit: 1,
      gunsDestroyed: 1,
    });
    expect(resolveCasualties(battery, dice(2, 4, 6))).toMatchObject({ casualties: 1, gunsDestroyed: 0 });
  });

  it('hits a leader on a 6, one of several equally likely', () => {
    expect(resolveCasualties({ ...open, hits: 2, leaders: 3 }, dice(6, 2)).leaderHit).toBe(2);
    expect(resolveCasualties({ ...open, hits: 2, leaders: 1 }, dice(5)).leaderHit).toBe(0);
    expect(
      probability(casualtiesProcedure, { ...open, hits: 2, leaders: 2 }, 'Leader hit', 'hit'),
    ).toBeCloseTo(1 / 6);
  });

  it('gives exact artillery-hit odds that sum to 1 for many hits', () => {
    const report = oddsOf(casualtiesProcedure, {
      ...open,
      target: 'artillery',
      hits: 20,
      fromArtillery: true,
      leaders: 0,
    });
    expect(report[0]!.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 9);
    expect(
      expected(casualtiesProcedure, { ...open, target: 'artillery', hits: 20, leaders: 0 }, 'Casualties'),
    ).toBeCloseTo(10, 9);
  });
});

const fight: MeleeFacts = {
  pairs: 3,
  attacker: { modifiers: [], doubled: false, twoVersusOnePairs: 0, shootingCasualties: 0 },
  defender: { modifiers: [], doubled: false, twoVersusOnePairs: 0, shootingCasualties: 0 },
  cavalryCharged: false,
  round: 1,
};

describe('melee (11)', () => {
  it("hits when a score is 2 or more above the opponent's, with modifiers and doubling", () => {
    expect(resolveMelee(fight, dice(3, 1, 2, 3, 1, 6))).toMatchObject({
      hitsOnDefender: 1,
      hitsOnAttacker: 1,
    });
    const lancers = {
      ...fight.attacker,
      modifiers: [{ id: 'imperial' as const }, { id: 'lancers-or-heavy-charging' as const }],
      doubled: true,
    };
    expect(resolveMelee({ ...fight, attacker: lancers }, dice(3, 4, 1, 6, 5, 2))).toMatchObject({
      hitsOnDefender: 2,
      hitsOnAttacker: 0,
    });
  });

  it('counts shooting casualties in the resolution; ties fight again, cavalry passes through, round 2 sends the charger back', () => {
    const r = resolveMelee(
      { ...fight, defender: { ...fight.defender, shootingCasualties: 2 } },
      dice(1, 1, 1, 1, 1, 1),
    );
    expect(r.outcome).toBe('attacker-wins');
    expect(resolveMelee(fight, dice(1, 1, 1, 1, 1, 1)).outcome).toBe('fight-again');
    expect(resolveMelee({ ...fight, cavalryCharged: true }, dice(1, 1, 1, 1, 1, 1)).outcome).toBe(
      'cavalry-passes-through',
    );
    expect(resolveMelee({ ...fight, round: 2 }, dice(1, 1, 1, 1, 1, 1)).outcome).toBe('charger-retreats');
  });

  it('rolls the 2 vs 1 pairs separately with +1', () => {
    const r = resolveMelee(
      { ...fight, pairs: 1, attacker: { ...fight.attacker, twoVersusOnePairs: 1 } },
      dice(3, 4),
    );
    expect(r.hitsOnDefender).toBe(0);
    expect(
      resolveMelee({ ...fight, pairs: 1, attacker: { ...fight.attacker, twoVersusOnePairs: 1 } }, dice(4, 3))
        .hitsOnDefender,
    ).toBe(1);
  });

  it('is symmetric without modifiers, and more modifiers never hurt the attacker (property)', () => {
    expect(probability(melee, fight, 'Outcome', 'attacker-wins')).toBeCloseTo(
      probability(melee, fight, 'Outcome', 'defender-wins'),
      12,
    );
    const mods = ['imperial', 'lancers-or-heavy-charging', 'defending-obstacle'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.subarray([...mods]),
        fc.constantFrom(...mods),
        (pairs, some, extra) => {
          const facts = (list: readonly string[]) => ({
            ...fight,
            pairs,
            attacker: { ...fight.attacker, modifiers: [...new Set(list)].map((id) => ({ id })) },
          });
          const before = probability(melee, facts(some), 'Outcome', 'attacker-wins');
          const after = probability(melee, facts([...some, extra]), 'Outcome', 'attacker-wins');
          return after >= before - 1e-12;
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('morale, spotting and engineering (7, 12, 13)', () => {
  it('shatters below half strength', () => {
    expect(isShattered(10, 20)).toBe(false);
    expect(isShattered(9, 20)).toBe(true);
  });

  it('surrenders only to a higher enemy score', () => {
    expect(resolveSurrender({ attachedLeaders: 1, standard: true }, dice(5, 3)).surrenders).toBe(false);
    expect(resolveSurrender({ attachedLeaders: 0, standard: false }, dice(5, 3)).surrenders).toBe(true);
    expect(resolveSurrender({ attachedLeaders: 0, standard: false }, dice(3, 3)).surrenders).toBe(false);
  });

  it('recovers on 6s, +1 each for an inspiring general and music; nothing without a leader or once abandoned', () => {
    const f = {
      held: 4,
      leaderAttached: true,
      inspiringGeneral: false,
      musicOrColours: true,
      abandoned: false,
    };
    expect(resolveRecovery(f, dice(5, 2, 6, 1)).recovered).toBe(2);
    expect(resolveRecovery({ ...f, leaderAttached: false }, dice())).toEqual({ recovered: 0, lost: 4 });
    expect(resolveRecovery({ ...f, abandoned: true }, dice())).toEqual({ recovered: 0, lost: 4 });
    expect(expected(casualtyRecovery, { ...f, musicOrColours: false }, 'Recovered')).toBeCloseTo(4 / 6);
  });

  it('spots within 6" always, 6"-12" on 1d6 + fieldcraft >= 6, never beyond 12"', () => {
    expect(resolveSpotting({ distanceInches: 5, fieldcraft: 1 }, dice()).spotted).toBe(true);
    expect(resolveSpotting({ distanceInches: 10, fieldcraft: 3 }, dice(3)).spotted).toBe(true);
    expect(resolveSpotting({ distanceInches: 10, fieldcraft: 1 }, dice(4)).spotted).toBe(false);
    expect(resolveSpotting({ distanceInches: 13, fieldcraft: 3 }, dice()).spotted).toBe(false);
  });

  it('damages a wooden bridge at 6 points and destroys it at 12', () => {
    expect(resolveDemolition({ charges: 2, bridge: 'wooden' }, dice(4, 5)).result).toBe('damaged');
    expect(resolveDemolition({ charges: 2, bridge: 'wooden' }, dice(6, 6)).result).toBe('destroyed');
    expect(resolveDemolition({ charges: 2, bridge: 'stone' }, dice(4, 5)).result).toBe('no-effect');
  });
});
