import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, browserSuite } from './browser-suite.ts';

/**
 * The scenario editor in a real browser: a battle built from a blank table with the mouse (units placed,
 * woods drawn, a unit dragged and the drag undone, then turned by its handle), a problem the validation shows fixed in the unit's
 * form, the scenario saved, found again after a reload, an invitation made, and played against the computer.
 * Screenshot: test-artifacts/editor.png.
 */
describe('the scenario editor', () => {
  const suite = browserSuite('browser-editor');
  const DESKTOP = { width: 1400, height: 950 };

  /** Clicks (or presses, for a drag) the table at a point in inches, north up. */
  async function tablePoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
    const box = (await page.locator('svg.editor-map').boundingBox())!;
    return { x: box.x + (x / 72) * box.width, y: box.y + ((48 - y) / 48) * box.height };
  }
  async function clickTable(page: Page, x: number, y: number): Promise<void> {
    const at = await tablePoint(page, x, y);
    await page.mouse.click(at.x, at.y);
  }
  const tool = (page: Page, value: string) => page.getByLabel('Tool', { exact: true }).selectOption(value);
  const problemsHeading = (page: Page) => page.locator('.editor-problems h2').textContent();

  it('builds a battle from a blank table, fixes a problem, saves it, reloads it and plays it', async () => {
    const page = await suite.open('/#/editor', DESKTOP);
    await page.getByRole('button', { name: 'A blank table' }).click();
    await page.locator('svg.editor-map').waitFor();
    expect(await problemsHeading(page)).toBe('Problems (3)');
    expect(await page.locator('.editor-problems').textContent()).toContain('side "south-army" has no units');

    await tool(page, 'unit:south-army');
    await clickTable(page, 30, 6);
    await tool(page, 'unit:north-army');
    await clickTable(page, 40, 42);
    expect(await page.locator('.editor-unit').count()).toBe(2);
    expect(await problemsHeading(page)).toBe('No problems: ready to play');

    await tool(page, 'terrain:heavy-woods');
    for (const [x, y] of [
      [10, 20],
      [20, 20],
      [20, 28],
    ] as const)
      await clickTable(page, x, y);
    await page.getByRole('button', { name: 'Finish the shape' }).click();
    expect(await page.locator('.editor-terrain.terrain-heavy-woods').count()).toBe(1);

    // Drag the southern battalion (its block lies behind its front edge), then take the drag back.
    await tool(page, 'select');
    const from = await tablePoint(page, 30, 5.5);
    const to = await tablePoint(page, 34, 7.5);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
    const form = page.getByRole('region', { name: 'The selected item' });
    await form.waitFor();
    expect(await form.getByRole('spinbutton', { name: 'X', exact: true }).inputValue()).toBe('34');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await form.getByRole('spinbutton', { name: 'X', exact: true }).inputValue()).toBe('30');

    // Turn it by the handle 3" in front of it: towards a point 4" east and 3" north of its front.
    const handle = await tablePoint(page, 30, 9);
    const towards = await tablePoint(page, 34, 9);
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    await page.mouse.move(towards.x, towards.y);
    await page.mouse.up();
    expect(await form.getByRole('spinbutton', { name: 'Facing', exact: true }).inputValue()).toBe('37');

    // A unit of no stands: the problem is shown at the field and in the list, and fixed there.
    const stands = form.getByRole('spinbutton', { name: 'Stands', exact: true });
    await stands.fill('0');
    await page.locator('.editor-problems li').first().waitFor();
    expect(await page.locator('.editor-problems').textContent()).toContain('units[0].stands');
    await stands.fill('4');
    expect(await problemsHeading(page)).toBe('No problems: ready to play');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Saved' }).textContent()).toBe(
      'Saved "My battle" as my-battle.',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'editor.png'), fullPage: true });

    await page.reload();
    await page.getByRole('button', { name: 'Edit My battle' }).click();
    await page.locator('svg.editor-map').waitFor();
    expect(await page.locator('.editor-unit').count()).toBe(2);
    expect(await page.locator('.editor-terrain.terrain-heavy-woods').count()).toBe(1);

    // An invitation: the link for the other side's player, and this player's table.
    await page.getByRole('button', { name: 'Play this with an invitation' }).click();
    const link = page.getByRole('textbox', { name: 'Send this link to the player of The northern army' });
    expect(await link.inputValue()).toMatch(/#\/play\/[^?]+\?seat=north-army:/);
    expect(await page.getByRole('link', { name: 'Open your table' }).getAttribute('href')).toMatch(
      /^#\/play\//,
    );

    await page.getByRole('button', { name: 'Play this against the computer' }).click();
    await page.waitForURL(/#\/play\//);
    await page.locator('.play-status').waitFor();
    expect(await page.locator('h1').first().textContent()).toBe('My battle');
    await suite.done(page);
  });

  it('takes a small change on a phone: a copy of a scenario, a unit picked, rated by each rule set and renamed, no sideways scroll', async () => {
    const page = await suite.open('/#/editor', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Edit a copy of Training: the village by the ford' }).click();
    await page.locator('svg.editor-map').waitFor();
    expect(await page.locator('h1').first().textContent()).toBe(
      'Training: the village by the ford (my copy)',
    );
    await page.locator('.editor-unit').first().click();
    const name = page
      .getByRole('region', { name: 'The selected item' })
      .getByRole('textbox', { name: 'Name' });
    await name.fill('The 76th Foot');
    expect(await page.locator('.editor-unit title').first().textContent()).toBe('The 76th Foot');
    expect(await page.locator('.editor-problems h2').textContent()).toBe('No problems: ready to play');
    // Beside its description, how each rule set rates it.
    await page.locator('.unit-ratings section dl').first().waitFor();
    expect(await page.locator('.unit-ratings section').count()).toBe(4);
    expect(await page.locator('.unit-ratings section').first().locator('dt').count()).toBeGreaterThan(2);
    // Evaluated in the page (a string: this file is type-checked without the DOM's types).
    const sideways = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'editor-phone.png'), fullPage: true });
    await suite.done(page);
  });
});
