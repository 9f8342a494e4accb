/**
 * The numbers of an odds chart moved to src/protocol/odds.ts, which the CLI's `--explain` shares;
 * re-exported here for the tests' import path (test/web/form.test.ts, test/web/browser.test.ts).
 */
export { fraction, orderedOutcomes, percent } from '../../protocol/odds.ts';
