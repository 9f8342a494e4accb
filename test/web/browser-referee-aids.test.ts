import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../../src/game/registry.ts';
import { ARTIFACTS, browserSuite } from './browser-suite.ts';

/**
 * The referee's order of battle and turn checklist in a real browser, on a phone-sized screen: start
 * from a scenario, track a unit's losses, status and marks, survive a reload, follow the turn.
 */
const PHONE = { width: 390, height: 844 };
const JC = RULE_SETS.find((r) => r.id === 'john-company')!;

describe("the referee's order of battle and checklist", () => {
  const suite = browserSuite('browser-referee');

  async function unitCard(page: Page, name: string) {
    const card = page.getByRole('listitem', { name, exact: true });
    await card.waitFor();
    return card;
  }

  it('tracks a scenario through a turn, kept across a reload', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL('/#/referee', suite.server.url).href);
    await page.getByRole('tab', { name: 'Order of battle' }).click();
    await page.getByLabel('Start from a scenario').selectOption('training-village-ford');
    await page.getByRole('button', { name: 'Load its order of battle' }).click();
    await page.getByRole('heading', { name: /turn 1$/ }).waitFor();

    const roster = (await (
      await fetch(new URL('/api/scenarios/training-village-ford/roster', suite.server.url))
    ).json()) as {
      units: { name: string; stands: number; ratings: { label: string; value: string }[] }[];
    };
    const first = roster.units[0]!;
    let card = await unitCard(page, first.name);
    const level = first.ratings.find((r) => r.label === 'Resolve Level')!.value;
    expect(await card.locator('.ratings').textContent()).toContain(`Resolve Level ${level}`);

    await card.getByRole('button', { name: `${first.name}: one stand lost` }).click();
    await card.getByLabel('Status', { exact: true }).selectOption('Shaken');
    await card.getByLabel('Order', { exact: true }).selectOption(JC.roster.orders[0]!);
    await card.getByRole('checkbox', { name: 'Disordered' }).check();
    await page.screenshot({ path: join(ARTIFACTS, 'referee-roster-phone.png'), fullPage: true });
    expect(
      await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth'),
    ).toBe(true);

    await page.reload();
    card = await unitCard(page, first.name);
    expect(await card.getByLabel('Stands', { exact: true }).inputValue()).toBe(String(first.stands - 1));
    expect(await card.getByLabel('Status', { exact: true }).inputValue()).toBe('Shaken');

    await page.getByRole('tab', { name: 'Turn checklist' }).click();
    await page.getByRole('heading', { name: 'Turn 1' }).waitFor();
    const steps = page.locator('.checklist li');
    expect(await steps.count()).toBe(JC.sequence.length);
    await page.getByRole('checkbox', { name: new RegExp(JC.sequence[0]!.title.replace('.', '\\.')) }).check();
    await expect
      .poll(() => page.locator('.checklist .hint').textContent())
      .toBe(`1 of ${JC.sequence.length} steps done`);
    await page.screenshot({ path: join(ARTIFACTS, 'referee-checklist-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Next turn' }).click();
    await page.getByRole('heading', { name: 'Turn 2' }).waitFor();
    expect(await page.locator('.checklist .hint').textContent()).toBe(
      `0 of ${JC.sequence.length} steps done`,
    );

    await page.getByRole('tab', { name: 'Order of battle' }).click();
    card = await unitCard(page, first.name);
    // A new turn clears the turn's status and order; losses and marks carry on.
    expect(await card.getByLabel('Status', { exact: true }).inputValue()).toBe('');
    expect(await card.getByLabel('Stands', { exact: true }).inputValue()).toBe(String(first.stands - 1));
    expect(await card.getByRole('checkbox', { name: 'Disordered' }).isChecked()).toBe(true);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('the checklist links each step to the procedure it uses', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE });
    await page.goto(new URL('/#/referee', suite.server.url).href);
    await page.getByRole('tab', { name: 'Turn checklist' }).click();
    await page.getByRole('link', { name: 'Reaction Test' }).first().click();
    await page.getByRole('heading', { name: 'Reaction Test' }).waitFor();
    expect(page.url()).toContain('#/referee/reaction-test');
    await page.close();
  });
});
