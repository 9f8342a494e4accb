import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostingOf } from '../../src/game/engine/hosting.ts';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import { commandOdds } from '../../src/game/john-company/plan.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { invitationHash } from '../../src/web/invitation.ts';
import { cannotTakeAStand } from '../../src/web/table/harm.ts';
import { ARTIFACTS, browserSuite, waitUntil } from './browser-suite.ts';
import { REPO } from './fixtures.ts';
import { firstPosition, importGame } from './positions.ts';

/**
 * John Company's table in a real browser (Debian's chromium) against the real server: unit labels that
 * never overlap at Fit zoom on the largest shipped scenario (Assaye), a hidden one shown on selection and
 * more of them as the zoom grows; and a fire whose exact odds take no stand, which the page says cannot
 * hurt before the dice.
 */
const DESKTOP = { width: 1400, height: 950 };

/** The screen boxes of the unit labels shown, with their units. */
const SHOWN_LABELS = `[...document.querySelectorAll('text.unit-label')]
  .filter((t) => getComputedStyle(t).display !== 'none')
  .map((t) => { const r = t.getBoundingClientRect();
    return { unit: t.closest('[data-unit]').getAttribute('data-unit'), left: r.left, top: r.top, right: r.right, bottom: r.bottom }; })`;

interface Box {
  readonly unit: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Each pair of boxes that intersect. */
function overlapping(boxes: readonly Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        found.push(`${a.unit} and ${b.unit}`);
    }
  return found;
}

describe("John Company's table in a real browser", () => {
  const suite = browserSuite('browser-jc-table');
  const done = (page: Page) => suite.done(page);

  /** Opens an imported game as `side`. */
  async function openGame(record: Parameters<typeof importGame>[1], side: string): Promise<Page> {
    const created = await importGame(suite.server.url, record);
    const page = await suite.open(
      `/${invitationHash(created.id, { [side]: created.seatKeys[side]! })}`,
      DESKTOP,
    );
    await page.locator('.table-frame').waitFor();
    return page;
  }

  it('at Fit zoom on Assaye, no two unit labels overlap; a hidden one shows on selection and zooming in', async () => {
    const scenario = JSON.parse(readFileSync(join(REPO, 'scenarios', 'assaye-1803.json'), 'utf8')) as {
      readonly units: readonly { readonly id: string; readonly name: string; readonly side: string }[];
    };
    const record = {
      format: 'muster-game',
      version: 1,
      ruleSet: 'john-company',
      scenario,
      seed: 1,
      commands: [],
    } as const;
    const page = await openGame(record, 'british');
    await page.locator('text.unit-label').first().waitFor();
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    const atFit = await page.evaluate<Box[]>(SHOWN_LABELS);
    await page.screenshot({ path: join(ARTIFACTS, 'jc-table-labels-fit.png') });
    expect(overlapping(atFit)).toEqual([]);
    expect(atFit.length).toBeGreaterThan(5);

    // The labels given no room at this zoom: their units still say their names on hover.
    const labelled = await page.locator('text.unit-label').count();
    const hidden = await page.evaluate<string[]>(
      `[...document.querySelectorAll('text.unit-label.label-hidden')].map((t) => t.closest('[data-unit]').getAttribute('data-unit'))`,
    );
    expect(hidden.length).toBe(labelled - atFit.length);
    for (const unit of hidden) {
      const name = scenario.units.find((u) => u.id === unit)?.name;
      if (name) expect(await page.locator(`[data-unit="${unit}"] > title`).textContent()).toContain(name);
    }

    // Selecting a unit whose label was hidden shows its label, still clear of every other.
    if (hidden.length > 0) {
      const unit = hidden[0]!;
      await page.locator(`[data-unit="${unit}"]`).focus();
      await page.keyboard.press('Enter');
      await waitUntil(
        page,
        `getComputedStyle(document.querySelector('[data-unit="${unit}"] text.unit-label')).display !== 'none'`,
      );
      const selected = await page.evaluate<Box[]>(SHOWN_LABELS);
      expect(selected.map((b) => b.unit)).toContain(unit);
      expect(overlapping(selected)).toEqual([]);
      await page.keyboard.press('Escape');
    }

    // Zoomed in, more names find room, and none overlaps.
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = await page.evaluate<Box[]>(SHOWN_LABELS);
    expect(overlapping(zoomed)).toEqual([]);
    const frame = (await page.locator('.table-frame').boundingBox())!;
    const inFrame = (boxes: readonly Box[]) =>
      boxes.filter((b) => b.right > frame.x && b.left < frame.x + frame.width).length;
    expect(zoomed.length).toBeGreaterThanOrEqual(atFit.length);
    expect(inFrame(zoomed)).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'jc-table-labels-zoomed.png') });
    await done(page);
  });

  it('a fire whose exact odds take no stand says it cannot hurt before the dice', async () => {
    const playable = findPlayableRuleSet('john-company')!;
    // The first fire of a seeded training battle that no throw lets take a stand.
    const position = firstPosition('john-company', 1, (state, side, legal) =>
      (legal as readonly JcCommand[]).find(
        (c) => c.type === 'fire' && cannotTakeAStand(commandOdds(state as JcGameState, side, c)),
      ),
    );
    const words = hostingOf(playable).describeOffer(position.command, position.state);
    const page = await openGame(position.record, position.side);
    await page.getByRole('button', { name: words, exact: true }).click();
    const before = page.getByRole('region', { name: `Before the dice: ${words}` });
    await before.locator('figure.odds-chart').first().waitFor();
    const note = before.getByRole('note');
    expect(await note.textContent()).toMatch(
      /^This cannot hurt the target: whatever the dice, it loses no stand/,
    );
    // The chart agrees: no stand lost, for certain.
    expect(await before.locator('figure.odds-chart').first().textContent()).toMatch(/Stands lost/);
    await page.screenshot({ path: join(ARTIFACTS, 'jc-table-cannot-hurt.png') });

    // A fire that can take a stand has no such note.
    const harmful = firstPosition('john-company', 1, (state, side, legal) =>
      (legal as readonly JcCommand[]).find(
        (c) => c.type === 'fire' && !cannotTakeAStand(commandOdds(state as JcGameState, side, c)),
      ),
    );
    const other = await openGame(harmful.record, harmful.side);
    const otherWords = hostingOf(playable).describeOffer(harmful.command, harmful.state);
    await other.getByRole('button', { name: otherWords, exact: true }).click();
    const otherBefore = other.getByRole('region', { name: `Before the dice: ${otherWords}` });
    await otherBefore.locator('figure.odds-chart').first().waitFor();
    expect(await otherBefore.getByRole('note').count()).toBe(0);
    await done(other);
    await done(page);
  });
});
