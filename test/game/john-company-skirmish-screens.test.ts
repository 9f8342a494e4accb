import { describe, expect, it } from 'vitest';
import type { UnitState } from '../../src/core/table/model.ts';
import { Draft } from '../../src/game/john-company/draft.ts';
import { fireCheck } from '../../src/game/john-company/fire-check.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { groundOfState, isSpotted } from '../../src/game/john-company/view.ts';

/**
 * Skirmish screens in a whole battle's queries (Part 4, Skirmishers; docs/table.md, "Line of sight:
 * skirmish screens"): spotting, and so the targets a side may fire at or charge, and the stands able to
 * fire. Three of the practice battle's units are laid out by hand, the others off the table.
 */
const game = makeJohnCompanyGame({ traces: false });
const base = game.setup(practiceScenario({ unitsPerSide: 4 }), 1);
const WIDTH = 1.5748031496062993;

/** `unit` in a single rank centred on x = 30 at `y`, facing `facing`, stands `gap` widths apart. */
function laidOut(unit: UnitState, y: number, facing: number, gap = 1, formation = unit.formation): UnitState {
  const n = unit.stands.length;
  return {
    ...unit,
    formation,
    facing,
    stands: unit.stands.map((s, i) => ({
      ...s,
      x: 30 + (i - (n - 1) / 2) * WIDTH * gap,
      y,
      facing,
      rank: 0,
      file: i,
    })),
  };
}

/** The practice battle with the firer, the Maratha target and, unless left out, Maratha skirmishers between. */
function tableWith(targetY: number, screen: boolean): JcGameState {
  const units: Record<string, UnitState> = { ...base.table.units };
  // Everyone else off the table (as units that left it), so that no other unit sees round the screen.
  for (const id of Object.keys(units))
    if (!['company-1', 'maratha-1', 'maratha-2'].includes(id)) delete units[id];
  units['company-1'] = laidOut(units['company-1']!, 8, 90);
  units['maratha-1'] = laidOut(units['maratha-1']!, targetY, 270);
  // Six skirmishers a stand's width apart across x 22..38 at y = 12.
  units['maratha-2'] = screen
    ? laidOut(units['maratha-2']!, 12, 270, 2, 'skirmish-order')
    : {
        ...units['maratha-2']!,
        stands: units['maratha-2']!.stands.map((s, i) => ({ ...s, x: 60 + i * 2, y: 44 })),
      };
  return { ...base, table: { ...base.table, units } };
}

describe('skirmish screens in a battle', () => {
  it('hide a unit more than 3" behind them from the enemy, so it may be neither fired at nor charged', () => {
    const hidden = tableWith(18, true);
    expect(isSpotted(groundOfState(hidden), 'company', 'maratha-1')).toBe(false);
    expect(isSpotted(groundOfState(tableWith(18, false)), 'company', 'maratha-1')).toBe(true);
    // The skirmishers themselves are seen.
    expect(isSpotted(groundOfState(hidden), 'company', 'maratha-2')).toBe(true);
  });

  it('show a unit 3" or less behind them, but no stand may fire at it through them', () => {
    // Skirmishers' rear edge at 12.39, the target's front edge at 14.1: 1.7" behind them.
    const close = tableWith(14.5, true);
    expect(isSpotted(groundOfState(close), 'company', 'maratha-1')).toBe(true);
    expect(fireCheck(new Draft(close, { traces: false }), 'company-1', 'maratha-1').ok).toBe(false);
    expect(fireCheck(new Draft(close, { traces: false }), 'company-1', 'maratha-2').ok).toBe(true);
    const open = tableWith(14.5, false);
    expect(fireCheck(new Draft(open, { traces: false }), 'company-1', 'maratha-1').ok).toBe(true);
  });
});
