/**
 * Moved to src/protocol/ (json-schema.ts, procedure-schema.ts), which every shell shares; re-exported
 * here for the tests' import path (test/web/*.test.ts). New code imports from src/protocol/.
 */
export type { JsonSchema } from '../../protocol/json-schema.ts';
export { factsJsonSchema, factsSchemaForApi } from '../../protocol/procedure-schema.ts';
