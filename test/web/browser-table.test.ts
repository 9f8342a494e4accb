import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { invitationHash } from '../../src/web/invitation.ts';
import { ARTIFACTS, browserSuite, waitUntil } from './browser-suite.ts';
import { firstPosition, importGame } from './positions.ts';

type PlaceOrder = Extract<JcCommand, { type: 'place-order' }>;

/**
 * The virtual table in a real browser (Debian's chromium), against the real server with a temporary
 * data folder: a hot-seat game of the training scenario played through its first turn by the UI (order
 * counters for both sides through the hand-over screen, every activation), the log, a reload that
 * resumes, the replay scrubber, the tape measure, a unit's panel and overlays, a planned move with its
 * inches and the odds before dice, a game against the computer, and the computer against itself.
 * Screenshots of the main screens go to test-artifacts/table-*.png.
 */
const DESKTOP = { width: 1400, height: 950 };
const TRAINING = 'Training: the village by the ford';
/** A seed whose first turn gives a move to plan and a battery that may fire (checked below). */
const SEED = '7';

describe('the virtual table', () => {
  const suite = browserSuite('browser-table');

  const open = (path: string) => suite.open(path, DESKTOP);
  const done = (page: Page) => suite.done(page);

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `table-${name}.png`) });

  /** Starts a game of the training scenario from the Battles page and opens it at the table. */
  async function newGame(seats: {
    company: 'a player on this screen' | 'the computer';
    maratha: 'a player on this screen' | 'the computer';
  }) {
    const page = await open('/#/battles');
    const form = page.getByRole('form', { name: `New game of ${TRAINING}` });
    await form.getByLabel("The Company's brigades").selectOption({ label: seats.company });
    await form.getByLabel(/Maratha/).selectOption({ label: seats.maratha });
    await form.getByLabel('Seed').fill(SEED);
    if ((await page.locator('.card.game').count()) === 0)
      await page.screenshot({ path: join(ARTIFACTS, 'table-battles.png'), fullPage: true });
    // A new game played on this screen opens at its table.
    await form.getByRole('button', { name: 'New game' }).click();
    await page.locator('.play-header h1').waitFor();
    return page;
  }

  /** "after command n of m", the replay's position: it changes with every command. */
  const position = (page: Page) => page.locator('.scrubber label').textContent();
  const status = (page: Page) => page.locator('.play-status').textContent();

  /** Clicks, then waits for the game to move on (a new position) or for the hand-over screen. */
  async function act(page: Page, click: () => Promise<void>): Promise<void> {
    const before = await position(page);
    await click();
    const prev = JSON.stringify(before);
    try {
      await waitUntil(
        page,
        `document.querySelector('.hand-over') !== null ||
         (document.querySelector('.scrubber label')?.textContent ?? ${prev}) !== ${prev}`,
      );
    } catch {
      await shot(page, 'stuck');
      const alert = await page.getByRole('alert').allTextContents();
      throw new Error(
        `the game did not move on from "${before}" (${await status(page)}): ${alert.join('; ')}`,
      );
    }
  }

  async function takeOver(page: Page, side: RegExp): Promise<void> {
    await page.getByRole('heading', { name: side }).waitFor();
    // Hidden until the next player takes the screen: no table, no counters.
    expect(await page.locator('.table-frame').count()).toBe(0);
    await page.getByRole('button', { name: /show my table/ }).click();
    await page.locator('.table-frame').waitFor();
  }

  /** Places a counter on every unit of the viewer's side, choosing `order` where the unit may take it. */
  async function placeCounters(page: Page, order: RegExp): Promise<number> {
    const panel = page.getByRole('region', { name: 'Order counters' });
    let placed = 0;
    while ((await panel.locator('select').count()) > 0) {
      const select = panel.locator('select').first();
      const options = await select.locator('option').allTextContents();
      const wanted = options.find((o) => order.test(o));
      if (wanted) await select.selectOption({ label: wanted });
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

  it('plays a hot-seat battle through its first turn, hands the screen over, resumes and replays', async () => {
    const page = await newGame({ company: 'a player on this screen', maratha: 'a player on this screen' });
    await takeOver(page, /Pass to The Company's brigades/);
    await page.screenshot({ path: join(ARTIFACTS, 'table-hand-over.png') });

    // The Company's counters: the battery holds (so that it may fire), everyone else marches forward.
    const panel = page.getByRole('region', { name: 'Order counters' });
    await panel.getByLabel('Order for Foot battery').selectOption({ label: 'Hold' });
    await act(page, () => panel.getByRole('button', { name: 'Place the counter for Foot battery' }).click());
    // A counter placed gives nothing away: the player may take it back, and place it again.
    expect(await page.locator('.unit.side-0 .counter').count()).toBe(1);
    await act(page, () => page.getByRole('button', { name: /^Undo: .*Foot battery/ }).click());
    expect(await page.locator('.unit.side-0 .counter').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    await panel.getByLabel('Order for Foot battery').selectOption({ label: 'Hold' });
    await act(page, () => panel.getByRole('button', { name: 'Place the counter for Foot battery' }).click());
    expect(await placeCounters(page, /^Forward March$/)).toBe(5);
    expect(await page.locator('.unit.side-0 .counter').count()).toBe(6);
    await shot(page, 'orders');
    await act(page, () => page.getByRole('button', { name: 'finish placing counters' }).click());

    // The Maratha player sees that the Company's counters are there, face down.
    await takeOver(page, /Pass to .*Maratha/);
    expect(await page.locator('.unit.side-0 .counter.face-down').count()).toBeGreaterThan(0);
    expect(await page.locator('.unit.side-0 .counter:not(.face-down)').count()).toBe(0);
    expect(await placeCounters(page, /^Forward March$/)).toBe(6);
    expect(await page.locator('.unit.side-1 .counter:not(.face-down)').count()).toBe(6);
    await act(page, () => page.getByRole('button', { name: 'finish placing counters' }).click());

    // Step 5: every card of the turn, each side in turn at the screen.
    let planned = false;
    let rolled = false;
    let rode = false;
    for (let step = 0; step < 200; step++) {
      if (await page.locator('.hand-over').isVisible()) {
        await page.getByRole('button', { name: /show my table/ }).click();
        await page.locator('.table-frame').waitFor();
        continue;
      }
      if (/Turn 2/.test((await status(page)) ?? '')) break;
      const pass = page.getByRole('button', { name: /^Pass to / });
      if (await pass.isVisible()) {
        await pass.click();
        continue;
      }
      const planner = page.getByRole('region', { name: /^Plan a move/ });
      if (!planned && (await planner.isVisible())) {
        planned = true;
        await planMove(page);
        continue;
      }
      const ride = page.getByRole('region', { name: /^Ride: General/ });
      if (!rode && (await ride.isVisible())) {
        rode = true;
        await rideGeneral(page);
        continue;
      }
      const dice = page.getByRole('button', { name: /: fire at / });
      if (!rolled && (await dice.count()) > 0) {
        rolled = true;
        await fireWithOddsFirst(page);
        continue;
      }
      const decision = page.getByRole('region', { name: 'Your decision' });
      const finish = decision.getByRole('button', { name: /^(end the activation|finish aiming)$/ });
      // A unit that must move (Forward March's minimum) is offered no end: it makes the engine's move.
      if ((await finish.count()) === 0 && (await planner.isVisible())) {
        await planner.locator('.suggestions button').first().click();
        await act(page, () => planner.getByRole('button', { name: 'Make this move' }).click());
        continue;
      }
      const choice = (await finish.count()) > 0 ? finish : decision.getByRole('button');
      await act(page, () => choice.first().click());
    }
    expect(await status(page)).toMatch(/Turn 2/);
    expect(planned, 'a move was planned').toBe(true);
    expect(rolled, 'a battery fired after its odds').toBe(true);
    expect(rode, 'a General rode to a point picked on the table').toBe(true);

    // The log: every command with what it caused, turn 2's draw included.
    const log = page.getByRole('list', { name: 'Battle log entries' });
    expect(await log.locator(':scope > li').count()).toBeGreaterThan(20);
    expect(await log.textContent()).toContain('Turn 2');
    await shot(page, 'turn-2');

    // Reload: the same game at the same point, behind the hand-over screen again.
    const where = await position(page);
    const side = await status(page);
    await page.reload();
    await page.getByRole('heading', { name: /^Pass to/ }).waitFor();
    await page.getByRole('button', { name: /show my table/ }).click();
    await page.locator('.table-frame').waitFor();
    expect(await position(page)).toBe(where);
    expect(await status(page)).toBe(side);

    // The scrubber marks where turn 2 begins, and shows the table as it was before any command: no
    // counter on the table, nothing to decide.
    expect(await page.getByRole('button', { name: 'Turn 2' }).count()).toBe(1);
    await page.getByLabel('Replay position').fill('0');
    await expect.poll(() => status(page)).toMatch(/Turn 1 · Step 2/);
    expect(await page.getByRole('status').filter({ hasText: 'Replaying' }).count()).toBe(1);
    expect(await page.locator('.counter').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your decision' }).count()).toBe(0);
    await shot(page, 'replay');
    await page.getByRole('button', { name: 'Now' }).click();
    await expect.poll(() => position(page)).toBe(where);
    await done(page);
  }, 300_000);

  /** The active unit's move: dragged, then picked from the suggestions; inches and problems shown first. */
  async function planMove(page: Page): Promise<void> {
    const planner = page.getByRole('region', { name: /^Plan a move/ });
    const unit = (await planner.getByRole('heading').textContent())!.replace('Plan a move: ', '');
    // Drag the selected unit's ghost 2" ahead (its facing: north for the Company, south for the Maratha).
    const cloth = (await page.locator('.table-cloth').boundingBox())!;
    const perInch = cloth.width / 72;
    const stand = (await page.locator('.selected-stand').first().boundingBox())!;
    const from = { x: stand.x + stand.width / 2, y: stand.y + stand.height / 2 };
    const north = (await status(page))?.includes("The Company's") ? -1 : 1;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + north * perInch, { steps: 4 });
    await page.mouse.move(from.x, from.y + 2 * north * perInch, { steps: 4 });
    await page.mouse.up();
    const plan = page.getByRole('status', { name: 'Planned move' });
    await expect.poll(() => plan.textContent()).toMatch(/^\d+(\.\d)?" of \d+(\.\d)?" used: advance 2"/);
    await shot(page, 'plan-drag');
    // The engine's first suggestion, previewed, then made.
    await planner.locator('.suggestions button').first().click();
    await expect.poll(() => plan.textContent()).toMatch(/" of \d+(\.\d)?" used: .*(accept|\.)/);
    await page.locator('.ghost.plan rect').first().waitFor();
    await shot(page, 'plan');
    expect(await page.getByRole('heading', { name: unit }).count()).toBeGreaterThan(0);
    await act(page, () => planner.getByRole('button', { name: 'Make this move' }).click());
  }

  /** The active General rides 2" towards the middle of the table, to a point clicked on it. */
  async function rideGeneral(page: Page): Promise<void> {
    const ride = page.getByRole('region', { name: /^Ride: General/ });
    const name = (await ride.getByRole('heading').textContent())!.replace('Ride: General ', '');
    const cloth = (await page.locator('.table-cloth').boundingBox())!;
    const perInch = cloth.width / 72;
    const stand = (await page.locator('.general').filter({ hasText: name }).boundingBox())!;
    const x = stand.x + stand.width / 2;
    const y = stand.y + stand.height / 2;
    const towardsMiddle = y > cloth.y + cloth.height / 2 ? -1 : 1;
    await page.mouse.click(x, y + 2 * towardsMiddle * perInch);
    await page.locator('.ride-marker').waitFor();
    await act(page, () => ride.getByRole('button', { name: /^Ride [\d.]+" to the point picked$/ }).click());
    const log = await page.getByRole('list', { name: 'Battle log entries' }).textContent();
    expect(log).toContain(`${name}: ride to`);
  }

  /** A battery fires: the exact odds before the dice, then the dice and how they were read. */
  async function fireWithOddsFirst(page: Page): Promise<void> {
    await page
      .getByRole('button', { name: /: fire at / })
      .first()
      .click();
    const before = page.getByRole('region', { name: /^Before the dice/ });
    await before.locator('figure.odds-chart').first().waitFor();
    expect(await before.locator('figure.odds-chart li').count()).toBeGreaterThan(1);
    await shot(page, 'odds');
    await act(page, () => before.getByRole('button', { name: /^Roll: / }).click());
    const dice = page.getByRole('region', { name: 'Dice and how they were read' });
    // The fire's line, its dice (Random Factor, Event Die) with their faces and values, and the working:
    // every step of the fire procedure with its rule.
    await dice.locator('.rolls li').first().waitFor();
    expect(await dice.textContent()).toMatch(/fires at .*: \d+ stands? lost/);
    expect(await dice.locator('.rolls li').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Random Factor.*= -?\d+/)]),
    );
    expect(await dice.locator('.trace .step').count()).toBeGreaterThan(2);
    expect(await dice.locator('.trace .step-rule').first().textContent()).toMatch(/John Company Part 4/);
    await shot(page, 'dice');
  }

  it('measures with the tape and shows a unit with its ranges and line of sight', async () => {
    const page = await newGame({ company: 'a player on this screen', maratha: 'a player on this screen' });
    await takeOver(page, /Pass to The Company's brigades/);

    await page.getByRole('button', { name: 'Tape measure' }).click();
    const cloth = (await page.locator('.table-cloth').boundingBox())!;
    const perInch = cloth.width / 72;
    await page.mouse.move(cloth.x + 10 * perInch, cloth.y + 30 * perInch);
    await page.mouse.down();
    await page.mouse.move(cloth.x + 22 * perInch, cloth.y + 30 * perInch, { steps: 5 });
    await page.mouse.move(cloth.x + 34 * perInch, cloth.y + 30 * perInch, { steps: 5 });
    await page.mouse.up();
    const reading = Number.parseFloat((await page.getByLabel('Tape', { exact: true }).textContent())!);
    expect(Math.abs(reading - 24)).toBeLessThanOrEqual(0.2);
    await shot(page, 'tape');
    await page.getByRole('button', { name: 'Tape measure' }).click();

    // Zooming and panning change one transform; a click still selects what is under the pointer.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator('.table-frame').focus();
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-unit="foot-battery"]').click();
    const panel = page.getByRole('region', { name: 'Foot battery' });
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Resolve Level\d+/);
    expect(await panel.textContent()).toMatch(/Stands2 of 2/);
    expect(await page.locator('.range-band').count()).toBe(5);
    await panel.getByRole('checkbox', { name: 'Line of sight' }).check();
    await panel.getByRole('checkbox', { name: 'Charge reach' }).check();
    expect(await page.locator('line.sight').count()).toBeGreaterThan(0);
    expect(await panel.textContent()).toMatch(/Sees /);
    await shot(page, 'unit');
    await done(page);
  });

  it('plays against the computer: it decides as soon as it is its turn', async () => {
    const page = await newGame({ company: 'a player on this screen', maratha: 'the computer' });
    // No hand-over: the Company's player has the screen.
    await page.getByRole('region', { name: 'Order counters' }).waitFor();
    expect(await page.locator('.hand-over').count()).toBe(0);
    await act(page, () => page.getByRole('button', { name: 'finish placing counters' }).click());
    // The computer places its counters and plays its cards until the Company must decide again.
    await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(/Step 5/);
    await page.getByRole('region', { name: 'Your decision' }).waitFor();
    const log = await page.getByRole('list', { name: 'Battle log entries' }).textContent();
    expect(log).toMatch(/Maratha.*finish placing counters/);
    // The dice panel shows what the computer's turn threw, not only the player's own commands.
    const dice = page.getByRole('region', { name: 'Dice and how they were read' });
    expect(await dice.locator('.resolution-picker button').allTextContents()).toContainEqual(
      expect.stringMatching(/^Maratha .* tests \(activation\)/),
    );
    await shot(page, 'against-computer');
    await done(page);
  });

  it('shows the odds of a charge counter’s Charge Test and Confrontation before it is placed', async () => {
    // The computer plays both sides from seed 7 until a side placing counters may order a charge; the
    // game is imported at that point and opened by that side.
    const { record, state, side, command } = firstPosition('john-company', Number(SEED), (_s, _side, legal) =>
      (legal as readonly JcCommand[]).find(
        (c): c is PlaceOrder => c.type === 'place-order' && c.order === 'charge',
      ),
    );
    const created = await importGame(suite.server.url, record);
    const page = await open(`/${invitationHash(created.id, { [side]: created.seatKeys[side]! })}`);
    const panel = page.getByRole('region', { name: 'Order counters' });
    await panel.waitFor();
    const name = (state as JcGameState).units[command.unit]!.name;
    const select = panel.getByLabel(`Order for ${name}`);
    const option = (await select.locator('option').allTextContents()).find((o) => /^Charge/.test(o))!;
    await select.selectOption({ label: option });
    const odds = panel.locator('.counter-odds');
    await odds.locator('.odds-chart').first().waitFor();
    expect(await odds.locator('summary').textContent()).toMatch(/^.+ charges .+$/);
    // The charger's Charge Test, then the Confrontation should it go in.
    const charts = await odds
      .locator('.odds-chart')
      .evaluateAll((cs) => cs.map((c) => c.getAttribute('data-view')));
    expect(charts).toContain('Its Charge Test as things stand: Resolve Status');
    expect(charts).toContain('The Confrontation if it goes in: Winner');
    await shot(page, 'charge-odds');
    // Another order: no odds.
    await select.selectOption({ index: 0 });
    if (!/^Charge/.test((await select.locator('option:checked').textContent()) ?? ''))
      await expect.poll(() => odds.count()).toBe(0);
    await done(page);
  });

  it('watches the computer play itself, with play and pause', async () => {
    const page = await newGame({ company: 'the computer', maratha: 'the computer' });
    await expect.poll(() => status(page)).toMatch(/viewing as Spectator/);
    await page.getByLabel('Speed').selectOption({ label: 'Fast (ten at a time)' });
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(async () => Number(/of (\d+)/.exec((await position(page)) ?? '')?.[1] ?? 0), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(20);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await shot(page, 'watching');
    await done(page);
  });
});
