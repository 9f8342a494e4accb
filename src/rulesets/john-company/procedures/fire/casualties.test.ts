import { describe, expect, it } from 'vitest';
import { Trace } from '../../../../core/rules/trace.ts';
import { ART_BASE, art, BASE, RF0, sa } from './fixtures.ts';
import { smallArmsFire } from './small-arms.ts';

describe('after the Final Fire Factor', () => {
  it('an Event Die of 1 is an Event on the target', () => {
    expect(sa(BASE, [3, 3, 1]).event).toBe(true);
    expect(sa(BASE, [3, 3, 2]).event).toBe(false);
  });

  it('reading: blinded halves the FFF after the Random Factor, rounding down', () => {
    // 15 + (6 - 1) = 20, halved 10: row 10, 10 stands: 3.
    expect(sa({ ...BASE, blinded: true }, [6, 1, 6])).toMatchObject({ fff: 10, standsLost: 3 });
    // 15 + 0 = 15, halved 7 (rounded down).
    expect(sa({ ...BASE, blinded: true }, RF0).fff).toBe(7);
    // 0 or less stays as it is.
    expect(sa({ ...BASE, resolveLevel: 1, range: 'extreme', blinded: true }, RF0).fff).toBe(-11);
  });

  it('reading: an FFF above 27 reads row 27', () => {
    const r = art({ ...ART_BASE, weapon: 'british-siege', resolveLevel: 25, crewStands: 10 }, [6, 1, 6]);
    expect(r).toMatchObject({ fff: 37, tableRow: 27, standsLost: 10 });
  });

  it('reading: skirmishers take the first (odd) casualty, the screened unit every second', () => {
    const facts = {
      ...BASE,
      resolveLevel: 30,
      standsFiring: 30,
      targetFormation: 'skirmish-order',
      screening: {},
    } as const;
    // 30 - 12 + 5 = 23: 3 columns of 10 at row 23 = 21 casualties: 11 skirmishers, 10 screened.
    expect(sa(facts, [6, 1, 6])).toMatchObject({
      tableLosses: 21,
      targetStandsLost: 11,
      screenedStandsLost: 10,
    });
  });

  it('reading: losses never exceed the stands present; excess casualties are lost', () => {
    const facts = { ...BASE, resolveLevel: 30, standsFiring: 30, targetStands: 4 };
    expect(sa(facts, [6, 1, 6])).toMatchObject({ tableLosses: 30, standsLost: 4, targetStandsLost: 4 });
    const screened = {
      ...facts,
      targetFormation: 'skirmish-order',
      targetStands: 2,
      screening: { screenedStands: 3 },
    } as const;
    expect(sa(screened, [6, 1, 6])).toMatchObject({
      tableLosses: 21,
      targetStandsLost: 2,
      screenedStandsLost: 3,
      standsLost: 5,
    });
  });

  it('the trace is optional and changes nothing', () => {
    const trace = new Trace();
    const ex = smallArmsFire.examples[0]!;
    expect(sa(ex.facts, [...ex.dice!], trace)).toEqual(sa(ex.facts, [...ex.dice!]));
    expect(trace.steps.at(-1)).toMatchObject({
      label: 'Firing Table row 7: 2 (10 stands) + 1 (6 stands)',
      value: 3,
    });
  });
});
