import { describe, expect, it } from 'vitest';
import { shouldOpenBrowser } from '../../src/server/browser-open.ts';

/** Whether `npm start` opens its page: for a person at a terminal, never in CI or tests. */
describe('npm start opens the page', () => {
  const env = {};
  it('by default only when stdout is a terminal and neither CI nor MUSTER_NO_OPEN is set', () => {
    expect(shouldOpenBrowser({ tty: true, env })).toBe(true);
    expect(shouldOpenBrowser({ tty: false, env })).toBe(false);
    expect(shouldOpenBrowser({ tty: true, env: { CI: 'true' } })).toBe(false);
    expect(shouldOpenBrowser({ tty: true, env: { MUSTER_NO_OPEN: '1' } })).toBe(false);
  });

  it('always with --open, never with --no-open (which wins)', () => {
    expect(shouldOpenBrowser({ open: true, tty: false, env: { CI: 'true' } })).toBe(true);
    expect(shouldOpenBrowser({ noOpen: true, tty: true, env })).toBe(false);
    expect(shouldOpenBrowser({ open: true, noOpen: true, tty: true, env })).toBe(false);
  });
});
