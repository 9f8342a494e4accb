import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { COMMANDERS_WOUND_WORDING, type OfficerCasualtySeverity } from '../tables/officers.ts';
import { OFFICER_RANKS, type OfficerRank } from '../vocabulary.ts';
import {
  type OfficerCasualtyFacts,
  officerCasualty,
  officerCasualtyFactsSchema,
  resolveOfficerCasualty,
} from './officer-casualty.ts';

const resolve = (facts: OfficerCasualtyFacts, trace?: Trace) =>
  resolveOfficerCasualty(
    officerCasualtyFactsSchema.parse(facts) as OfficerCasualtyFacts,
    new SuppliedDice([]),
    trace,
  );

const REMOVED = [
  { kind: 'removed', duration: 'rest-of-game' },
  { kind: 'may-be-replaced', from: 'next-turn' },
];
const HIS_UNITS_MINUS_2 = [
  {
    kind: 'reaction-modifier',
    units: 'under-his-command',
    unitClass: 'any',
    modifier: 'superior-general-lost',
    amount: -2,
    tests: 'next',
  },
];
const REGULARS_MINUS_3 = {
  kind: 'reaction-modifier',
  units: 'whole-army',
  unitClass: 'regular',
  modifier: 'commander-in-chief-lost-regular',
  amount: -3,
  tests: 'next',
};
const IRREGULARS_MINUS_4 = {
  kind: 'reaction-modifier',
  units: 'whole-army',
  unitClass: 'irregular',
  modifier: 'commander-in-chief-lost-irregular',
  amount: -4,
  tests: 'next',
};

// Authority: Part 4, Events, "Killed or Dangerously Wounded" and "Injured" (Wing read as Divisional).
const UNITS_WHEN_LOST: Record<OfficerRank, unknown[]> = {
  brigadier: HIS_UNITS_MINUS_2,
  divisional: HIS_UNITS_MINUS_2,
  wing: HIS_UNITS_MINUS_2,
  'commander-in-chief': [REGULARS_MINUS_3, IRREGULARS_MINUS_4],
};

describe('officer casualty: every severity for every rank', () => {
  const cases = OFFICER_RANKS.flatMap((rank) =>
    (['killed', 'dangerously-wounded', 'injured'] as const).map((casualty) => [rank, casualty] as const),
  );
  it.each(cases)('%s %s', (rank, casualty) => {
    const r = resolve({ casualty, rank });
    expect(r.severity).toBe(casualty);
    expect(r.escalated).toBe(false);
    if (casualty === 'injured') {
      expect(r.officer).toEqual([{ kind: 'movement-change', inches: -10, duration: 'rest-of-game' }]);
      expect(r.units).toEqual([]);
    } else {
      expect(r.officer).toEqual(REMOVED);
      expect(r.units).toEqual(UNITS_WHEN_LOST[rank]);
    }
  });
});

describe("officer casualty: the Commanders' Events wording", () => {
  it.each([
    ['dead', 'killed'],
    ['serious-wound', 'dangerously-wounded'],
    ['light-wound', 'injured'],
  ] as const)('"%s" is %s', (wording, severity) => {
    expect(COMMANDERS_WOUND_WORDING.rows[wording]).toBe(severity);
    const trace = new Trace();
    expect(resolve({ casualty: wording, rank: 'brigadier' }, trace).severity).toBe(severity);
    expect(trace.steps[0]?.value).toBe(severity);
  });
});

describe('officer casualty: readings', () => {
  it('a second injury makes him dangerously wounded, removed, and costs his units -2', () => {
    const r = resolve({ casualty: 'injured', rank: 'divisional', alreadyInjured: true });
    expect(r).toEqual({
      severity: 'dangerously-wounded',
      escalated: true,
      officer: REMOVED,
      units: HIS_UNITS_MINUS_2,
    });
    expect(resolve({ casualty: 'light-wound', rank: 'wing', alreadyInjured: true }).severity).toBe(
      'dangerously-wounded',
    );
  });
  it('an earlier injury does not change a killing', () => {
    expect(resolve({ casualty: 'killed', rank: 'brigadier', alreadyInjured: true })).toMatchObject({
      severity: 'killed',
      escalated: false,
    });
  });
  it('the unit class narrows the C-in-C effect to that class', () => {
    expect(resolve({ casualty: 'killed', rank: 'commander-in-chief', unitClass: 'regular' }).units).toEqual([
      REGULARS_MINUS_3,
    ]);
    expect(
      resolve({ casualty: 'dangerously-wounded', rank: 'commander-in-chief', unitClass: 'irregular' }).units,
    ).toEqual([IRREGULARS_MINUS_4]);
    expect(resolve({ casualty: 'killed', rank: 'brigadier', unitClass: 'irregular' }).units).toEqual(
      HIS_UNITS_MINUS_2,
    );
  });
});

describe('officer casualty: a procedure without dice', () => {
  it('the odds are certain', () => {
    const [severity, units] = oddsOf(officerCasualty, { casualty: 'killed', rank: 'commander-in-chief' });
    expect(severity!.outcomes).toEqual([{ outcome: 'killed', probability: 1 }]);
    expect(units!.outcomes).toEqual([
      { outcome: 'whole army (regular) -3 next test; whole army (irregular) -4 next test', probability: 1 },
    ]);
  });
  it('rejects typed-in dice it does not use, and unknown facts', () => {
    expect(() =>
      resolveProcedure(officerCasualty, { casualty: 'killed', rank: 'brigadier' }, { dice: [3] }),
    ).toThrow(/too many dice/);
    expect(officerCasualtyFactsSchema.safeParse({ casualty: 'grazed', rank: 'brigadier' }).success).toBe(
      false,
    );
    expect(officerCasualtyFactsSchema.safeParse({ casualty: 'killed', rank: 'colonel' }).success).toBe(false);
  });
  it('the examples resolve as their titles say', () => {
    const [cinc, brigadier] = officerCasualty.examples.map(
      (e) =>
        resolveProcedure(officerCasualty, officerCasualtyFactsSchema.parse(e.facts), { dice: e.dice }).result,
    );
    expect(cinc!.units).toEqual([REGULARS_MINUS_3, IRREGULARS_MINUS_4]);
    expect(brigadier).toMatchObject({
      severity: 'dangerously-wounded' satisfies OfficerCasualtySeverity,
      escalated: true,
    });
    expect(officerCasualty.describe(brigadier!)[0]).toBe('Dangerously wounded (a second injury)');
  });
});
