/**
 * The HTTP API's types moved to src/protocol/api.ts, which the server and the browser share; re-exported
 * here for the tests' import path (test/web/api.test.ts, test/web/contract.test.ts). New code imports
 * from src/protocol/api.ts.
 */
export type * from '../protocol/api.ts';
