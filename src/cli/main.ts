/**
 * The `muster` command's entry (bin/muster.mjs runs it, built or through tsx): wires `runCli` to the process -
 * argv, stdin or the input file, stdout and stderr, a random seed, the exit code.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type BattleRunner, poolRunner } from './battle-pool.ts';
import { runCli } from './program.ts';

async function readInput(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== '-') return readFile(file, 'utf8');
  if (process.stdin.isTTY) {
    process.stderr.write(
      'Reading the situation as JSON from the terminal; end it with Ctrl-D (or give a file).\n',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

// A closed pipe (muster ... | head) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/**
 * Progress on stderr: a bar redrawn in place on a terminal; elsewhere (a log, CI) a line at every
 * tenth of the way.
 */
function progress(done: number, total: number, label: string): void {
  if (!process.stderr.isTTY) {
    const tenth = (n: number) => Math.floor((10 * n) / total);
    if (done === total || tenth(done) > tenth(done - 1))
      process.stderr.write(`${done}/${total} battles played (${label})\n`);
    return;
  }
  const width = 30;
  const filled = Math.round((width * done) / total);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}\x1b[K`,
  );
  if (done === total) process.stderr.write('\n');
}

/** Battles on worker threads; Ctrl-C stops the workers (a second Ctrl-C ends the process at once). */
function battleRunner(workers: number): BattleRunner {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    if (process.stderr.isTTY) process.stderr.write('\n');
    controller.abort();
  });
  return poolRunner(workers, controller.signal);
}

const outcome = await runCli(process.argv.slice(2), {
  readInput,
  progress,
  battleRunner,
  randomSeed: () => randomInt(0, 2 ** 32),
  version: version(),
  debug: Boolean(process.env['MUSTER_DEBUG']),
});
if (outcome.stdout) process.stdout.write(outcome.stdout);
if (outcome.stderr) process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
