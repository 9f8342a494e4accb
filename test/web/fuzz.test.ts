import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzTarget, fuzz, fuzzTarget } from './fuzz-routes.ts';

/**
 * A seeded sample of the route fuzzer (fuzz-routes.ts): every route, with broken, oversized, deep,
 * wrong-typed and hostile bodies, headers and paths. No answer is a 5xx, every answer carries the
 * security headers, every error is `{ error, message }`. `npm run bench:fuzz` runs 100,000 and more.
 */
describe('the API under fuzzing', () => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await fuzzTarget();
  });
  afterAll(async () => target.close());

  it('answers 3,000 seeded requests to every route without a 5xx, each error as { error, message }', async () => {
    const { findings, statuses } = await fuzz(target, 20261128, 3000);
    expect(findings.slice(0, 5)).toEqual([]);
    // The sample reaches past the refusals: games are read, played and created.
    const seen = [...statuses.keys()].sort();
    expect(seen).toEqual(expect.arrayContaining([200, 201, 204, 400, 403, 404, 409, 413, 415, 422]));
  }, 300_000);
});
