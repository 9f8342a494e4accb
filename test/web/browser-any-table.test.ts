import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_PLAYS } from '../../src/core/odds/estimate.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { CreatedGame, GamePlay, GameSummary, SeatKind } from '../../src/protocol/api.ts';
import { estimateWords } from '../../src/protocol/odds.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { invitationHash } from '../../src/web/invitation.ts';
import { unreadable } from '../game/readable-text.ts';
import { ARTIFACTS, browserSuite, waitUntil } from './browser-suite.ts';
import { firstPosition, importGame } from './positions.ts';

/**
 * The table for rule sets other than John Company (src/web/any-table/) in a real browser, against the
 * real server: MacDuff games of the training scenario created over the API. Against the computer: the
 * table drawn from the view (every stand), a unit's panel and a command given from it, the computer's
 * answer, the log, and the scrubber back to the start showing the table as it was. Hot seat: the
 * hand-over screen between the two players (none under Honour & Fortitude and the command-point rules,
 * which hide nothing). Each set's training battle played a few decisions through the page: no text a
 * player reads holds an id of the scenario, a camelCase field or a number with more than 2 decimals, and
 * the selected unit's commands come first. Measure and plan: the tape, a unit's aids, a move planned at
 * a point and turned by dragging its facing grip, an Honour & Fortitude attack planned by clicking the
 * enemy (its words, path and odds, then given), in the firing phase the fire planned the same way, and a
 * gun's attack refused in words. Odds: a fire's exact odds before its dice, and the combats after a
 * command-point closing end-fire marked as estimated from the engine's plays where they are past the
 * exact bound. Screenshots:
 * test-artifacts/any-table-*.png.
 */
