import { z } from 'zod';
import { DiceInputError, PrngDice, type RollRecord, SuppliedDice } from '../core/random/dice.ts';
import { seedRng } from '../core/random/prng.ts';
import type { AnyProcedure } from '../core/rules/procedure.ts';
import { type DiceInput, oddsOf } from '../core/rules/run.ts';
import { Trace } from '../core/rules/trace.ts';
import { DEFAULT_RULE_SET } from '../game/registry.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import type {
  OddsResponse,
  ProcedureDetail,
  ProcedureSummary,
  ResolveResponse,
  RuleSetList,
} from '../protocol/api.ts';
import { formatIssues, type Problem } from '../protocol/issues.ts';
import type { JsonSchema } from '../protocol/json-schema.ts';
import { factsJsonSchema, factsSchemaForApi } from '../protocol/procedure-schema.ts';
import { closest } from '../protocol/text.ts';
import { type Answer, checkBody, invalidInput, SEED_SCHEMA } from './answers.ts';
import { checkDice } from './schema/dice.ts';

/**
 * The rules procedures over HTTP, without HTTP: listing, resolving and exact odds, each taking the
 * untrusted request body and returning the response body or an `ApiError` with its status. Validation
 * is the procedure's own zod schema; messages name the field, what was expected and what was given.
 */

/** The rule sets and their procedures; `playable` names those whose whole battles the server hosts. */
export function listRuleSets(registry: readonly RuleSetEntry[], playable: ReadonlySet<string>): RuleSetList {
  return {
    ruleSets: registry.map((r) => ({
      id: r.id,
      title: r.title,
      default: r.id === DEFAULT_RULE_SET,
      playable: playable.has(r.id),
      procedures: r.procedures.map(summaryOf),
      sequence: r.sequence,
      roster: r.roster,
    })),
  };
}

function summaryOf(def: AnyProcedure): ProcedureSummary {
  return { id: def.id, title: def.title, summary: def.summary, rule: def.rule };
}

const schemas = new WeakMap<AnyProcedure, { facts: JsonSchema; api: JsonSchema }>();

/** The JSON Schemas of a procedure's facts, computed once: for error messages, and as the API shows it. */
function schemasOf(ruleSet: RuleSetEntry, def: AnyProcedure): { facts: JsonSchema; api: JsonSchema } {
  let found = schemas.get(def);
  if (!found) {
    found = { facts: factsJsonSchema(def), api: factsSchemaForApi(ruleSet, def) };
    schemas.set(def, found);
  }
  return found;
}

export function procedureDetail(ruleSet: RuleSetEntry, def: AnyProcedure): ProcedureDetail {
  return {
    ...summaryOf(def),
    ruleSet: ruleSet.id,
    schema: schemasOf(ruleSet, def).api,
    rolls: def.rolls,
    examples: def.examples.map((e) => ({
      title: e.title,
      facts: e.facts,
      ...(e.dice === undefined ? {} : { dice: e.dice }),
    })),
    oddsViews: def.odds.map((v) => v.name),
  };
}

/** The rule set and procedure named in a route, or a 404 that lists what exists. */
export function findProcedure(
  registry: readonly RuleSetEntry[],
  ruleSetId: string,
  procedureId: string | undefined,
): Answer<{ ruleSet: RuleSetEntry; def: AnyProcedure | undefined }> {
  const ruleSet = registry.find((r) => r.id === ruleSetId);
  if (!ruleSet) {
    const ids = registry.map((r) => r.id);
    return notFound(`unknown rule set "${ruleSetId}"; the rule sets are: ${ids.join(', ')}`, ruleSetId, ids);
  }
  if (procedureId === undefined) return { ok: true, body: { ruleSet, def: undefined } };
  const def = ruleSet.procedures.find((p) => p.id === procedureId);
  if (!def) {
    const ids = ruleSet.procedures.map((p) => p.id);
    return notFound(
      `unknown procedure "${procedureId}" of ${ruleSet.id}; the procedures are: ${ids.join(', ')}`,
      procedureId,
      ids,
    );
  }
  return { ok: true, body: { ruleSet, def } };
}

function notFound(message: string, given: string, ids: readonly string[]): Answer<never> {
  const guess = closest(given, ids);
  return {
    ok: false,
    status: 404,
    body: { error: 'not-found', message: guess ? `${message}. Did you mean "${guess}"?` : message },
  };
}

