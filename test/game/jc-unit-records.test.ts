import { describe, expect, it } from 'vitest';
import { computerPlayer, playBattle } from '../../src/game/john-company/ai/players.ts';
import { Draft } from '../../src/game/john-company/draft.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import { deployLightCompany, rejoinLightCompany } from '../../src/game/john-company/light-companies.ts';
import { type JcUnit, unitRecord } from '../../src/game/john-company/state.ts';
import { viewFor } from '../../src/game/john-company/view.ts';

/**
 * Every unit record has one shape (state.ts, `unitRecord`): every field of `JcUnit`, in the order of
 * its declaration, whichever way it was made. The functions that read many units' fields depend on it
 * for their speed (docs/ARCHITECTURE.md, Speed in whole battles).
 */

const game = makeJohnCompanyGame({ traces: false });
const FIELDS = Object.keys(unitRecord({} as JcUnit));
const fieldsOf = (u: object) => Object.keys(u);

describe('unit records', () => {
  it('have every field, in one order, made by setup, a patch, a clear or a light company', () => {
    const state = game.setup(practiceScenario({ unitsPerSide: 4 }), 1);
    for (const u of Object.values(state.units)) expect(fieldsOf(u)).toEqual(FIELDS);
    const d = new Draft(state, { traces: false });
    // A patch setting fields that were unset, then a clear unsetting them.
    expect(fieldsOf(d.patchUnit('company-1', { wonConfrontationTurn: 1, pursuing: 'maratha-1' }))).toEqual(
      FIELDS,
    );
    const cleared = d.clearUnit('company-1', ['pursuing']);
    expect(cleared.pursuing).toBeUndefined();
    expect(fieldsOf(cleared)).toEqual(FIELDS);
    // A light company sent out (a new record, and its battalion patched), then called back (cleared).
    expect(deployLightCompany(d, 'company-2')).toBeUndefined();
    const company = d.unit('company-2').lightCompany!;
    expect(fieldsOf(d.unit(company))).toEqual(FIELDS);
    expect(fieldsOf(d.unit('company-2'))).toEqual(FIELDS);
    expect(rejoinLightCompany(d, 'company-2', true)).toBeUndefined();
    expect(d.unit('company-2').lightCompany).toBeUndefined();
    expect(fieldsOf(d.unit('company-2'))).toEqual(FIELDS);
    expect(fieldsOf(d.unit(company))).toEqual(FIELDS);
  });

  it('keep their one shape through a whole battle, and so do the views of them', () => {
    const practice = practiceScenario({ unitsPerSide: 4 });
    let lightCompanies = 0;
    playBattle(
      game,
      practice,
      2,
      { company: computerPlayer(2), maratha: computerPlayer(3) },
      {
        onStep: (_step, state) => {
          for (const u of Object.values(state.units)) {
            expect(fieldsOf(u)).toEqual(FIELDS);
            if (u.battalion !== undefined) lightCompanies++;
          }
          for (const u of Object.values(viewFor(state, 'maratha').units)) expect(fieldsOf(u)).toEqual(FIELDS);
        },
      },
    );
    // The computer sends out light companies in this battle: those records are checked too.
    expect(lightCompanies).toBeGreaterThan(0);
  });
});
