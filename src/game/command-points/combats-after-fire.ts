import { forEachOutcome } from '../../core/odds/enumerate.ts';
import { ESTIMATE_PLAYS, previewDice } from '../../core/odds/estimate.ts';
import type { OddsReport } from '../../core/odds/tally.ts';
import { type DiceSource, PrngDice } from '../../core/random/dice.ts';
import { seedRng } from '../../core/random/prng.ts';
import { d6, type RollSpec } from '../../core/random/rolls.ts';
import {
  type CombatResult,
  type CombatSideResult,
  combat,
  prepareCombat,
} from '../../rulesets/command-points/procedures/combat.ts';
import { resolveCommanderLoss } from '../../rulesets/command-points/procedures/commander-loss.ts';
import { averageDie } from '../../rulesets/command-points/rolls.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { combatFacts } from './facts.ts';
import { resolveCombats, resolveFire, throwFire, Work } from './sequence.ts';
import type { CpBoard, CpCommander, CpGameState, CpUnit, FireOrder } from './state.ts';

/**
 * The exact odds of the combats that follow the fire phase (sequence.ts `resolveFire`, then
 * `resolveCombats`; docs/rules/command-points.md, "The battle", steps 3 and 4), mixed over every outcome
 * of the fire. The engine's own steps are run on a copy of the state with the dice of each path in turn,
 * so the odds are the engine's: the same attackers paired as it pairs them after the fire's losses, the
 * same facts, the same order of combats.
 *
 * A battery's dice (a d6 a gun) have too many paths to run the engine once for each, so the enumeration
 * runs in three stages. Each declared fire is thrown alone (`throwFire`, from the state before any fire,
 * as the engine throws it), its paths grouped by what it does to its target (D-points and casualties).
 * For every combination of one group per fire, the engine's fire step runs with one throw of each group
 * and every path of the dice after them (losses to commanders); the states it leaves are grouped by what
 * the combat step reads of them (`changesFrom`). From these the engine's combat step runs combat by
 * combat (`tallyCombats`): the places it reaches at each combat's first die are grouped alike, so the
 * paths multiply by a combat's outcomes, not by its dice. Within a run, the dice whose outcomes the engine
 * treats alike are thrown as one roll of their groups (`lumpsFor`). Each path's share is the product of
 * its stages' probabilities.
 *
 * Beyond its bounds, the same previews are estimated instead (`estimatedCombatsAfterFire`): the engine's
 * fire and combat steps played `ESTIMATE_PLAYS` times with dice seeded from the board (never the game's).
 */

/**
 * Beyond this many combinations of the fires' outcomes, or this many runs of the engine's steps, the
 * combats are estimated (a run costs some tenths of a millisecond: the bound keeps a preview to a second or
 * two on a busy machine).
 */
const FIRE_COMBINATIONS = 2_000;
const ENGINE_PATHS = 3_000;

/** What a side's result makes it do (the result table's retreat), in words. */
export const RETREAT_WORDS: Readonly<Record<CombatSideResult['retreat'], string>> = {
  none: 'holds its ground',
  'one-move': 'falls back one move',
  'until-covered': 'falls back until covered',
  rout: 'routs',
};

/** The chart names of a combat's odds, after the combat procedure's own. */
export const ATTACKERS_THEN = 'The attackers then';
export const DEFENDER_THEN = 'The defender then';

/** The outcome of every chart of a combat that the fire or an earlier combat keeps from being fought. */
const NOT_FOUGHT = 'not fought';

/**
 * The odds of every combat fought after the declared fire of `board` is thrown, one preview per combat
 * (the attackers and the defender), in the order the engine first fights them. Each chart gives the
 * chance of `NOT_FOUGHT` too when some outcomes of the fire (or of an earlier combat) leave that combat
 * unfought. None when no unit is attacking; estimated, and marked so, when the dice have too many paths
 * to work them out here (`FIRE_COMBINATIONS`, `ENGINE_PATHS`).
 */
export function combatsAfterFire(board: CpBoard): CommandOdds[] {
  if (!Object.values(board.units).some((u) => u.attacking !== undefined && u.status === 'formed')) return [];
  return (
    exactCombatsAfterFire(board) ??
    estimatedCombatsAfterFire(board, ESTIMATE_PLAYS).map((o) => ({ ...o, estimatedFrom: ESTIMATE_PLAYS }))
  );
}

