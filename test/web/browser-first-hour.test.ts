import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { overPreciseNumbers } from '../../src/core/rules/measure.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { invitationHash } from '../../src/web/invitation.ts';
import { ARTIFACTS, browserSuite } from './browser-suite.ts';
import { SHIPPED_SCENARIOS } from './fixtures.ts';
import { firstPosition, importGame } from './positions.ts';

/**
 * A new player's first hour, in a real browser (Debian's chromium) against the real server: the first
 * page and its one-click training battle, the table's legend and unit names at any zoom, Battles (the
 * training battle first, each scenario's table in small, a new game opening its table or its
 * invitations), a move to plan with a word on how, a General's rides and the log in the players' words,
 * a Resolve Level above the Reaction Table's top, the referee's Name field and the answer brought into
 * view on a phone, and no measure shown with more decimals than a player reads.
 */
const DESKTOP = { width: 1400, height: 950 };
const PHONE = { width: 390, height: 844 };
const TRAINING = 'Training: the village by the ford';
const SEED = 7;

describe("a new player's first hour", () => {
  const suite = browserSuite('browser-first-hour');
  const open = (path: string, viewport = DESKTOP) => suite.open(path, viewport);
  const done = (page: Page) => suite.done(page);

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(ARTIFACTS, `first-hour-${name}.png`), fullPage: true });

  /** Numbers in the page's text written with more decimals than a player reads. */
  const overPrecise = async (page: Page, selector = 'main') =>
    overPreciseNumbers((await page.locator(selector).textContent()) ?? '');

  /** Opens an imported position as its deciding side. */
  async function openPosition<C>(position: {
    record: Parameters<typeof importGame>[1];
    side: string;
    command: C;
  }) {
    const created = await importGame(suite.server.url, position.record);
    const page = await open(
      `/${invitationHash(created.id, { [position.side]: created.seatKeys[position.side]! })}`,
    );
    await page.locator('.table-frame').waitFor();
    return page;
  }

  it('the first page says what Muster does, and the training battle is one click away', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Muster', level: 1 }).waitFor();
    expect(await page.locator('.lead').textContent()).toMatch(/referees, hosts and analyses/);
    const ways = page.getByRole('list', { name: 'Ways in' });
    for (const way of ['Referee a real table', 'Play a battle', 'Analyse'])
      await ways.getByRole('heading', { name: way }).waitFor();
    expect(
      await ways.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['#/referee', '#/battles', '#/referee/reaction-test']);
    const start = page.getByRole('region', { name: 'Start here' });
    await start.getByRole('img', { name: /^The table of Training/ }).waitFor();
    expect(await overPrecise(page)).toEqual([]);
    await shot(page, 'home');

    await start.getByRole('button', { name: 'Play the training battle against the computer' }).click();
    await page.locator('.play-header h1').waitFor();
    expect(page.url()).toMatch(/#\/play\/[^/]+$/);
    // The player has the Company at once: its counters to place, no hand-over.
    await page.getByRole('region', { name: 'Order counters' }).waitFor();
    expect(await page.locator('.play-status').textContent()).toMatch(/viewing as The Company's brigades/);

    // A legend says which colour is which side, in the units' own colours.
    const legend = page.getByRole('list', { name: 'Sides' });
    expect(await legend.locator('li').allTextContents()).toEqual([
      "The Company's brigades",
      'The Maratha force',
    ]);
    const colours = await page.evaluate(`[0, 1].map((i) => [
      getComputedStyle(document.querySelector('.side-legend .swatch.side-' + i)).backgroundColor,
      getComputedStyle(document.querySelector('.unit.side-' + i + ' .stand-base')).fill,
    ])`);
    for (const [swatch, fill] of colours as [string, string][]) expect(swatch).toBe(fill);

    // Every unit has its name on the table, one size on screen whatever the zoom.
    const units = await page.locator('[data-unit]').count();
    expect(await page.locator('.unit-label').count()).toBe(units);
    const label = page.locator('[data-unit="european-regiment"] .unit-label');
    expect(await label.textContent()).toBe('The European regiment');
    const stand = page.locator('[data-unit="european-regiment"] .stand-base').first();
    const before = { label: (await label.boundingBox())!, stand: (await stand.boundingBox())! };
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const after = { label: (await label.boundingBox())!, stand: (await stand.boundingBox())! };
    expect(after.stand.width * after.stand.height).toBeGreaterThan(
      2 * before.stand.width * before.stand.height,
    );
    expect(after.label.height).toBeGreaterThan(before.label.height * 0.85);
    expect(after.label.height).toBeLessThan(before.label.height * 1.15);
    expect(before.label.height).toBeGreaterThanOrEqual(9);

    // A Resolve Level above the Reaction Table's top row says why the tests read 20.
    await page.getByRole('button', { name: 'Fit' }).click();
    await page.locator('[data-unit="european-regiment"]').click();
    const panel = page.getByRole('region', { name: 'The European regiment' });
    const level = Number(/Resolve Level(\d+)/.exec((await panel.textContent()) ?? '')?.[1]);
    expect(level).toBeGreaterThan(20);
    expect(await panel.textContent()).toMatch(/a test reads at most 20, the Reaction Table's top row/);
    expect(await overPrecise(page)).toEqual([]);
    await shot(page, 'table');
    await done(page);
  });

  it('Battles: the training battle first, each table in small, and a new game opens at once', async () => {
    const page = await open('/#/battles');
    const cards = page.locator('.card.scenario');
    await cards.first().waitFor();
    expect(await cards.first().locator('h3').textContent()).toBe(TRAINING);
    expect(await cards.count()).toBe(SHIPPED_SCENARIOS);
    for (let i = 0; i < SHIPPED_SCENARIOS; i++) {
      const map = cards.nth(i).locator('svg.scenario-map');
      expect(await map.getAttribute('aria-label')).toMatch(/^The table of .*, \d+" by \d+"/);
      expect(await map.locator('.terrain').count()).toBeGreaterThan(0);
      expect((await map.boundingBox())!.width).toBeGreaterThan(150);
    }
    await shot(page, 'battles');

    // Against the computer: the new game's table opens.
    const form = page.getByRole('form', { name: `New game of ${TRAINING}` });
    await form.getByLabel(/Maratha/).selectOption({ label: 'the computer' });
    await form.getByRole('button', { name: 'New game' }).click();
    await page.locator('.play-header h1').waitFor();
    expect(page.url()).toMatch(/#\/play\//);

    // Over the network: its invitations, in view.
    await page.goto(new URL('/#/battles', suite.server.url).href);
    const again = page.getByRole('form', { name: `New game of ${TRAINING}` });
    await again.getByLabel(/Maratha/).selectOption({ label: 'a player on another screen' });
    await again.getByRole('button', { name: 'New game' }).click();
    const invitation = page.getByRole('region', { name: /^Invite the other player/ });
    await invitation.waitFor();
    const box = (await invitation.boundingBox())!;
    expect(box.y).toBeGreaterThan(-1);
    expect(box.y).toBeLessThan(DESKTOP.height / 2);
    await done(page);
  });

  it('a unit to move says how to make a move; the log names each side once, in words', async () => {
    const position = firstPosition('john-company', SEED, (_s, _side, legal) =>
      (legal as readonly JcCommand[]).find((c) => c.type === 'move'),
    );
    const page = await openPosition(position);
    const planner = page.getByRole('region', { name: /^Plan a move: / });
    await planner.waitFor();
    const make = planner.getByRole('button', { name: 'Make this move' });
    expect(await make.isDisabled()).toBe(true);
    const why = page.locator('#make-move-why');
    expect(await make.getAttribute('aria-describedby')).toBe('make-move-why');
    expect(await why.textContent()).toMatch(/Nothing is planned yet: pick a suggested move above/);
    await planner.locator('.suggestions button').first().click();
    await expect.poll(() => make.isDisabled()).toBe(false);
    expect(await why.count()).toBe(0);

    const log = page.getByRole('list', { name: 'Battle log entries' });
    const entries = await log.locator(':scope > li').evaluateAll((lis) =>
      lis.map((li) => ({
        line: (li.firstChild?.parentElement?.childNodes ? [...li.childNodes] : [])
          .filter((n) => n.nodeName !== 'UL')
          .map((n) => n.textContent)
          .join('')
          .trim(),
        events: [...li.querySelectorAll('ul > li')].map((e) => e.textContent?.trim() ?? ''),
      })),
    );
    expect(entries.length).toBeGreaterThan(5);
    for (const { line, events } of entries) {
      // "T1 The Company's brigades: The European regiment: Forward March", never a raw side id after it.
      expect(line).toMatch(/^T\d+ (The Company's brigades|The Maratha force): /);
      expect(line).not.toMatch(/: (company|maratha)[: ]/);
      const command = line.replace(/^T\d+ [^:]+: /, '');
      expect(events).not.toContain(command);
    }
    expect(await overPrecise(page)).toEqual([]);
    await shot(page, 'move');
    await done(page);
  });

  it("a General's rides are offered in the players' words: how far, which way, where to", async () => {
    const position = firstPosition('john-company', SEED, (_s, _side, legal) =>
      (legal as readonly JcCommand[]).find((c) => c.type === 'move-general'),
    );
    const page = await openPosition(position);
    const decision = page.getByRole('region', { name: 'Your decision' });
    await decision.waitFor();
    const rides = (await decision.getByRole('button').allTextContents()).filter((t) => / ride /.test(t));
    expect(rides.length).toBeGreaterThan(0);
    for (const ride of rides) {
      expect(ride).toMatch(
        /: ride [\d.]+" (north|south|east|west)[a-z-]*, to ([\d.]+" (north|south|east|west)[a-z-]* of the \w+|at the \w+|[\d.]+" from the (north|south|east|west) edge)( \((towards .+, [\d.]+" from it|[\d.]+" (in front of|behind|to the (left|right) of) .+|with .+)\))?$/,
      );
      expect(ride).not.toMatch(/\(\d+(\.\d+)?, \d/);
    }
    const general = (position.state as JcGameState).generals[
      (position.command as { general: string }).general
    ]!;
    expect(rides.some((r) => r.startsWith(`${general.name}: ride `))).toBe(true);
    await done(page);
  });

  it("the referee's Name field is a proper field, and on a phone the answer comes into view", async () => {
    const page = await open('/#/referee', PHONE);
    await page.getByRole('tab', { name: 'Order of battle' }).click();
    const add = page.getByRole('form', { name: 'Add a unit' });
    const name = add.getByLabel('Name');
    const box = (await name.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThanOrEqual(40);
    await name.fill('2nd Madras Native Infantry');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.locator('.roster-unit', { hasText: '2nd Madras Native Infantry' }).waitFor();

    // A range band at a distance measured on the table: the answer is in view, the distance rounded.
    await page.goto(new URL('/#/referee/range-band', suite.server.url).href);
    await page.getByRole('heading', { name: 'Range band' }).waitFor();
    await page.getByLabel('Distance').fill('35.188990473301466');
    await page.getByRole('button', { name: /^(Roll and resolve|Resolve)$/ }).click();
    const answer = page.locator('.answer');
    await answer.locator('.step').first().waitFor();
    await expect.poll(async () => (await answer.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    expect((await answer.boundingBox())!.y).toBeGreaterThanOrEqual(-1);
    expect(await answer.textContent()).toContain('Range band for 35.19"');
    expect(await overPrecise(page, '.answer')).toEqual([]);
    await shot(page, 'referee-answer-phone');
    await done(page);
  });
});
