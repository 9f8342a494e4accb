import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng, seedRng } from '../../src/core/random/prng.ts';
import type { GamePlay, GameSummary } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { buildWebApp, launchChromium, type RunningServer, startServer } from './browser.ts';
import { ARTIFACTS } from './browser-suite.ts';
import { REPO, tempDir } from './fixtures.ts';

/**
 * Secret dice in a real browser (Debian's chromium), against the real server with the training scenario
 * cut to two turns: the Company's player creates a game with the Maratha side on another screen and no
 * seed (secret dice, the card says so), opens it and waits for the other player; the Maratha player opens
 * the invitation and the game begins on both screens, each browser having given and kept its seat's
 * entropy. The game is played to its end over the API with each player's own key; then Verify on the
 * Company's card checks the revealed record against what the browser kept and says it matched, and says
 * plainly what did not once the kept commitment is not the record's. A seat whose share another browser
 * gave first is told so when its player opens it. Screenshots: test-artifacts/fair-dice-*.png.
 */
const DESKTOP = { width: 1280, height: 900 };
const TRAINING = 'Training: the village by the ford';
const PUSHED_MS = 5_000;

describe('secret dice in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  let cleanup = () => {};
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    const temp = tempDir('browser-fair-dice');
    cleanup = temp.cleanup;
    const scenarios = join(temp.dir, 'scenarios');
    mkdirSync(scenarios);
    const training = JSON.parse(readFileSync(join(REPO, 'scenarios/training-village-ford.json'), 'utf8'));
    writeFileSync(
      join(scenarios, 'short.json'),
      JSON.stringify({ ...training, id: 'short', victory: { ...training.victory, turnLimit: 2 } }),
    );
    await buildWebApp(join(temp.dir, 'web'));
    server = await startServer(join(temp.dir, 'data'), join(temp.dir, 'web'), scenarios);
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    cleanup();
  });

  async function newPlayer(path: string): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(path, server.url).href);
    return { page, errors };
  }

  /** What a page's browser keeps for a game: its seat keys and its part of the secret dice. */
  const kept = (page: Page, game: string) =>
    page.evaluate<{
      keys: Record<string, string>;
      dice: { commitment: string; entropy: Record<string, string> };
    }>(
      `({ keys: JSON.parse(localStorage.getItem('muster.seat-keys.${game}') ?? '{}'),
          dice: JSON.parse(localStorage.getItem('muster.dice.${game}') ?? '{}') })`,
    );

  async function api<T>(method: string, path: string, key?: string, body?: unknown): Promise<T> {
    const r = await fetch(new URL(path, server.url), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { [SEAT_KEY_HEADER]: key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(r.ok, `${method} ${path}: ${r.status}`).toBe(true);
    return (await r.json()) as T;
  }

  it('gives each seat its entropy, waits for both, and verifies the finished game', async () => {
    const { page: company, errors: companyErrors } = await newPlayer('/#/battles');
    const form = company.getByRole('form', { name: `New game of ${TRAINING}` });
    await form.getByLabel("The Company's brigades").selectOption({ label: 'a player on this screen' });
    await form.getByLabel(/Maratha/).selectOption({ label: 'a player on another screen' });
    await form.getByText(/^Secret dice: nobody, the server included/).waitFor();
    await form.getByRole('button', { name: 'New game' }).click();
    const invitation = company.getByRole('region', { name: /^Invite the other player/ });
    const link = await invitation.getByLabel(/^Invitation for .*Maratha/).inputValue();
    const card = company.locator('.card.game').first();
    expect(await card.textContent()).toMatch(
      /secret dice, commitment [0-9a-f]{12}…, waiting for company and maratha to open it/,
    );
    expect(await card.textContent()).not.toMatch(/seed/);
    await invitation.getByRole('link', { name: 'Open the game' }).click();
    await company.getByRole('heading', { name: /^Waiting for .*Maratha/ }).waitFor();
    await company.screenshot({ path: join(ARTIFACTS, 'fair-dice-waiting.png') });
    const game = /#\/play\/([^?]+)/.exec(link)![1]!;

    const { page: maratha, errors: marathaErrors } = await newPlayer(link.replace(/^https?:\/\/[^/]+/, ''));
    await maratha.locator('.table-frame').waitFor();
    await company.locator('.table-frame').waitFor({ timeout: PUSHED_MS });
    // Each browser gave its own seat's share: neither page says another browser gave it.
    expect(await maratha.locator('.dice-shares').count()).toBe(0);
    expect(await company.locator('.dice-shares').count()).toBe(0);
    const mine = await kept(company, game);
    const theirs = await kept(maratha, game);
    const summary = await api<GameSummary>('GET', `/api/games/${game}/summary`);
    expect(summary.dice).toMatchObject({ kind: 'secret', waitingFor: [] });
    if (summary.dice.kind !== 'secret') throw new Error('secret dice expected');
    expect([mine.dice.commitment, theirs.dice.commitment]).toEqual([
      summary.dice.commitment,
      summary.dice.commitment,
    ]);
    expect(summary.dice.entropy).toEqual({ ...mine.dice.entropy, ...theirs.dice.entropy });
    expect(Object.keys(mine.dice.entropy)).toEqual(['company']);

    // The battle to its end, each side by its own player's key: random legal commands.
    const keys: Record<string, string> = { company: mine.keys['company']!, maratha: theirs.keys['maratha']! };
    const rng = new Prng(seedRng(11));
    let now = summary;
    while (!now.result) {
      const side = now.decider!;
      const play = await api<GamePlay>(
        'GET',
        `/api/games/${game}/play?viewer=${side}&from=${now.commands}`,
        keys[side],
      );
      const command = play.legal[rng.int(play.legal.length)];
      now = (
        await api<{ game: GameSummary }>('POST', `/api/games/${game}/commands`, keys[side], {
          side,
          command,
          seq: play.total,
        })
      ).game;
    }

    await company.goto(new URL('/#/battles', server.url).href);
    await expect.poll(() => company.locator('.card.game').first().textContent()).toMatch(/revealed/);
    await company
      .getByRole('button', { name: /^Verify/ })
      .first()
      .click();
    const panel = company.getByRole('region', { name: /^Verification of / });
    await panel.getByText('Verified: every check made matched.').waitFor();
    const checks = await panel.locator('li').allTextContents();
    expect(checks.join('\n')).toMatch(/✓ commitment: the one you were given at the start/);
    expect(checks.join('\n')).toMatch(/✓ entropy of company: the one its browser gave/);
    expect(checks.join('\n')).toMatch(/✓ replay: all \d+ commands accepted/);
    expect(checks.join('\n')).toMatch(/✓ result: /);
    await company.screenshot({ path: join(ARTIFACTS, 'fair-dice-verified.png') });

    // Had the server shown this browser another commitment at the start, Verify says so.
    await company.evaluate(`localStorage.setItem('muster.dice.${game}', JSON.stringify({
      ...JSON.parse(localStorage.getItem('muster.dice.${game}')), commitment: '${'0'.repeat(64)}' }))`);
    await panel.getByRole('button', { name: 'Close' }).click();
    await company
      .getByRole('button', { name: /^Verify/ })
      .first()
      .click();
    await panel.getByText(/^Not verified: 1 check did not match/).waitFor();
    expect((await panel.locator('li.failed').allTextContents()).join('\n')).toMatch(
      /✗ commitment: you were given 000000000000… at the start, the record says/,
    );
    await company.screenshot({ path: join(ARTIFACTS, 'fair-dice-not-verified.png') });

    // A seat whose share another browser gave first (here, whoever held its key before the link was
    // sent): its player's page says so when it opens the seat.
    const other = await api<{ id: string; seatKeys: Record<string, string> }>(
      'POST',
      '/api/games',
      undefined,
      {
        scenario: 'short',
        dice: 'secret',
      },
    );
    const share = 'ab'.repeat(32);
    await api('POST', `/api/games/${other.id}/entropy`, other.seatKeys['maratha'], {
      side: 'maratha',
      entropy: share,
    });
    await maratha.goto(
      new URL(`/#/play/${other.id}?seat=maratha:${other.seatKeys['maratha']}`, server.url).href,
    );
    await maratha.locator('.dice-shares').waitFor();
    expect(await maratha.locator('.dice-shares').textContent()).toMatch(
      /given by another browser before this one/,
    );
    await maratha.getByRole('heading', { name: /^Waiting for The Company/ }).waitFor();
    expect([...companyErrors, ...marathaErrors]).toEqual([]);
  }, 120_000);
});