const DESKTOP = { width: 1400, height: 950 };
const SEED = 7;
/** A MacDuff unit's button that ends its activation, or passes. */
const END_ACTIVATION = /: (end the activation|pass \(do nothing)/;

interface Stand {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}
interface TableOfView {
  readonly depth: number;
  readonly units: Readonly<Record<string, { readonly stands: readonly Stand[] }>>;
}

/** The SVG transform the table gives a stand (as src/web/any-table/TableView.tsx draws it). */
const standTransform = (s: Stand, depth: number) => `translate(${s.x} ${depth - s.y}) rotate(${-s.facing})`;

describe('the table for any rule set', () => {
  const suite = browserSuite('browser-any-table');

  /** The seat keys of each game created here, by game id. */
  const keys = new Map<string, Readonly<Record<string, string>>>();

  async function createGame(players: Record<string, SeatKind>, ruleSet = 'macduff'): Promise<GameSummary> {
    const response = await fetch(new URL('/api/games', suite.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'training-village-ford', ruleSet, seed: SEED, players }),
    });
    expect(response.status).toBe(201);
    const { seatKeys, ...game } = (await response.json()) as CreatedGame;
    keys.set(game.id, seatKeys);
    return game;
  }

  async function playOf(id: string, viewer: string, at?: number): Promise<GamePlay> {
    const query = `viewer=${viewer}${at === undefined ? '' : `&at=${at}`}`;
    const response = await fetch(new URL(`/api/games/${id}/play?${query}`, suite.server.url), {
      headers: { [SEAT_KEY_HEADER]: Object.values(keys.get(id) ?? {}).join(', ') },
    });
    return (await response.json()) as GamePlay;
  }

  /** The game's page with an invitation to every seat (or to `sides`): it keeps the keys and plays them. */
  function open(id: string, sides?: readonly string[]): Promise<Page> {
    const held = Object.entries(keys.get(id) ?? {}).filter(([side]) => sides?.includes(side) ?? true);
    return suite.open(`/${invitationHash(id, Object.fromEntries(held))}`, DESKTOP);
  }
  const done = (page: Page) => suite.done(page);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(ARTIFACTS, `any-table-${name}.png`) });

  const position = (page: Page) => page.locator('.scrubber label').textContent();
  const status = (page: Page) => page.locator('.play-status').textContent();
  const drawnTransforms = (page: Page) =>
    page.locator('.units-layer .unit .stand').evaluateAll((gs) => gs.map((g) => g.getAttribute('transform')));
  const expectedTransforms = (table: TableOfView) =>
    Object.values(table.units).flatMap((u) => u.stands.map((s) => standTransform(s, table.depth)));

  /**
   * Clicks, then waits for a new position in the game, the pass banner or the hand-over screen; a command
   * that throws dice shows its odds first ("Before the dice"), and is then rolled.
   */
  async function act(page: Page, click: () => Promise<void>): Promise<void> {
    const before = JSON.stringify(await position(page));
    const movedOn = `document.querySelector('.hand-over') !== null || document.querySelector('.pass-banner') !== null ||
       (document.querySelector('.scrubber label')?.textContent ?? ${before}) !== ${before}`;
    await click();
    await waitUntil(page, `${movedOn} || document.querySelector('.odds-first') !== null`);
    const odds = page.locator('.odds-first');
    if ((await odds.count()) > 0 && JSON.stringify(await position(page)) === before) {
      await odds.getByRole('button', { name: /^Roll: / }).click();
      await waitUntil(page, movedOn);
    }
  }

  it('draws a MacDuff battle, gives a command from a unit, lets the computer answer, and replays', async () => {
    const game = await createGame({ company: 'human', maratha: 'computer' });
    const page = await open(game.id);
    const decision = page.getByRole('region', { name: 'Your decision' });
    await decision.waitFor();
    expect(await status(page)).toMatch(/Turn 1 · choose unit · The Company's brigades decides/);

    // The table to scale: every stand of the view, each where the view puts it.
    const first = await playOf(game.id, 'company');
    const table = (first.view as { table: TableOfView }).table;
    expect((await drawnTransforms(page)).sort()).toEqual(expectedTransforms(table).sort());
    expect(await page.locator('.terrain-layer .terrain').count()).toBeGreaterThan(0);
    expect(await page.locator('.units-layer .unit.side-0').count()).toBeGreaterThan(0);
    expect(await page.locator('.units-layer .unit.side-1').count()).toBeGreaterThan(0);
    // The computer played the Maratha force's first activations before the player's decision.
    const log = page.getByRole('list', { name: 'Battle log entries' });
    const logBefore = await log.locator(':scope > li').count();
    expect(logBefore).toBe(first.total);
    expect(logBefore).toBeGreaterThan(0);

    // The legal commands grouped by unit, and a unit's own commands in its panel.
    await expect
      .poll(() => decision.getByRole('region', { name: 'The European regiment: commands' }).count())
      .toBe(1);
    await page.getByRole('button', { name: /^The European regiment \(line/ }).click();
    const unitPanel = page.getByRole('region', { name: 'The European regiment', exact: true });
    await expect
      .poll(() => unitPanel.getByRole('definition').first().textContent())
      .toBe("The Company's brigades");
    expect(await unitPanel.textContent()).toMatch(/TroopsRegular infantry.*Figures24 of 24/);
    await shot(page, 'unit');
    await act(page, () =>
      unitPanel
        .getByRole('region', { name: 'Commands for The European regiment' })
        .getByRole('button', { name: 'The European regiment: activate (play the card for it)' })
        .click(),
    );
    await expect.poll(() => status(page)).toMatch(/activation · The Company's brigades decides/);
    expect(await page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/acts/);

    // A move to a point picked on the table, ahead of the regiment: planned with its ghost, then given.
    const regiment = await page.getByRole('button', { name: /^The European regiment \(line/ }).boundingBox();
    await page.mouse.click(regiment!.x + regiment!.width / 2, regiment!.y - 40);
    const planner = page.getByRole('region', { name: 'Move The European regiment' });
    await planner.waitFor();
    expect(await page.locator('[data-testid="move-ghost"] .ghost-stand').count()).toBeGreaterThan(0);
    const beforeMove = await drawnTransforms(page);
    await act(page, () => planner.getByRole('button', { name: 'Move here' }).click());
    expect(await page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/move/i);
    expect(await drawnTransforms(page)).not.toEqual(beforeMove);
    await shot(page, 'moved');

    // Ending the activation hands the card to the computer, which answers until the player decides.
    await act(page, () =>
      page
        .getByRole('region', { name: 'Commands for The European regiment' })
        .getByRole('button', { name: /^The European regiment: (end the activation|pass)/ })
        .click(),
    );
    await decision.waitFor();
    const now = await playOf(game.id, 'company');
    expect(now.total).toBeGreaterThan(first.total + 1);
    expect(now.log.slice(first.total + 2).some((e) => e.side === 'maratha')).toBe(true);
    await expect.poll(() => log.locator(':scope > li').count()).toBe(now.total);
    await shot(page, 'against-computer');

    // The scrubber back to the start: the table and the log as they were before any command.
    await page.getByRole('region', { name: 'Replay' }).getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => position(page)).toMatch(/after command 0 of /);
    const start = (await playOf(game.id, 'company', 0)).view as { table: TableOfView };
    await expect
      .poll(async () => (await drawnTransforms(page)).sort())
      .toEqual(expectedTransforms(start.table).sort());
    expect(await page.getByRole('region', { name: 'Battle log' }).textContent()).toMatch(
      /Nothing has happened/,
    );
    expect(await page.getByRole('region', { name: 'Your decision' }).count()).toBe(0);
    await shot(page, 'replay');
    await page.getByRole('button', { name: 'Now' }).click();
    await decision.waitFor();
    await done(page);
  });

  it('hands the screen over between two players in hot seat', async () => {
    const game = await createGame({ company: 'human', maratha: 'human' });
    const page = await open(game.id);
    // The Maratha force draws the first card: the table stays hidden until its player takes the screen.
    await page.getByRole('heading', { name: 'Pass to The Maratha force' }).waitFor();
    expect(await page.locator('.table-frame').count()).toBe(0);
    await shot(page, 'hand-over');
    await page.getByRole('button', { name: 'I am The Maratha force: show my table' }).click();
    await page.locator('.table-frame').waitFor();
    expect(await status(page)).toMatch(/viewing as The Maratha force/);

    // The Maratha player activates units and ends their activations until the other side decides.
    const pass = page.getByRole('button', { name: "Pass to The Company's brigades" });
    for (let step = 0; step < 20 && !(await pass.isVisible()); step++) {
      const decision = page.getByRole('region', { name: 'Your decision' });
      const end = decision.getByRole('button', { name: END_ACTIVATION });
      const choice = (await end.count()) > 0 ? end : decision.getByRole('button');
      await act(page, () => choice.first().click());
    }
    // The player reads what happened, then passes the screen: hidden again until the Company takes it.
    await pass.click();
    await page.getByRole('heading', { name: "Pass to The Company's brigades" }).waitFor();
    expect(await page.locator('.table-frame').count()).toBe(0);
    await page.getByRole('button', { name: "I am The Company's brigades: show my table" }).click();
    await page.getByRole('region', { name: 'Your decision' }).waitFor();
    expect(await status(page)).toMatch(/The Company's brigades decides · viewing as The Company's brigades/);
    await shot(page, 'hot-seat');
    await done(page);
  });

  it('plays over the network: each page its own side, waiting for the other without a hand-over', async () => {
    const game = await createGame({ company: 'human', maratha: 'human' });
    // Each page is a browser context of its own (its own localStorage), holding one seat's key.
    const maratha = await open(game.id, ['maratha']);
    const company = await open(game.id, ['company']);
    await company.getByText(/^Waiting for The Maratha force/).waitFor();
    expect(await status(company)).toMatch(/viewing as The Company's brigades/);
    const decision = maratha.getByRole('region', { name: 'Your decision' });
    await decision.waitFor();
    for (
      let step = 0;
      step < 20 && !/The Company's brigades decides/.test((await status(maratha)) ?? '');
      step++
    ) {
      const end = decision.getByRole('button', { name: END_ACTIVATION });
      const choice = (await end.count()) > 0 ? end : decision.getByRole('button');
      await act(maratha, () => choice.first().click());
    }
    await maratha.getByText(/^Waiting for The Company's brigades/).waitFor();
    // The Company's page hears of it from the game's change stream: its decision, never a hand-over.
    await company.getByRole('region', { name: 'Your decision' }).waitFor({ timeout: 5_000 });
    for (const page of [company, maratha]) expect(await page.locator('.hand-over').count()).toBe(0);
    await shot(company, 'network');
    await done(company);
    await done(maratha);
  });

  it('plays the computer against itself while watched, with Play and Pause', async () => {
    const game = await createGame({ company: 'computer', maratha: 'computer' });
    const page = await open(game.id);
    const watch = page.getByRole('region', { name: 'Watching the computer' });
    await watch.getByLabel('Speed').selectOption({ label: 'Fast (ten at a time)' });
    await watch.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await playOf(game.id, 'spectator')).total).toBeGreaterThan(10);
    await watch.getByRole('button', { name: 'Pause' }).click();
    await watch.getByRole('button', { name: 'Play' }).waitFor();
    // Paused: once the last batch is in, nothing more is played.
    await expect
      .poll(() => page.locator('.play-status').textContent())
      .not.toMatch(/the computer is playing/);
    const paused = (await playOf(game.id, 'spectator')).total;
    await page.waitForTimeout(500);
    expect((await playOf(game.id, 'spectator')).total).toBe(paused);
    await expect
      .poll(() => page.getByRole('list', { name: 'Battle log entries' }).locator(':scope > li').count())
      .toBe(paused);
    expect(await status(page)).toMatch(/viewing as Spectator/);
    await shot(page, 'watching');
    await done(page);
  });

  /**
   * A game of `ruleSet` imported at the first position (the computer playing both sides from SEED) where
   * the deciding side may fire with odds to read: its id and that side.
   */
  async function importedAtFire(ruleSet: string): Promise<{ id: string; side: string }> {
    const playable = findPlayableRuleSet(ruleSet)!;
    const { record, side } = firstPosition(ruleSet, SEED, (state, decider, legal) =>
      legal.find((c) => c.type === 'fire' && (playable.commandOdds?.(state, decider, c).length ?? 0) > 0),
    );
    const { seatKeys, ...game } = await importGame(suite.server.url, record);
    keys.set(game.id, seatKeys);
    return { id: game.id, side };
  }

  it.each(['honour-and-fortitude', 'command-points', 'macduff'])(
    'shows the exact odds of a %s fire before its dice',
    async (ruleSet) => {
      const { id, side } = await importedAtFire(ruleSet);
      const page = await open(id, [side]);
      const decision = page.getByRole('region', { name: 'Your decision' });
      await decision.waitFor();
      const fire = decision.getByRole('button', { name: /: fire at / }).first();
      const words = (await fire.textContent())!;
      await fire.click();
      // The odds first, nothing rolled yet: each chart's bars, then the player rolls.
      const before = page.getByRole('region', { name: `Before the dice: ${words}` });
      await before.waitFor();
      expect(await before.locator('.odds-chart').count()).toBeGreaterThan(0);
      const total = (await playOf(id, side)).total;
      await shot(page, `${ruleSet}-odds`);
      await act(page, () => before.getByRole('button', { name: `Roll: ${words}` }).click());
      expect((await playOf(id, side)).total).toBeGreaterThan(total);
      expect(await before.count()).toBe(0);
      await done(page);
    },
  );

  it('marks the odds of the combats after a closing end-fire as estimated where they are', async () => {
    // Seed 3's training battle reaches a closing end-fire whose combats are past the exact bound.
    const commandOdds = findPlayableRuleSet('command-points')!.commandOdds!;
    const { record, side } = firstPosition('command-points', 3, (state, decider, legal) =>
      legal.find(
        (c) =>
          c.type === 'end-fire' && commandOdds(state, decider, c).some((o) => o.estimatedFrom !== undefined),
      ),
    );
    const { seatKeys, ...game } = await importGame(suite.server.url, record);
    keys.set(game.id, seatKeys);
    const page = await open(game.id, [side]);
    const decision = page.getByRole('region', { name: 'Your decision' });
    await decision.waitFor();
    const endFire = decision.getByRole('button', { name: /declare no more fire this turn/ });
    const words = (await endFire.textContent())!;
    await endFire.click();
    const before = page.getByRole('region', { name: `Before the dice: ${words}` });
    await before.waitFor();
    expect(await before.getByRole('heading', { level: 2, name: 'Odds', exact: true }).count()).toBe(1);
    const marks = await before.locator('.odds-chart .estimate').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toBe(estimateWords(ESTIMATE_PLAYS));
    await shot(page, 'command-points-estimated-odds');
    await done(page);
  });

  it.each(['honour-and-fortitude', 'command-points'])(
    'draws a %s battle and takes its commands, the computer answering',
    async (ruleSet) => {
      const game = await createGame({ company: 'human', maratha: 'computer' }, ruleSet);
      const page = await open(game.id);
      const decision = page.getByRole('region', { name: 'Your decision' });
      await decision.waitFor();
      // Every stand of every unit on the table is drawn.
      const play = await playOf(game.id, 'company');
      const view = play.view as { units: Record<string, { stands?: unknown }> };
      expect(await page.locator('.units-layer .unit').count()).toBeGreaterThan(0);
      expect(await page.locator('.units-layer .unit .stand').count()).toBeGreaterThanOrEqual(
        Object.keys(view.units).length,
      );
      await shot(page, ruleSet);
      // The first legal command, given from its button, moves the game on.
      await act(page, () =>
        decision.getByRole('button', { name: play.legalText[0]!, exact: true }).first().click(),
      );
      await expect.poll(async () => (await playOf(game.id, 'company')).total).toBeGreaterThan(play.total);
      await done(page);
    },
  );
  /** The European regiment's stands as drawn. */
  const regimentTransforms = (page: Page) =>
    page
      .getByRole('button', { name: /^The European regiment \(/ })
      .locator('.stand')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('transform')));

  it.each(['honour-and-fortitude', 'command-points', 'macduff'])(
    '%s: measures with the tape, draws ranges, reach and sight, and moves a unit to a point with its ghost',
    async (ruleSet) => {
      const game = await createGame({ company: 'human', maratha: 'computer' }, ruleSet);
      const page = await open(game.id);
      const decision = page.getByRole('region', { name: 'Your decision' });
      await decision.waitFor();
      const regiment = page.getByRole('button', { name: /^The European regiment \(/ });
      await regiment.click();
      const activate = page.getByRole('button', {
        name: 'The European regiment: activate (play the card for it)',
      });
      if ((await activate.count()) > 0) await act(page, () => activate.first().click());

      // Its weapon's range bands and its move reach are drawn out from its front, in the rules' words.
      const measures = page.getByRole('region', { name: 'Measures' });
      await measures.waitFor();
      expect(await page.locator('.aids-overlay .weapon-range .aid-band').count()).toBeGreaterThan(0);
      expect(await page.locator('.aids-overlay .move-reach .aid-band').count()).toBeGreaterThan(0);
      expect(await measures.textContent()).toMatch(/Weapon: .*range.*Move: /);
      await measures.getByLabel('Charge reach').check();
      expect(await page.locator('.aids-overlay .charge-reach .aid-band').count()).toBe(1);
      await measures.getByLabel('Line of sight').check();
      expect(await page.locator('.aids-overlay .sight').count()).toBeGreaterThan(0);

      // The tape: a drag of the table measures in inches.
      const frame = (await page.locator('.table-frame').boundingBox())!;
      await page.getByRole('button', { name: 'Tape measure' }).click();
      await page.mouse.move(frame.x + 100, frame.y + 100);
      await page.mouse.down();
      await page.mouse.move(frame.x + 300, frame.y + 100, { steps: 4 });
      await page.mouse.up();
      expect(await page.getByLabel('Tape').textContent()).toMatch(/^\d+\.\d"$/);
      expect(await page.locator('.tape .tape-line').count()).toBe(1);
      await page.getByRole('button', { name: 'Tape measure' }).click();

      // Clicking the selected unit keeps it selected; a point ahead of it plans a move with its ghost.
      await regiment.click();
      expect(await page.getByRole('region', { name: 'Move The European regiment' }).count()).toBe(0);
      const box = (await regiment.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y - 30);
      const planner = page.getByRole('region', { name: 'Move The European regiment' });
      await planner.waitFor();
      expect(await page.locator('[data-testid="move-ghost"] .ghost-stand').count()).toBeGreaterThan(0);
      expect(await planner.textContent()).toMatch(/forward/);
      await shot(page, `${ruleSet}-plan`);

      // The grip at the end of the ghost's facing line, dragged a quarter turn round the point, turns it.
      const facingNow = async () =>
        Number(/Facing at the point: (\d+)°/.exec((await planner.textContent()) ?? '')?.[1]);
      const before0 = await facingNow();
      const centre = async (selector: string) => {
        const b = (await page.locator(selector).boundingBox())!;
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      const point = await centre('[data-testid="move-ghost"] .plan-point');
      const grip = await centre('[data-testid="move-ghost"] .facing-grip');
      await page.mouse.move(grip.x, grip.y);
      await page.mouse.down();
      await page.mouse.move(point.x - (grip.y - point.y), point.y + (grip.x - point.x), { steps: 6 });
      await page.mouse.up();
      const turned = await facingNow();
      const quarter = (((turned - before0) % 360) + 360) % 360;
      expect(Math.min(quarter, 360 - quarter)).toBeGreaterThan(60);
      expect(Math.min(quarter, 360 - quarter)).toBeLessThan(120);
      expect(Number(await planner.locator('.facing-slider').inputValue())).toBe(turned % 360);
      // The drag planned, it did not pan the table or pick another point.
      expect(await page.locator('[data-testid="move-ghost"]').count()).toBe(1);
      await planner.getByRole('button', { name: 'Face the way it moves' }).click();
      const before = await regimentTransforms(page);
      await act(page, () => planner.getByRole('button', { name: 'Move here' }).click());
      await expect.poll(() => regimentTransforms(page)).not.toEqual(before);
      await shot(page, `${ruleSet}-planned-move`);
      await done(page);
    },
  );

  it('on a phone, selecting a unit on the table brings its panels into view', async () => {
    const game = await createGame({ company: 'human', maratha: 'computer' }, 'honour-and-fortitude');
    const held = keys.get(game.id) ?? {};
    const page = await suite.open(`/${invitationHash(game.id, held)}`, { width: 390, height: 844 });
    await page.getByRole('region', { name: 'Your decision' }).waitFor();
    // A line of infantry is a few pixels deep at this size: chosen from the keyboard, as on the table.
    await page.getByRole('button', { name: /^The European regiment \(/ }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'The European regiment', exact: true });
    await panel.waitFor();
    await expect
      .poll(() => page.locator('.unit-column').evaluate((e) => Math.round(e.getBoundingClientRect().top)))
      .toBeLessThan(120);
    await shot(page, 'phone-unit');
    await done(page);
  });

  /** Every line of the page's visible text that a player should not read (ids, camelCase, long decimals). */
  const unreadableOnPage = async (page: Page) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line by line, is what a player reads.
    (await page.locator('body').innerText()).split('\n').flatMap(unreadable);

  /**
   * An Honour & Fortitude game imported at the first position (the computer playing both sides from
   * SEED) where the deciding side has a legal command of type `kind`, opened at that side's seat: the
   * command, the page, and the names and table elements of its unit and target.
   */
  async function openAtFirstHf(kind: 'attack' | 'fire') {
    const { record, side, command } = firstPosition('honour-and-fortitude', SEED, (_state, _decider, legal) =>
      legal.find((c) => c.type === kind),
    );
    const { seatKeys, ...game } = await importGame(suite.server.url, record);
    keys.set(game.id, seatKeys);
    const page = await open(game.id, [side]);
    await page.getByRole('region', { name: 'Your decision' }).waitFor();
    const units = (record.scenario as { units: { id: string; name: string }[] }).units;
    const nameOf = (id: unknown) => units.find((u) => u.id === id)!.name;
    const { unit, target } = command as unknown as { unit: string; target: string };
    const onTable = (id: string) => page.locator(`.units-layer [data-unit="${id}"]`);
    return { game, side, command, page, nameOf, onTable, unit, target };
  }

  /** Gives the planned command with the planner's Roll (it must be the game's next command, and the planner must close), then finishes with the page. */
  async function rollFromPlanner(page: Page, planner: Locator, id: string, side: string, command: unknown) {
    const total = (await playOf(id, side)).total;
    await act(page, () => planner.getByRole('button', { name: /^Roll: / }).click());
    const after = await playOf(id, side);
    expect(after.total).toBe(total + 1);
    expect(after.log.at(-1)?.command).toEqual(command);
    expect(await planner.count()).toBe(0);
    await done(page);
  }

  it('honour-and-fortitude: plans an attack by clicking an enemy unit, reads its odds, and gives it', async () => {
    const { game, side, command, page, nameOf, onTable, unit, target } = await openAtFirstHf('attack');

    // An enemy clicked with no unit of the player's selected is only selected.
    await onTable(target).click();
    await page.getByRole('region', { name: nameOf(target), exact: true }).waitFor();
    expect(await page.locator('.attack-planner').count()).toBe(0);

    // The attacker selected, the enemy clicked: the attack planned, with its path, words and odds.
    await onTable(unit).click();
    await page.getByRole('region', { name: nameOf(unit), exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Measures' }).textContent()).toMatch(
      /Click an enemy unit to plan an attack on it/,
    );
    await onTable(target).click();
    const planner = page.getByRole('region', { name: `${nameOf(unit)} against ${nameOf(target)}` });
    await planner.waitFor();
    expect(await planner.locator('.plan-words').textContent()).toMatch(
      new RegExp(`^Attacks ${nameOf(target)}: .*Initiation Roll`),
    );
    expect(await page.locator('[data-testid="attack-ghost"] .attack-path').count()).toBe(1);
    expect(await page.locator('[data-testid="attack-ghost"] .attack-target').count()).toBeGreaterThan(0);
    await expect.poll(() => planner.locator('.odds-chart').count()).toBeGreaterThan(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line by line, is what a player reads.
    const words = (await planner.innerText()).split('\n');
    expect(words.flatMap(unreadable)).toEqual([]);
    await shot(page, 'honour-and-fortitude-attack');

    // Given from the planner: the attack is the game's next command.
    await rollFromPlanner(page, planner, game.id, side, command);
  });

  it('honour-and-fortitude: in the firing phase, clicking an enemy plans the fire at it with its odds, and gives it', async () => {
    const { game, side, command, page, nameOf, onTable, unit, target } = await openAtFirstHf('fire');

    await onTable(unit).click();
    await page.getByRole('region', { name: nameOf(unit), exact: true }).waitFor();
    await onTable(target).click();
    const planner = page.getByRole('region', { name: `${nameOf(unit)} against ${nameOf(target)}` });
    await planner.waitFor();
    // The fire, not the attack the phase refuses: in the decision list's words, with its odds.
    const fireWords = await planner.locator('.planned-fire .plan-words').textContent();
    expect(fireWords?.startsWith(`${nameOf(unit)}: fire at ${nameOf(target)}`)).toBe(true);
    expect(await planner.locator('.plan-refusal').count()).toBe(0);
    await expect.poll(() => planner.locator('.odds-chart').count()).toBeGreaterThan(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line by line, is what a player reads.
    expect((await planner.innerText()).split('\n').flatMap(unreadable)).toEqual([]);
    await shot(page, 'honour-and-fortitude-fire');

    await rollFromPlanner(page, planner, game.id, side, command);
  });

  it('refuses in words an attack the rules do not allow: a gun clicked against an enemy', async () => {
    const game = await createGame({ company: 'human', maratha: 'computer' }, 'honour-and-fortitude');
    const page = await open(game.id);
    await page.getByRole('region', { name: 'Your decision' }).waitFor();
    const view = (await playOf(game.id, 'company')).view as {
      units: Record<string, { side: string; arm: string }>;
    };
    const units = Object.entries(view.units);
    const gun = units.find(([, u]) => u.side === 'company' && u.arm === 'artillery')![0];
    const enemy = units.find(([, u]) => u.side !== 'company')![0];
    await page.locator(`.units-layer [data-unit="${gun}"]`).click();
    await page.locator(`.units-layer [data-unit="${enemy}"]`).click();
    const refusal = page.locator('.attack-planner .plan-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/guns fire, they do not attack/);
    expect(unreadable((await refusal.textContent())!)).toEqual([]);
    expect(
      await page
        .locator('.attack-planner')
        .getByRole('button', { name: /^Roll: / })
        .count(),
    ).toBe(0);
    await done(page);
  });

  it.each(['honour-and-fortitude', 'command-points', 'macduff'])(
    "plays %s's training battle through the page in words: no id, camelCase or long decimal anywhere",
    async (ruleSet) => {
      const game = await createGame({ company: 'human', maratha: 'computer' }, ruleSet);
      const page = await open(game.id);
      const decision = page.getByRole('region', { name: 'Your decision' });
      const bad: string[] = [];
      for (let step = 0; step < 6; step++) {
        await decision.waitFor();
        // A unit of the player's side selected: its panel, and its commands first in the decision.
        await page.locator('.units-layer .unit.side-0').first().click();
        await page.locator('.unit-panel').waitFor();
        const groups = await decision
          .locator(':scope > section')
          .evaluateAll((sections) => sections.map((g) => g.getAttribute('aria-label')));
        const selected = await page.locator('#unit-title').textContent();
        if (groups.includes(`${selected}: commands`)) expect(groups[0]).toBe(`${selected}: commands`);
        bad.push(...(await unreadableOnPage(page)));
        // The last button of the list: ends a phase or an activation when one is offered, so play moves on.
        await act(page, () => decision.getByRole('button').last().click());
        bad.push(...(await unreadableOnPage(page)));
        if ((await page.locator('.play-status').textContent())?.includes('the battle is over')) break;
      }
      await shot(page, `${ruleSet}-words`);
      expect([...new Set(bad)]).toEqual([]);
      await done(page);
    },
  );
  it.each(['honour-and-fortitude', 'command-points'])(
    'keeps the %s table up in hot seat: nothing is hidden, so it turns to whoever decides',
    async (ruleSet) => {
      const game = await createGame({ company: 'human', maratha: 'human' }, ruleSet);
      const page = await open(game.id);
      const decision = page.getByRole('region', { name: 'Your decision' });
      await decision.waitFor();
      const viewing = (text: string | null) => /viewing as (.*)$/.exec(text ?? '')?.[1];
      const first = viewing(await status(page));
      // The side's last command (ending its phase) until the other side decides: never a hand-over.
      for (let step = 0; step < 12 && viewing(await status(page)) === first; step++)
        await act(page, () => decision.getByRole('button').last().click());
      await expect.poll(async () => viewing(await status(page))).not.toBe(first);
      expect(await page.locator('.hand-over').count()).toBe(0);
      expect(await page.locator('.table-frame').count()).toBe(1);
      await done(page);
    },
  );
});
