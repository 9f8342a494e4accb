import { forEachOutcome } from '../../core/odds/enumerate.ts';
import { ESTIMATE_PLAYS, previewDice } from '../../core/odds/estimate.ts';
import type { OddsReport } from '../../core/odds/tally.ts';
import { type DiceSource, PrngDice } from '../../core/random/dice.ts';
import { seedRng } from '../../core/random/prng.ts';
import { defineRoll, type RollSpec } from '../../core/random/rolls.ts';
import { meleeRound } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import { MORALE_RESULT_WORDS, type MoraleResult } from '../../rulesets/honour-and-fortitude/tables/morale.ts';
import { carriesOn, fightRound } from './combat.ts';
import { Draft, type Throw } from './draft.ts';
import type { HfGameState } from './state.ts';

/**
 * The exact odds of what an attack comes to (H&F QRS, Attacks, Melees, Morale): every path of the dice
 * the engine's own steps throw, from the attacker's Initiation Roll or the defender's response to the end
 * of the first round of melee and the morale tests it brings (a loser's, and those of friends a Panic!
 * makes test). The steps are run on a draft of the state with the dice of each path in turn, so the
 * odds are those of the engine itself.
 *
 * A path branches on each throw of a procedure by the classes of its result that the engine tells apart
 * (`Draft.throwFor`): a morale test by its result and the state it leaves, a melee round by who lost, how
 * badly and the figures each side lost, not by every face of a die per figure. Each procedure is
 * enumerated alone once for its facts (`ThrowClasses`), and the engine goes on with one result of each
 * class, at the class's probability. The steps run in two stages: up to the melee's first throw, the
 * paths grouped by the state they leave the units in; then, from each such state, the round and
 * everything after it.
 *
 * Beyond its bounds, the same charts are estimated instead: the engine's steps played `ESTIMATE_PLAYS`
 * times on plain drafts with dice seeded from the state's units and the attack (never the game's dice).
 */

/** What an attack came to on one path of its dice, as a player reads it. */
export interface AttackOutcome {
  /** The attack: who won the melee, or why none was fought. */
  readonly attack: string;
  /** The units that ended it routing or destroyed ("none"). */
  readonly routs: string;
}

/** What `steps` leaves to the defender's choice: its id, when the attack waits for it. */
export type AttackSteps = (d: Draft) => string | undefined;

/** The melee between these two units, as `fightRound` fights its first round. */
export interface FirstRound {
  readonly attacker: string;
  readonly defender: string;
  readonly charging: { readonly attacker: boolean; readonly defender: boolean };
}

/**
 * The most paths a preview runs the engine's steps for (each a draft of the units), and the most paths
 * of dice it enumerates procedures alone for (`ThrowClasses`): beyond either, the odds are left out.
 */
const ENGINE_PATHS = 1_000;
const PROCEDURE_PATHS = 100_000;

/** The charts of what an attack comes to; `estimatedFrom` the plays they were counted from, when not exact. */
export interface AttackCharts {
  readonly charts: OddsReport[];
  readonly estimatedFrom?: number;
}

/** The two chart names of `attackCharts`. */
export const ATTACK_CHART = 'The attack';
export const ROUTS_CHART = 'Routed or destroyed';

/**
 * The charts of what `steps` (the engine's steps of one attack, run on a draft of `state`) come to:
 * exact, or estimated (`estimatedAttackCharts`) when the dice have too many paths to work them out here.
 */
export function attackCharts(state: HfGameState, steps: AttackSteps, round: FirstRound): AttackCharts {
  const exact = exactAttackCharts(state, steps, round);
  return exact
    ? { charts: exact }
    : { charts: estimatedAttackCharts(state, steps, round, ESTIMATE_PLAYS), estimatedFrom: ESTIMATE_PLAYS };
}

/**
 * The charts of `steps` counted over `plays` plays on plain drafts of `state`, each throwing every die
 * from one generator seeded by the state (its units, Generals and phase, not its dice) and `round`.
 */
