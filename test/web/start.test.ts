import { execFile } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../src/server/web-build.ts';
import { REPO, tempDir } from './fixtures.ts';

/** `npm start`'s own work: building the app only when needed, and its refusals. */
describe('npm start', () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('start'));
  });
  afterAll(() => cleanup());

  /** Runs src/server/main.ts with `args` until it exits. */
  function start(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
        cwd: REPO,
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', (code) => resolve({ code, stderr }));
    });
  }

  it('builds the web app when there is no build, and not again while the sources are older', async () => {
    const out = join(dir, 'web');
    expect(await ensureWebBuild(REPO, out)).toBe('built');
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(await ensureWebBuild(REPO, out)).toBe('fresh');
    // A build older than its sources is built again.
    const old = new Date(statSync(join(REPO, 'src/web/main.tsx')).mtimeMs - 60_000);
    utimesSync(join(out, 'index.html'), old, old);
    expect(await ensureWebBuild(REPO, out)).toBe('built');
  });

  it('refuses a bad port, a port in use and a bad log level, saying so (exit code 2)', async () => {
    const bad = await start(['--port', 'eighty', '--web', dir, '--data', join(dir, 'data')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --port: expected 0 to 65535, got "eighty"/);

    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const busy = await start(['--port', String(port), '--web', dir, '--data', join(dir, 'data')]);
    taken.close();
    expect(busy.code).toBe(2);
    expect(busy.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is in use`));

    const loud = await start(['--log-level', 'loud', '--web', dir, '--data', join(dir, 'data')]);
    expect(loud.code).toBe(2);
    expect(loud.stderr).toMatch(
      /^error: --log-level: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"/,
    );

    const unknown = await start(['--colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Usage: npm start/);
  });

  it('refuses a database URL that is not PostgreSQL (2), and names an unreachable one without its password (1)', async () => {
    const mysql = await start(['--database', 'mysql://muster@db/games', '--web', dir]);
    expect(mysql.code).toBe(2);
    expect(mysql.stderr).toMatch(
      /^error: --database: expected a postgres:\/\/ or postgresql:\/\/ URL, got "mysql:/,
    );

    // Port 1 on loopback: nothing listens there.
    const away = await start(['--database', 'postgres://muster:hunter2@127.0.0.1:1/games', '--web', dir]);
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(
      /^error: cannot open the saved games at postgres:\/\/muster:\*\*\*@127\.0\.0\.1:1\/games: /,
    );
    expect(away.stderr).not.toContain('hunter2');
  });
});
