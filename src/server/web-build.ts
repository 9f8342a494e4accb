import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folders and files the browser app is built from (it may import core, rulesets and game). */
const SOURCES = ['src/web', 'src/core', 'src/rulesets', 'src/game', 'vite.config.ts', 'package-lock.json'];

/**
 * Builds the browser app into `outDir` with Vite unless a build there is newer than every source file.
 * Returns what it did. Without Vite (a production install) an existing build is served as it is.
 */
export async function ensureWebBuild(repo: string, outDir: string): Promise<'fresh' | 'built'> {
  const index = join(outDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : Number.NEGATIVE_INFINITY;
  const changedAt = Math.max(...SOURCES.map((s) => newestChange(join(repo, s))));
  if (builtAt >= changedAt) return 'fresh';
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    if (Number.isFinite(builtAt)) return 'fresh';
    throw new Error(`the web app is not built in ${outDir} and Vite is not installed: run "npm install"`);
  }
  await vite.build({
    configFile: join(repo, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return 'built';
}

/** The latest modification time of a file, or of any file under a folder (0 if missing). */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}
