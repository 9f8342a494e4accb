// Whether the built command (dist/cli/muster.mjs, made by scripts/build-cli.mjs) is current: it exists,
// and no source file it was built from (dist/cli/inputs.json) is newer than it or gone. Plain
// JavaScript, so that bin/muster.mjs can ask before loading anything else.
import { readFileSync, statSync } from 'node:fs';

/** `root`: the repository's URL, ending in a slash. */
export function currentBuild(root) {
  const bundle = new URL('dist/cli/muster.mjs', root);
  try {
    const built = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/cli/inputs.json', root), 'utf8'));
    return inputs.every((file) => statSync(new URL(file, root)).mtimeMs <= built) ? bundle : undefined;
  } catch {
    return undefined;
  }
}
