import { z } from 'zod';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { type GameRecord, replay } from '../game/engine/record.ts';
import { validateScenario } from '../game/scenario/format.ts';
import {
  commitmentOf,
  diceDigestOf,
  Hex32Schema,
  isSeedState,
  missingEntropy,
  SecretDiceSchema,
  SeedStateSchema,
  seedStateOf,
} from './fair-dice.ts';

/**
 * Checks a game record as a third party would (`muster verify`, the browser's Verify): for secret dice,
 * that the revealed secret is the one committed to, that the seed is the one the secret and the seats'
 * entropy derive (scheme muster-dice-v1, fair-dice.ts), and, when given, that the commitment and entropy
 * a player saw are the record's; then that every command replays, twice to the bit, to the result the
 * record states. Pure: the shells read the file and print the checks.
 */

/** One check: passed (true), failed (false) or not made (undefined, with why), in words. */
export interface VerifyCheck {
  readonly ok: boolean | undefined;
  readonly text: string;
}

export interface Verification {
  /** No check failed. */
  readonly ok: boolean;
  readonly checks: readonly VerifyCheck[];
}

/** What a player kept from the start of the game, to compare with the record. */
export interface VerifyAnchors {
  /** The commitment the player's seat was given at creation. */
  readonly commitment?: string;
  /** The entropy the player's browser gave, by side. */
  readonly entropy?: Readonly<Record<string, string>>;
}

const RecordShape = z.object({
  format: z.literal('muster-game'),
  version: z.literal(1),
  ruleSet: z.string(),
  scenario: z.record(z.string(), z.unknown()),
  seed: z.union([z.uint32(), SeedStateSchema]),
  dice: SecretDiceSchema.optional(),
  result: z.object({ winner: z.string().optional(), reason: z.string() }).optional(),
  commands: z.array(z.object({ side: z.string(), command: z.record(z.string(), z.unknown()) })),
});

export const VerifyAnchorsSchema = z.strictObject({
  commitment: Hex32Schema.optional(),
  entropy: z.record(z.string(), Hex32Schema).optional(),
});

const short = (hex: string) => `${hex.slice(0, 12)}…`;

export function verifyRecord(
  input: unknown,
  playable: readonly AnyPlayableRuleSet[],
  anchors: VerifyAnchors = {},
): Verification {
  const checks: VerifyCheck[] = [];
  const done = () => ({ ok: checks.every((c) => c.ok !== false), checks });
  const parsed = RecordShape.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'the record'}: ${i.message}`);
    checks.push({ ok: false, text: `not a Muster game record: ${issues.join('; ')}` });
    return done();
  }
  const record = parsed.data as GameRecord<unknown> & typeof parsed.data;
  const rules = playable.find((r) => r.id === record.ruleSet);
  if (!rules) {
    checks.push({ ok: false, text: `rule set "${record.ruleSet}" is not one this Muster plays` });
    return done();
  }
  checkDice(record, anchors, checks);
  const scenario = validateScenario(record.scenario);
  if (!scenario.ok) {
    checks.push({
      ok: false,
      text: `its scenario is not valid: ${scenario.errors.map((e) => e.message).join('; ')}`,
    });
    return done();
  }
  const once = () => {
    try {
      return replay(rules.game, record);
    } catch (error) {
      return { ok: false as const, at: 0, message: `the game does not set up: ${(error as Error).message}` };
    }
  };
  const first = once();
  if (!first.ok) {
    checks.push({ ok: false, text: `replay: ${first.message}` });
    return done();
  }
  const second = once();
  const exact =
    second.ok &&
    JSON.stringify(second.replayed.state) === JSON.stringify(first.replayed.state) &&
    JSON.stringify(second.replayed.events) === JSON.stringify(first.replayed.events);
  checks.push({
    ok: exact,
    text: exact
      ? `replay: all ${record.commands.length} commands accepted, and a second replay gives the same game to the bit`
      : 'replay: two replays of the record gave different games',
  });
  const result = rules.game.result(first.replayed.state);
  const said = record.result;
  const words = (r: { winner?: string; reason: string } | undefined) =>
    r ? `${r.winner === undefined ? 'a draw' : `${r.winner} won`} (${r.reason})` : 'not finished';
  if (said === undefined) {
    checks.push({
      ok: record.dice ? false : undefined,
      text: record.dice
        ? `result: the record states none, but its secret is revealed (the replay ends ${words(result)})`
        : `result: the record states none (the replay ends ${words(result)})`,
    });
  } else {
    const same = result !== undefined && result.winner === said.winner && result.reason === said.reason;
    checks.push({
      ok: same,
      text: same
        ? `result: ${words(result)}, as the record states`
        : `result: the replay ends ${words(result)}, but the record states ${words(said)}`,
    });
  }
  return done();
}

function checkDice(record: GameRecord<unknown>, anchors: VerifyAnchors, checks: VerifyCheck[]): void {
  const { dice, seed } = record;
  if (!dice) {
    checks.push({
      ok: typeof seed === 'number' ? undefined : false,
      text:
        typeof seed === 'number'
          ? `dice: seed ${seed} was public (the game's owner chose or knew it): anyone holding it could foresee every die; only the replay can be checked`
          : 'dice: a seed state without the secret dice it derives from: where it came from cannot be checked',
    });
    return;
  }
  const committed = commitmentOf(dice.secret);
  checks.push({
    ok: committed === dice.commitment,
    text:
      committed === dice.commitment
        ? `commitment: SHA-256("muster-dice-commitment-v1", secret) is ${short(committed)}, the record's commitment`
        : `commitment: SHA-256("muster-dice-commitment-v1", secret) is ${short(committed)}, not the record's ${short(dice.commitment)}: the secret is not the one committed to`,
  });
  if (anchors.commitment === undefined) {
    checks.push({
      ok: undefined,
      text: 'commitment: not compared with one you were given at the start (give it to check the record is the game you played)',
    });
  } else {
    const same = anchors.commitment === dice.commitment;
    checks.push({
      ok: same,
      text: same
        ? `commitment: the one you were given at the start, ${short(anchors.commitment)}`
        : `commitment: you were given ${short(anchors.commitment)} at the start, the record says ${short(dice.commitment)}`,
    });
  }
  for (const [side, entropy] of Object.entries(anchors.entropy ?? {})) {
    const same = dice.entropy[side] === entropy;
    checks.push({
      ok: same,
      text: same
        ? `entropy of ${side}: the one its browser gave, ${short(entropy)}`
        : `entropy of ${side}: its browser gave ${short(entropy)}, the record says ${dice.entropy[side] === undefined ? 'none' : short(dice.entropy[side])}`,
    });
  }
  const missing = missingEntropy(dice);
  if (missing.length > 0) {
    checks.push({ ok: false, text: `seed: the entropy of ${missing.join(', ')} is missing` });
    return;
  }
  const derived = seedStateOf(diceDigestOf(dice));
  const same = isSeedState(seed, derived);
  checks.push({
    ok: same,
    text: same
      ? `seed: derived from the secret and the entropy of ${dice.contributors.join(', ')}, as the record states`
      : 'seed: the record states a seed the secret and the entropy do not derive',
  });
}
