import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { REPO } from './fixtures.ts';

/**
 * What the browser tests and the web bench share: Debian's chromium driven by playwright-core, the web
 * app built into a folder, and the real server (`src/server/main.ts`) started on a free port.
 */

/** Flags for chromium on these machines (docs: .library machines/node.md); Playwright adds --headless. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The chromium to drive: $CHROMIUM_PATH, or `chromium` on the PATH; a clear error if there is none. */
export function chromiumPath(): string {
  const given = process.env['CHROMIUM_PATH'];
  if (given) {
    if (existsSync(given)) return given;
    throw new Error(`CHROMIUM_PATH is ${given}, which does not exist`);
  }
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // Not this name: try the next.
    }
  }
  throw new Error(
    'Chromium was not found: the browser tests drive Debian\'s chromium. Install it with "apt-get install -y chromium" (.ci/run does) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** Builds the web app into `outDir` (the same build `npm start` serves). */
export async function buildWebApp(outDir: string): Promise<void> {
  await build({
    configFile: join(REPO, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

export interface RunningServer {
  readonly url: string;
  /** The server process's id. */
  readonly pid: number;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash would; resolves when it is gone. */
  kill(): Promise<void>;
}

/**
 * Starts `npm start`'s server on a free port with its own data folder, serving the build in `webRoot`;
 * `scenariosDir` replaces scenarios/ (the web bench's generated battles); `options` are more of its
 * command line (e.g. `--database <url>`).
 */
export function startServer(
  dataDir: string,
  webRoot: string,
  scenariosDir?: string,
  options: readonly string[] = [],
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/main.ts',
      '--port',
      '0',
      '--data',
      dataDir,
      '--web',
      webRoot,
      ...(scenariosDir === undefined ? [] : ['--scenarios', scenariosDir]),
      ...options,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the server did not start within 30 s:\n${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Muster is running at (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const ended = (signal: NodeJS.Signals) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      resolve({
        url: match[1]!,
        pid: child.pid!,
        stop: () => ended('SIGTERM'),
        kill: () => ended('SIGKILL'),
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code}:\n${output}`));
    });
  });
}
