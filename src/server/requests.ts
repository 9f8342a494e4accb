import { z } from 'zod';
import { ANY_COMMAND_SCHEMA } from '../game/engine/hosting.ts';
import { isResignation } from '../game/engine/resign.ts';
import { DEFAULT_RULE_SET } from '../game/registry.ts';
import type { EntropyRequest } from '../protocol/api.ts';
import { Hex32Schema } from '../protocol/fair-dice.ts';
import type { Problem } from '../protocol/issues.ts';
import { checkBody } from './answers.ts';
import type { AnyPlayRules } from './play-rules.ts';
import { CreateGameSchema, MAX_COMMAND_CHARS, StoreError } from './store.ts';

/**
 * What the referee's requests carry, parsed at the boundary: the bodies and queries of the game API's
 * requests, and a command read by its rule set's schema, refused (400) with each problem's path.
 */

/** The computer's commands per request: by default, and at most. */
export const COMPUTER_DEFAULT = 200;
export const COMPUTER_MAX = 2000;

/** POST /api/games: the store's new game, and the rule set it is played under. */
export const CreateSchema = CreateGameSchema.extend({
  ruleSet: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(`The id of a rule set whose whole games Muster plays (default ${DEFAULT_RULE_SET})`),
});

export const ViewerQuery = z.strictObject({
  viewer: z.string().min(1).max(100).default('spectator'),
  at: z.coerce.number().int().min(0).optional(),
  from: z.coerce.number().int().min(0).optional(),
});

export const ComputerSchema = z.strictObject({
  viewer: z.string().min(1).max(100).optional(),
  max: z.int().min(1).max(COMPUTER_MAX).optional().describe('How many commands the computer may give'),
  from: z
    .int()
    .min(0)
    .optional()
    .describe('The commands in the log as the client knows it: the answer says what changed since'),
});

export const PlanMoveSchema = z.strictObject({
  side: z.string().min(1).max(100),
  unit: z.string().min(1).max(100),
  manoeuvres: z.array(z.unknown()).min(1).max(8),
});

export const UndoSchema = z.strictObject({
  side: z.string().min(1).max(100),
  seq: z
    .int()
    .min(1)
    .describe('The commands in the log as the giver knows it: the last is the one taken back'),
});

export const EntropySchema = z.strictObject({
  side: z.string().min(1).max(100),
  entropy: Hex32Schema,
}) satisfies z.ZodType<EntropyRequest>;

/** POST /commands: who gives the command, and the log's length as the giver knows it. */
export const CommandInputSchema = z.strictObject({
  side: z.string().min(1).max(100),
  // Of any game's shape here; the rule set's command schema reads it once the seat's key is checked.
  command: ANY_COMMAND_SCHEMA,
  seq: z.int().min(0).optional().describe('The index the command must take in the log'),
});

export const OddsSchema = z.strictObject({
  side: z.string().min(1).max(100),
  command: z.unknown(),
});

export function invalid(message: string, problems: readonly Problem[]): StoreError {
  return new StoreError('invalid', message, problems);
}

/**
 * A command as the rule set's schema parses it (a resignation is every game's, engine/resign.ts), at most
 * MAX_COMMAND_CHARS of JSON; refused (400) with each problem's path from the request body.
 */
export function commandOf(rules: AnyPlayRules, command: unknown): unknown {
  const chars = JSON.stringify(command)?.length ?? 0;
  if (chars > MAX_COMMAND_CHARS)
    throw invalid('the command is not valid', [
      {
        path: ['command'],
        message: `expected at most ${MAX_COMMAND_CHARS} characters of JSON, got ${chars}`,
      },
    ]);
  if (isResignation(command)) return command;
  const parsed = checkBody(rules.commandSchema, command);
  if (!parsed.ok) throw invalid('the command is not valid', prefixed('command', parsed.problems));
  return parsed.value;
}

export function prefixed(key: string, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => ({ path: [key, ...p.path], message: p.message }));
}
