import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6, nd6, type RollSpec, randomFactor } from '../../../core/random/rolls.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { Trace, TraceStep } from '../../../core/rules/trace.ts';
import {
  LEADERSHIP_MODIFIERS,
  NEGATIVE_REACTION_MODIFIERS,
  type NegativeReactionModifierId,
  POSITIVE_REACTION_MODIFIERS,
  type PositiveReactionModifierId,
  RESOLVE_ADJUSTMENTS,
  type ResolveAdjustmentId,
} from '../tables/reaction-modifiers.ts';
import {
  MOVEMENT_RESULTS,
  type MovementResultId,
  movementResultFor,
  REACTION_MOVEMENT_TABLE,
  type ReactionRowId,
  statusForLevel,
} from '../tables/reaction-table.ts';
import {
  WITHOUT_ORDERS_RESULTS,
  type WithoutOrdersResultId,
  type WithoutOrdersStatus,
  withoutOrdersResultFor,
} from '../tables/without-orders.ts';
import {
  FORMATIONS,
  type Formation,
  jc4,
  LEADERSHIPS,
  type Leadership,
  ORDER_TYPES,
  ORIGINS,
  type OrderType,
  type Origin,
  RESOLVE_STATUSES,
  type ResolveStatus,
} from '../vocabulary.ts';

/** Why the unit tests: a charger and its target always test; on activation only if a negative applies. */
export const REACTION_OCCASIONS = [
  'activation',
  'voluntary',
  'charging',
  'charge-target',
  'rally',
  'regain-control',
] as const;
export type ReactionOccasion = (typeof REACTION_OCCASIONS)[number];

/** Everything a reaction test depends on, stated explicitly (the referee's answers, or derived from the table). */
export interface ReactionFacts {
  /** The unit's Resolve Level (its rating, before this test's modifiers). */
  readonly resolveLevel: number;
  readonly origin: Origin;
  /** An Army List exception: this Indian unit may exceed 20 before negatives like a European one. */
  readonly mayExceed20?: boolean | undefined;
  readonly formation: Formation;
  /** Its order type, or 'without-orders' (outside command radius, blank counter, or none). */
  readonly orders: OrderType | 'without-orders';
  /** Its status from its last reaction test, if it has taken one (gives positives 6-7, negatives 5, 11, 13). */
  readonly lastStatus?: ResolveStatus | undefined;
  readonly occasion?: ReactionOccasion | undefined;
  readonly resolveAdjustments?: readonly AppliedModifier<ResolveAdjustmentId>[] | undefined;
  readonly positive?: readonly AppliedModifier<PositiveReactionModifierId>[] | undefined;
  readonly negative?: readonly AppliedModifier<NegativeReactionModifierId>[] | undefined;
  /** Leadership of a General Officer in base contact with the unit. */
  readonly generalInContact?: Leadership | undefined;
}

/** Copies the facts field by field (not by spreading: spreading parsed input can produce slow dictionary-mode objects). */
export function withOrders(
  unit: Omit<ReactionFacts, 'orders' | 'occasion'>,
  orders: ReactionFacts['orders'],
  occasion: ReactionOccasion,
  changes: Pick<ReactionFacts, 'negative' | 'lastStatus' | 'generalInContact'> = {},
): ReactionFacts {
  return {
    resolveLevel: unit.resolveLevel,
    origin: unit.origin,
    mayExceed20: unit.mayExceed20,
    formation: unit.formation,
    orders,
    lastStatus: 'lastStatus' in changes ? changes.lastStatus : unit.lastStatus,
    occasion,
    resolveAdjustments: unit.resolveAdjustments,
    positive: unit.positive,
    negative: 'negative' in changes ? changes.negative : unit.negative,
    generalInContact: 'generalInContact' in changes ? changes.generalInContact : unit.generalInContact,
  };
}