/**
 * The previews of `combatsAfterFire` counted over `plays` plays of the engine's fire and combat steps,
 * every die from one generator seeded by the board (its units, commanders and orders, not its dice).
 */
export function estimatedCombatsAfterFire(board: CpBoard, plays: number): CommandOdds[] {
  const state: CpGameState = { ...board, rng: seedRng(0) };
  const playDice = previewDice(board);
  const combats = new Tallies();
  for (let i = 0; i < plays; i++) {
    const dice = new CombatDice([], playDice, [], Number.POSITIVE_INFINITY);
    const w = new WorkWithDice(state, dice);
    dice.work = w;
    resolveFire(w);
    resolveCombats(w);
    const fought = w.events.filter((e) => e.type === 'combat').length;
    for (let n = 0; n < fought; n++) combats.add(dice.fought(w, n), 1 / plays);
  }
  return combats.previews(board);
}

/** The exact previews of `combatsAfterFire`, or undefined beyond its bounds. */
function exactCombatsAfterFire(board: CpBoard): CommandOdds[] | undefined {
  const state: CpGameState = { ...board, rng: seedRng(0) };
  const fires = board.fireOrders.map((order) => fireGroups(board, order));
  if (fires.reduce((n, groups) => n * groups.length, 1) > FIRE_COMBINATIONS) return undefined;
  let runs = 0;
  const count = () => {
    if (++runs > ENGINE_PATHS) throw TOO_MANY;
  };
  const combats = new Tallies();
  const lumps = lumpsFor(board);
  try {
    // Stage 2: the engine's fire step, for one throw of each fire's group at a time.
    const afterFire = new Map<string, { probability: number; state: CpGameState }>();
    forEachCombination(fires, (script, probability) =>
      forEachOutcome(
        (dice) => {
          const scripted = new EngineDice(script, dice, lumps);
          const w = new WorkWithDice(state, scripted);
          resolveFire(w);
          scripted.assertScriptThrown();
          return w.finish();
        },
        (after, p) => {
          count();
          const key = changesFrom(state, after);
          const group = afterFire.get(key);
          if (group) group.probability += probability * p;
          else afterFire.set(key, { probability: probability * p, state: after });
        },
      ),
    );
    // Stage 3: the engine's combat step from each state the fire leaves, combat by combat.
    tallyCombats(state, afterFire, lumps, combats, count);
  } catch (e) {
    if (e === TOO_MANY) return undefined;
    throw e;
  }
  return combats.previews(board);
}

const TOO_MANY = new Error('too many paths');

/** One way a fire may go, as far as the engine is concerned: one throw of its dice, and its chance. */
interface FireGroup {
  readonly values: readonly number[];
  readonly probability: number;
}

/** Every path of one declared fire's dice (`throwFire`), grouped by the D-points and casualties it inflicts. */
function fireGroups(board: CpBoard, order: FireOrder): FireGroup[] {
  const groups = new Map<string, { values: number[]; probability: number }>();
  forEachOutcome(
    (dice) => {
      const recorder = new RecordingDice(dice);
      const hit = throwFire(board, order, recorder);
      return { key: `${hit.dpoints} ${hit.casualties}`, values: recorder.values };
    },
    (r, p) => {
      const known = groups.get(r.key);
      if (known) known.probability += p;
      else groups.set(r.key, { values: r.values, probability: p });
    },
  );
  return [...groups.values()];
}

/** Every combination of one group per fire: the throws in the order the fires are thrown, and its chance. */
function forEachCombination(
  fires: readonly (readonly FireGroup[])[],
  visit: (script: readonly number[], probability: number) => void,
): void {
  const choice = fires.map(() => 0);
  for (;;) {
    const chosen = fires.map((groups, i) => groups[choice[i]!]!);
    visit(
      chosen.flatMap((g) => g.values),
      chosen.reduce((p, g) => p * g.probability, 1),
    );
    let i = fires.length - 1;
    while (i >= 0 && ++choice[i]! === fires[i]!.length) choice[i--] = 0;
    if (i < 0) return;
  }
}

/** One combat fought on one path: who fought, and its result as the combat procedure gave it. */
interface Fought {
  readonly attackers: readonly CpUnit[];
  readonly defender: CpUnit;
  readonly result: CombatResult;
}

/** Each combat's outcomes over every path, by the attackers and defender that fought it. */
class Tallies {
  private readonly byCombat = new Map<
    string,
    { attackers: readonly string[]; defender: string; charts: Map<string, Map<string | number, number>> }
  >();

