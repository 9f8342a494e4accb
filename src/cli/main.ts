/**
 * The `muster` command's entry (run by bin/muster.mjs through tsx): wires `runCli` to the process -
 * argv, stdin or the input file, stdout and stderr, a random seed, the exit code.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

/** A progress bar on stderr, drawn only on a terminal. */
function progress(done: number, total: number, label: string): void {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((width * done) / total);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}\x1b[K`,
  );
  if (done === total) process.stderr.write('\n');
}

const outcome = await runCli(process.argv.slice(2), {
  readInput,
  progress,
  randomSeed: () => randomInt(0, 2 ** 32),
  version: version(),
  debug: Boolean(process.env['MUSTER_DEBUG']),
});
if (outcome.stdout) process.stdout.write(outcome.stdout);
if (outcome.stderr) process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