export interface ReactionTestResult {
  /** False when no test was needed: the status comes from the Resolve Level alone. */
  readonly tested: boolean;
  /** The Final Modified Resolve Level, 1..20. */
  readonly level: number;
  readonly status: ResolveStatus;
  readonly row: ReactionRowId;
  readonly movement: MovementResultId;
  /** The Without Orders Table result, when the row sent the unit there. */
  readonly withoutOrders?: WithoutOrdersResultId;
}

const EMPTY: readonly never[] = [];

const LINE_FORMATIONS: ReadonlySet<Formation> = new Set([
  'close-order-line',
  'open-order-line',
  'artillery-deployed',
]);
const LINE_ROWS = { advance: 'line-advance', retire: 'line-retire', charge: 'line-charge' } as const;
const OTHER_ROWS = { advance: 'other-advance', retire: 'other-retire', charge: 'other-charge' } as const;

/** The Reaction Table's row: close or open order line and deployed guns use the Line rows (a Muster reading). */
export function reactionRow(formation: Formation, orders: OrderType | 'without-orders'): ReactionRowId {
  if (orders === 'without-orders') return 'all-without-orders';
  if (orders === 'defend') return 'all-defend';
  return (LINE_FORMATIONS.has(formation) ? LINE_ROWS : OTHER_ROWS)[orders];
}

const LAST_STATUS_MODIFIER: Readonly<
  Record<
    ResolveStatus,
    {
      readonly positive?: AppliedModifier<PositiveReactionModifierId>[];
      readonly negative?: AppliedModifier<NegativeReactionModifierId>[];
    }
  >
> = {
  Resolute: { positive: [{ id: 'last-status-resolute' }] },
  Confident: { positive: [{ id: 'last-status-confident' }] },
  Steady: {},
  Shaken: { negative: [{ id: 'last-status-shaken' }] },
  Wavering: { negative: [{ id: 'last-status-wavering' }] },
  Panicked: { negative: [{ id: 'last-status-panicked' }] },
};

function needsTest(facts: ReactionFacts): boolean {
  const occasion = facts.occasion ?? 'activation';
  if (occasion !== 'activation') return true;
  if (facts.lastStatus && LAST_STATUS_MODIFIER[facts.lastStatus].negative) return true;
  const negatives = facts.negative ?? EMPTY;
  for (let i = 0; i < negatives.length; i++) if ((negatives[i]!.count ?? 1) > 0) return true;
  return false;
}

/**
 * A reaction test's facts reduced to numbers, for resolving the same test many times (Monte Carlo runs,
 * the game's hot paths). `runReactionTest(prepareReactionTest(f), dice)` gives exactly what
 * `resolveReactionTest(f, dice, trace)` gives, throwing the same dice under the same keys (a property test
 * checks it); only the traced path records each modifier.
 *
 * Its results are shared and frozen (`ReactionOutcomes`): a run allocates nothing. A test whose only dice
 * are the Random Factor reads its final level from a table by Random Factor: one throw and two lookups, and
 * no branch on the dice (those mispredict: the dice are random).
 */
export interface PreparedReactionTest extends ReactionTotals {
  readonly tested: boolean;
  /** The status level when no test is needed. */
  readonly untestedLevel: number;
  readonly positiveDice: RollSpec | undefined;
  readonly positiveDiceKey: string;
  readonly negativeDice: RollSpec | undefined;
  readonly negativeDiceKey: string;
  /** When the test throws no dice but the Random Factor: the final level at index RF - RANDOM_FACTOR_MIN. */
  readonly levelByRandomFactor: Int32Array | undefined;
  readonly outcomes: ReactionOutcomes;
}

/** A tested unit's fixed totals, before and after the cap at 20. */
interface ReactionTotals {
  /** Resolve Level + permanent adjustments + fixed positive modifiers. */
  readonly beforeCap: number;
  readonly capAt20: boolean;
  /** Fixed negative modifiers + the General's Leadership (both come after the cap). */
  readonly afterCap: number;
}

/**
 * A tested unit's Final Modified Resolve Level from its totals and its dice: the positive dice (0 if none),
 * the cap, the negative dice (0 if none), the Random Factor, the clamp to 1..20.
 */
