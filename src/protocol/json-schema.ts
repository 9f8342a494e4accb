import { joinWords } from './text.ts';

/**
 * JSON Schema as zod writes it (draft 2020-12, with Muster's `x-descriptions` on enums) and as the
 * shells read it back: to follow `$ref`s, find the subschema of a field, say what a field accepts (in
 * error messages, in help and docs), and list the fields of a procedure's facts. Pure: no zod, no DOM.
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
  /** Muster's extension: values an enum refuses because Muster works them out, each with the fact to give instead. */
  'x-worked-out'?: Record<string, string>;
  const?: unknown;
  default?: unknown;
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

/** An allowed value of a field, with its description when the schema gives one (`anyOf` of `const`s). */
export interface ValueDoc {
  readonly value: unknown;
  readonly description?: string;
}

/**
 * How `describeSchema` renders: in `error` mode every allowed value is spelled out; in `help` mode a
 * long list of values is collected into `values` and the text says "a value listed below".
 */
export interface DescribeContext {
  readonly root: JsonSchema;
  readonly mode: 'error' | 'help';
  readonly values?: ValueDoc[];
  /** Lists of values that occur more than once in what is described: listed below rather than repeated. */
  readonly repeated?: ReadonlySet<string>;
  /**
   * In `error` mode, where a summarised long list of values points for the rest (the CLI: "see --help"):
   * `one of 40 values ("a", "b", "c", ...: see --help)`. Without it: `(..., ...)`.
   */
  readonly moreValues?: string;
}

/** An enum's values, with their descriptions when the schema gives them (`x-descriptions`). */
export function enumValues(node: JsonSchema): ValueDoc[] {
  const descriptions = node['x-descriptions'];
  return (node.enum ?? []).map((value) => {
    const description = typeof value === 'string' ? descriptions?.[value] : undefined;
    return description === undefined ? { value } : { value, description };
  });
}

const INLINE_VALUES = 6;
/** Longer lists of allowed values are summarised in error messages (help lists them). */
const LISTED_IN_ERRORS = 12;

/** What a schema accepts, as a phrase: "an integer from 1 to 30", `one of "european" or "indian"`. */
export function describeSchema(raw: JsonSchema, ctx: DescribeContext, depth = 0): string | undefined {
  const node = deref(ctx.root, raw);
  if ('const' in node) return JSON.stringify(node.const);
  if (node.enum) return describeValues(enumValues(node), ctx);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const resolved = branches.map((b) => deref(ctx.root, b));
    const consts = resolved.filter((b) => 'const' in b || (b.enum && b.type !== 'null'));
    const parts: string[] = [];
    const merged = consts.length >= 2 || consts.some((c) => typeof c.description === 'string');
    if (merged) {
      const values: ValueDoc[] = consts.flatMap((c) =>
        'const' in c
          ? [c.description ? { value: c.const, description: c.description } : { value: c.const }]
          : enumValues(c),
      );
      parts.push(describeValues(values, ctx));
    }
    for (const b of resolved) {
      if (merged && consts.includes(b)) continue;
      const text = describeSchema(b, ctx, depth + 1);
      if (text && !parts.includes(text)) parts.push(text);
    }
    return parts.length ? joinWords(parts) : undefined;
  }
  if (node.allOf) {
    const parts = node.allOf.map((b) => describeSchema(b, ctx, depth + 1)).filter((t) => t !== undefined);
    return parts.length ? parts.join(' and ') : undefined;
  }
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length > 1) {
    return joinWords(types.map((t) => describeSchema({ ...node, type: t }, ctx, depth + 1) ?? t));
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
      const items = node.items ? describeSchema(node.items, ctx, depth + 1) : undefined;
      const count = lengthText(node.minItems, node.maxItems, 'item');
      return `a list${count ? ` of ${count}` : ''}${items ? `, each ${items}` : ''}`;
    }
    case 'object': {
      if (node.properties) {
        const keys = Object.keys(node.properties);
        const required = new Set(node.required ?? []);
        if (depth === 0) return `an object with the fields ${keys.join(', ')}`;
        if (ctx.mode === 'error')
          return `an object { ${keys.map((k) => (required.has(k) ? k : `${k}?`)).join(', ')} }`;
        const inner = keys.map((k) => {
          const text = describeSchema(node.properties![k]!, ctx, depth + 1);
          return `${k}${required.has(k) ? '' : '?'}${text ? `: ${text}` : ''}`;
        });
        return `an object { ${inner.join('; ')} }`;
      }
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        const each = describeSchema(node.additionalProperties, ctx, depth + 1);
        return `an object${each ? ` whose values are each ${each}` : ''}`;
      }
      return 'an object';
    }
    default:
      return undefined;
  }
}

