import type { RngState } from '../../core/random/prng.ts';
import { type Battle, type PlayableRuleSet, type Player, playBattle } from './battle.ts';
import type { GameDefinition, GameEventBase, GameStateBase, Viewer } from './game.ts';
import { type GameRecord, replay } from './record.ts';

/**
 * What must hold of every rule set's game, whatever its rules: the whole-game tests and the benches of
 * every set check their battles with these (each set adds its own state invariants). Each returns the
 * problems found, in words; none when all hold.
 */

/**
 * Every command `legalCommands` offers the deciding side is accepted by `apply` (the UI, the computer
 * players and the shells offer no other): each refused one, with the refusal. None when nobody decides.
 */
export function refusedOffers<State extends GameStateBase, Command>(
  game: GameDefinition<State, Command, GameEventBase, unknown>,
  state: State,
): string[] {
  const side = game.decider(state);
  if (side === undefined) return [];
  const refused: string[] = [];
  for (const command of game.legalCommands(state, side)) {
    const applied = game.apply(state, side, command);
    if (!applied.ok)
      refused.push(`${side} was offered ${JSON.stringify(command)}, refused: ${applied.rejection.message}`);
  }
  return refused;
}

/**
 * A battle's record, after a JSON round trip (as it is saved), replays to the very state and events the
 * live game reached: bit for bit, in their JSON.
 */
export function replayProblems<State extends GameStateBase, Command, Event extends GameEventBase>(
  game: GameDefinition<State, Command, Event, unknown>,
  battle: Battle<State, Command, Event>,
): string[] {
  const record = JSON.parse(JSON.stringify(battle.record)) as GameRecord<Command>;
  const again = replay(game, record);
  if (!again.ok) return [`the replay stopped: ${again.message}`];
  const problems: string[] = [];
  if (JSON.stringify(again.replayed.state) !== JSON.stringify(battle.state))
    problems.push('the replay reached another state than the live game');
  if (JSON.stringify(again.replayed.events) !== JSON.stringify(battle.events))
    problems.push('the replay gave other events than the live game');
  return problems;
}

/**
 * `viewer`'s view does not change when what it must not see changes: `scrambled` is the state with all
 * that is hidden from `viewer` altered (each rule set knows what it hides: the PRNG state, a deck's
 * order, concealed units, face-down orders). A view that shows any of it, or anything computed from
 * it, differs.
 */
export function blindViewProblems<State extends GameStateBase>(
  game: GameDefinition<State, unknown, GameEventBase, unknown>,
  state: State,
  viewer: Viewer,
  scrambled: State,
): string[] {
  const seen = JSON.stringify(game.viewFor(state, viewer));
  const blind = JSON.stringify(game.viewFor(scrambled, viewer));
  if (seen === blind) return [];
  let at = 0;
  while (seen[at] === blind[at]) at++;
  return [
    `${viewer}'s view changes with what is hidden from it, near …${seen.slice(Math.max(0, at - 60), at + 40)}`,
  ];
}

/** Another PRNG state than `rng`'s: what the dice to come would be, scrambled. */
export function otherRng(rng: RngState): RngState {
  const [a, b, c, d] = rng.words;
  return { ...rng, words: [~a >>> 0, ~b >>> 0, ~c >>> 0, ~d >>> 0] };
}

export interface CheckedBattle<State, Command, Event> {
  readonly battle: Battle<State, Command, Event>;
  /** Every problem found, each with the command after which it was found. */
  readonly problems: readonly string[];
}

/**
 * Plays a whole battle of `playable`'s game (its `simulationGame` when it has one: the same states and
 * events as people get, without traces) and checks what every rule set's battles must keep: after every
 * command, the sequence number counts it and the set's own `problemsAfter` hold; after every `every`-th
 * (and at the start), every command offered to the decider is accepted and no view of a side or a
 * spectator changes with what is hidden from it; at the end, the record replays to the same state and
 * events. A chosen command refused stops the battle (`playBattle` throws).
 */
export function playCheckedBattle<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  playable: PlayableRuleSet<State, Command, Event, View>,
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player<View, Command>>>,
  options: {
    readonly every?: number;
    readonly problemsAfter?: (state: State, events: readonly Event[]) => readonly string[];
  } = {},
): CheckedBattle<State, Command, Event> {
  const game = playable.simulationGame ?? playable.game;
  const every = options.every ?? 1;
  const viewers: Viewer[] = [...Object.keys(players), 'spectator'];
  const problems: string[] = [];
  const check = (state: State, at: string) => {
    const found = refusedOffers(game, state);
    for (const viewer of viewers)
      found.push(...blindViewProblems(game, state, viewer, playable.scrambleHidden(state, viewer)));
    for (const p of found) problems.push(`${at}: ${p}`);
  };
  const start = game.setup(scenario, seed);
  let seq = start.seq;
  check(start, 'at the start');
  const battle = playBattle(game, scenario, seed, players, {
    onStep: ({ index }, state, events) => {
      const at = `after command ${index}`;
      if (state.seq !== seq + 1) problems.push(`${at}: seq ${state.seq} after ${seq}`);
      seq = state.seq;
      for (const p of options.problemsAfter?.(state, events) ?? []) problems.push(`${at}: ${p}`);
      if ((index + 1) % every === 0) check(state, at);
    },
  });
  problems.push(...replayProblems(game, battle));
  return { battle, problems };
}