function finalLevel(t: ReactionTotals, positiveDice: number, negativeDice: number, rf: number): number {
  let total = t.beforeCap + positiveDice;
  if (t.capAt20 && total > 20) total = 20;
  total += t.afterCap - negativeDice + rf;
  return total < 1 ? 1 : Math.min(total, 20);
}

/**
 * The rolls `runReactionTest` throws, as module constants: V8 folds a module's own constants into the compiled
 * run, where it reads an imported binding on every call (about 2 ns of the 15 a prepared test took).
 */
const RF = randomFactor;
const D6 = d6;
const RANDOM_FACTOR_VALUES = randomFactor.outcomes().map((o) => o.value);
const RANDOM_FACTOR_MIN = RANDOM_FACTOR_VALUES[0]!;

/**
 * Every result of a reaction test on one row, tested or not (a result depends on nothing else): one per final
 * level, and on the levels whose movement is "roll on the Without Orders Table", one per face of that d6.
 */
export interface ReactionOutcomes {
  /** By final level (1..20); undefined where the unit rolls on the Without Orders Table. */
  readonly byLevel: readonly (ReactionTestResult | undefined)[];
  /** At `level * 6 + d6 - 1`: the result when the Without Orders d6 shows `d6`. */
  readonly byLevelAndWithoutOrdersD6: readonly (ReactionTestResult | undefined)[];
}

function reactionOutcomes(tested: boolean, row: ReactionRowId): ReactionOutcomes {
  const byLevel: (ReactionTestResult | undefined)[] = [];
  const byLevelAndWithoutOrdersD6: (ReactionTestResult | undefined)[] = [];
  for (let level = 1; level <= 20; level++) {
    const status = statusForLevel(level);
    const movement = movementResultFor(row, status);
    if (movement !== 'roll-without-orders') {
      byLevel[level] = Object.freeze({ tested, level, status, row, movement });
      continue;
    }
    for (let face = 1; face <= 6; face++) {
      const withoutOrders = withoutOrdersResultFor(face, status as WithoutOrdersStatus);
      byLevelAndWithoutOrdersD6[level * 6 + face - 1] = Object.freeze({
        tested,
        level,
        status,
        row,
        movement,
        withoutOrders,
      });
    }
  }
  return { byLevel, byLevelAndWithoutOrdersD6 };
}

const REACTION_TABLE = jc4('Reaction Table');
const WITHOUT_ORDERS_TABLE = jc4('Units Without Orders', 'Without Orders Table');

/**
 * A Reaction Table row as a resolution reads it: its results, and the trace steps they give. The steps depend
 * only on the row, the final level and the Without Orders d6, so they are built once and shared by every trace
 * (frozen: a trace step is never changed).
 */
interface RowReading {
  /** `reactionOutcomes` of the row, untested ([0]) and tested ([1]). */
  readonly outcomes: readonly [ReactionOutcomes, ReactionOutcomes];
  /** By final level (1..20): the step "Resolve Status (… row)". */
  readonly statusSteps: readonly TraceStep[];
  /** By final level (1..20): the step "Effect on movement". */
  readonly movementSteps: readonly TraceStep[];
  /** At `level * 6 + d6 - 1`, where the unit rolls on the Without Orders Table: the step of that roll. */
  readonly withoutOrdersSteps: readonly TraceStep[];
}