  add(f: Fought, probability: number): void {
    const attackers = f.attackers.map((u) => u.id);
    const key = JSON.stringify([attackers, f.defender.id]);
    let entry = this.byCombat.get(key);
    if (!entry) {
      entry = { attackers, defender: f.defender.id, charts: new Map() };
      this.byCombat.set(key, entry);
    }
    const r = f.result;
    const outcomes: [string, string | number][] = [
      ...combat.odds.map((view): [string, string | number] => [view.name, view.project(r)]),
      [ATTACKERS_THEN, RETREAT_WORDS[r.attacker.retreat]],
      [DEFENDER_THEN, RETREAT_WORDS[r.defender.retreat]],
    ];
    for (const [chart, outcome] of outcomes) {
      const tally = entry.charts.get(chart) ?? new Map<string | number, number>();
      tally.set(outcome, (tally.get(outcome) ?? 0) + probability);
      entry.charts.set(chart, tally);
    }
  }

  /** One preview a combat, its charts with `NOT_FOUGHT` for what the combat's paths leave of certainty. */
  previews(board: CpBoard): CommandOdds[] {
    return [...this.byCombat.values()].map(({ attackers, defender, charts }) => {
      const names = attackers.map((id) => board.units[id]!.name).join(' and ');
      const verb = attackers.length > 1 ? 'attack' : 'attacks';
      return {
        procedure: combat.id,
        title: `${names} ${verb} ${board.units[defender]!.name}: the combat that follows the fire`,
        charts: [...charts].map(([name, tally]): OddsReport => {
          const outcomes = [...tally].map(([outcome, probability]) => ({ outcome, probability }));
          if (outcomes.every((o) => typeof o.outcome === 'number'))
            outcomes.sort((a, b) => (a.outcome as number) - (b.outcome as number));
          const fought = outcomes.reduce((s, o) => s + o.probability, 0);
          if (fought < 1 - 1e-12) outcomes.push({ outcome: NOT_FOUGHT, probability: 1 - fought });
          return { name, outcomes };
        }),
      };
    });
  }
}

/** A working copy throwing the given dice instead of its state's generator. */
class WorkWithDice extends Work {
  constructor(
    state: CpGameState,
    private readonly source: PrngDice,
  ) {
    super(state);
  }

  override get dice(): PrngDice {
    return this.source;
  }
}

/** Dice that pass `source`'s values on and keep them. */
class RecordingDice implements DiceSource {
  readonly values: number[] = [];

  constructor(private readonly source: DiceSource) {}

  roll(spec: RollSpec, key: string): number {
    const value = this.source.roll(spec, key);
    this.values.push(value);
    return value;
  }
}

/**
 * What the combat step reads of the units and commanders of `now` that are not those of `base` (each
 * entry is replaced whole when it changes, so an entry left alone is the very same object), as a key:
 * equal keys, the same combats from here on. The step reads the place, formation and status of every
 * unit (where others fall back to); the bases, D-points and target of a unit still to fight (`toFight`,
 * every unit when absent); and of a commander only whether he is with a unit still to fight (a light
 * wound costs command points next turn, which no combat reads).
 */
function changesFrom(base: CpBoard, now: CpBoard, toFight?: ReadonlySet<string>): string {
  const changed: unknown[] = [];
  for (const [id, u] of Object.entries(now.units)) {
    if (u === base.units[id]) continue;
    const place = [id, u.status, u.formation, u.x, u.y, u.facing, u.stands];
    changed.push(toFight && !toFight.has(id) ? place : [...place, u.bases, u.dpoints, u.attacking]);
  }
  for (const [id, c] of Object.entries(now.commanders))
    if (c !== base.commanders[id] && (!toFight || (c.attachedTo !== undefined && toFight.has(c.attachedTo))))
      changed.push([id, c.status, c.attachedTo]);
  return JSON.stringify(changed);
}

/**
 * The units that may still fight once `last` is fought, as sequence.ts `resolveCombats` orders the
 * combats (the defenders by id, each with every unit attacking it): every defender after `last`'s and
 * the units attacking them; the units attacking `last`'s defender that did not fight in it; and that
 * defender too while any of them is left.
 */