/** The facts are checked by the procedure's own schema; here only that they are there, as an object. */
const FACTS = z.record(z.string(), z.unknown());

const ResolveEnvelope = z.strictObject({
  facts: FACTS,
  dice: z.unknown().optional(),
  seed: SEED_SCHEMA.optional(),
});
const OddsEnvelope = z.strictObject({ facts: FACTS });
/** Validates the facts of a request; problem paths start with 'facts'. */
function checkFacts(
  ruleSet: RuleSetEntry,
  def: AnyProcedure,
  facts: unknown,
): { ok: true; value: unknown } | { ok: false; problems: Problem[] } {
  const parsed = def.facts.safeParse(facts);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = formatIssues(parsed.error.issues, facts, schemasOf(ruleSet, def).facts);
  return { ok: false, problems: problems.map((p) => ({ ...p, path: ['facts', ...p.path] })) };
}

/** POST .../odds: the exact odds of every view for the facts. */
export function oddsAnswer(ruleSet: RuleSetEntry, def: AnyProcedure, body: unknown): Answer<OddsResponse> {
  const envelope = checkBody(OddsEnvelope, body);
  if (!envelope.ok) return invalidInput('the request is not a valid odds request', envelope.problems);
  const facts = checkFacts(ruleSet, def, envelope.value.facts);
  if (!facts.ok) return invalidInput(`the facts are not a valid ${def.id} situation`, facts.problems);
  return { ok: true, body: { ruleSet: ruleSet.id, procedure: def.id, odds: oddsOf(def, facts.value) } };
}

/**
 * POST .../resolve: resolves the facts with the typed-in dice first, then dice thrown from the seed.
 * With neither dice nor seed, `randomSeed` picks the seed (the response gives it, to reproduce).
 */
export function resolveAnswer(
  ruleSet: RuleSetEntry,
  def: AnyProcedure,
  body: unknown,
  randomSeed: () => number,
): Answer<ResolveResponse> {
  const envelope = checkBody(ResolveEnvelope, body);
  if (!envelope.ok) return invalidInput('the request is not a valid resolve request', envelope.problems);
  const problems: Problem[] = [];
  const facts = checkFacts(ruleSet, def, envelope.value.facts);
  if (!facts.ok) problems.push(...facts.problems);
  let dice: DiceInput | undefined;
  if (envelope.value.dice !== undefined) {
    const checked = checkDice(
      envelope.value.dice,
      def.rolls.map((r) => r.key),
    );
    if (checked.ok) dice = checked.value;
    else problems.push(...checked.problems);
  }
  if (!facts.ok || problems.length > 0) {
    return invalidInput(`the request is not a valid ${def.id} resolution`, problems);
  }
  const seed = envelope.value.seed ?? (dice === undefined ? randomSeed() : undefined);
  const rolls: RollRecord[] = [];
  const trace = new Trace();
  let result: unknown;
  try {
    const prng = seed === undefined ? undefined : new PrngDice(seedRng(seed), rolls);
    const supplied = dice === undefined ? undefined : new SuppliedDice(dice, rolls, prng);
    result = def.resolve(facts.value, supplied ?? prng!, trace);
    supplied?.assertAllUsed();
  } catch (error) {
    if (!(error instanceof DiceInputError)) throw error;
    const missing = /^not enough dice/.test(error.message) && seed === undefined;
    return invalidInput('the typed-in dice do not fit', [
      {
        path: ['dice'],
        message: `${error.message}${missing ? '; type in the missing dice, or give a seed to throw the rest' : ''}. The rolls of ${def.id}, in throw order: ${def.rolls.map((r) => `${r.key} (${r.dice}, ${r.when})`).join('; ')}`,
      },
    ]);
  }
  return {
    ok: true,
    body: {
      ruleSet: ruleSet.id,
      procedure: def.id,
      ...(seed === undefined ? {} : { seed }),
      result,
      describe: def.describe(result),
      trace: trace.steps,
      rolls,
      odds: oddsOf(def, facts.value).map((chart, i) => {
        const view = def.odds[i]!;
        const key = view.project(result);
        return { ...chart, happened: view.label ? view.label(key) : key };
      }),
    },
  };
}