/** Every row's reading, built once. */
const ROW_READINGS: ReadonlyMap<ReactionRowId, RowReading> = new Map(
  (Object.keys(REACTION_MOVEMENT_TABLE.rows) as ReactionRowId[]).map((row) => {
    const tested = reactionOutcomes(true, row);
    const statusLabel = `Resolve Status (${row.replaceAll('-', ' ')} row)`;
    const statusSteps: TraceStep[] = [];
    const movementSteps: TraceStep[] = [];
    const withoutOrdersSteps: TraceStep[] = [];
    for (let level = 1; level <= 20; level++) {
      const status = statusForLevel(level);
      const movement = movementResultFor(row, status);
      statusSteps[level] = Object.freeze({ rule: REACTION_TABLE, label: statusLabel, value: status });
      movementSteps[level] = Object.freeze({
        rule: REACTION_TABLE,
        label: 'Effect on movement',
        value: MOVEMENT_RESULTS[movement].label,
      });
    }
    tested.byLevelAndWithoutOrdersD6.forEach((outcome, at) => {
      if (!outcome?.withoutOrders) return;
      withoutOrdersSteps[at] = Object.freeze({
        rule: WITHOUT_ORDERS_TABLE,
        label: `Without Orders Table, d6 ${(at % 6) + 1}`,
        value: WITHOUT_ORDERS_RESULTS[outcome.withoutOrders].label,
        roll: 'withoutOrders',
      });
    });
    const reading: RowReading = {
      outcomes: [reactionOutcomes(false, row), tested],
      statusSteps,
      movementSteps,
      withoutOrdersSteps,
    };
    return [row, reading];
  }),
);

export function prepareReactionTest(facts: ReactionFacts): PreparedReactionTest {
  const tested = needsTest(facts);
  const sums = reactionSums(facts);
  const onlyRandomFactor = tested && sums.positiveDice === 0 && sums.negativeDice === 0;
  return {
    tested,
    untestedLevel: untestedLevel(facts),
    beforeCap: sums.beforeCap,
    capAt20: sums.capAt20,
    afterCap: sums.afterCap,
    positiveDice: sums.positiveDice > 0 ? nd6(sums.positiveDice) : undefined,
    positiveDiceKey: sums.positiveDiceKey,
    negativeDice: sums.negativeDice > 0 ? nd6(sums.negativeDice) : undefined,
    negativeDiceKey: sums.negativeDiceKey,
    levelByRandomFactor: onlyRandomFactor
      ? Int32Array.from(RANDOM_FACTOR_VALUES, (rf) => finalLevel(sums, 0, 0, rf))
      : undefined,
    outcomes: ROW_READINGS.get(reactionRow(facts.formation, facts.orders))!.outcomes[tested ? 1 : 0],
  };
}

/** The status level of a unit that need not test: its Resolve Level, within 1..20. */
function untestedLevel(facts: ReactionFacts): number {
  return Math.max(1, Math.min(20, facts.resolveLevel));
}

/** A tested unit's totals, and the d6 it adds (positive) and takes away (negative), with their keys. */
interface ReactionSums extends ReactionTotals {
  readonly positiveDice: number;
  readonly positiveDiceKey: string;
  readonly negativeDice: number;
  readonly negativeDiceKey: string;
}

function reactionSums(facts: ReactionFacts): ReactionSums {
  const fromStatus = facts.lastStatus ? LAST_STATUS_MODIFIER[facts.lastStatus] : undefined;
  const adjustments = summarizeModifiers(RESOLVE_ADJUSTMENTS, facts.resolveAdjustments ?? EMPTY);
  const positive = summarizeModifiers(POSITIVE_REACTION_MODIFIERS, facts.positive ?? EMPTY);
  const negative = summarizeModifiers(NEGATIVE_REACTION_MODIFIERS, facts.negative ?? EMPTY);
  const statusPositive = fromStatus?.positive
    ? summarizeModifiers(POSITIVE_REACTION_MODIFIERS, fromStatus.positive).fixed
    : 0;
  const statusNegative = fromStatus?.negative
    ? summarizeModifiers(NEGATIVE_REACTION_MODIFIERS, fromStatus.negative).fixed
    : 0;
  const leadership = facts.generalInContact
    ? (LEADERSHIP_MODIFIERS[facts.generalInContact].value as number)
    : 0;
  return {
    beforeCap: facts.resolveLevel + adjustments.fixed + positive.fixed + statusPositive,
    capAt20: facts.origin === 'indian' && !facts.mayExceed20,
    afterCap: negative.fixed + statusNegative + leadership,
    positiveDice: Math.max(positive.dice, 0),
    positiveDiceKey: positive.diceKey ?? '',
    negativeDice: Math.max(-negative.dice, 0),
    negativeDiceKey: negative.diceKey ?? '',
  };
}

