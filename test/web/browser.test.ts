import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { oddsOf, resolveProcedure } from '../../src/core/rules/run.ts';
import { formatRule } from '../../src/core/rules/trace.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { percent } from '../../src/protocol/odds.ts';
import { ARTIFACTS, browserSuite } from './browser-suite.ts';
import { SHIPPED_SCENARIOS } from './fixtures.ts';

/**
 * The browser app in a real browser (Debian's chromium): built, served by the real server on a free
 * port with a temporary data folder. Screenshots of the main screens go to test-artifacts/.
 * Run alone with `npm run test:browser`.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const REACTION = RULE_SETS[0]!.procedures.find((p) => p.id === 'reaction-test')!;
/** README's reaction test: what the form is set to below. */
const FACTS = {
  resolveLevel: 17,
  origin: 'indian',
  formation: 'close-order-column',
  orders: 'advance',
  positive: ['flanks-and-rear-secure', 'close-order'],
  negative: ['target-of-artillery-fire', { id: 'stands-lost-since-last-check', count: 3 }],
};

describe('the browser app', () => {
  const suite = browserSuite('browser');

  const open = (path: string, viewport = DESKTOP) => suite.open(path, viewport);
  const done = (page: Page) => suite.done(page);

  /** The shown rows of an odds chart: outcome and percentage, and which one is marked as rolled. */
  async function chart(page: Page, view: string) {
    const rows = page.locator(`figure[data-view="${view}"] li`);
    await rows.first().waitFor();
    return rows.evaluateAll((lis) =>
      lis.map((li) => ({
        outcome: li.querySelector('.outcome')!.firstChild!.textContent,
        percent: li.querySelector('.probability')!.firstChild!.textContent,
        happened: li.classList.contains('happened'),
      })),
    );
  }

  async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
    return page.evaluate<boolean>(
      'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
    );
  }

  it('resolves a reaction test with typed-in dice: the result, every step with its rule, the odds', async () => {
    const page = await open('/#/referee/reaction-test');
    await page.getByRole('heading', { name: 'Reaction Test' }).waitFor();
    // The odds are there before any dice are thrown (for the first example's facts).
    expect((await chart(page, 'Resolve Status')).some((r) => r.happened)).toBe(false);

    // From the first example (a European battalion) to README's Sikh battalion.
    await page.getByLabel('Resolve level').fill('17');
    await page.getByLabel('Origin').selectOption({ label: 'Indian' });
    await page.getByLabel('Formation').selectOption({ label: 'Close order column' });
    await page.getByRole('checkbox', { name: /Uncommitted friends within a Normal Move/ }).uncheck();
    await expect.poll(() => page.locator('pre').textContent()).toContain('"resolveLevel": 17');

    // The odds follow the facts.
    const odds = oddsOf(REACTION, REACTION.facts.parse(FACTS));
    const status = odds.find((o) => o.name === 'Resolve Status')!;
    await expect
      .poll(async () => (await chart(page, 'Resolve Status')).map((r) => [r.outcome, r.percent]))
      .toEqual(status.outcomes.map((o) => [String(o.outcome), percent(o.probability)]));

    await page.getByRole('radio', { name: 'I rolled: by roll' }).check();
    await page.locator('[data-roll="randomFactor"] input').fill('4 4');
    await page.screenshot({ path: join(ARTIFACTS, 'referee-desktop-before.png'), fullPage: true });
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();

    const expected = resolveProcedure(REACTION, REACTION.facts.parse(FACTS), {
      dice: { randomFactor: [4, 4] },
    });
    const result = page.locator('.result');
    await result.waitFor();
    expect(await result.locator('.describe li').allTextContents()).toEqual(
      REACTION.describe(expected.result),
    );
    const steps = result.locator('.trace .step');
    expect(await steps.count()).toBe(expected.trace.length);
    for (const [i, step] of expected.trace.entries()) {
      const row = steps.nth(i);
      expect(await row.locator('.step-label').textContent()).toContain(step.label);
      expect(await row.locator('.step-rule').textContent()).toBe(formatRule(step.rule));
      if (step.delta !== undefined)
        expect(await row.locator('.step-delta').textContent()).toBe(
          step.delta > 0 ? `+${step.delta}` : String(step.delta),
        );
    }
    expect(await result.locator('.trace').textContent()).toContain('Stand lost since last check (×3)');
    expect(await result.locator('.rolls li').first().textContent()).toMatch(
      /Random factor.*44.*= 0.*typed in/,
    );

    // The odds now mark the outcome that happened.
    const rolled = await chart(page, 'Resolve Status');
    expect(rolled.filter((r) => r.happened).map((r) => r.outcome)).toEqual(['Steady']);
    await page.screenshot({ path: join(ARTIFACTS, 'referee-desktop-result.png'), fullPage: true });
    await done(page);
  });

  it('shows what is wrong with the facts beside the field', async () => {
    const page = await open('/#/referee/reaction-test');
    await page.getByLabel('Resolve level').fill('40');
    const field = page.locator('[data-path="resolveLevel"]');
    await expect
      .poll(() => field.locator('.issues').textContent())
      .toBe('expected an integer from 1 to 30, got 40 (a number)');
    // A modifier list shows the problems with its entries.
    await page.getByLabel('Flanks and rear secure (+1): how many').fill('2');
    await expect
      .poll(() => page.locator('[data-path="positive"] > .issues').textContent())
      .toMatch(/flanks-and-rear-secure applies once; a count of 2 is not allowed/);
    await page.getByLabel('Resolve level').fill('17');
    await page.getByLabel('Flanks and rear secure (+1): how many').fill('1');
    await expect.poll(() => page.locator('.issues').count()).toBe(0);
    await done(page);
  });

  it('fits a phone screen with no horizontal scroll, for every procedure', async () => {
    const page = await open('/#/referee/reaction-test', PHONE);
    await page.getByRole('heading', { name: 'Reaction Test' }).waitFor();
    await chart(page, 'Resolve Status');
    await page.screenshot({ path: join(ARTIFACTS, 'referee-phone-top.png') });
    await page.getByRole('radio', { name: 'Muster rolls' }).check();
    await page.getByRole('button', { name: 'Roll and resolve' }).click();
    await page.locator('.result').waitFor();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await page.locator('.result h2').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'referee-phone-result.png') });
    await page.locator('.odds h2').evaluate((h) => h.scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, 'referee-phone-odds.png') });

    for (const def of RULE_SETS[0]!.procedures) {
      await page.goto(new URL(`/#/referee/${def.id}`, suite.server.url).href);
      await page.getByRole('heading', { name: def.title, exact: true }).waitFor();
      await page.locator('figure.odds-chart').first().waitFor();
      expect(await hasNoHorizontalScroll(page), def.id).toBe(true);
    }
    await done(page);
  });

  it('lists saved games and scenarios, and starts a game from a scenario', async () => {
    const page = await open('/#/battles', PHONE);
    const scenario = page.locator('.card.scenario', { hasText: 'Training: the village by the ford' });
    await scenario.getByRole('button', { name: 'New game' }).click();
    // The new game opens at its table; back on Battles it is listed.
    await page.locator('.play-header h1').waitFor();
    await page.goto(new URL('/#/battles', suite.server.url).href);
    await page.locator('.card.game', { hasText: 'Training: the village by the ford' }).waitFor();
    expect(await page.locator('.card.scenario').count()).toBe(SHIPPED_SCENARIOS);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'battles-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(ARTIFACTS, 'battles-desktop.png'), fullPage: true });
    await done(page);
  });
});
