import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * A fresh `npm ci` must install without engine warnings on every Node that Muster says it supports,
 * and must not find the lock file out of step with package.json.
 */

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string };
}

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const lowestSupportedNode = semver.minVersion(manifest.engines.node)?.version ?? '';

describe('the install', () => {
  it('declares a lowest supported Node', () => {
    expect(lowestSupportedNode).toMatch(/^20\./);
  });

  it('locks no package whose engines refuse the lowest supported Node or the Node running the tests', () => {
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .filter(([, pkg]) => pkg.engines?.node !== undefined)
      .filter(
        ([, pkg]) =>
          !semver.satisfies(lowestSupportedNode, pkg.engines?.node ?? '*') ||
          !semver.satisfies(process.version, pkg.engines?.node ?? '*'),
      )
      .map(([path, pkg]) => `${path}@${pkg.version} needs node ${pkg.engines?.node}`);
    expect(refused).toEqual([]);
  });

  it("locks Biome's binary for every platform it publishes, so npm ci accepts the lock file anywhere", () => {
    const biome = lock.packages['node_modules/@biomejs/biome'] as LockedPackage & {
      optionalDependencies?: Record<string, string>;
    };
    const platforms = Object.keys(biome.optionalDependencies ?? {});
    expect(platforms.length).toBeGreaterThan(4);
    const missing = platforms.filter((name) => lock.packages[`node_modules/${name}`] === undefined);
    expect(missing).toEqual([]);
  });
});
