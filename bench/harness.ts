/**
 * A small throughput harness for `npm run bench`: runs `batch` repeatedly for about `seconds`, after a
 * warm-up, and reports operations per second (the median of five timed rounds). Figures only; nothing is
 * asserted (speed is never a test).
 */
export interface Measurement {
  readonly name: string;
  readonly opsPerSecond: number;
  readonly nsPerOp: number;
}

/**
 * `prepare`, when given, runs before every batch and is not timed: it hands the batch fresh inputs, so a
 * batch cannot be answered from a cache the batch before it filled.
 */
export function measure<T = void>(
  name: string,
  opsPerBatch: number,
  batch: (input: T) => void,
  seconds = 0.6,
  prepare?: () => T,
): Measurement {
  const next = prepare ?? (() => undefined as T);
  const warmUpUntil = performance.now() + 150;
  while (performance.now() < warmUpUntil) batch(next());
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    let ops = 0;
    let timed = 0;
    const until = performance.now() + (seconds * 1000) / 5;
    while (performance.now() < until) {
      const input = next();
      const start = performance.now();
      batch(input);
      timed += performance.now() - start;
      ops += opsPerBatch;
    }
    rounds.push(ops / (timed / 1000));
  }
  rounds.sort((a, b) => a - b);
  const opsPerSecond = rounds[2]!;
  return { name, opsPerSecond, nsPerOp: 1e9 / opsPerSecond };
}

export function formatRate(m: Measurement): string {
  const rate =
    m.opsPerSecond >= 1e6
      ? `${(m.opsPerSecond / 1e6).toFixed(1)} M/s`
      : `${(m.opsPerSecond / 1e3).toFixed(1)} k/s`;
  const per = m.nsPerOp >= 1000 ? `${(m.nsPerOp / 1000).toFixed(1)} µs` : `${m.nsPerOp.toFixed(1)} ns`;
  return `${m.name.padEnd(58)} ${rate.padStart(12)}  (${per} each)`;
}