/**
 * What every result of a Reaction Test on `facts` depends on, as a key: its row, whether the unit
 * tests, its level untested, else its totals and the number of d6 it adds and takes away. The prepared
 * test reads nothing else (`prepareReactionTest`), and it throws the same dice as `resolveReactionTest`
 * and gives the same result on every throw; so facts with the same key have the same exact odds, path
 * by path and bit for bit, and a memo of the odds may be kept by this key. Facts whose modifiers add
 * up alike share it.
 */
export function reactionOddsKey(facts: ReactionFacts): string {
  const row = reactionRow(facts.formation, facts.orders);
  if (!needsTest(facts)) return `${row} untested ${untestedLevel(facts)}`;
  const s = reactionSums(facts);
  const cap = s.capAt20 ? 'capped' : 'uncapped';
  return `${row} ${s.beforeCap} ${cap} ${s.afterCap} +${s.positiveDice}d6 -${s.negativeDice}d6`;
}

/** Resolves a prepared reaction test: the untraced fast path of `resolveReactionTest`. */
export function runReactionTest(p: PreparedReactionTest, dice: DiceSource): ReactionTestResult {
  const level = !p.tested
    ? p.untestedLevel
    : p.levelByRandomFactor
      ? p.levelByRandomFactor[dice.roll(RF, 'randomFactor') - RANDOM_FACTOR_MIN]!
      : finalLevel(
          p,
          // Arguments are evaluated in order: the dice are thrown positive, negative, then the Random Factor.
          p.positiveDice ? dice.roll(p.positiveDice, p.positiveDiceKey) : 0,
          p.negativeDice ? dice.roll(p.negativeDice, p.negativeDiceKey) : 0,
          dice.roll(RF, 'randomFactor'),
        );
  return (
    p.outcomes.byLevel[level] ??
    p.outcomes.byLevelAndWithoutOrdersD6[level * 6 + dice.roll(D6, 'withoutOrders') - 1]!
  );
}

/**
 * The rules of `resolveReactionTest`'s trace steps, and the steps fixed by a level alone, built once and shared
 * like the Reaction Table's (`RowReading`): a traced test builds only the steps of its own running total (the
 * Resolve Level, each modifier, the General, the Random Factor).
 */
const HOW_TO_TEST = jc4('How To Make A Reaction Test');
const RANDOM_FACTOR_AND_CLAMP = jc4('How To Make A Reaction Test', 'step 3');
/** By Resolve Level (1..20): the step of a unit that need not test. */
const NO_TEST_STEPS: readonly TraceStep[] = Array.from({ length: 21 }, (_, level) =>
  Object.freeze({
    rule: jc4('When To Make A Reaction Test'),
    label: 'No negative modifier applies: no test; status from the Resolve Level',
    total: level,
  }),
);
const INDIAN_CAP_STEP: TraceStep = Object.freeze({
  rule: jc4('How To Make A Reaction Test', 'step 1'),
  label: 'Indian unit: capped at 20 before negatives',
  total: 20,
});
const clampedStep = (total: number): TraceStep =>
  Object.freeze({ rule: RANDOM_FACTOR_AND_CLAMP, label: 'Clamped to 1..20', total });
const CLAMPED_TO_1 = clampedStep(1);
const CLAMPED_TO_20 = clampedStep(20);

/**
 * A John Company Reaction Test (Part 4, "How To Make A Reaction Test"), in the text's order:
 * Resolve Level (with permanent event adjustments); positive modifiers; for Indian units, a cap at 20;
 * negative modifiers; the Leadership of a General Officer in base contact; the Random Factor; a clamp
 * to 1..20; the Reaction Table. On the Without Orders row, a Resolute, Confident or Steady unit then
 * rolls a d6 on the Without Orders Table.
 *
 * A unit on activation tests only if a negative modifier applies (or it tests voluntarily); otherwise
 * its status is read from its Resolve Level and no dice are thrown for the test itself.
 */
