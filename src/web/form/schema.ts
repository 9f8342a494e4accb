/**
 * How the browser turns a procedure's JSON Schema (as the API sends it: zod's draft 2020-12 output, with
 * Muster's `x-descriptions` on enums) into a form: which editor each field gets, a starting value, and
 * which branch of a union a value belongs to. Pure: no DOM, so tests run it in Node. Reading the schema
 * (`$ref`s, enum values and their descriptions) is the protocol's (src/protocol/json-schema.ts).
 */
import { deref, enumValues, type JsonSchema } from '../../protocol/json-schema.ts';

export type { JsonSchema };

/** A value a select offers, with its description when the schema gives one. */
export interface Choice {
  readonly value: string | number | boolean | null;
  readonly description?: string;
}

/** The editor a schema node gets. */
export type Editor =
  | { readonly kind: 'object'; readonly fields: readonly FieldSpec[] }
  | { readonly kind: 'union'; readonly branches: readonly JsonSchema[]; readonly discriminator?: string }
  | { readonly kind: 'choice'; readonly choices: readonly Choice[] }
  | { readonly kind: 'boolean' }
  | {
      readonly kind: 'number';
      readonly integer: boolean;
      readonly min?: number;
      readonly max?: number;
      readonly step?: number;
    }
  | { readonly kind: 'text' }
  /** A list of modifier ids, each an id or `{ id, count }`: checkboxes with counts. */
  | { readonly kind: 'modifiers'; readonly choices: readonly Choice[] }
  | { readonly kind: 'list'; readonly items: JsonSchema; readonly min: number; readonly max?: number }
  | { readonly kind: 'tuple'; readonly items: readonly JsonSchema[] }
  /** Anything else: edited as JSON text. */
  | { readonly kind: 'json' };

export interface FieldSpec {
  readonly key: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

function branchesOf(node: JsonSchema): JsonSchema[] | undefined {
  return node.anyOf ?? node.oneOf;
}

function isChoiceNode(node: JsonSchema): boolean {
  return 'const' in node || (node.enum !== undefined && node.type !== 'null');
}

function choicesOf(node: JsonSchema): Choice[] {
  if ('const' in node) {
    const value = node.const as Choice['value'];
    return [node.description === undefined ? { value } : { value, description: node.description }];
  }
  return enumValues(node) as Choice[];
}

function isObjectNode(node: JsonSchema): boolean {
  return node.properties !== undefined && branchesOf(node) === undefined;
}

/** The id choices of a modifier list's items (`anyOf: [id enum, { id, count }]`), or undefined. */
function modifierChoices(root: JsonSchema, items: JsonSchema): Choice[] | undefined {
  const branches = branchesOf(deref(root, items))?.map((b) => deref(root, b));
  if (branches?.length !== 2) return undefined;
  const ids = branches.find((b) => b.enum !== undefined);
  const counted = branches.find(
    (b) => b.properties?.['id'] !== undefined && b.properties['count'] !== undefined,
  );
  return ids && counted ? choicesOf(ids) : undefined;
}

/**
 * The property all branches share whose allowed values tell the branches apart (each branch an enum
 * or const, no value in two branches): one select then picks both the value and the branch.
 */
function discriminatorOf(root: JsonSchema, branches: readonly JsonSchema[]): string | undefined {
  const first = branches[0]?.properties;
  if (!first) return undefined;
  for (const key of Object.keys(first)) {
    const seen = new Set<unknown>();
    let ok = true;
    for (const b of branches) {
      const prop = b.properties?.[key];
      const node = prop && deref(root, prop);
      if (!node || !isChoiceNode(node)) {
        ok = false;
        break;
      }
      for (const c of choicesOf(node)) {
        if (seen.has(c.value)) ok = false;
        seen.add(c.value);
      }
    }
    if (ok) return key;
  }
  return undefined;
}

/** Which editor a schema node gets. */
export function editorFor(root: JsonSchema, raw: JsonSchema): Editor {
  const node = deref(root, raw);
  if (isChoiceNode(node)) return { kind: 'choice', choices: choicesOf(node) };
  const branches = branchesOf(node)?.map((b) => deref(root, b));
  if (branches) {
    if (branches.every(isChoiceNode)) return { kind: 'choice', choices: branches.flatMap(choicesOf) };
    if (branches.every(isObjectNode)) {
      const discriminator = discriminatorOf(root, branches);
      return discriminator === undefined
        ? { kind: 'union', branches }
        : { kind: 'union', branches, discriminator };
    }
    return { kind: 'json' };
  }
  const type = Array.isArray(node.type) ? undefined : node.type;
  switch (type) {
    case 'boolean':
      return { kind: 'boolean' };
    case 'integer':
    case 'number':
      return numberEditor(node, type === 'integer');
    case 'string':
      return { kind: 'text' };
    case 'array': {
      if (node.prefixItems && node.prefixItems.length === node.minItems && node.minItems === node.maxItems) {
        return { kind: 'tuple', items: node.prefixItems };
      }
      if (!node.items) return { kind: 'json' };
      const modifiers = modifierChoices(root, node.items);
      if (modifiers) return { kind: 'modifiers', choices: modifiers };
      return {
        kind: 'list',
        items: node.items,
        min: node.minItems ?? 0,
        ...(node.maxItems === undefined ? {} : { max: node.maxItems }),
      };
    }
    case 'object':
      if (node.properties) return { kind: 'object', fields: fieldsOf(node) };
      return { kind: 'json' };
    default:
      return { kind: 'json' };
  }
}

function numberEditor(node: JsonSchema, integer: boolean): Editor {
  const min = node.minimum ?? node.exclusiveMinimum;
  const max = node.maximum ?? node.exclusiveMaximum;
  const step = node.multipleOf ?? (integer ? 1 : undefined);
  return {
    kind: 'number',
    integer,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...(step === undefined ? {} : { step }),
  };
}

export function fieldsOf(node: JsonSchema): FieldSpec[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([key, schema]) => ({
    key,
    schema,
    required: required.has(key),
  }));
}

