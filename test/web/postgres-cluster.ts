import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for the tests: made with Debian's initdb in a temporary folder, listening
 * on a free loopback port with trust authentication, stopped and removed after. Run as root (as CI
 * does), the cluster belongs to the postgres user (initdb and pg_ctl refuse root). Where PostgreSQL is not
 * installed the tests that need it are skipped, with `POSTGRES_MISSING` saying why; in CI (CI=true) they
 * fail instead, so that a missing install cannot pass for a green run.
 */
export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** A new empty database, and its URL. */
  newDatabase(): Promise<string>;
  /** Drops a database made by `newDatabase`, closing whatever is still connected to it. */
  dropDatabase(url: string): Promise<void>;
  stop(): void;
}

/** The folder of PostgreSQL's programs, if it is installed. */
export function postgresBin(): string | undefined {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  const bin = newest && join('/usr/lib/postgresql', newest, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

/** Why the PostgreSQL tests cannot run here, if they cannot. */
export const POSTGRES_MISSING = postgresBin()
  ? undefined
  : 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): its tests are skipped (apt-get install postgresql)';

/** Whether the PostgreSQL tests run: in CI a missing PostgreSQL fails them rather than skip them. */
export const POSTGRES_TESTED = POSTGRES_MISSING === undefined || process.env['CI'] === 'true';

if (POSTGRES_MISSING && !POSTGRES_TESTED) process.stderr.write(`note: ${POSTGRES_MISSING}\n`);

let databases = 0;

/** Starts a cluster (some seconds: initdb). */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'muster-postgres-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, program), args, { stdio: 'pipe' });
  const port = await freePort();
  try {
    run('initdb', ['-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '-D', data]);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=on`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    newDatabase: async () => {
      const name = `muster_${process.pid}_${++databases}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      return url(name);
    },
    dropDatabase: async (database) => {
      const name = new URL(database).pathname.slice(1);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
