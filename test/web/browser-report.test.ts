import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playBattle } from '../../src/game/engine/battle.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { invitationHash } from '../../src/web/invitation.ts';
import { ARTIFACTS, browserSuite } from './browser-suite.ts';
import { importGame } from './positions.ts';

/**
 * The after-action report in a real browser: a finished Honour & Fortitude battle (the computer on both
 * sides) imported, its card's Report link, the page's verdict, charts (drawn by Observable Plot), tables
 * and downloads. Screenshot: test-artifacts/report.png.
 */
describe('the after-action report page', () => {
  const suite = browserSuite('browser-report');
  const scenario = JSON.parse(
    readFileSync(new URL('../../scenarios/training-village-ford.json', import.meta.url), 'utf8'),
  );

  it('shows a finished battle: verdict, charts, moments, every unit, and saves it as Markdown or a page', async () => {
    const rules = findPlayableRuleSet('honour-and-fortitude')!;
    const battle = playBattle(rules.game, scenario, 3, {
      company: rules.computer(1),
      maratha: rules.computer(2),
    });
    const created = await importGame(suite.server.url, battle.record);
    // The invitation gives this browser the seats' keys; then the Battles page and the game's card.
    const page = await suite.open(`/${invitationHash(created.id, created.seatKeys)}`, {
      width: 1280,
      height: 900,
    });
    // A hot-seat game may first ask for the screen to be handed over.
    const handOver = page.getByRole('button', { name: /show my table/ });
    await Promise.race([handOver.waitFor(), page.locator('.report-link a').waitFor()]);
    if (await handOver.isVisible()) await handOver.click();
    await page.locator('.report-link a').click();
    await page.waitForURL(/#\/report\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'After-action report: Training: the village by the ford',
    );
    expect(await page.locator('.report-outcome').textContent()).toMatch(
      /^(Victory to the (Company's brigades|Maratha force)|A draw): /,
    );
    // Four charts, each an SVG Plot drew, the table's map with a track per unit still on it.
    await page.locator('.report-chart svg').first().waitFor();
    expect(await page.locator('.report-chart').count()).toBe(4);
    for (const label of ['Stands still fighting', 'Units by state', 'The table', 'Stands lost by unit'])
      expect(await page.locator(`figure[aria-label="${label}"] svg`).count()).toBeGreaterThan(0);
    // Every unit a row, named as the scenario names it.
    const rows = page.locator('table').last().locator('tbody tr');
    expect(await rows.count()).toBe(12);
    expect(await rows.first().locator('td').first().textContent()).toBe('The European regiment');
    const text = (await page.locator('.report').textContent()) ?? '';
    expect(text).not.toMatch(/\b(company|maratha)\b(?! force)/);
    expect(text).not.toMatch(/\d\.\d{3}/);
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });

    const markdown = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as Markdown' }).click();
    const saved = await markdown;
    expect(saved.suggestedFilename()).toBe(`muster-report-${created.id}.md`);
    const savedText = readFileSync((await saved.path())!, 'utf8');
    expect(savedText).toMatch(/^# After-action report: Training: the village by the ford/);

    const html = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as a page' }).click();
    const savedPage = readFileSync((await (await html).path())!, 'utf8');
    expect(savedPage.match(/<svg/g)?.length).toBeGreaterThanOrEqual(4);

    // The Battles page's card leads to the same report.
    await page.goto(new URL('/#/battles', suite.server.url).href);
    await page
      .getByRole('link', { name: /^Report/ })
      .first()
      .click();
    await page.waitForURL(/#\/report\//);
    await page.locator('.report-chart svg').first().waitFor();
    await suite.done(page);
  });
});
