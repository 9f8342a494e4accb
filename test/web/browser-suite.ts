import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildWebApp, launchChromium, type RunningServer, startServer } from './browser.ts';
import { REPO, tempDir } from './fixtures.ts';

/**
 * Waits until `expression` (JavaScript, evaluated in the page) is true. Not `page.waitForFunction`: it
 * polls with `new Function` inside the page, which the app's Content Security Policy (no eval) refuses;
 * `page.evaluate` runs through the debugging protocol, outside the policy.
 */
export async function waitUntil(page: Page, expression: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => page.evaluate<boolean>(expression), { timeout, interval: 50 }).toBe(true);
}

/** Where the browser tests keep their screenshots (git ignores it). */
export const ARTIFACTS = join(REPO, 'test-artifacts');

/** A browser test file's chromium and server: set before its first test, closed after its last. */
export interface BrowserSuite {
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A new page of `viewport` at `path` of the server (a route such as '/#/battles'), its errors kept. */
  open(path: string, viewport: { readonly width: number; readonly height: number }): Promise<Page>;
  /** Closes a page and asserts that it threw no error while it was open. */
  done(page: Page): Promise<void>;
}

/**
 * Called in a `describe`: before its tests, launches chromium, builds the web app and starts the real
 * server on a free port with a temporary data folder (named after `label`); after them, stops both and
 * removes the folder.
 */
export function browserSuite(label: string): BrowserSuite {
  const suite: { browser?: Browser; server?: RunningServer } = {};
  let cleanup: (() => void) | undefined;
  beforeAll(async () => {
    suite.browser = await launchChromium();
    const temp = tempDir(label);
    cleanup = temp.cleanup;
    await buildWebApp(join(temp.dir, 'web'));
    suite.server = await startServer(join(temp.dir, 'data'), join(temp.dir, 'web'));
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    cleanup?.();
  });
  const pageErrors = new WeakMap<Page, string[]>();
  const running: BrowserSuite = {
    get browser() {
      if (!suite.browser) throw new Error('the browser is launched before the first test');
      return suite.browser;
    },
    get server() {
      if (!suite.server) throw new Error('the server is started before the first test');
      return suite.server;
    },
    async open(path, viewport) {
      const page = await running.browser.newPage({ viewport });
      const errors: string[] = [];
      pageErrors.set(page, errors);
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(new URL(path, running.server.url).href);
      return page;
    },
    async done(page) {
      await page.close();
      expect(pageErrors.get(page), 'errors in the page').toEqual([]);
    },
  };
  return running;
}
