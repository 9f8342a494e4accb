#!/usr/bin/env node
// The `muster` command. Runs the build that `npm install` makes (dist/cli/muster.mjs, see
// scripts/build-cli.mjs) while it is current (bin/current-build.mjs); otherwise (no build yet, or a
// source edited since) runs the TypeScript sources through tsx's loader: as correct, slower to start.
// MUSTER_FROM_SOURCES=1 runs the sources whatever the build.
import { currentBuild } from './current-build.mjs';

const build = process.env.MUSTER_FROM_SOURCES ? undefined : currentBuild(new URL('../', import.meta.url));
if (build) {
  await import(build.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