export function estimatedAttackCharts(
  state: HfGameState,
  steps: AttackSteps,
  round: FirstRound,
  plays: number,
): OddsReport[] {
  const dice = previewDice([state, round]);
  const attack = new Map<string, number>();
  const routs = new Map<string, number>();
  for (let i = 0; i < plays; i++) {
    const d = new PlayDraft(state, dice);
    const o = outcomeOf(state, d, steps(d));
    attack.set(o.attack, (attack.get(o.attack) ?? 0) + 1);
    routs.set(o.routs, (routs.get(o.routs) ?? 0) + 1);
  }
  const chart = (name: string, counts: Map<string, number>): OddsReport => ({
    name,
    outcomes: [...counts].map(([outcome, n]) => ({ outcome, probability: n / plays })),
  });
  return [chart(ATTACK_CHART, attack), chart(ROUTS_CHART, routs)];
}

/** A plain draft throwing the dice of a preview's plays (`previewDice`), not the game's. */
class PlayDraft extends Draft {
  constructor(
    state: HfGameState,
    private readonly playDice: PrngDice,
  ) {
    super(state);
  }

  override get dice(): PrngDice {
    return this.playDice;
  }
}

/** The exact charts of `attackCharts`, or undefined beyond `ENGINE_PATHS` or `PROCEDURE_PATHS`. */
function exactAttackCharts(
  state: HfGameState,
  steps: AttackSteps,
  round: FirstRound,
): OddsReport[] | undefined {
  const attack = new Map<string, number>();
  const routs = new Map<string, number>();
  const add = (o: AttackOutcome, p: number) => {
    attack.set(o.attack, (attack.get(o.attack) ?? 0) + p);
    routs.set(o.routs, (routs.get(o.routs) ?? 0) + p);
  };
  let enginePaths = 0;
  const count = () => {
    if (++enginePaths > ENGINE_PATHS) throw TOO_MANY;
  };
  const classes = new ThrowClasses(PROCEDURE_PATHS);
  const melees = new Map<string, { probability: number; atMelee: HfGameState }>();
  try {
    // Up to the melee's first throw, grouped by the state the steps leave the units and Generals in.
    forEachOutcome(
      (dice) => {
        const d = new PreviewDraft(state, dice, classes, true);
        try {
          return { outcome: outcomeOf(state, d, steps(d)) };
        } catch (e) {
          if (e !== MELEE_REACHED) throw e;
          return { melee: d };
        }
      },
      (r, p) => {
        count();
        if (r.outcome) return add(r.outcome, p);
        const key = JSON.stringify([r.melee.units, r.melee.generals]);
        const group = melees.get(key);
        if (group) group.probability += p;
        else melees.set(key, { probability: p, atMelee: r.melee.finish({}) });
      },
    );
    // From each, the round and every path after it.
    for (const group of melees.values())
      forEachOutcome(
        (dice) => {
          const fighting = new PreviewDraft(group.atMelee, dice, classes, false);
          fightRound(fighting, round.attacker, round.defender, 1, round.charging);
          return outcomeOf(state, fighting, undefined);
        },
        (o, p) => {
          count();
          add(o, group.probability * p);
        },
      );
  } catch (e) {
    if (e === TOO_MANY) return undefined;
    throw e;
  }
  const chart = (name: string, tally: Map<string, number>): OddsReport => ({
    name,
    outcomes: [...tally].map(([outcome, probability]) => ({ outcome, probability })),
  });
  return [chart(ATTACK_CHART, attack), chart(ROUTS_CHART, routs)];
}

const MELEE_REACHED = new Error('the melee dice are thrown');
const TOO_MANY = new Error('too many paths');

/** A throw's classes: one result of each, and a roll whose values are their indices, weighted by their probabilities. */
interface Classes<R> {
  readonly results: readonly R[];
  readonly roll: RollSpec;
}

/**
 * The classes of each procedure's results (`Draft.throwFor`), worked out once per procedure and facts by
 * enumerating the procedure alone, at most `budget` paths in all.
 */
class ThrowClasses {
  private readonly known = new Map<Throw<never, unknown>, Map<string, Classes<unknown>>>();
  private paths = 0;

  constructor(private readonly budget: number) {}

