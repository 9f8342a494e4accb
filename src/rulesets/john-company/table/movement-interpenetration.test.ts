import { describe, expect, it } from 'vitest';
import {
  formationClass,
  type InterpenetrationParty,
  interpenetrationVerdict,
} from './movement-interpenetration.ts';

const regInf = (
  formation = 'close-order-line',
  more: Partial<InterpenetrationParty> = {},
): InterpenetrationParty => ({
  troop: 'british-infantry',
  formation,
  ...more,
});
const irrInf: InterpenetrationParty = { troop: 'native-irregular-infantry', formation: 'mass' };
const regCav = (formation = 'close-order-line'): InterpenetrationParty => ({
  troop: 'british-cavalry',
  formation,
});
const guns: InterpenetrationParty = { troop: 'british-field-artillery', formation: 'artillery-limbered' };

describe('interpenetration verdicts (Part 3, Interpenetration)', () => {
  it('classes formations', () => {
    expect(formationClass('square')).toBe('close');
    expect(formationClass('open-order-column')).toBe('open');
    expect(formationClass('skirmish-order')).toBe('skirmish');
    expect(formationClass('mass')).toBe('mass');
    expect(formationClass('artillery-deployed')).toBe('guns');
  });

  it('rule 1: regular infantry on Hold lets infantry through on a Normal Move or Step-4 charge', () => {
    const hold = regInf('close-order-line', { order: 'hold' });
    for (const kind of ['normal', 'charge-initiation'] as const) {
      const v = interpenetrationVerdict(irrInf, kind, hold);
      expect(v).toMatchObject({
        ruleNumber: 1,
        moverDisordered: false,
        otherDisordered: false,
        otherMayNotReformOrRally: true,
      });
    }
    expect(interpenetrationVerdict(regInf(), 'charge-contact', hold).ruleNumber).toBe(6);
    expect(interpenetrationVerdict(regCav(), 'normal', hold).ruleNumber).toBe(6);
  });

  it('rule 2: regular cavalry through regular infantry only when both are in open order', () => {
    expect(
      interpenetrationVerdict(regCav('open-order-line'), 'normal', regInf('open-order-column')).ruleNumber,
    ).toBe(2);
    expect(
      interpenetrationVerdict(regCav('open-order-line'), 'normal', regInf('close-order-line')).ruleNumber,
    ).toBe(6);
    expect(
      interpenetrationVerdict(
        { troop: 'native-irregular-cavalry', formation: 'open-order-line' },
        'normal',
        regInf('open-order-line'),
      ).ruleNumber,
    ).toBe(6);
  });

  it('rule 3: skirmishers and formed infantry or cavalry pass each other freely', () => {
    expect(interpenetrationVerdict(regInf('skirmish-order'), 'normal', regCav()).ruleNumber).toBe(3);
    expect(
      interpenetrationVerdict(regCav('open-order-line'), 'normal', regInf('skirmish-order')).ruleNumber,
    ).toBe(3);
    expect(
      interpenetrationVerdict(regInf('skirmish-order'), 'normal', regInf('skirmish-order')).ruleNumber,
    ).toBe(3);
    expect(interpenetrationVerdict(regInf('skirmish-order'), 'normal', irrInf).ruleNumber).toBe(6);
    expect(interpenetrationVerdict(regInf('skirmish-order'), 'normal', guns).ruleNumber).toBe(6);
  });

  it('rule 4: a mandatory move (by either unit) Disorders both, whatever else applies', () => {
    const v = interpenetrationVerdict(
      regInf('skirmish-order'),
      'mandatory',
      regInf('close-order-line', { order: 'hold' }),
    );
    expect(v).toMatchObject({ ruleNumber: 4, moverDisordered: true, otherDisordered: true });
    expect(
      interpenetrationVerdict(
        regInf('skirmish-order'),
        'normal',
        regInf('close-order-line', { onMandatoryMove: true }),
      ).ruleNumber,
    ).toBe(4);
  });

  it('rule 6: anything else Disorders both', () => {
    expect(
      interpenetrationVerdict(guns, 'normal', regInf('close-order-line', { order: 'hold' })),
    ).toMatchObject({
      ruleNumber: 6,
      moverDisordered: true,
      otherDisordered: true,
    });
  });
});
