import { describe, expect, it } from 'vitest';
import { practiceScenario } from './fixtures.ts';
import { makeJohnCompanyGame } from './game.ts';
import { viewFor } from './view.ts';

describe('viewFor', () => {
  const game = makeJohnCompanyGame({ traces: false });
  const state = game.setup(practiceScenario({ unitsPerSide: 4 }), 1);

  it('keeps the records of the last view for a viewer while they show the very same entries', () => {
    const first = viewFor(state, 'company');
    const again = viewFor({ ...state, seq: state.seq + 1 }, 'company');
    expect(again).not.toBe(first);
    expect(again.units).toBe(first.units);
    expect(again.generals).toBe(first.generals);
    expect(again.table.units).toBe(first.table.units);
    expect(JSON.stringify(again)).toBe(JSON.stringify({ ...first, seq: state.seq + 1 }));
  });

  it("shows the state's own table exactly when it sees every unit and General on it", () => {
    const view = viewFor(state, 'company');
    const seesAll = Object.keys(state.table.units).every((id) => view.table.units[id] !== undefined);
    expect(view.table === state.table).toBe(
      seesAll && Object.keys(view.table.generals).length === Object.keys(state.table.generals).length,
    );
  });
});
