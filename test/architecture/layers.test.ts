import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The architecture, enforced: dependencies point one way
 *   core <- rulesets <- game <- protocol <- cli | server | web
 * (the shells may also import core, rulesets and game directly) and the pure layers (core, rulesets,
 * game, protocol) do no I/O: no Node built-ins, no clock, no Math.random, no DOM.
 */
const ROOT = resolve(import.meta.dirname, '../../src');
const LAYERS = ['core', 'rulesets', 'game', 'protocol', 'cli', 'server', 'web'] as const;
type Layer = (typeof LAYERS)[number];

/**
 * What each layer may import from. Shells may not import each other; what they share about inputs,
 * schemas and the API lives in `protocol`.
 */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  rulesets: ['core', 'rulesets'],
  game: ['core', 'rulesets', 'game'],
  protocol: ['core', 'rulesets', 'game', 'protocol'],
  cli: ['core', 'rulesets', 'game', 'protocol', 'cli'],
  server: ['core', 'rulesets', 'game', 'protocol', 'server'],
  web: ['core', 'rulesets', 'game', 'protocol', 'web'],
};
const PURE: readonly Layer[] = ['core', 'rulesets', 'game', 'protocol'];
/**
 * Packages the pure layers may use: pure libraries with no I/O. Observable Plot draws only into the
 * document it is given (protocol/report-charts.ts: the same charts for the CLI's page and the browser's).
 */
const PURE_PACKAGES = ['zod', '@noble/hashes', '@observablehq/plot'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function layerOf(file: string): Layer {
  const top = relative(ROOT, file).split(/[\\/]/)[0];
  if (!LAYERS.includes(top as Layer)) throw new Error(`${file} is outside the known layers`);
  return top as Layer;
}

/** Module specifiers of static and dynamic imports and re-exports, as TypeScript reads them. */
function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** Why a source file breaks the architecture, or nothing. */
function violations(file: string, text: string): string[] {
  const layer = layerOf(file);
  const found: string[] = [];
  for (const spec of importsOf(text)) {
    if (spec.startsWith('.')) {
      const target = layerOf(resolve(dirname(file), spec));
      if (!ALLOWED[layer].includes(target)) found.push(`${layer} imports ${target} (${spec})`);
    } else if (PURE.includes(layer)) {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!PURE_PACKAGES.includes(pkg)) found.push(`${layer} is pure but imports ${spec}`);
    }
  }
  if (PURE.includes(layer)) {
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const [pattern, what] of [
      [/\bMath\.random\b/, 'Math.random'],
      [/\bDate\b/, 'the clock (Date)'],
      [/\bperformance\.now\b/, 'the clock (performance.now)'],
      [/\bprocess\./, 'process'],
      [/\b(?:fetch|setTimeout|setInterval|require)\s*\(/, 'I/O or timers'],
      [/\bconsole\./, 'console output'],
      [/\b(?:document|window|navigator|localStorage|sessionStorage)\./, 'the DOM'],
    ] as const) {
      if (pattern.test(code)) found.push(`${layer} is pure but uses ${what}`);
    }
  }
  return found;
}

describe('architecture', () => {
  const files = sourceFiles(ROOT).filter((f) => !/\.test\.tsx?$/.test(f));

  it('finds the source', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s respects the layers', (_name, file) => {
    expect(violations(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('catches a core module that imports I/O, the clock, randomness or an outer layer', () => {
    const core = join(ROOT, 'core', 'x.ts');
    expect(violations(core, "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(violations(core, 'const r = Math.random();')).toHaveLength(1);
    expect(violations(core, 'const t = Date.now();')).toHaveLength(1);
    expect(violations(core, "import { x } from '../rulesets/john-company/index.ts';")).toHaveLength(1);
    expect(violations(join(ROOT, 'rulesets', 'x.ts'), "import { y } from '../cli/main.ts';")).toHaveLength(1);
    expect(violations(join(ROOT, 'cli', 'x.ts'), "import { y } from '../server/main.ts';")).toHaveLength(1);
    expect(violations(join(ROOT, 'cli', 'x.ts'), "import { readFileSync } from 'node:fs';")).toEqual([]);
  });

  it('lets every shell import the protocol, keeps it pure and below the shells', () => {
    const protocol = join(ROOT, 'protocol', 'x.ts');
    for (const shell of ['cli', 'server', 'web']) {
      expect(violations(join(ROOT, shell, 'x.ts'), "import { y } from '../protocol/issues.ts';")).toEqual([]);
      expect(violations(protocol, `import { y } from '../${shell}/x.ts';`)).toHaveLength(1);
    }
    expect(violations(protocol, "import { y } from '../game/engine/game.ts';")).toEqual([]);
    expect(violations(protocol, "import { z } from 'zod';")).toEqual([]);
    expect(violations(protocol, "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(violations(protocol, "import React from 'react';")).toHaveLength(1);
    expect(violations(protocol, 'const t = Date.now();')).toHaveLength(1);
    expect(violations(protocol, 'document.title = "x";')).toHaveLength(1);
    expect(violations(join(ROOT, 'web', 'x.ts'), 'document.title = "x";')).toEqual([]);
  });
});
