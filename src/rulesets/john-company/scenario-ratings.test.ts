import { describe, expect, it } from 'vitest';
import { NEUTRAL_QUALITIES } from '../../core/scenario/vocabulary.ts';
import {
  JC_DEFAULT_RESOLVE,
  JC_GUN_TROOP_TYPE,
  JC_QUALITY_ADJUSTMENT,
  JC_RESOLVE_CATEGORIES,
  JC_SCENARIO_OVERRIDES,
  type JcUnitDescription,
  jcDefaultSkirmish,
  jcDefaultTroopType,
  jcResolveCategory,
  jcUnitProblems,
  jcUnitRatings,
} from './scenario-ratings.ts';
import { formationAllowed } from './table/formations.ts';
import { ARTILLERY_WEAPONS } from './tables/artillery.ts';
import { MOVEMENT_RATES } from './tables/movement-rates.ts';
import { MUSTER } from './vocabulary.ts';

const SEPOYS: JcUnitDescription = {
  commander: 'gen-a',
  arm: 'infantry',
  regular: true,
  origin: 'indian',
  army: 'british',
  weapon: 'flintlock-musket',
  quality: 'trained',
  stands: 6,
  formation: 'line',
};

const unit = (changes: Partial<JcUnitDescription>): JcUnitDescription => ({ ...SEPOYS, ...changes });

describe('Resolve Levels', () => {
  it("give the text's two stated values: European infantry 20, Sikh regular infantry 17", () => {
    expect(jcUnitRatings(unit({ origin: 'european' })).profile.resolveLevel).toBe(20);
    expect(jcUnitRatings(unit({ army: 'native', quality: 'elite' })).profile.resolveLevel).toBe(17);
  });

  it("follow Muster's placeholders by category (rules-facts gap 24)", () => {
    expect(JC_DEFAULT_RESOLVE).toEqual({
      'british-european-infantry': 20,
      'british-european-cavalry': 18,
      'british-european-artillery': 20,
      'british-indian-infantry': 17,
      'british-indian-cavalry': 17,
      'british-indian-artillery': 17,
      'native-european-infantry': 18,
      'native-european-cavalry': 17,
      'native-european-artillery': 18,
      'native-indian-infantry': 15,
      'native-indian-cavalry': 15,
      'native-indian-artillery': 15,
      'irregular-infantry': 12,
      'irregular-cavalry': 13,
      'irregular-artillery': 12,
    });
    expect(JC_QUALITY_ADJUSTMENT).toEqual({ elite: 2, veteran: 1, trained: 0, raw: -2, levy: -4 });
  });

  it('fall with quality, and every category and grade gives a level in range', () => {
    for (const arm of ['infantry', 'cavalry', 'artillery'] as const)
      for (const regular of [true, false])
        for (const army of ['british', 'native'] as const)
          for (const origin of ['european', 'indian'] as const) {
            const levels = NEUTRAL_QUALITIES.map(
              (quality) =>
                jcUnitRatings(unit({ arm, regular, army, origin, quality, weapon: 'none' })).profile
                  .resolveLevel,
            );
            expect([...levels].sort((a, b) => b - a)).toEqual(levels);
            for (const l of levels) {
              expect(l).toBeGreaterThanOrEqual(1);
              expect(l).toBeLessThanOrEqual(origin === 'european' ? 30 : 20);
            }
          }
  });

  it('sort units into their categories', () => {
    expect(jcResolveCategory(SEPOYS)).toBe('british-indian-infantry');
    expect(jcResolveCategory(unit({ regular: false, army: 'native' }))).toBe('irregular-infantry');
    expect(jcResolveCategory(unit({ arm: 'artillery', origin: 'european', army: 'native' }))).toBe(
      'native-european-artillery',
    );
    expect(new Set(JC_RESOLVE_CATEGORIES).size).toBe(15);
  });

  it('let Europeans exceed 20 but cap Indian units, unless an Army List exception says otherwise', () => {
    expect(jcUnitRatings(unit({ origin: 'european', quality: 'elite' })).profile.resolveLevel).toBe(22);
    const scenario = { resolveLevels: { 'british-indian-infantry': 20 } };
    expect(jcUnitRatings(unit({ quality: 'elite' }), scenario).profile.resolveLevel).toBe(20);
    const exception = unit({ quality: 'elite', ratings: { 'john-company': { mayExceed20: true } } });
    expect(jcUnitRatings(exception, scenario).profile).toMatchObject({ resolveLevel: 22, mayExceed20: true });
  });

  it('are marked as Muster defaults, or as the scenario when it overrides them', () => {
    expect(jcUnitRatings(SEPOYS).basis.resolveLevel.source).toBe(MUSTER);
    const overridden = jcUnitRatings(unit({ ratings: { 'john-company': { resolveLevel: 9 } } }));
    expect(overridden.profile.resolveLevel).toBe(9);
    expect(overridden.basis.resolveLevel).toEqual({
      source: 'Scenario',
      section: "ratings['john-company']",
      item: 'resolveLevel',
    });
    const byScenario = jcUnitRatings(SEPOYS, { qualityAdjustments: { trained: 1 } });
    expect(byScenario.profile.resolveLevel).toBe(18);
    expect(byScenario.basis.resolveLevel.section).toBe("overrides['john-company']");
  });
});

