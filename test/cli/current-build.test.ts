import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { currentBuild } from '../../bin/current-build.mjs';

/** A repository in a temporary folder: two sources, and a build of them `age` seconds after them. */
function repository(): { root: URL; touch(file: string, seconds: number): void; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'muster-build-'));
  mkdirSync(join(dir, 'src/cli'), { recursive: true });
  mkdirSync(join(dir, 'dist/cli'), { recursive: true });
  const touch = (file: string, seconds: number) => utimesSync(join(dir, file), seconds, seconds);
  for (const f of ['src/cli/main.ts', 'src/cli/a.ts']) writeFileSync(join(dir, f), '');
  writeFileSync(join(dir, 'dist/cli/muster.mjs'), '');
  writeFileSync(join(dir, 'dist/cli/inputs.json'), JSON.stringify(['src/cli/main.ts', 'src/cli/a.ts']));
  touch('src/cli/main.ts', 1000);
  touch('src/cli/a.ts', 1000);
  touch('dist/cli/muster.mjs', 2000);
  return { root: pathToFileURL(`${dir}/`), touch, dir };
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bin/muster.mjs runs the build only while it is current', () => {
  it('runs the build when every source is older', () => {
    const repo = repository();
    made.push(repo.dir);
    expect(currentBuild(repo.root)?.href).toBe(new URL('dist/cli/muster.mjs', repo.root).href);
  });

  it('runs the sources when one is newer than the build, gone, or when there is no build', () => {
    const edited = repository();
    made.push(edited.dir);
    edited.touch('src/cli/a.ts', 3000);
    expect(currentBuild(edited.root)).toBeUndefined();
    const gone = repository();
    made.push(gone.dir);
    rmSync(join(gone.dir, 'src/cli/a.ts'));
    expect(currentBuild(gone.root)).toBeUndefined();
    const none = repository();
    made.push(none.dir);
    rmSync(join(none.dir, 'dist/cli/muster.mjs'));
    expect(currentBuild(none.root)).toBeUndefined();
  });
});