function describeValues(values: readonly ValueDoc[], ctx: DescribeContext): string {
  if (values.length === 1) return JSON.stringify(values[0]!.value);
  const described = values.some((v) => v.description !== undefined);
  const repeated = ctx.repeated?.has(JSON.stringify(values.map((v) => v.value))) ?? false;
  if (ctx.mode === 'help' && ctx.values && (described || repeated || values.length > INLINE_VALUES)) {
    for (const v of values) if (!ctx.values.some((w) => w.value === v.value)) ctx.values.push(v);
    return 'a value listed below';
  }
  if (ctx.mode === 'error' && values.length > LISTED_IN_ERRORS) {
    const first = values.slice(0, 3).map((v) => JSON.stringify(v.value));
    return `one of ${values.length} values (${first.join(', ')}, ...${ctx.moreValues ? `: ${ctx.moreValues}` : ''})`;
  }
  return `one of ${joinWords(values.map((v) => JSON.stringify(v.value)))}`;
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

/** One documented field of a procedure's facts (nested fields are dotted: `unit.resolveLevel`, `units[].name`). */
export interface FieldDoc {
  readonly name: string;
  readonly required: boolean;
  /** What it accepts, e.g. "an integer from 1 to 30". */
  readonly type: string;
  readonly description?: string;
  readonly values: readonly ValueDoc[];
  readonly default?: unknown;
}

/** A form the facts may take: one, or several when the schema is a union of objects. */
export interface FormDoc {
  readonly title?: string;
  readonly fields: readonly FieldDoc[];
}

/** The fields of a facts schema, flattened, for help and docs. */
export function formsOf(root: JsonSchema): FormDoc[] {
  const top = deref(root, root);
  const branches = top.anyOf ?? top.oneOf;
  if (!top.properties && branches) {
    return branches.map((b, i) => {
      const node = deref(root, b);
      const title = node.title ?? node.description ?? discriminatorOf(node) ?? `Form ${i + 1}`;
      return { title, fields: fieldsOf(root, node, '') };
    });
  }
  return [{ fields: fieldsOf(root, top, '') }];
}

function discriminatorOf(node: JsonSchema): string | undefined {
  for (const [key, prop] of Object.entries(node.properties ?? {})) {
    if ('const' in prop) return `${key}: ${JSON.stringify(prop.const)}`;
  }
  return undefined;
}

function isPlainObject(node: JsonSchema): boolean {
  return node.properties !== undefined && node.anyOf === undefined && node.oneOf === undefined;
}

function fieldsOf(root: JsonSchema, node: JsonSchema, prefix: string): FieldDoc[] {
  const fields: FieldDoc[] = [];
  const required = new Set(node.required ?? []);
  for (const [key, raw] of Object.entries(node.properties ?? {})) {
    const child = deref(root, raw);
    const name = prefix ? `${prefix}.${key}` : key;
    const base = {
      name,
      required: required.has(key),
      ...(child.description !== undefined ? { description: child.description } : {}),
      ...('default' in child ? { default: child.default } : {}),
    };
    if (isPlainObject(child)) {
      fields.push({ ...base, type: 'an object with the fields below', values: [] });
      fields.push(...fieldsOf(root, child, name));
      continue;
    }
    const items = child.type === 'array' && child.items ? deref(root, child.items) : undefined;
    if (items && isPlainObject(items)) {
      const count = lengthText(child.minItems, child.maxItems, 'item');
      fields.push({
        ...base,
        type: `a list${count ? ` of ${count}` : ''} of objects with the fields below`,
        values: [],
      });
      fields.push(...fieldsOf(root, items, `${name}[]`));
      continue;
    }
    const values: ValueDoc[] = [];
    const repeated = repeatedEnums(root, child);
    const type = describeSchema(child, { root, mode: 'help', values, repeated }, 1) ?? 'any JSON value';
    fields.push({ ...base, type, values });
  }
  return fields;
}

/** The `enum` lists that occur more than once within `node` (as JSON of the values). */
function repeatedEnums(root: JsonSchema, node: JsonSchema): Set<string> {
  const seen = new Map<string, number>();
  const visit = (raw: JsonSchema, depth: number): void => {
    if (depth > 12) return;
    const n = deref(root, raw);
    if (n.enum) {
      const key = JSON.stringify(n.enum);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])]) visit(b, depth + 1);
    for (const p of Object.values(n.properties ?? {})) visit(p, depth + 1);
    if (n.items) visit(n.items, depth + 1);
    if (n.additionalProperties && typeof n.additionalProperties === 'object')
      visit(n.additionalProperties, depth + 1);
  };
  visit(node, 0);
  return new Set([...seen].filter(([, count]) => count > 1).map(([key]) => key));
}
