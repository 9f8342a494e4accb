import { z } from 'zod';
import type { AnyProcedure } from '../core/rules/procedure.ts';
import { formatRule } from '../core/rules/trace.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * The JSON Schemas of a procedure's input, written by zod: its facts (help, docs, error messages, the
 * browser's forms), `muster resolve`'s whole input (facts plus typed-in dice) and the facts as the API
 * shows them.
 */

/** The JSON Schema of a procedure's facts as a referee types them (zod's input side: before transforms). */
export function factsJsonSchema(def: AnyProcedure): JsonSchema {
  try {
    return inputJsonSchemaOf(def.facts);
  } catch {
    // A schema zod cannot write (none so far): validation still works; help, forms and errors say less.
    return {};
  }
}

/** The JSON Schema (draft 2020-12) of what a zod schema accepts: its input side, before transforms. */
export function inputJsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
}

/** The `dice` field every situation may carry, listing the procedure's roll keys. */
export function diceJsonSchema(def: AnyProcedure): JsonSchema {
  const faces: JsonSchema = { type: 'array', items: { type: 'integer' } };
  const properties: Record<string, JsonSchema> = {};
  for (const r of def.rolls) {
    properties[r.key] = { ...faces, description: `${r.dice}, ${r.when}` };
  }
  return {
    description:
      'Dice a referee rolled and typed in: the faces in the order the procedure throws them, or lists of faces by roll key. Faces not given are an error unless a seed is given.',
    anyOf: [
      { ...faces, description: 'Faces in throw order' },
      {
        type: 'object',
        description: 'Faces by roll key, each list in throw order',
        properties,
        additionalProperties: false,
      },
    ],
  };
}

/** A stable identifier for the input schema of a procedure. */
export function inputSchemaId(ruleSet: RuleSetEntry, def: AnyProcedure): string {
  return `urn:muster:schema:${ruleSet.id}:${def.id}:input`;
}

/**
 * The JSON Schema (draft 2020-12) of `muster resolve`'s input for a procedure: its facts plus the
 * optional `dice` field.
 */
export function inputJsonSchema(ruleSet: RuleSetEntry, def: AnyProcedure): JsonSchema {
  const { $schema: _ignored, title: _title, description: factsDescription, ...facts } = factsJsonSchema(def);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: inputSchemaId(ruleSet, def),
    title: `${def.title} - ${ruleSet.title}: the situation`,
    description: `${def.summary} Rule: ${formatRule(def.rule)}. The facts of the situation${factsDescription ? ` (${factsDescription})` : ''}, plus optional typed-in dice.`,
    ...withDice(facts, diceJsonSchema(def)),
  };
}

function withDice(schema: JsonSchema, dice: JsonSchema): JsonSchema {
  if (schema.properties) return { ...schema, properties: { ...schema.properties, dice } };
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (branches) return { ...schema, [key]: branches.map((b) => withDice(b, dice)) };
  }
  return schema;
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