function stillToFight(state: CpBoard, last: Fought): Set<string> {
  const defender = last.defender.id;
  const fought = new Set(last.attackers.map((u) => u.id));
  const units = new Set<string>();
  for (const u of Object.values(state.units)) {
    const target = u.attacking;
    if (target === undefined || u.status !== 'formed') continue;
    if (target > defender || (target === defender && !fought.has(u.id))) {
      units.add(u.id);
      units.add(target);
    }
  }
  return units;
}

/**
 * A procedure's throws grouped by all the engine reads of them: the roll that starts them (its spec and
 * key), one throw of each group, and a roll whose values are the groups, weighted by their ways.
 */
interface Lump {
  readonly spec: RollSpec;
  readonly key: string;
  readonly throws: readonly (readonly number[])[];
  readonly roll: RollSpec;
}

/** The groups of `run`'s paths by `key` of its result, as a `Lump` starting with the roll `spec`, `key`. */
function lumpOf<T>(spec: RollSpec, key: string, run: (dice: DiceSource) => T, keyOf: (r: T) => string): Lump {
  const groups = new Map<string, { values: number[]; probability: number }>();
  forEachOutcome(
    (dice) => {
      const recorder = new RecordingDice(dice);
      return { key: keyOf(run(recorder)), values: recorder.values };
    },
    (r, p) => {
      const known = groups.get(r.key);
      if (known) known.probability += p;
      else groups.set(r.key, { values: r.values, probability: p });
    },
  );
  const classes = [...groups.values()];
  const combinations = 36;
  const ways = classes.map((c) => Math.round(c.probability * combinations));
  return {
    spec,
    key,
    throws: classes.map((c) => c.values),
    roll: {
      id: `${key}-by-result`,
      label: `${spec.label}, by result`,
      dice: [],
      combine: () => 0,
      outcomes: () => ways.map((w, value) => ({ value, ways: w })),
      combinations,
      draw: undefined,
    },
  };
}

/**
 * The dice thrown in the combat step, grouped: losses to commanders (`resolveCommanderLoss`) by whether
 * he leaves the field, all the combat step reads of them (a wound that leaves him costs command points
 * next turn): two branches, not eleven; a combat's two Average
 * Dice by the attacker's less the defender's, all its results read (`prepareCombat`: each side's result
 * is its score less the enemy's): 7 branches, not 16. Both count in 36ths.
 */
function lumpsFor(board: CpBoard): readonly Lump[] {
  const facts = { occasion: 'casualty', lightWoundPoints: board.settings.lightWoundPoints } as const;
  return [
    lumpOf(
      d6,
      'hit',
      (dice) => resolveCommanderLoss(facts, dice),
      (r) => JSON.stringify(r),
    ),
    lumpOf(
      averageDie,
      'attacker',
      (dice) => dice.roll(averageDie, 'attacker') - dice.roll(averageDie, 'defender'),
      String,
    ),
  ];
}

/**
 * Dice for the engine's steps: the values of `script` first, then `rest`'s, every value kept. Past the
 * script, the throws of a `Lump` are one roll of its groups, the group's throw given die by die. A `PrngDice` for the working copy's sake: its own generator is never used.
 */
class EngineDice extends PrngDice {
  readonly values: number[] = [];
  private at = 0;
  private pending: readonly number[] = [];

  constructor(
    private readonly script: readonly number[],
    private readonly rest: DiceSource,
    private readonly lumps: readonly Lump[],
  ) {
    super(seedRng(0));
  }

  override roll(spec: RollSpec, key: string): number {
    let value: number;
    if (this.at < this.script.length) value = this.script[this.at++]!;
    else if (this.pending.length > 0) {
      value = this.pending[0]!;
      this.pending = this.pending.slice(1);
    } else {
      const lump = this.lumps.find((l) => l.spec === spec && l.key === key);
      if (lump) {
        const thrown = lump.throws[this.rest.roll(lump.roll, key)]!;
        value = thrown[0]!;
        this.pending = thrown.slice(1);
      } else value = this.rest.roll(spec, key);
    }
    this.values.push(value);
    return value;
  }

  /** The fire step threw every scripted value (it throws each fire's dice before anything else). */
  assertScriptThrown(): void {
    if (this.at < this.script.length)
      throw new Error(`the fire threw ${this.at} of the ${this.script.length} dice it was given`);
  }
}

/**
 * Where the combat step stands at the first die of a combat: the state it started from (one the fire
 * leaves), the dice that brought it there (one path), and its chance.
 */
interface AtCombat {
  readonly start: CpGameState;
  readonly values: readonly number[];
  probability: number;
}