describe('movement rows, Charge Bonus and the profile', () => {
  it('take regulars by army, irregulars as native irregulars, and guns by their weapon', () => {
    expect(jcDefaultTroopType(SEPOYS)).toBe('british-infantry');
    expect(jcDefaultTroopType(unit({ army: 'native' }))).toBe('native-regular-infantry');
    expect(jcDefaultTroopType(unit({ arm: 'cavalry', army: 'british' }))).toBe('british-cavalry');
    expect(jcDefaultTroopType(unit({ arm: 'cavalry', army: 'native' }))).toBe('native-regular-cavalry');
    expect(jcDefaultTroopType(unit({ regular: false }))).toBe('native-irregular-infantry');
    expect(jcDefaultTroopType(unit({ arm: 'cavalry', regular: false }))).toBe('native-irregular-cavalry');
    for (const gun of [...ARTILLERY_WEAPONS, 'zamburek'] as const) {
      const row = MOVEMENT_RATES.troops[jcDefaultTroopType(unit({ arm: 'artillery', weapon: gun }))];
      expect(row.arm).toBe('artillery');
      expect(row.id).toBe(JC_GUN_TROOP_TYPE[gun]);
    }
  });

  it("give the row's Charge Bonus and cite the row", () => {
    const r = jcUnitRatings(unit({ arm: 'cavalry', weapon: 'carbine' }));
    expect(r.chargeBonus).toBe(6);
    expect(r.basis.troop).toEqual(MOVEMENT_RATES.troops['british-cavalry'].rule);
    expect(jcUnitRatings(unit({ arm: 'cavalry', regular: false, army: 'native' })).chargeBonus).toBe(5);
    expect(jcUnitRatings(unit({ arm: 'artillery', weapon: 'british-horse' })).chargeBonus).toBe(0);
  });

  it('fill the John Company unit profile', () => {
    expect(jcUnitRatings(SEPOYS).profile).toEqual({
      troop: 'british-infantry',
      origin: 'indian',
      resolveLevel: 17,
      startingStands: 6,
      general: 'gen-a',
      weapon: 'flintlock-musket',
    });
    const lancers = jcUnitRatings(
      unit({
        arm: 'cavalry',
        regular: false,
        army: 'native',
        weapon: 'none',
        lancers: true,
        formation: 'mass',
      }),
    );
    expect(lancers.profile).toEqual({
      troop: 'native-irregular-cavalry',
      origin: 'indian',
      resolveLevel: 13,
      startingStands: 6,
      general: 'gen-a',
      cavalryWeight: 'light',
      lancers: true,
    });
    const battery = jcUnitRatings(
      unit({
        arm: 'artillery',
        regular: false,
        army: 'native',
        weapon: 'native-field',
        stands: 2,
        crews: 2,
        formation: 'unlimbered',
      }),
    );
    expect(battery.profile).toMatchObject({
      startingStands: 4,
      nativeIrregularCrew: true,
      troop: 'jinsi-field-artillery',
    });
    expect(battery.formation).toBe('artillery-deployed');
    const variant = jcUnitRatings(unit({ ratings: { 'john-company': { rateVariant: 'second' } } }));
    expect(variant.profile.rateVariant).toBe('second');
  });
});