export function resolveReactionTest(
  facts: ReactionFacts,
  dice: DiceSource,
  trace?: Trace,
): ReactionTestResult {
  const row = reactionRow(facts.formation, facts.orders);
  let level: number;
  const tested = needsTest(facts);
  if (!tested) {
    level = facts.resolveLevel < 1 ? 1 : Math.min(facts.resolveLevel, 20);
    trace?.add(NO_TEST_STEPS[level]!);
  } else {
    let total = facts.resolveLevel;
    trace?.add({ rule: HOW_TO_TEST, label: 'Resolve Level', total });
    total = applyModifiers(RESOLVE_ADJUSTMENTS, facts.resolveAdjustments ?? EMPTY, total, dice, trace);
    total = applyModifiers(POSITIVE_REACTION_MODIFIERS, facts.positive ?? EMPTY, total, dice, trace);
    const fromStatus = facts.lastStatus ? LAST_STATUS_MODIFIER[facts.lastStatus] : undefined;
    if (fromStatus?.positive)
      total = applyModifiers(POSITIVE_REACTION_MODIFIERS, fromStatus.positive, total, dice, trace);
    if (total > 20 && facts.origin === 'indian' && !facts.mayExceed20) {
      total = 20;
      trace?.add(INDIAN_CAP_STEP);
    }
    total = applyModifiers(NEGATIVE_REACTION_MODIFIERS, facts.negative ?? EMPTY, total, dice, trace);
    if (fromStatus?.negative)
      total = applyModifiers(NEGATIVE_REACTION_MODIFIERS, fromStatus.negative, total, dice, trace);
    if (facts.generalInContact) {
      const leader = LEADERSHIP_MODIFIERS[facts.generalInContact];
      total += leader.value as number;
      trace?.add({ rule: leader.rule, label: leader.label, delta: leader.value as number, total });
    }
    const rf = dice.roll(RF, 'randomFactor');
    total += rf;
    trace?.add({
      rule: RANDOM_FACTOR_AND_CLAMP,
      label: 'Random Factor',
      delta: rf,
      total,
      roll: 'randomFactor',
    });
    level = total < 1 ? 1 : Math.min(total, 20);
    if (level !== total) trace?.add(level === 1 ? CLAMPED_TO_1 : CLAMPED_TO_20);
  }
  // The result is the shared one the prepared path gives (`reactionOutcomes`).
  const reading = ROW_READINGS.get(row)!;
  const outcomes = reading.outcomes[tested ? 1 : 0];
  const settled = outcomes.byLevel[level];
  if (trace) {
    trace.add(reading.statusSteps[level]!);
    trace.add(reading.movementSteps[level]!);
  }
  if (settled) return settled;
  const at = level * 6 + dice.roll(D6, 'withoutOrders') - 1;
  trace?.add(reading.withoutOrdersSteps[at]!);
  return outcomes.byLevelAndWithoutOrdersD6[at]!;
}

const LAST_STATUS_DERIVED = {
  'last-status-confident': 'give lastStatus instead',
  'last-status-resolute': 'give lastStatus instead',
  'last-status-shaken': 'give lastStatus instead',
  'last-status-wavering': 'give lastStatus instead',
  'last-status-panicked': 'give lastStatus instead',
};