/**
 * Stage 3 from the states the fire leaves (`afterFire`, by their keys): the engine's combat step, run on
 * every path of the dice up to the first die of the first combat, then from each place it stops (grouped
 * when the combat fought last and what the step reads of the units and commanders are the same: the step
 * goes on alike from there, `changesFrom` against `before`, the state before the fire), on every path of
 * that combat's dice and those after it up to the next combat's first die, and so on. Each run replays
 * the dice of one path to where its group stopped. Every combat's result is tallied with the chance of
 * the paths that fought it.
 */
function tallyCombats(
  before: CpGameState,
  afterFire: ReadonlyMap<string, { readonly probability: number; readonly state: CpGameState }>,
  lumps: readonly Lump[],
  combats: Tallies,
  count: () => void,
): void {
  let frontier = new Map<string, AtCombat>(
    [...afterFire].map(([key, { probability, state }]) => [key, { start: state, values: [], probability }]),
  );
  for (let next = 0; frontier.size > 0; next++) {
    const reached = new Map<string, AtCombat>();
    for (const at of frontier.values())
      forEachOutcome(
        (rest) => {
          const dice = new CombatDice(at.values, rest, lumps, next);
          const w = new WorkWithDice(at.start, dice);
          dice.work = w;
          let stopped = false;
          try {
            resolveCombats(w);
          } catch (e) {
            if (e !== NEXT_COMBAT) throw e;
            stopped = true;
          }
          const fought = next > 0 ? dice.fought(w, next - 1) : undefined;
          if (!stopped) return { fought };
          const last = fought ? [fought.attackers.map((u) => u.id), fought.defender.id] : [];
          const toFight = fought ? stillToFight(before, fought) : undefined;
          const key = JSON.stringify(last) + changesFrom(before, w.state, toFight);
          return { fought, stop: { key, values: dice.values } };
        },
        (r, p) => {
          count();
          const share = at.probability * p;
          if (r.fought) combats.add(r.fought, share);
          if (!r.stop) return;
          const group = reached.get(r.stop.key);
          if (group) group.probability += share;
          else reached.set(r.stop.key, { start: at.start, values: r.stop.values, probability: share });
        },
      );
    frontier = reached;
  }
}

const NEXT_COMBAT = new Error('the next combat throws its dice');

/**
 * Dice for the combat step: the values of `script` first, then `rest`'s, every value kept; the step is
 * stopped (`NEXT_COMBAT`) when combat number `stopAt` (from 0) is about to throw its first die (the
 * attacker's Average Die). Each combat's units and commanders are noted as they stand at its first die:
 * the state its facts were read from.
 */
class CombatDice extends EngineDice {
  work: Work | undefined;
  private readonly atCombat: { units: Record<string, CpUnit>; commanders: Record<string, CpCommander> }[] =
    [];
  private readonly dice: { attacker: number; defender: number }[] = [];

  constructor(
    script: readonly number[],
    rest: DiceSource,
    lumps: readonly Lump[],
    private readonly stopAt: number,
  ) {
    super(script, rest, lumps);
  }

  override roll(spec: RollSpec, key: string): number {
    const first = spec === averageDie && key === 'attacker';
    if (first) {
      if (this.atCombat.length === this.stopAt) throw NEXT_COMBAT;
      const w = this.work!;
      this.atCombat.push({ units: { ...w.units }, commanders: { ...w.commanders } });
    }
    const value = super.roll(spec, key);
    if (first) this.dice.push({ attacker: value, defender: 0 });
    else if (spec === averageDie) this.dice[this.dice.length - 1]!.defender = value;
    return value;
  }

  /**
   * Combat number `n` of the step (from its `combat` event): each side's result as the combat procedure
   * gives it from the facts of the moment it was fought and the dice it threw.
   */
  fought(w: Work, n: number): Fought {
    const e = w.events.filter((x) => x.type === 'combat')[n];
    if (e?.type !== 'combat') throw new Error(`combat ${n + 1} was not fought`);
    const at = { ...w.base, ...this.atCombat[n]! };
    const attackers = e.attackers.map((id) => at.units[id]!);
    const defender = at.units[e.defender]!;
    const dice = this.dice[n]!;
    const thrown: DiceSource = { roll: (_spec, key) => (key === 'attacker' ? dice.attacker : dice.defender) };
    return { attackers, defender, result: prepareCombat(combatFacts(at, attackers, defender))(thrown) };
  }
}
