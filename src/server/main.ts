import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { openBrowser, shouldOpenBrowser } from './browser-open.ts';
import { PostgresGameStore, withoutPassword } from './postgres-store.ts';
import { isLogLevel, LOG_LEVELS } from './request-log.ts';
import { loadScenarios, type ScenarioCatalog } from './scenarios.ts';
import { SqliteGameStore } from './sqlite-store.ts';
import type { GameStore } from './store.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * `npm start`: builds the browser app if its sources changed, opens the saved-games database and serves
 * both on http://localhost:8080/ until interrupted. Options (and environment variables):
 *   --port <n>        (MUSTER_PORT, default 8080; 0 picks a free port)
 *   --host <address>  (MUSTER_HOST, default 127.0.0.1; 0.0.0.0 to reach it from a phone on the network)
 *   --data <folder>   (MUSTER_DATA_DIR, default ./data): the SQLite file is <folder>/muster.sqlite
 *   --database <url>  (MUSTER_DATABASE_URL): keep the saved games in PostgreSQL instead, at
 *                     postgres://user:password@host:port/database (docs/web.md, "Hosting on PostgreSQL");
 *                     several server processes may share it
 *   --scenarios <folder>  (default: the repository's scenarios/)
 *   --web <folder>    serve this build of the web app as it is (default: dist/web, built if needed)
 *   --open / --no-open  open the page in the system's browser (default: only when stdout is a
 *                     terminal and neither CI nor MUSTER_NO_OPEN is set)
 *   --log-level <level>  (MUSTER_LOG_LEVEL, default info): the log on stderr (request-log.ts), one JSON
 *                     line per request and every 5xx with its stack; warn or error for less, silent for none
 * It prints the URL on a line of its own starting "Muster is running at ".
 */
const REPO = resolve(import.meta.dirname, '../..');

const USAGE = `Usage: npm start -- [--port 8080] [--host 127.0.0.1] [--data ./data | --database postgres://...] [--scenarios dir] [--web dir] [--open | --no-open] [--log-level info]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      database: { type: 'string' },
      scenarios: { type: 'string' },
      web: { type: 'string' },
      open: { type: 'boolean' },
      'no-open': { type: 'boolean' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const portText = values.port ?? process.env['MUSTER_PORT'] ?? '8080';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port: expected 0 to 65535, got "${portText}"`);
  const host = values.host ?? process.env['MUSTER_HOST'] ?? '127.0.0.1';
  const logLevel = values['log-level'] ?? process.env['MUSTER_LOG_LEVEL'] ?? 'info';
  if (!isLogLevel(logLevel))
    throw new UsageError(`--log-level: expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const dataDir = resolve(values.data ?? process.env['MUSTER_DATA_DIR'] ?? 'data');
  const file = join(dataDir, 'muster.sqlite');
  const databaseUrl = values.database ?? process.env['MUSTER_DATABASE_URL'];
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError(`--database: expected a postgres:// or postgresql:// URL, got "${databaseUrl}"`);

  let webRoot = values.web === undefined ? undefined : resolve(values.web);
  if (webRoot === undefined) {
    webRoot = join(REPO, 'dist', 'web');
    process.stdout.write('Checking the web app build...\n');
    if ((await ensureWebBuild(REPO, webRoot)) === 'built')
      process.stdout.write(`Built the web app in ${webRoot}\n`);
  }

  const scenarios = loadScenarios(
    values.scenarios ? resolve(values.scenarios) : join(REPO, 'scenarios'),
    join(dataDir, 'scenarios'),
  );
  for (const p of scenarios.list().problems) {
    process.stderr.write(
      `warning: scenario ${p.file} left out:\n${p.errors.map((e) => `  ${e}`).join('\n')}\n`,
    );
  }
  const store: GameStore = databaseUrl
    ? await openPostgres(databaseUrl, scenarios)
    : new SqliteGameStore({ file, scenarios });
  const savedIn = databaseUrl ? withoutPassword(databaseUrl) : file;
  const everywhere = host === '0.0.0.0' || host === '::';
  const listen = { host, networkAddresses: everywhere ? lanAddresses() : [] };
  const app = await buildApp({ store, scenarios, webRoot, logLevel, listen });
  const close = async () => {
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  try {
    await app.listen({ port, host });
  } catch (error) {
    await store.close();
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new UsageError(
        `port ${port} on ${host} is in use: stop what uses it, or start with --port <another>`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const local =
    host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === 'localhost' ? 'localhost' : host;
  const url = `http://${local}:${actual}/`;
  process.stdout.write(`Muster is running at ${url}\n`);
  process.stdout.write(`Saved games: ${savedIn}\n`);
  if (everywhere) {
    for (const address of listen.networkAddresses)
      process.stdout.write(`On the network: http://${address}:${actual}/\n`);
  }
  process.stdout.write('Press Ctrl+C to stop.\n');
  const open = shouldOpenBrowser({
    open: values.open,
    noOpen: values['no-open'],
    tty: process.stdout.isTTY === true,
    env: process.env,
  });
  if (open) openBrowser(url);
}

class UsageError extends Error {}

/** The PostgreSQL store at `url`, or an error that names the database (its password left out). */
async function openPostgres(url: string, scenarios: ScenarioCatalog): Promise<GameStore> {
  try {
    return await PostgresGameStore.open({ url, scenarios });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot open the saved games at ${withoutPassword(url)}: ${message}`, { cause: error });
  }
}

function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const usage =
    error instanceof UsageError || /^ERR_PARSE_ARGS/.test((error as { code?: string }).code ?? '');
  process.stderr.write(`error: ${message}\n${usage ? `${USAGE}\n` : ''}`);
  if (!usage && error instanceof Error && process.env['MUSTER_DEBUG'])
    process.stderr.write(`${error.stack}\n`);
  process.exit(usage ? 2 : 1);
});
