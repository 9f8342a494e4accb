import { z } from 'zod';
import type { AnyProcedure } from '../../core/rules/procedure.ts';
import { formatRule } from '../../core/rules/trace.ts';
import type { RuleSetEntry } from '../../rulesets/index.ts';
import { joinWords } from './text.ts';

/**
 * JSON Schema as zod writes it, for the API: the schema of a procedure's facts (the browser builds its
 * form from it), and the phrases that say what a field expected in an error message. Copied from
 * src/cli/json-schema.ts, keeping only the error messages' side (shells may not import each other; see
 * docs/web.md, "Shared with the CLI"); test/web/server-errors.test.ts checks both give the same text.
 */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  /** Muster's extension: a description per enum value (e.g. a modifier's label and value). */
  'x-descriptions'?: Record<string, string>;
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  [key: string]: unknown;
}

/** The JSON Schema of a procedure's facts as a referee types them (zod's input side: before transforms). */
export function factsJsonSchema(def: AnyProcedure): JsonSchema {
  try {
    return z.toJSONSchema(def.facts, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonSchema;
  } catch {
    // A schema zod cannot write (none so far): validation still works; forms and errors say less.
    return {};
  }
}

/** The JSON Schema (draft 2020-12) of a procedure's facts as the API shows it, with a title and rule. */
export function factsSchemaForApi(ruleSet: RuleSetEntry, def: AnyProcedure): JsonSchema {
  const { $schema: _ignored, title: _title, description, ...facts } = factsJsonSchema(def);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `urn:muster:schema:${ruleSet.id}:${def.id}:facts`,
    title: `${def.title} - ${ruleSet.title}: the facts`,
    description: `${def.summary} Rule: ${formatRule(def.rule)}.${description ? ` ${description}` : ''}`,
    ...facts,
  };
}

/** Follows a local `$ref` (`#` or `#/$defs/Name`) against `root`. */
export function deref(root: JsonSchema, node: JsonSchema): JsonSchema {
  let at = node;
  for (let hops = 0; at.$ref !== undefined && hops < 20; hops++) {
    const ref = at.$ref;
    if (ref === '#') at = root;
    else if (ref.startsWith('#/')) {
      let target: unknown = root;
      for (const part of ref.slice(2).split('/')) {
        target = (target as Record<string, unknown> | undefined)?.[
          part.replace(/~1/g, '/').replace(/~0/g, '~')
        ];
      }
      if (!target || typeof target !== 'object') return at;
      at = target as JsonSchema;
    } else return at;
  }
  return at;
}

function branchesOf(node: JsonSchema): JsonSchema[] | undefined {
  return node.anyOf ?? node.oneOf ?? node.allOf;
}

/** The subschema at `path` (object keys and array indexes), choosing the union branch that has the key. */
export function schemaAt(
  root: JsonSchema,
  path: readonly PropertyKey[],
  from: JsonSchema = root,
): JsonSchema | undefined {
  let node: JsonSchema | undefined = deref(root, from);
  for (const key of path) {
    if (!node) return undefined;
    node = step(root, node, key);
  }
  return node;
}

function step(root: JsonSchema, raw: JsonSchema, key: PropertyKey): JsonSchema | undefined {
  const node = deref(root, raw);
  const branches = branchesOf(node);
  if (branches) {
    const found: JsonSchema[] = [];
    for (const b of branches) {
      const at = step(root, b, key);
      if (at) found.push(at);
    }
    const distinct = found.filter(
      (f, i) => found.findIndex((g) => JSON.stringify(g) === JSON.stringify(f)) === i,
    );
    if (distinct.length <= 1) return distinct[0];
    return { anyOf: distinct };
  }
  if (typeof key === 'number') {
    return node.prefixItems?.[key] ?? node.items;
  }
  const name = String(key);
  const prop = node.properties?.[name];
  if (prop) return deref(root, prop);
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    return deref(root, node.additionalProperties);
  return undefined;
}

/** Longer lists of allowed values are summarised in error messages. */
const LISTED_IN_ERRORS = 12;

