import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from './format.ts';
import { SCENARIO_SCHEMA_REF } from './schema.ts';

const SCENARIOS = resolve(import.meta.dirname, '../../../scenarios');
const SCHEMA_FILE = join(SCENARIOS, 'schema/scenario.schema.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

/**
 * A small JSON Schema (draft 2020-12) checker for the keywords zod writes into the scenario schema;
 * it throws on any other keyword, so the schema cannot grow past what this test checks.
 */
function schemaErrors(root: Schema, schema: Schema, value: Json, path: string): string[] {
  const errs: string[] = [];
  const fail = (what: string) => errs.push(`${path || '(root)'}: ${what}`);
  for (const key of Object.keys(schema)) {
    const rule = schema[key] as Json;
    switch (key) {
      case '$schema':
      case '$defs':
      case 'title':
      case 'description':
      case 'format':
        break;
      case '$ref': {
        const name = String(rule).replace('#/$defs/', '');
        const defs = root.$defs as Record<string, Schema>;
        if (!defs[name]) throw new Error(`unknown $ref ${String(rule)}`);
        errs.push(...schemaErrors(root, defs[name], value, path));
        break;
      }
      case 'type': {
        const t = rule as string;
        const ok =
          t === 'integer'
            ? Number.isInteger(value)
            : t === 'array'
              ? Array.isArray(value)
              : t === 'object'
                ? typeof value === 'object' && value !== null && !Array.isArray(value)
                : typeof value === t;
        if (!ok) fail(`not a ${t}`);
        break;
      }
      case 'enum':
        if (!(rule as Json[]).includes(value)) fail(`not one of ${JSON.stringify(rule)}`);
        break;
      case 'const':
        if (value !== rule) fail(`not ${JSON.stringify(rule)}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(rule as string, 'u').test(value))
          fail(`does not match ${rule}`);
        break;
      case 'minLength':
        if (typeof value === 'string' && value.length < (rule as number)) fail('too short');
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (rule as number)) fail(`below ${rule}`);
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (rule as number)) fail(`above ${rule}`);
        break;
      case 'exclusiveMinimum':
        if (typeof value === 'number' && value <= (rule as number)) fail(`not above ${rule}`);
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < (rule as number)) fail('too few items');
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > (rule as number)) fail('too many items');
        break;
      case 'items':
        if (Array.isArray(value))
          value.forEach((v, i) => {
            errs.push(...schemaErrors(root, rule as Schema, v, `${path}[${i}]`));
          });
        break;
      case 'required':
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
          for (const k of rule as string[]) if (!(k in value)) fail(`missing ${k}`);
        break;
      case 'properties':
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
          for (const [k, sub] of Object.entries(rule as Record<string, Schema>))
            if (k in value) errs.push(...schemaErrors(root, sub, value[k] as Json, `${path}.${k}`));
        break;
      case 'additionalProperties':
        if (rule !== false) throw new Error('only additionalProperties: false is checked');
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          const known = Object.keys((schema.properties ?? {}) as object);
          for (const k of Object.keys(value)) if (!known.includes(k)) fail(`unknown field ${k}`);
        }
        break;
      case 'oneOf': {
        const matches = (rule as Schema[]).filter((s) => schemaErrors(root, s, value, path).length === 0);
        if (matches.length !== 1) fail(`matches ${matches.length} of the oneOf alternatives`);
        break;
      }
      default:
        throw new Error(`the test's checker does not know the keyword ${key}`);
    }
  }
  return errs;
}

function shipped(): { file: string; json: Json }[] {
  return readdirSync(SCENARIOS)
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(SCENARIOS, file), 'utf8')) as Json }));
}

describe('the published JSON Schema', () => {
  const published = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Schema;

  it('is current: the committed file is what scenarioJsonSchema() generates', () => {
    expect(published).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it('is draft 2020-12', () => {
    expect(published.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it.each(shipped())('accepts $file', ({ json }) => {
    expect(schemaErrors(published, published, json, '')).toEqual([]);
  });

  it('rejects what the format forbids', () => {
    const [first] = shipped();
    const broken = JSON.parse(JSON.stringify(first!.json));
    broken.units[0].quality = 'superb';
    broken.units[0].colour = 'red';
    delete broken.table.width;
    broken.sides.push(broken.sides[0]);
    expect(schemaErrors(published, published, broken, '')).toEqual([
      '.table: missing width',
      '.sides: too many items',
      '.units[0].quality: not one of ["elite","veteran","trained","raw","levy"]',
      '.units[0]: unknown field colour',
    ]);
  });
});

describe('the scenario files', () => {
  it.each(shipped())('$file points editors at the schema', ({ json }) => {
    expect((json as Schema).$schema).toBe(SCENARIO_SCHEMA_REF);
  });
});
