import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../../src/game/registry.ts';
import { RULE_SET_ENTRIES } from '../../src/game/rule-set-entries.ts';

/**
 * A rule set lives in its own folders and one registry line: no source file outside
 * `src/rulesets/<id>/`, `src/game/<id>/` and `src/web/<id>/` names a rule set's id, as an import path or
 * in a string (a property named by it too, `ratings.macduff`), and a set's folders name no other set.
 * The registry (src/game/registry.ts) imports each set's module once, and names none otherwise; the list
 * of their light faces (src/game/rule-set-entries.ts) imports each set's entry once, in the same order.
 * Tests are left out: a test of a shell may pick a rule set to exercise it.
 */
const ROOT = resolve(import.meta.dirname, '../../src');
const IDS = RULE_SETS.map((r) => r.id);
const REGISTRY = 'game/registry.ts';
const ENTRIES = 'game/rule-set-entries.ts';
/** The file of each of the two lists, and the module of a set it imports: its whole module, or its entry. */
const LISTS: Readonly<Record<string, string>> = { [REGISTRY]: 'index.ts', [ENTRIES]: 'entry.ts' };
/** The layers where a rule set has a folder of its own, named by its id. */
const OWN_FOLDER_LAYERS = ['rulesets', 'game', 'web'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The rule set whose own folder holds a file (its path from src, with `/`), or undefined. */
function ownerOf(file: string): string | undefined {
  const [layer, folder] = file.split('/');
  return layer && folder && OWN_FOLDER_LAYERS.includes(layer) && IDS.includes(folder) ? folder : undefined;
}

/** The ids a text names as a whole word (a literal `units[3].ratings["john-company"]` names one). */
function idsIn(text: string): string[] {
  return IDS.filter((id) => new RegExp(`(?<![a-z0-9-])${id}(?![a-z0-9-])`).test(text));
}

/** A string that is a module specifier: those are read as imports, by TypeScript's pre-processor. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    ts.isLiteralTypeNode(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
}

/** How a file names rule sets: each import path, string or property naming an id, with the id. */
function namings(file: string, text: string): { readonly id: string; readonly where: string }[] {
  const found: { id: string; where: string }[] = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles)
    for (const id of IDS)
      if (fileName.split('/').includes(id)) found.push({ id, where: `imports ${fileName}` });
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node: ts.Node): void => {
    const literal =
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node);
    if (literal && !isModuleSpecifier(node))
      for (const id of idsIn(node.text)) found.push({ id, where: `the string ${JSON.stringify(node.text)}` });
    const parent = node.parent;
    if (
      ts.isIdentifier(node) &&
      IDS.includes(node.text) &&
      parent &&
      (ts.isPropertyAccessExpression(parent) ||
        ts.isPropertyAssignment(parent) ||
        ts.isPropertySignature(parent)) &&
      parent.name === node
    )
      found.push({ id: node.text, where: `the property ${node.text}` });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Why a file breaks the rule: each naming of a rule set it may not name. */
function violations(file: string, text: string): string[] {
  const owner = ownerOf(file);
  let registered = namings(file, text).filter((n) => n.id !== owner);
  const listed = LISTS[file];
  if (listed) {
    // One import of each set's module (or entry) is the list's line; a second, or anything else, is not.
    const seen = new Set<string>();
    registered = registered.filter((n) => {
      const line = n.where === `imports ./${n.id}/${listed}` && !seen.has(n.id);
      if (line) seen.add(n.id);
      return !line;
    });
  }
  return registered.map((n) => `names ${n.id}: ${n.where}`);
}

describe('rule sets live in their own folders', () => {
  const files = sourceFiles(ROOT).map((f) => relative(ROOT, f).split(/[\\/]/).join('/'));

  it('finds the source and every rule set', () => {
    expect(files).toContain(REGISTRY);
    expect(IDS.length).toBeGreaterThan(1);
  });

  it.each(files.map((f) => [f]))('%s names no rule set outside its own', (file) => {
    expect(violations(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('registers every rule set in one line: an import of its module', () => {
    const text = readFileSync(join(ROOT, REGISTRY), 'utf8');
    const lines = namings(REGISTRY, text).map((n) => n.where);
    expect(lines).toEqual(IDS.map((id) => `imports ./${id}/index.ts`).sort());
  });

  it("lists every rule set's entry in one line, in the registry's order, and each module spreads its entry", () => {
    const text = readFileSync(join(ROOT, ENTRIES), 'utf8');
    const lines = namings(ENTRIES, text).map((n) => n.where);
    expect(lines).toEqual(IDS.map((id) => `imports ./${id}/entry.ts`).sort());
    expect(RULE_SET_ENTRIES.map((e) => e.id)).toEqual(IDS);
    for (const [i, entry] of RULE_SET_ENTRIES.entries()) {
      const module = RULE_SETS[i]!;
      for (const key of Object.keys(entry) as (keyof typeof entry)[])
        expect(module[key], `${module.id}.${key} is its entry's`).toBe(entry[key]);
    }
  });

  it('catches an id in an import path, a string, a template, JSX text or a property', () => {
    const [first, second] = IDS as [string, string];
    expect(violations('cli/x.ts', `import { y } from '../game/${first}/view.ts';`)).toHaveLength(1);
    expect(violations('cli/x.ts', `export type { Y } from '../game/${first}/view.ts';`)).toHaveLength(1);
    expect(violations('web/x.tsx', `const Y = () => import('./${first}/table.tsx');`)).toHaveLength(1);
    expect(violations('server/x.ts', `const d = '${first}';`)).toEqual([
      `names ${first}: the string "${first}"`,
    ]);
    expect(violations('server/x.ts', `const p = \`ratings["${first}"].x\`;`)).toHaveLength(1);
    expect(violations('server/x.ts', `const p = \`\${a} ${first} \${b}\`;`)).toHaveLength(1);
    expect(violations('web/x.tsx', `const e = <p>${first}</p>;`)).toHaveLength(1);
    expect(violations('protocol/x.ts', 'const r = unit.ratings?.macduff;')).toHaveLength(
      IDS.includes('macduff') ? 1 : 0,
    );
    expect(violations('protocol/x.ts', 'const r = { macduff: 1 };')).toHaveLength(
      IDS.includes('macduff') ? 1 : 0,
    );
    expect(violations(`game/${second}/x.ts`, `const d = '${first}';`)).toHaveLength(1);
    expect(
      violations(REGISTRY, `import { a } from './${first}/index.ts';\nconst d = '${first}';`),
    ).toHaveLength(1);
    expect(
      violations(
        REGISTRY,
        `import { a } from './${first}/index.ts';\nimport { b } from './${first}/game.ts';`,
      ),
    ).toHaveLength(1);
  });

  it('lets a set name itself in its own folders, and anyone name it in a comment or a longer word', () => {
    const [first] = IDS as [string];
    for (const layer of OWN_FOLDER_LAYERS)
      expect(
        violations(
          `${layer}/${first}/x.ts`,
          `import { y } from '../../game/${first}/view.ts';\nconst d = '${first}';`,
        ),
      ).toEqual([]);
    expect(violations('server/x.ts', `// the ${first} rules\n/* '${first}' */ const n = 1;`)).toEqual([]);
    expect(violations('server/x.ts', `const d = 'not-${first}s';`)).toEqual([]);
    expect(violations(REGISTRY, `import { a } from './${first}/index.ts';`)).toEqual([]);
    expect(violations(ENTRIES, `import { a } from './${first}/entry.ts';`)).toEqual([]);
    expect(violations(ENTRIES, `import { a } from './${first}/index.ts';`)).toHaveLength(1);
  });
});