/** What a schema accepts, as an error message says it: "an integer from 1 to 30", `one of "a" or "b"`. */
export function describeSchema(raw: JsonSchema, root: JsonSchema, depth = 0): string | undefined {
  const node = deref(root, raw);
  if ('const' in node) return JSON.stringify(node.const);
  if (node.enum) return describeValues(node.enum);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const resolved = branches.map((b) => deref(root, b));
    const consts = resolved.filter((b) => 'const' in b || (b.enum && b.type !== 'null'));
    const parts: string[] = [];
    const merged = consts.length >= 2 || consts.some((c) => typeof c.description === 'string');
    if (merged)
      parts.push(describeValues(consts.flatMap((c) => ('const' in c ? [c.const] : (c.enum ?? [])))));
    for (const b of resolved) {
      if (merged && consts.includes(b)) continue;
      const text = describeSchema(b, root, depth + 1);
      if (text && !parts.includes(text)) parts.push(text);
    }
    return parts.length ? joinWords(parts) : undefined;
  }
  if (node.allOf) {
    const parts = node.allOf.map((b) => describeSchema(b, root, depth + 1)).filter((t) => t !== undefined);
    return parts.length ? parts.join(' and ') : undefined;
  }
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length > 1) {
    return joinWords(types.map((t) => describeSchema({ ...node, type: t }, root, depth + 1) ?? t));
  }
  switch (types[0]) {
    case 'integer':
      return `an integer${rangeText(node)}${node.multipleOf ? `, a multiple of ${node.multipleOf}` : ''}`;
    case 'number':
      return `a number${rangeText(node)}${node.multipleOf ? `, a multiple of ${node.multipleOf}` : ''}`;
    case 'string': {
      const extras = [
        node.format ? `in ${node.format} format` : '',
        node.pattern ? `matching /${node.pattern}/` : '',
        lengthText(node.minLength, node.maxLength, 'character').replace(/^(?=.)/, 'of '),
      ].filter(Boolean);
      return `a string${extras.length ? ` ${extras.join(', ')}` : ''}`;
    }
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array': {
      const items = node.items ? describeSchema(node.items, root, depth + 1) : undefined;
      const count = lengthText(node.minItems, node.maxItems, 'item');
      return `a list${count ? ` of ${count}` : ''}${items ? `, each ${items}` : ''}`;
    }
    case 'object': {
      if (node.properties) {
        const keys = Object.keys(node.properties);
        const required = new Set(node.required ?? []);
        if (depth === 0) return `an object with the fields ${keys.join(', ')}`;
        return `an object { ${keys.map((k) => (required.has(k) ? k : `${k}?`)).join(', ')} }`;
      }
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        const each = describeSchema(node.additionalProperties, root, depth + 1);
        return `an object${each ? ` whose values are each ${each}` : ''}`;
      }
      return 'an object';
    }
    default:
      return undefined;
  }
}

function describeValues(values: readonly unknown[]): string {
  if (values.length === 1) return JSON.stringify(values[0]);
  if (values.length > LISTED_IN_ERRORS) {
    const first = values.slice(0, 3).map((v) => JSON.stringify(v));
    return `one of ${values.length} values (${first.join(', ')}, ...)`;
  }
  return `one of ${joinWords(values.map((v) => JSON.stringify(v)))}`;
}

function rangeText(node: JsonSchema): string {
  const lo = node.minimum;
  const hi = node.maximum;
  const xlo = node.exclusiveMinimum;
  const xhi = node.exclusiveMaximum;
  if (lo !== undefined && hi !== undefined) return ` from ${lo} to ${hi}`;
  const parts: string[] = [];
  if (lo !== undefined) parts.push(`of at least ${lo}`);
  if (xlo !== undefined) parts.push(`greater than ${xlo}`);
  if (hi !== undefined) parts.push(`${parts.length ? 'and ' : 'of '}at most ${hi}`);
  if (xhi !== undefined) parts.push(`${parts.length ? 'and ' : ''}less than ${xhi}`);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

function lengthText(min: number | undefined, max: number | undefined, noun: string): string {
  const plural = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  if (min !== undefined && max !== undefined) return min === max ? plural(min) : `${min} to ${plural(max)}`;
  if (min !== undefined && min > 0) return `at least ${plural(min)}`;
  if (max !== undefined) return `at most ${plural(max)}`;
  return '';
}