  of<F, R>(procedure: Throw<F, R>, facts: F, classOf: (result: R) => string): Classes<R> {
    let byFacts = this.known.get(procedure as Throw<never, unknown>);
    if (!byFacts) {
      byFacts = new Map();
      this.known.set(procedure as Throw<never, unknown>, byFacts);
    }
    const key = JSON.stringify(facts);
    const known = byFacts.get(key);
    if (known) return known as Classes<R>;
    const run = procedure.prepare?.(facts) ?? ((dice: DiceSource) => procedure.resolve(facts, dice));
    const grouped = new Map<string, { result: R; probability: number }>();
    forEachOutcome(run, (result, probability) => {
      if (++this.paths > this.budget) throw TOO_MANY;
      const c = classOf(result);
      const group = grouped.get(c);
      if (group) group.probability += probability;
      else grouped.set(c, { result, probability });
    });
    const groups = [...grouped.values()];
    const classes: Classes<R> = {
      results: groups.map((g) => g.result),
      // A roll of no dice (one combination) whose values' weights are the classes' probabilities.
      roll: defineRoll({
        id: 'result-class',
        label: 'the class of a result',
        dice: [],
        combine: () => 0,
        outcomes: () => groups.map((g, value) => ({ value, ways: g.probability })),
      }),
    };
    byFacts.set(key, classes as Classes<unknown>);
    return classes;
  }
}

/**
 * A draft throwing the dice of one path of an enumeration: a procedure's throw branches by the classes
 * of its results; with `stopAtMelee`, the melee's throw stops the run (`MELEE_REACHED`).
 */
class PreviewDraft extends Draft {
  private readonly pathDice: PrngDice;

  constructor(
    state: HfGameState,
    source: DiceSource,
    private readonly classes: ThrowClasses,
    private readonly stopAtMelee: boolean,
  ) {
    super(state);
    this.pathDice = new PathDice(source);
  }

  override get dice(): PrngDice {
    return this.pathDice;
  }

  override throwFor<F, R>(procedure: Throw<F, R>, facts: F, classOf: (result: R) => string): R {
    if (this.stopAtMelee && (procedure as Throw<never, unknown>) === meleeRound) throw MELEE_REACHED;
    const classes = this.classes.of(procedure, facts, classOf);
    return classes.results[this.pathDice.roll(classes.roll, 'class')]!;
  }
}

/** Dice that pass `source`'s values on: a `PrngDice` for the draft's sake, its own generator never used. */
class PathDice extends PrngDice {
  constructor(private readonly source: DiceSource) {
    super(seedRng(0));
  }

  override roll(spec: RollSpec, key: string): number {
    return this.source.roll(spec, key);
  }
}

/** What the steps came to on a draft: the attack in words, and the units it left routing or destroyed. */
export function outcomeOf(before: HfGameState, d: Draft, waitingFor: string | undefined): AttackOutcome {
  const name = (id: string) => before.units[id]!.name;
  const fallen = Object.values(d.units)
    .filter(
      (u) =>
        (u.gone || u.condition === 'routing') &&
        !before.units[u.id]!.gone &&
        before.units[u.id]!.condition !== 'routing',
    )
    .map((u) => name(u.id));
  const routs = fallen.length === 0 ? 'none' : fallen.join(', ');
  const melee = d.events.find((e) => e.type === 'melee-round');
  if (melee?.type === 'melee-round') {
    const attack =
      melee.loser === 'none'
        ? 'the melee is drawn: it goes on next turn'
        : `${name(melee.loser === 'attacker' ? melee.defender : melee.attacker)} wins the melee`;
    return { attack, routs };
  }
  if (waitingFor !== undefined)
    return { attack: `${name(waitingFor)} stands and chooses how to meet it`, routs };
  const initiation = d.events.find((e) => e.type === 'initiation');
  if (initiation?.type === 'initiation' && !initiation.initiated)
    return { attack: `${name(initiation.unit)} does not set out`, routs };
  const gaveWay = d.events.find((e) => e.type === 'morale-tested' && !carriesOn(e.result as MoraleResult));
  if (gaveWay?.type === 'morale-tested')
    return {
      attack: `no melee: ${name(gaveWay.unit)} tests morale: ${MORALE_RESULT_WORDS[gaveWay.result as MoraleResult]}`,
      routs,
    };
  return { attack: 'no melee', routs };
}
