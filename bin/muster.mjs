#!/usr/bin/env node
// The `muster` command. Runs the bundle that `npm install` builds (dist/cli/muster.mjs, see
// scripts/build-cli.mjs) while no source it was built from is newer; otherwise (no bundle yet, or a
// source edited since) runs the TypeScript sources through tsx's loader, as correct but slower to start.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const bundle = new URL('dist/cli/muster.mjs', root);

function bundleIsCurrent() {
  try {
    const built = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/cli/inputs.json', root), 'utf8'));
    return inputs.every((file) => statSync(new URL(file, root)).mtimeMs <= built);
  } catch {
    return false;
  }
}

if (!process.env.MUSTER_FROM_SOURCES && bundleIsCurrent()) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
