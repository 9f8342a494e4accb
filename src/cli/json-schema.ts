/**
 * The JSON Schema code moved to src/protocol/ (json-schema.ts, procedure-schema.ts), which every shell
 * shares. These re-exports keep the old import path working for src/cli/program.ts and src/cli/docs.ts
 * (being edited by others) and for the tests; new code imports from src/protocol/.
 */
export type { FieldDoc, FormDoc, JsonSchema, ValueDoc } from '../protocol/json-schema.ts';
export { factsJsonSchema, inputJsonSchema } from '../protocol/procedure-schema.ts';
