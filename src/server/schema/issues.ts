/**
 * Moved to src/protocol/issues.ts, which every shell shares; re-exported here for the tests' import
 * path (test/web/server-errors.test.ts). New code imports from src/protocol/.
 */
export { formatIssues, type Problem, problemLine } from '../../protocol/issues.ts';
