// Builds the `muster` command into one JavaScript file, dist/cli/muster.mjs, so that a call starts in
// a fraction of the time TypeScript takes to compile under tsx. Run by `npm install` / `npm ci`
// (the `prepare` script) and by `npm run build:cli`. Beside the bundle it writes inputs.json, the
// source files it was built from and the bundled packages' package.json: bin/muster.mjs runs the
// bundle only while none of them is newer, and runs the sources under tsx otherwise. Without esbuild
// (an install without dev dependencies) it builds nothing and says so: the command still runs,
// through tsx.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/cli/`;

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  process.stderr.write('build-cli: esbuild is not installed; muster will run its sources through tsx\n');
  process.exit(0);
}
/**
 * The packages every call loads, bundled in: zod is some 100 modules and commander a few, which Node
 * otherwise finds, reads and compiles one by one; bundled, a `muster resolve` takes 0.06-0.09 s less
 * CPU (21 alternating rounds on 2026-11-29). The rest stay in node_modules, loaded as installed by
 * the commands that use them (piscina, the report's charts, the secret dice' hashes).
 */
const BUNDLED = ['zod', 'commander'];

/** An esbuild plugin: every package but `bundled` (and their own files) stays outside the build. */
function packagesOutside(bundled) {
  return {
    name: 'packages-outside',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

// A fresh folder: chunks of an earlier build (their names carry a hash) are not left behind.
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: root,
  // The command, and the battle pool's worker (src/cli/battle-pool.ts finds it beside the command).
  entryPoints: [
    { in: 'src/cli/main.ts', out: 'muster' },
    { in: 'src/cli/battle-worker.ts', out: 'battle-worker' },
  ],
  outdir: out,
  outExtension: { '.js': '.mjs' },
  // The commands program.ts imports when run go into chunks of their own, loaded only then; beside the
  // command, as the sources' `new URL(..., import.meta.url)` paths expect (the depth of src/cli).
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  plugins: [packagesOutside(BUNDLED)],
  // commander is CommonJS: its require() of Node's modules needs a require in the ES module.
  banner: {
    js: "import { createRequire as createRequireOfBuild } from 'node:module'; const require = createRequireOfBuild(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
const sources = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
// A bundled package installed again (another version) makes the build stale, as an edited source does.
const inputs = [...sources, ...BUNDLED.map((name) => `node_modules/${name}/package.json`)];
writeFileSync(`${out}inputs.json`, `${JSON.stringify(inputs)}\n`);
process.stderr.write(
  `build-cli: dist/cli/muster.mjs from ${sources.length} source files and ${BUNDLED.join(', ')}\n`,
);