describe('skirmishing', () => {
  it('is for regular light troops as units and for line battalions with a light company of 2 or more', () => {
    expect(jcDefaultSkirmish(unit({ weight: 'light' }))).toBe('unit');
    expect(jcDefaultSkirmish(unit({ arm: 'cavalry', weight: 'light' }))).toBe('unit');
    expect(jcDefaultSkirmish(unit({ skirmishers: 2 }))).toBe('light-company');
    expect(jcDefaultSkirmish(unit({ skirmishers: 1 }))).toBe('none');
    expect(jcDefaultSkirmish(unit({ regular: false, weight: 'light' }))).toBe('none');
    expect(jcDefaultSkirmish(unit({ arm: 'cavalry', weight: 'heavy' }))).toBe('none');
    expect(jcUnitRatings(unit({ skirmishers: 2 })).profile.lightCompanyStands).toBe(2);
    expect(jcUnitRatings(unit({ weight: 'light' })).profile.skirmishCapable).toBe(true);
  });

  it('lets light infantry stand in skirmish order', () => {
    const r = jcUnitRatings(unit({ weight: 'light', formation: 'skirmish' }));
    expect(formationAllowed(r.profile, r.formation).allowed).toBe(true);
    expect(jcUnitProblems(unit({ weight: 'light', formation: 'skirmish' }))).toEqual([]);
  });
});

describe('jcUnitProblems', () => {
  it('finds rows of another arm, forbidden formations and thin light companies', () => {
    expect(jcUnitProblems(unit({ ratings: { 'john-company': { troopType: 'zambureks' } } }))).toEqual([
      {
        path: 'ratings["john-company"].troopType',
        message: '"zambureks" is a row for artillery, but the unit is infantry',
      },
    ]);
    expect(jcUnitProblems(unit({ formation: 'mass' }))).toEqual([
      { path: 'formation', message: 'Regular infantry may not form mass (mass)' },
    ]);
    expect(jcUnitProblems(unit({ stands: 2, skirmishers: 2 }))).toEqual([
      { path: 'skirmishers', message: 'a light company leaves no stands in the battalion' },
    ]);
    expect(
      jcUnitProblems(
        unit({ regular: false, formation: 'mass', ratings: { 'john-company': { skirmish: 'unit' } } }),
      ),
    ).toEqual([
      {
        path: 'ratings["john-company"].skirmish',
        message: 'the Native irregular infantry (mass only) row has no skirmish-order rate',
      },
    ]);
  });
});

describe("the scenario's John Company overrides", () => {
  it('check an Orders deck', () => {
    const r = JC_SCENARIO_OVERRIDES.safeParse({
      ordersDeck: {
        cards: [
          { value: 7, count: 2, events: 3 },
          { value: 7, count: 1, events: 0 },
        ],
      },
      commandRadius: { byGeneralship: { Genius: 20 } },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'ordersDeck.cards.0.events: 3 Event cards among only 2 cards',
      'ordersDeck.cards.1.value: a second line for 7s',
    ]);
  });

  it('accept partial tables', () => {
    const r = JC_SCENARIO_OVERRIDES.parse({
      commandRadius: { byGeneralship: { Witless: 4 }, commanderInChiefBonus: 8 },
      resolveLevels: { 'irregular-cavalry': 14 },
      qualityAdjustments: { levy: -5 },
    });
    expect(r.resolveLevels).toEqual({ 'irregular-cavalry': 14 });
  });
});
