import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle anywhere in src: a module never depends, directly or through others, on a module
 * that depends on it. Type-only imports count too, since they tie the modules' meaning together just
 * as much. Cycles are the strongly connected components of the import graph with more than one module
 * (or a module importing itself), found with Tarjan's algorithm.
 */
const ROOT = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The source files a module imports or re-exports (static or dynamic), as TypeScript reads them. */
function localImports(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter((target) => /\.tsx?$/.test(target));
}

type Graph = ReadonlyMap<string, readonly string[]>;

/** The import cycles of a graph: each its modules, sorted, and the cycles sorted by their first module. */
function importCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  // Tarjan's strongly connected components, iterative so that a deep graph cannot overflow the stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function importGraph(): Graph {
  return new Map(sourceFiles(ROOT).map((file) => [file, localImports(file, readFileSync(file, 'utf8'))]));
}

describe('imports', () => {
  it('form no cycle in src', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(5);
    for (const targets of graph.values()) for (const target of targets) expect(existsSync(target)).toBe(true);
    const cycles = importCycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle through several modules, a module importing itself, and none in a tree', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(importCycles(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))).toEqual([['a', 'b', 'c']]);
    expect(importCycles(graph({ a: ['a'], b: ['a'] }))).toEqual([['a']]);
    expect(importCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
    expect(importCycles(graph({ a: ['b'], b: ['a'], c: ['d'], d: ['c', 'a'] }))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
