import { describe, expect, it } from 'vitest';
import { seedRng } from '../../core/random/prng.ts';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';
import { Draft } from './draft.ts';
import { fireAt } from './fire.ts';
import { practiceScenario } from './fixtures.ts';
import { deployLightCompany, rejoinLightCompany } from './light-companies.ts';
import { mandatoryMove } from './moves.ts';
import { commandersEvent, officerCasualty, replaceOfficers } from './officers.ts';
import { attemptRally, rallyGeneral } from './rally.ts';
import { runPendingSteps } from './run-pending.ts';
import { setupBattle } from './setup.ts';
import type { JcGameState } from './state.ts';
import { unitEvent } from './unit-events.ts';
import { removeStands } from './units.ts';

/** Two lines facing each other 12" apart, and the practice battle's Generals. */
function twoLines(extra: Partial<Unit>[] = []): Scenario {
  const base = practiceScenario();
  const t = new Map(base.units.map((u) => [u.id, u]));
  const whole = [
    { x: 0, y: 0 },
    { x: 72, y: 0 },
    { x: 72, y: 48 },
    { x: 0, y: 48 },
  ];
  return {
    ...base,
    terrain: [],
    units: [
      { ...t.get('company-1')!, commander: 'company-left', position: { x: 20, y: 18 }, facing: 90 },
      { ...t.get('company-3')!, commander: 'company-left', position: { x: 40, y: 18 }, facing: 90 },
      { ...t.get('maratha-1')!, commander: 'maratha-left', position: { x: 20, y: 30 }, facing: 270 },
      { ...t.get('maratha-3')!, commander: 'maratha-left', position: { x: 40, y: 30 }, facing: 270 },
      ...(extra as Unit[]),
    ],
    deployment: [
      { id: 'company-zone', side: 'company', outline: whole },
      { id: 'maratha-zone', side: 'maratha', outline: whole },
    ],
  };
}

function draft(seed: number, scenario = twoLines()): Draft {
  const s: JcGameState = { ...setupBattle(scenario, 1), rng: seedRng(seed) };
  return new Draft(s, { traces: true });
}