/**
 * A starting value that fits the schema's shape: required fields only (optional ones are left out),
 * the first allowed value of a choice, the lowest allowed number (or 0), false, empty lists.
 */
export function initialValue(root: JsonSchema, raw: JsonSchema): unknown {
  const editor = editorFor(root, raw);
  switch (editor.kind) {
    case 'object':
      return Object.fromEntries(
        editor.fields.filter((f) => f.required).map((f) => [f.key, initialValue(root, f.schema)]),
      );
    case 'union':
      return initialValue(root, editor.branches[0]!);
    case 'choice':
      return editor.choices[0]?.value;
    case 'boolean':
      return false;
    case 'number': {
      const low = editor.min ?? 0;
      return editor.max !== undefined && low > editor.max ? editor.max : Math.max(low, 0);
    }
    case 'text':
      return '';
    case 'modifiers':
      return [];
    case 'list':
      return Array.from({ length: editor.min }, () => initialValue(root, editor.items));
    case 'tuple':
      return editor.items.map((item) => initialValue(root, item));
    case 'json':
      return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The branch of a union of objects that `value` belongs to: by the discriminating property when there
 * is one, else the branch that knows most of the value's keys and whose choices its values fit.
 */
export function branchIndex(
  root: JsonSchema,
  branches: readonly JsonSchema[],
  value: unknown,
  discriminator?: string,
): number {
  const record = isRecord(value) ? value : {};
  if (discriminator !== undefined && discriminator in record) {
    const found = branches.findIndex((b) => {
      const prop = b.properties?.[discriminator];
      return (
        prop !== undefined && choicesOf(deref(root, prop)).some((c) => c.value === record[discriminator])
      );
    });
    if (found >= 0) return found;
  }
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  branches.forEach((b, i) => {
    let score = 0;
    for (const [key, v] of Object.entries(record)) {
      const prop = b.properties?.[key];
      if (!prop) score -= 10;
      else {
        const node = deref(root, prop);
        score += isChoiceNode(node) && !choicesOf(node).some((c) => c.value === v) ? -5 : 1;
      }
    }
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * `value` moved into another branch: the fields the new branch also has keep their values when they
 * still fit; its other required fields start from their initial values.
 */
export function intoBranch(root: JsonSchema, branch: JsonSchema, value: unknown): Record<string, unknown> {
  const old = isRecord(value) ? value : {};
  const next: Record<string, unknown> = {};
  for (const field of fieldsOf(branch)) {
    const node = deref(root, field.schema);
    const kept = old[field.key];
    const fits = kept !== undefined && (!isChoiceNode(node) || choicesOf(node).some((c) => c.value === kept));
    if (fits) next[field.key] = kept;
    else if (field.required) next[field.key] = initialValue(root, field.schema);
  }
  return next;
}

/** One entry of a modifier list: an id, or `{ id, count }`. */
export type ModifierEntry = string | { readonly id: string; readonly count?: number };

/** The count of modifier `id` in a list: 0 if absent, else its count (1 for a plain id). */
export function modifierCount(list: unknown, id: string): number {
  if (!Array.isArray(list)) return 0;
  for (const e of list as ModifierEntry[]) {
    if (e === id) return 1;
    if (isRecord(e) && e['id'] === id) return typeof e['count'] === 'number' ? e['count'] : 1;
  }
  return 0;
}

/**
 * The list with modifier `id` set to `count` (0 removes it; 1 is the plain id), entries kept in the
 * order of `choices` (the rules' order).
 */
export function withModifier(
  list: unknown,
  choices: readonly Choice[],
  id: string,
  count: number,
): ModifierEntry[] {
  const counts = new Map<string, number>();
  for (const c of choices) {
    const n = c.value === id ? count : modifierCount(list, String(c.value));
    if (n > 0) counts.set(String(c.value), n);
  }
  return [...counts].map(([k, n]) => (n === 1 ? k : { id: k, count: n }));
}

/**
 * An enum value as a referee reads it: a number as itself, yes/no, and an id in words
 * (`close-order-line` -> "Close order line"), for values the schema gives no description.
 */
export function valueWords(value: Choice['value']): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  const words = value.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A choice as a select or checkbox shows it: its description (a modifier's label and value), else its value in words. */
export function choiceText(c: Choice): string {
  return c.description ?? valueWords(c.value);
}

/** A field name as a label: `resolveLevel` → "Resolve level", `mayExceed20` → "May exceed 20". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
