import { forEachOutcome } from '../../core/odds/enumerate.ts';
import type { OddsReport } from '../../core/odds/tally.ts';
import { type DiceSource, PrngDice } from '../../core/random/dice.ts';
import { seedRng } from '../../core/random/prng.ts';
import type { RollSpec } from '../../core/random/rolls.ts';
import { meleeRound } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import { MORALE_RESULT_WORDS, type MoraleResult } from '../../rulesets/honour-and-fortitude/tables/morale.ts';
import { carriesOn, fightRound } from './combat.ts';
import { Draft } from './draft.ts';
import { meleeFactsFor } from './rules.ts';
import type { HfGameState } from './state.ts';

/**
 * The exact odds of what an attack comes to (H&F QRS, Attacks, Melees, Morale): every path of the dice
 * the engine's own steps throw, from the attacker's Initiation Roll or the defender's response to the end
 * of the first round of melee and the morale tests it brings (a loser's, and those of friends a Panic!
 * makes test). The steps are run on a draft of the state with the dice of each path in turn, so the
 * odds are those of the engine itself.
 *
 * The melee dice (a die per figure on each side) have too many paths to run the engine once for each:
 * the enumeration runs in three stages. The steps run up to the melee's first throw; the round is
 * enumerated alone (its own procedure, with the facts the engine would throw it with), its results
 * grouped by what the engine does with them (who lost, how badly, the figures each side lost); and for
 * each group the steps run again from the start with the same dice before the melee, one throw of the
 * group for the melee, and every path of the dice after it. Each group's share is its probability.
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
 * The most paths a preview runs the engine's steps for (stages 1 and 3, each a draft of the units), and
 * the most paths of the melee dice it enumerates (stage 2, the procedure alone): beyond either, the
 * odds are left out.
 */
const ENGINE_PATHS = 1_000;
const MELEE_PATHS = 100_000;

/** The two chart names of `attackCharts`. */
export const ATTACK_CHART = 'The attack';
export const ROUTS_CHART = 'Routed or destroyed';

/**
 * The charts of what `steps` (the engine's steps of one attack, run on a draft of `state`) come to, or
 * undefined when the dice have too many paths to work them out here.
 */
export function attackCharts(
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
  let meleePaths = 0;
  const count = () => {
    if (++enginePaths > ENGINE_PATHS) throw TOO_MANY;
  };
  const countMelee = () => {
    if (++meleePaths > MELEE_PATHS) throw TOO_MANY;
  };
  try {
    // Stage 1: up to the melee's first throw.
    const melees = new Map<string, { probability: number; draft: Draft }>();
    forEachOutcome(
      (dice) => {
        const scripted = new ScriptedDice([], dice, true);
        const d = new DraftWithDice(state, scripted);
        try {
          return { outcome: outcomeOf(state, d, steps(d)) };
        } catch (e) {
          if (e !== MELEE_REACHED) throw e;
          return { melee: { draft: d } };
        }
      },
      (r, p) => {
        count();
        if (r.outcome) return add(r.outcome, p);
        const key = JSON.stringify([r.melee.draft.units, r.melee.draft.generals]);
        const group = melees.get(key);
        if (group) group.probability += p;
        else melees.set(key, { probability: p, draft: r.melee.draft });
      },
    );
    for (const group of melees.values()) {
      // Stage 2: the round alone, grouped by what the engine does with its result.
      const d = group.draft;
      const facts = meleeFactsFor(d.base, d.unit(round.attacker), d.unit(round.defender), 1, round.charging);
      const results = new Map<string, { values: number[]; probability: number }>();
      forEachOutcome(
        (dice) => {
          const recorder = new RecordingDice(dice);
          const r = meleeRound.prepare!(facts)(recorder);
          return {
            key: `${r.loser} ${r.loserOrder} ${r.attacker.kills} ${r.defender.kills}`,
            values: recorder.values,
          };
        },
        (r, p) => {
          countMelee();
          const known = results.get(r.key);
          if (known) known.probability += p;
          else results.set(r.key, { values: r.values, probability: p });
        },
      );
      // Stage 3: the round fought on from where the steps left the units, for one throw of each group,
      // and every path of the dice after it.
      const atMelee = d.finish({});
      for (const result of results.values())
        forEachOutcome(
          (dice) => {
            const fighting = new DraftWithDice(atMelee, new ScriptedDice(result.values, dice, false));
            fightRound(fighting, round.attacker, round.defender, 1, round.charging);
            return outcomeOf(state, fighting, undefined);
          },
          (o, p) => {
            count();
            add(o, group.probability * result.probability * p);
          },
        );
    }
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

/** The keys the melee procedure throws its dice under (one roll a side). */
const MELEE_KEYS: ReadonlySet<string> = new Set(['attackerDice', 'defenderDice']);

/**
 * Dice that give the values of `script` first, then those of `rest`; with `stopAtMelee`, the first melee
 * throw after the script stops the run (`MELEE_REACHED`). A `PrngDice` for the draft's sake: its own
 * generator is never used.
 */
class ScriptedDice extends PrngDice {
  private at = 0;
  /** The values given so far, in order. */
  readonly thrown: number[] = [];

  constructor(
    private readonly script: readonly number[],
    private readonly rest: DiceSource,
    private readonly stopAtMelee: boolean,
  ) {
    super(seedRng(0));
  }

  override roll(spec: RollSpec, key: string): number {
    let value: number;
    if (this.at < this.script.length) value = this.script[this.at++]!;
    else if (this.stopAtMelee && MELEE_KEYS.has(key)) throw MELEE_REACHED;
    else value = this.rest.roll(spec, key);
    this.thrown.push(value);
    return value;
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

/** A draft throwing the given dice instead of its state's generator. */
class DraftWithDice extends Draft {
  constructor(
    state: HfGameState,
    private readonly source: PrngDice,
  ) {
    super(state);
  }

  override get dice(): PrngDice {
    return this.source;
  }
}

/** What the steps came to on a draft: the attack in words, and the units it left routing or destroyed. */
function outcomeOf(before: HfGameState, d: Draft, waitingFor: string | undefined): AttackOutcome {
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
