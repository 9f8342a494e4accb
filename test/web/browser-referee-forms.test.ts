import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-suite.ts';
import { faults } from './words-check.ts';

/**
 * The referee's assistant for the three smaller rule sets in a real browser: two procedures of each,
 * dice typed in as rolled at the table, and every label, choice, result line, step and odds outcome
 * the page shows read for ids, camelCase fields and long decimals.
 */
const DESKTOP = { width: 1280, height: 900 };

describe("the referee's forms of Honour & Fortitude, the command-point rules and MacDuff", () => {
  const suite = browserSuite('browser-referee-forms');

  /** The procedure's page, its rule set chosen first when another set has a procedure of that id. */
  async function openProcedure(ruleSet: string, procedure: string, title: string): Promise<Page> {
    const page = await suite.open(`/#/referee/${procedure}`, DESKTOP);
    const picker = page.getByLabel('Rule set');
    await picker.waitFor();
    if ((await picker.inputValue()) !== ruleSet) {
      await picker.selectOption(ruleSet);
      await page.getByLabel('Procedure').selectOption(procedure);
    }
    await page.getByRole('heading', { name: title }).waitFor();
    await page.locator('.odds figure li').first().waitFor();
    return page;
  }

  /** Types the faces rolled for each roll, by roll. */
  async function typeByRoll(page: Page, faces: Readonly<Record<string, string>>): Promise<void> {
    await page.getByRole('radio', { name: 'I rolled: by roll' }).check();
    for (const [key, text] of Object.entries(faces))
      await page.locator(`[data-roll="${key}"] input`).fill(text);
  }

  async function resolve(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.locator('.result').waitFor();
  }

  /** Every text the referee reads that should be in words, with its faults. */
  async function textFaults(page: Page): Promise<string[]> {
    const texts = await page
      .locator(
        [
          '.schema-form label',
          '.schema-form legend',
          '.schema-form option',
          '.dice label',
          '.result .describe li',
          '.result .rolls li',
          '.result .step-label',
          '.result .step-value',
          '.result .step-rule',
          '.odds figcaption',
          '.odds .outcome',
        ].join(', '),
      )
      .allInnerTexts();
    return [...new Set(texts)].flatMap((t) => faults(t).map((f) => `${f} in "${t}"`));
  }

  it("Honour & Fortitude's morale test and melee round: the sheet's words, the melee dice as kills and bundles", async () => {
    let page = await openProcedure('honour-and-fortitude', 'hf-morale-test', 'Morale Test (H&F)');
    // The modifiers are ticked by their labels, with their values.
    expect(await page.getByRole('checkbox', { name: 'Under artillery fire (+1)' }).isChecked()).toBe(true);
    await typeByRoll(page, { morale: '4' });
    await resolve(page);
    const result = page.locator('.result');
    expect(await result.locator('.describe').textContent()).toMatch(/Fail by 2[\s\S]*Result: Retire/);
    expect(await page.locator('figure[data-view="Result"] .outcome').allInnerTexts()).toContain(
      'Obey Orders',
    );
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);

    page = await openProcedure('honour-and-fortitude', 'hf-melee-round', 'Melee round (H&F)');
    const charging = page
      .locator('[data-path="attacker.advantages"]')
      .getByRole('checkbox', { name: 'Charging infantry (+1)' });
    expect(await charging.isChecked()).toBe(true);
    await typeByRoll(page, { attackerDice: '6 5 3 3 1 2', defenderDice: '6 5 4 2 1 1' });
    await resolve(page);
    const rolls = await page.locator('.result .rolls li').allInnerTexts();
    expect(rolls[0]).toMatch(/= 2 kills, 2 bundles/);
    expect(rolls[1]).toMatch(/= 1 kill, 1 bundle/);
    expect(await page.locator('.result .trace').textContent()).toContain('Advantage of 2+');
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);
  });

  it('the command-point combat takes the Average Die as it shows, and the artillery asks one die per gun', async () => {
    let page = await openProcedure('command-points', 'combat', 'Combat');
    // A 2 typed in reads 2 (not the second face, a 3).
    await typeByRoll(page, { attacker: '2', defender: '5' });
    await resolve(page);
    const rolls = await page.locator('.result .rolls li').allInnerTexts();
    expect(rolls[0]).toMatch(/2\s*= 2/);
    expect(rolls[1]).toMatch(/5\s*= 5/);
    const steps = await page.locator('.result .step-label').allInnerTexts();
    expect(steps).toContain("The defender's factors");
    expect(steps.indexOf("The defender's factors")).toBeGreaterThan(steps.indexOf("The attacker's factors"));
    expect(await page.locator('.result .describe').textContent()).not.toMatch(/[a-z]-[a-z]/);
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);

    page = await openProcedure('command-points', 'artillery-fire', 'Artillery Fire');
    await page.getByRole('radio', { name: 'I rolled: by roll' }).check();
    // Two guns fire: two dice to type in, not six.
    expect(await page.locator('.roll-key').count()).toBe(2);
    await typeByRoll(page, { gun1: '5', gun2: '2' });
    await resolve(page);
    expect(await page.locator('.result .rolls li').count()).toBe(2);
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);
  });

  it("MacDuff's control check and melee read their outcomes in words", async () => {
    let page = await openProcedure('macduff', 'macduff-control-check', 'Control Check');
    await typeByRoll(page, { control: '1' });
    await resolve(page);
    // A rash leader adds to the die: 1 + 1 acts as the player desires.
    expect(await page.locator('.result .describe').textContent()).toContain('Act as the player desires');
    expect(await page.locator('figure[data-view="Outcome"] .outcome').allInnerTexts()).toContain(
      'Act as desired ◀ this roll',
    );
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);

    page = await openProcedure('macduff', 'macduff-melee', 'Melee');
    await page.getByRole('radio', { name: 'I rolled: in throw order' }).check();
    await page.getByLabel('Faces in the order the procedure throws them').fill('3 4 1 6 5 2');
    await resolve(page);
    expect(await page.locator('.result .describe').textContent()).toMatch(
      /The (attacker|defender) wins|passes through|fight again/,
    );
    expect(await textFaults(page)).toEqual([]);
    await suite.done(page);
  });
});