/** The facts of a reaction test, as typed in by a referee or produced by the table. */
export const reactionFactsShape = {
  resolveLevel: z
    .number()
    .int()
    .min(1)
    .max(30)
    .describe("The unit's Resolve Level (1-20; Europeans may be rated higher)"),
  origin: z
    .enum(ORIGINS)
    .describe('european: may exceed 20 before negatives; indian: capped at 20 (unless mayExceed20)'),
  mayExceed20: z
    .boolean()
    .optional()
    .describe('Army List exception: an Indian unit that may exceed 20 like a European one'),
  formation: z
    .enum(FORMATIONS)
    .describe('Its formation; close/open order line and deployed guns use the Line rows'),
  orders: z.enum([...ORDER_TYPES, 'without-orders']).describe('Its order type, or without-orders'),
  lastStatus: z.enum(RESOLVE_STATUSES).optional().describe('Its status from its last reaction test, if any'),
  occasion: z
    .enum(REACTION_OCCASIONS)
    .optional()
    .describe(
      'activation (default: tests only if a negative applies), voluntary, charging, charge-target, rally or regain-control',
    ),
  resolveAdjustments: modifierListSchema(RESOLVE_ADJUSTMENTS).optional(),
  positive: modifierListSchema(POSITIVE_REACTION_MODIFIERS, LAST_STATUS_DERIVED).optional(),
  negative: modifierListSchema(NEGATIVE_REACTION_MODIFIERS, LAST_STATUS_DERIVED).optional(),
  generalInContact: z
    .enum(LEADERSHIPS)
    .optional()
    .describe('Leadership of a General Officer in base contact'),
};

export const reactionFactsSchema = z.object(reactionFactsShape).strict();

export const reactionTest: ProcedureDefinition<ReactionFacts, ReactionTestResult> = {
  id: 'reaction-test',
  title: 'Reaction Test',
  summary: "A unit's Resolve Status for the turn and its effect on movement (and the Without Orders roll).",
  rule: jc4('Resolve Status And Reaction Tests'),
  facts: reactionFactsSchema as z.ZodType<ReactionFacts>,
  rolls: [
    {
      key: 'irregular-or-cavalry-won-confrontation',
      dice: '1d6 (+1 Dice)',
      when: 'if that positive modifier applies',
    },
    { key: 'shocked', dice: '1d6 (-1 Dice)', when: 'if Shocked applies' },
    { key: 'randomFactor', dice: '2d6: positive, negative', when: 'whenever the unit tests' },
    { key: 'withoutOrders', dice: '1d6', when: 'on the Without Orders row at Steady or better' },
  ],
  examples: [
    {
      title:
        "The text's European example: 1st Bengal (European) Infantry, Resolve 20, in line, advancing under fire",
      facts: {
        resolveLevel: 20,
        origin: 'european',
        formation: 'close-order-line',
        orders: 'advance',
        positive: [
          { id: 'flanks-and-rear-secure' },
          { id: 'close-order' },
          { id: 'uncommitted-friends-flank-or-rear' },
        ],
        negative: [{ id: 'target-of-artillery-fire' }, { id: 'stands-lost-since-last-check', count: 3 }],
      },
      dice: [3, 3],
    },
    {
      title: 'Sikh regular infantry, Resolve 17, in column, capped at 20 before negatives',
      facts: {
        resolveLevel: 17,
        origin: 'indian',
        formation: 'close-order-column',
        orders: 'advance',
        positive: [
          { id: 'flanks-and-rear-secure' },
          { id: 'close-order' },
          { id: 'uncommitted-friends-flank-or-rear' },
        ],
        negative: [{ id: 'target-of-artillery-fire' }, { id: 'stands-lost-since-last-check', count: 3 }],
      },
      dice: [4, 4],
    },
  ],
  resolve: resolveReactionTest,
  odds: [
    { name: 'Resolve Status', project: (r) => r.status },
    { name: 'Effect on movement', project: (r) => MOVEMENT_RESULTS[r.movement].label },
    {
      name: 'Without Orders result',
      project: (r) => (r.withoutOrders ? WITHOUT_ORDERS_RESULTS[r.withoutOrders].label : 'not rolled'),
    },
  ],
  describe: (r) => [
    r.tested
      ? `Final Modified Resolve Level ${r.level}: ${r.status}`
      : `No test needed (no negative modifier applies; "occasion": "voluntary" makes the unit test): Resolve Level ${r.level} gives ${r.status}`,
    `Movement: ${MOVEMENT_RESULTS[r.movement].label}`,
    ...(r.withoutOrders
      ? [
          `Without Orders: ${WITHOUT_ORDERS_RESULTS[r.withoutOrders].label} (${WITHOUT_ORDERS_RESULTS[r.withoutOrders].effect})`,
        ]
      : []),
  ],
};
