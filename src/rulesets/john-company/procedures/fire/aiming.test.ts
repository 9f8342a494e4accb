import { describe, expect, it } from 'vitest';
import { FORMATIONS, type Formation } from '../../vocabulary.ts';
import { targetRowFor } from './aiming.ts';
import type { SmallArmsFireFacts } from './facts.ts';
import { ART_BASE, art, BASE, RF0, sa } from './fixtures.ts';

describe('target-formation row (readings)', () => {
  it.each<[Formation, boolean, boolean, string]>([
    ['close-order-line', false, false, 'close-order-line'],
    ['close-order-line', false, true, 'column-square-or-enfiladed-line'],
    ['close-order-line', true, true, 'disordered'],
    ['open-order-line', false, false, 'open-order'],
    ['open-order-line', false, true, 'column-square-or-enfiladed-line'],
    ['open-order-column', false, false, 'open-order'],
    ['close-order-column', false, false, 'column-square-or-enfiladed-line'],
    ['close-order-column', true, false, 'disordered'],
    ['square', false, false, 'column-square-or-enfiladed-line'],
    ['mass', false, false, 'mass'],
    ['mass', true, false, 'disordered'],
    ['skirmish-order', true, false, 'skirmishers'],
    ['artillery-deployed', true, true, 'crews-or-train'],
    ['artillery-limbered', false, false, 'crews-or-train'],
  ])('%s, disordered %s, enfiladed %s: %s', (targetFormation, targetDisordered, enf, row) => {
    expect(
      targetRowFor({
        targetFormation,
        targetDisordered,
        ...(enf ? { enfilade: { targetRanks: 1, targetArm: 'infantry' } } : {}),
      }),
    ).toBe(row);
  });

  it('train troops use the crews-or-train row whatever their formation', () => {
    for (const f of FORMATIONS)
      expect(targetRowFor({ targetFormation: f, targetIsTrain: true })).toBe('crews-or-train');
  });
});

describe('no fire', () => {
  const { range: _, ...noRange } = BASE;
  it.each<[string, SmallArmsFireFacts, string]>([
    ['Panicked', { ...BASE, status: 'Panicked' }, 'status-may-not-fire'],
    ['beyond extreme', { ...noRange, distance: 9.5 }, 'beyond-extreme-range'],
    ['javelins at long', { ...BASE, weapon: 'javelin', range: 'long' }, 'no-such-band'],
    ['no stands', { ...BASE, standsFiring: 0 }, 'no-stands-firing'],
  ])('%s: no fire, no dice thrown', (_, facts, reason) => {
    const r = sa(facts, []);
    expect(r).toMatchObject({ fired: false, noFire: reason, standsLost: 0, event: false });
  });

  it('a mortar inside its minimum range cannot fire', () => {
    const facts = { ...ART_BASE, weapon: 'british-heavy-mortar', distance: 7 } as const;
    const { range: _, ...withDistance } = facts;
    expect(art(withDistance, [])).toMatchObject({ fired: false, noFire: 'inside-minimum-range' });
    expect(art({ ...ART_BASE, weapon: 'british-heavy-mortar' }, [])).toMatchObject({
      noFire: 'no-such-band',
    });
  });

  it('reading: a Wavering unit still fires, at -4', () => {
    expect(sa({ ...BASE, status: 'Wavering' }, RF0)).toMatchObject({ fired: true, fff: 11 });
  });
});