describe('John Company: events and their effects', () => {
  it('applies every unit event effect it rolls (200 seeds)', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) {
      const d = draft(seed);
      const before = d.unit('company-1');
      unitEvent(d, 'company-1', 'maratha-1');
      runPendingSteps(d);
      const e = d.events.find((x) => x.type === 'unit-event');
      expect(e).toBeDefined();
      if (e?.type !== 'unit-event') continue;
      expect(e.irreversible).toBe(true);
      expect(e.rolls!.length).toBeGreaterThan(0);
      const after = d.unit('company-1');
      for (const effect of e.result.effects) {
        kinds.add(effect.kind);
        switch (effect.kind) {
          case 'reaction-modifier': {
            const who = effect.unit === 'self' ? after : d.unit('maratha-1');
            expect(who.pending.some((p) => p.id === effect.modifier)).toBe(true);
            break;
          }
          case 'resolve-change':
            expect(after.adjustments.some((a) => a.id === effect.adjustment)).toBe(true);
            break;
          case 'disordered':
            expect(after.disordered).toBe(true);
            break;
          case 'fire-halved':
            expect(after.fireHalved).toBe(true);
            break;
          case 'next-order':
            expect(after.forcedOrder).toBeDefined();
            break;
          case 'without-orders-next-test':
            expect(after.withoutOrdersNextTest).toBe(true);
            break;
          case 'quit-the-battle':
            expect(after.quitting).toBe(true);
            break;
          case 'movement-change':
            expect(
              after.nextMoveInches !== before.nextMoveInches || after.disordered !== before.disordered,
            ).toBe(true);
            break;
          case 'colours-lost':
            expect(after.colours).not.toBe('none');
            break;
        }
      }
    }
    for (const k of ['reaction-modifier', 'resolve-change', 'next-order', 'movement-change', 'fire-halved'])
      expect(kinds).toContain(k);
  });

  it("applies Commanders' Events to the General, his orders and his units (200 seeds)", () => {
    let casualties = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const d = draft(seed);
      d.patchGeneral('company-left', { orders: 3 });
      commandersEvent(d, 'company-left');
      const e = d.events.find((x) => x.type === 'commanders-event');
      if (e?.type !== 'commanders-event') throw new Error('no event');
      const g = d.general('company-left');
      for (const effect of e.result.effects) {
        if (effect.kind === 'officer-casualty' && effect.severity !== 'injured') {
          casualties++;
          expect(d.tableGeneral('company-left')).toBeUndefined();
          expect(g.lostTurn).toBe(1);
        }
        if (effect.kind === 'command-radius' && effect.op === 'halve') expect(g.radiusHalved).toBe(true);
        if (effect.kind === 'no-charges') expect(g.noCharges).toBe(true);
        if (effect.kind === 'orders-change' && effect.op === 'cap' && effect.amount === 0)
          expect(g.orders).toBe(0);
      }
    }
    expect(casualties).toBeGreaterThan(0);
  });

  it('replaces a fallen General the next turn; his units answer to the replacement', () => {
    const d = draft(3);
    officerCasualty(d, 'company-left', 'killed');
    expect(d.general('company-left').casualty).toBe('killed');
    expect(d.unit('company-1').pending.map((p) => p.id)).toContain('superior-general-lost');
    replaceOfficers(d);
    expect(d.general('company-left').replacedBy).toBeUndefined();
    d.turn = 2;
    replaceOfficers(d);
    const id = d.general('company-left').replacedBy!;
    expect(id).toBe('company-left-2');
    expect(d.unit('company-1').commander).toBe(id);
    expect(d.tableGeneral(id)).toBeDefined();
    expect(d.events.some((e) => e.type === 'officer-replaced')).toBe(true);
  });

  it('guns firing at guns fire counter-battery', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const d = draft(seed);
      fireAt(d, 'company-3', 'maratha-3', 'order');
      const shot = d.events.find((e) => e.type === 'unit-fired');
      expect(shot).toMatchObject({ kind: 'counter-battery', unit: 'company-3', target: 'maratha-3' });
      expect(d.unit('maratha-3').artilleryFireSinceCheck).toBe(true);
    }
  });

  it('removes losses from the rear and destroys a unit with no stand left', () => {
    const d = draft(1);
    const stands = countedStands(d.tableUnit('maratha-1'));
    expect(removeStands(d, 'maratha-1', 2, 'test')).toBe(2);
    expect(countedStands(d.tableUnit('maratha-1'))).toBe(stands - 2);
    expect(d.unit('maratha-1').standsLostSinceCheck).toBe(2);
    expect(removeStands(d, 'maratha-1', 99, 'test')).toBe(stands - 2);
    expect(d.onTable('maratha-1')).toBe(false);
    expect(d.unit('maratha-1').offTable).toBe('destroyed');
    expect(d.movementDeck.drawPile).not.toContain('maratha-1');
  });

  it('routs a unit towards its base edge, backs to the enemy, and rallies it with a General in contact', () => {
    let rallied = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const d = draft(seed);
      const y0 = d.tableUnit('company-1').stands[0]!.y;
      mandatoryMove(d, 'company-1', 'rout', 'maratha-1');
      const u = d.unit('company-1');
      expect(u.routing).toBe(true);
      expect(u.disordered).toBe(true);
      const t = d.tableUnit('company-1');
      expect(t.stands[0]!.y).toBeLessThan(y0);
      expect(Math.cos((t.facing * Math.PI) / 180 - Math.PI / 2)).toBeLessThan(0);
      // A General rides up and touches it: it may rally (no enemy can reach it, no losses since its test).
      const g = d.tableGeneral('company-chief')!;
      d.setTableGeneral({ ...g, attachedTo: 'company-1' });
      expect(rallyGeneral(d, 'company-1')).toBe('company-chief');
      if (attemptRally(d, 'company-1', 'company-chief')) {
        rallied++;
        expect(d.unit('company-1').routing).toBe(false);
      } else expect(d.general('company-chief').rallyFailed).toBe(true);
    }
    expect(rallied).toBeGreaterThan(0);
  });

  /** The two lines and company-2, a battalion with a light company, on their right. */
  const withLightCompany = () =>
    twoLines([
      {
        ...practiceScenario().units.find((u) => u.id === 'company-2')!,
        commander: 'company-left',
        position: { x: 56, y: 14 },
        facing: 90,
      },
    ]);

  it('sends a light company out 2" ahead, keeps it within 12", and takes it back', () => {
    const d = draft(1, withLightCompany());
    const before = countedStands(d.tableUnit('company-2'));
    expect(deployLightCompany(d, 'company-2')).toBeUndefined();
    const company = d.unit('company-2').lightCompany!;
    expect(company).toBe('company-2-light-1');
    expect(d.tableUnit(company).formation).toBe('skirmish-order');
    expect(countedStands(d.tableUnit(company))).toBe(2);
    expect(countedStands(d.tableUnit('company-2'))).toBe(before - 2);
    expect(d.unit('company-2').profile.startingStands).toBe(before - 2);
    expect(d.unit(company).battalion).toBe('company-2');
    expect(deployLightCompany(d, 'company-2')?.code).toBe('company-out');
    // A mandatory move brings it back at once.
    mandatoryMove(d, 'company-2', 'fall-back', 'maratha-1');
    expect(d.onTable(company)).toBe(false);
    expect(d.unit(company).offTable).toBe('rejoined');
    expect(countedStands(d.tableUnit('company-2'))).toBe(before);
    expect(d.unit('company-2').profile.startingStands).toBe(before);
    expect(rejoinLightCompany(d, 'company-2')?.code).toBe('no-company-out');
  });

  it('keeps an officer riding with a light company with its stands when it rejoins: attached to the battalion', () => {
    const d = draft(1, withLightCompany());
    expect(deployLightCompany(d, 'company-2')).toBeUndefined();
    const company = d.unit('company-2').lightCompany!;
    d.setTableGeneral({ ...d.tableGeneral('company-left')!, attachedTo: company });
    expect(rejoinLightCompany(d, 'company-2', true)).toBeUndefined();
    expect(d.onTable(company)).toBe(false);
    expect(d.tableGeneral('company-left')?.attachedTo).toBe('company-2');
  });
});
