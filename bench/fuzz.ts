import { fuzz, fuzzTarget } from '../test/web/fuzz-routes.ts';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * `npm run bench:fuzz`: the route fuzzer (test/web/fuzz-routes.ts) at length, through fastify's inject()
 * on one process: `--count` requests (default 100,000) drawn from `--seed`. Prints the inputs per second,
 * the answers by status and the count of 5xx, and each finding (a 5xx, an answer without the security
 * headers, an error not shaped { error, message }); exits 1 if there is any.
 */
const USAGE = 'node --import tsx bench/fuzz.ts [--count N (default 100000)] [--seed S (default 20261128)]';
const { values } = benchArgs(USAGE, { options: { count: { type: 'string' }, seed: { type: 'string' } } });
const count = wholeNumber(values.count, '--count', 100_000, USAGE);
const seed = wholeNumber(values.seed, '--seed', 20261128, USAGE, 0);

const target = await fuzzTarget();
const start = performance.now();
const { findings, statuses } = await fuzz(target, seed, count, (done, found) => {
  if (done % 10_000 === 0)
    process.stdout.write(
      `  ${done} inputs, ${((done / (performance.now() - start)) * 1000).toFixed(0)}/s, ${found} findings\n`,
    );
});
const seconds = (performance.now() - start) / 1000;
await target.close();

const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
process.stdout.write(`Route fuzzer - node ${process.version}, seed ${seed}\n`);
process.stdout.write(
  `${count} inputs in ${seconds.toFixed(1)} s: ${(count / seconds).toFixed(0)} inputs/s\n`,
);
process.stdout.write(
  `answers by status: ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}: ${c}`)
    .join(', ')}\n`,
);
process.stdout.write(`5xx answers: ${fiveHundreds}\nfindings: ${findings.length}\n`);
for (const f of findings.slice(0, 20)) process.stdout.write(`${JSON.stringify(f)}\n`);
process.exitCode = findings.length === 0 ? 0 : 1;
