import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, browserSuite, waitUntil } from './browser-suite.ts';

/**
 * A game over the network in a real browser (Debian's chromium), against the real server: two browser
 * contexts (two players, each with their own localStorage and so their own seat keys) and a third with
 * no key. The first creates a game of the training scenario with the Maratha side "a player on another
 * screen" and reads its invitation link (closed and shown again from the game's card); the second opens it; each places its order counters in turn,
 * waiting while the other decides and learning of each of its commands from the game's change stream
 * (within PUSHED_MS, well before the fallback poll would ask), and sees only its own counters face up; the third sees
 * the spectator's view. Screenshots: test-artifacts/network-*.png.
 */
const DESKTOP = { width: 1280, height: 900 };
const TRAINING = 'Training: the village by the ford';
/**
 * How soon a waiting page shows the other player's command: pushed by the change stream, well before
 * the fallback poll would ask (FALLBACK_POLL_MS, 10 s, src/web/table/useTableSession.ts).
 */
const PUSHED_MS = 5_000;

describe('playing over the network', () => {
  const suite = browserSuite('browser-network');
  const contexts: BrowserContext[] = [];
  const pageErrors = new WeakMap<Page, string[]>();
  /** The change streams each page opened (their URLs). */
  const streams = new WeakMap<Page, string[]>();

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A page in a browser context of its own (its own localStorage: another player's browser). */
  async function newPlayer(path: string): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    pageErrors.set(page, errors);
    page.on('pageerror', (e) => errors.push(e.message));
    // The security headers' Content Security Policy refuses nothing the app does.
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    const opened: string[] = [];
    streams.set(page, opened);
    page.on('request', (r) => {
      if (/\/api\/games\/[^/]+\/changes$/.test(new URL(r.url()).pathname)) opened.push(r.url());
    });
    await page.goto(new URL(path, suite.server.url).href);
    return page;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(ARTIFACTS, `network-${name}.png`) });
  const position = (page: Page) => page.locator('.scrubber label').textContent();
  const status = (page: Page) => page.locator('.play-status').textContent();
  /** The sides whose keys a page's browser keeps, per game (src/web/seat-keys.ts). */
  const heldKeys = (page: Page) =>
    page.evaluate<string[][]>(`Object.keys(localStorage)
      .filter((k) => k.startsWith('muster.seat-keys.'))
      .map((k) => Object.keys(JSON.parse(localStorage.getItem(k))))`);

  /** Clicks, then waits for the game to move on (a new position). */
  async function act(page: Page, click: () => Promise<void>): Promise<void> {
    const before = JSON.stringify(await position(page));
    await click();
    await waitUntil(
      page,
      `(document.querySelector('.scrubber label')?.textContent ?? ${before}) !== ${before}`,
    );
  }

  /** Places a counter on every unit of the viewer's side. */
  async function placeCounters(page: Page): Promise<number> {
    const panel = page.getByRole('region', { name: 'Order counters' });
    await panel.waitFor({ timeout: 15_000 });
    let placed = 0;
    while ((await panel.locator('select').count()) > 0) {
      await act(page, () =>
        panel
          .getByRole('button', { name: /^Place the counter/ })
          .first()
          .click(),
      );
      placed++;
    }
    return placed;
  }

  const finishCounters = (page: Page) =>
    act(page, () => page.getByRole('button', { name: 'finish placing counters' }).click());

  it('plays one game from two browsers, each seeing only its own orders, and a third watching', async () => {
    // The Company's player creates the game; the Maratha side is a player on another screen.
    const company = await newPlayer('/#/battles');
    const form = company.getByRole('form', { name: `New game of ${TRAINING}` });
    await form.getByLabel("The Company's brigades").selectOption({ label: 'a player on this screen' });
    await form.getByLabel(/Maratha/).selectOption({ label: 'a player on another screen' });
    await form.getByLabel('Seed').fill('7');
    await form.getByRole('button', { name: 'New game' }).click();
    const invitation = company.getByRole('region', { name: /^Invite the other player/ });
    const link = await invitation.getByLabel(/^Invitation for .*Maratha/).inputValue();
    // The server listens on 127.0.0.1 only: the panel says the link opens on no other machine, and how to fix it.
    await expect
      .poll(() => invitation.getByRole('note').textContent())
      .toMatch(/listens on this computer only \(127\.0\.0\.1\).*"npm start -- --host 0\.0\.0\.0"/);
    expect(link).toMatch(/#\/play\/[^?]+\?seat=maratha:[A-Za-z0-9_-]{22}$/);
    await shot(company, 'invitation');
    // Closed, the invitation can be shown again from the game's card: the browser kept the link apart
    // from its own seats.
    await invitation.getByRole('button', { name: 'Done' }).click();
    await company.getByRole('button', { name: /^Invite to / }).click();
    expect(await invitation.getByLabel(/^Invitation for .*Maratha/).inputValue()).toBe(link);
    await invitation.getByRole('link', { name: 'Open the game' }).click();
    await company.locator('.table-frame').waitFor();
    // The scenario's side names come with the scenario, which may arrive after the table.
    await expect
      .poll(() => company.locator('.play-header').textContent())
      .toMatch(/you play The Company's brigades; .*Maratha.* on another screen/);
    expect(await heldKeys(company)).toEqual([['company']]);

    // The Maratha player opens the link: the key is kept, the address bar no longer shows it, and the
    // page waits while the Company decides.
    const maratha = await newPlayer(link.replace(/^https?:\/\/[^/]+/, ''));
    await maratha.locator('.table-frame').waitFor();
    expect(maratha.url()).not.toContain('seat=');
    expect(await heldKeys(maratha)).toEqual([['maratha']]);
    await expect.poll(() => status(maratha)).toMatch(/viewing as .*Maratha/);
    await maratha.getByText(/^Waiting for The Company's brigades/).waitFor();
    expect(await maratha.getByRole('region', { name: 'Order counters' }).count()).toBe(0);

    // The Company's orders: its own counters face up on its screen, face down on the other.
    expect(await placeCounters(company)).toBe(6);
    expect(await company.locator('.unit.side-0 .counter:not(.face-down)').count()).toBe(6);
    await finishCounters(company);
    await company.getByText(/^Waiting for .*Maratha/).waitFor();

    // The Maratha page hears of it at once: its turn, the Company's counters face down.
    await maratha.getByRole('region', { name: 'Order counters' }).waitFor({ timeout: PUSHED_MS });
    expect(await maratha.locator('.unit.side-0 .counter.face-down').count()).toBe(6);
    expect(await maratha.locator('.unit.side-0 .counter:not(.face-down)').count()).toBe(0);
    expect(await maratha.locator('.hand-over').count()).toBe(0);

    // A browser with no key: the spectator's view, read-only, every counter face down.
    const spectator = await newPlayer(link.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, ''));
    await spectator.locator('.table-frame').waitFor();
    await expect.poll(() => status(spectator)).toMatch(/viewing as Spectator/);
    expect(await spectator.locator('.play-header').textContent()).toMatch(/you are watching/);
    expect(await spectator.locator('.unit.side-0 .counter.face-down').count()).toBe(6);
    expect(await spectator.locator('.counter:not(.face-down)').count()).toBe(0);
    expect(await spectator.getByRole('region', { name: 'Order counters' }).count()).toBe(0);
    expect(await heldKeys(spectator)).toEqual([]);
    await shot(spectator, 'spectator');

    expect(await placeCounters(maratha)).toBe(6);
    expect(await maratha.locator('.unit.side-1 .counter:not(.face-down)').count()).toBe(6);
    expect(await maratha.locator('.unit.side-0 .counter:not(.face-down)').count()).toBe(0);
    await shot(maratha, 'maratha');

    // The Company's page follows while the Maratha player places them: the Maratha counters face down,
    // its own face up; the spectator's too.
    await expect
      .poll(() => company.locator('.unit.side-1 .counter.face-down').count(), { timeout: PUSHED_MS })
      .toBe(6);
    expect(await company.locator('.unit.side-1 .counter:not(.face-down)').count()).toBe(0);
    expect(await company.locator('.unit.side-0 .counter:not(.face-down)').count()).toBe(6);
    await expect
      .poll(() => spectator.locator('.unit.side-1 .counter.face-down').count(), { timeout: PUSHED_MS })
      .toBe(6);
    expect(await company.locator('.hand-over').count()).toBe(0);
    await shot(company, 'company');

    // Once the Maratha player finishes, the battle goes on (Step 5): one of the two decides, the other
    // waits for it, and neither ever had a hand-over screen.
    await finishCounters(maratha);
    await expect
      .poll(async () => `${await status(company)} | ${await status(maratha)}`, { timeout: PUSHED_MS })
      .toMatch(/Step 5.*\| .*Step 5/);
    const deciding = await Promise.all(
      [company, maratha].map((page) => page.getByRole('region', { name: 'Your decision' }).count()),
    );
    expect(deciding.sort()).toEqual([0, 1]);

    // Once the other player has joined, the Company's player forgets the link: no Invite any more.
    await company.goto(new URL('/#/battles', suite.server.url).href);
    await company.getByRole('button', { name: /^Invite to / }).click();
    await invitation.getByRole('button', { name: 'Forget the links' }).click();
    await expect.poll(() => invitation.count()).toBe(0);
    expect(await company.getByRole('button', { name: /^Invite to / }).count()).toBe(0);
    expect(await heldKeys(company)).toEqual([['company']]);

    // A shared game is not one player's to delete: the Company's player resigns it instead, and the
    // Maratha player's page shows the battle over (once it asks again: it was deciding, not waiting).
    expect(await company.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    company.once('dialog', (dialog) => void dialog.accept());
    await company.getByRole('button', { name: /^Resign as company/ }).click();
    await expect
      .poll(() => company.locator('.card.game .seats').textContent())
      .toMatch(/over: The Maratha force won/);
    await maratha.reload();
    await expect
      .poll(() => status(maratha), { timeout: PUSHED_MS })
      .toMatch(/The battle is over: .* won \(The Company's brigades resigned\)/);

    // Each page waited on the game's change stream.
    for (const page of [company, maratha, spectator]) expect(streams.get(page)?.length).toBeGreaterThan(0);
    for (const page of [company, maratha, spectator]) expect(pageErrors.get(page), 'errors').toEqual([]);
  }, 90_000);
});
