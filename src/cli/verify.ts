import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';
import { HEX_32_PATTERN } from '../protocol/fair-dice.ts';
import { verifyRecord } from '../protocol/verify.ts';
import { parseJsonText } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, EXIT_OK, EXIT_USAGE } from './resolve.ts';
import { readText } from './scenario.ts';

/**
 * `muster verify <record>`: checks a game record as anyone may (src/protocol/verify.ts): a network game's
 * secret dice against their commitment, the seed against the secret and the seats' entropy, the
 * commitment and entropy a player kept (`--commitment`, `--entropy side=hex`) against the record's, and
 * the replay of every command to the result the record states. Each check on a line (✓ matched,
 * ✗ did not, – not checked); exit code 2 when one did not match.
 */
export interface VerifyOptions {
  readonly commitment?: string;
  readonly entropy?: readonly string[];
}

export async function verifyCommand(
  file: string,
  opts: VerifyOptions,
  readInput: (file: string) => Promise<string>,
  playable: readonly AnyPlayableRuleSet[] = PLAYABLE_RULE_SETS,
): Promise<CliOutcome> {
  const parsed = parseJsonText(await readText(file, readInput), file);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  if (opts.commitment !== undefined && !HEX_32_PATTERN.test(opts.commitment))
    throw new UsageError(`--commitment: expected 64 lowercase hex digits, got "${opts.commitment}"`);
  const entropy: Record<string, string> = {};
  for (const given of opts.entropy ?? []) {
    const [side, hex] = given.split('=');
    if (!side || hex === undefined || !HEX_32_PATTERN.test(hex))
      throw new UsageError(`--entropy: expected <side>=<64 lowercase hex digits>, got "${given}"`);
    entropy[side] = hex;
  }
  const verification = verifyRecord(parsed.value, playable, {
    ...(opts.commitment === undefined ? {} : { commitment: opts.commitment }),
    entropy,
  });
  const mark = (ok: boolean | undefined) => (ok === true ? '✓' : ok === false ? '✗' : '–');
  const lines = verification.checks.map((c) => `${mark(c.ok)} ${c.text}`);
  const failed = verification.checks.filter((c) => c.ok === false).length;
  lines.push(
    '',
    failed === 0
      ? `${file}: verified (✓ matched, – not checked).`
      : `${file}: NOT verified: ${failed} ${failed === 1 ? 'check' : 'checks'} did not match.`,
  );
  return { stdout: `${lines.join('\n')}\n`, stderr: '', code: failed === 0 ? EXIT_OK : EXIT_USAGE };
}
