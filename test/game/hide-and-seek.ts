import { rngOf } from '../../src/core/random/prng.ts';
import { type PlayableRuleSet, randomPlayer } from '../../src/game/engine/battle.ts';
import type { GameDefinition, GameResult, GameStateBase, Viewer } from '../../src/game/engine/game.ts';

/**
 * A tiny rule set for the hosting tests (the server's API, `muster play` and `muster replay`): hide and
 * seek over a scenario's first two sides. Each turn the hider (the first side in odd turns, the second in
 * even ones) hides a token left or right, unseen; then the seeker looks left or right. A find scores for
 * the seeker, a miss for the hider. The scenario's turn limit ends it, the higher score winning. Of the
 * hosting members it sets only `publicCommands` (a seek is public), so shells host it by the defaults.
 */
export type Spot = 'left' | 'right';
export type HsCommand = { readonly type: 'hide' | 'seek'; readonly spot: Spot };

export interface HsState extends GameStateBase {
  readonly sides: readonly [string, string];
  readonly turn: number;
  readonly turnLimit: number;
  readonly scores: Readonly<Record<string, number>>;
  /** Where the token is, between the hide and the seek. */
  readonly hidden?: Spot;
  readonly result?: GameResult;
}

export type HsEvent =
  | {
      readonly type: 'token-hidden';
      readonly visibleTo: readonly string[];
      readonly side: string;
      readonly spot: Spot;
    }
  | {
      readonly type: 'token-sought';
      readonly visibleTo: 'all';
      readonly side: string;
      readonly spot: Spot;
      readonly found: boolean;
    }
  | { readonly type: 'game-over'; readonly visibleTo: 'all'; readonly reason: string };

export interface HsView {
  readonly viewer: Viewer;
  readonly turn: number;
  readonly scores: Readonly<Record<string, number>>;
  /** Only for the hider, while the token is hidden. */
  readonly hidden?: Spot;
}

export const HIDE_AND_SEEK = 'hide-and-seek';
const SPOTS: readonly Spot[] = ['left', 'right'];

function hiderOf(state: HsState): string {
  return state.sides[(state.turn - 1) % 2]!;
}

function deciderOf(state: HsState): string | undefined {
  if (state.result) return undefined;
  const hider = hiderOf(state);
  return state.hidden === undefined ? hider : state.sides.find((s) => s !== hider)!;
}

const reject = (code: string, message: string) => ({ ok: false as const, rejection: { code, message } });

export const hideAndSeekGame: GameDefinition<HsState, HsCommand, HsEvent, HsView> = {
  ruleSet: HIDE_AND_SEEK,
  setup(scenario, seed) {
    const s = scenario as { sides: { id: string }[]; victory: { turnLimit: number } };
    const sides = [s.sides[0]!.id, s.sides[1]!.id] as const;
    return {
      format: { ruleSet: HIDE_AND_SEEK, version: 1 },
      rng: rngOf(seed),
      seq: 0,
      sides,
      turn: 1,
      turnLimit: s.victory.turnLimit,
      scores: { [sides[0]]: 0, [sides[1]]: 0 },
    };
  },
  decider: deciderOf,
  legalCommands(state, side) {
    if (deciderOf(state) !== side) return [];
    const type = state.hidden === undefined ? 'hide' : 'seek';
    return SPOTS.map((spot) => ({ type, spot }));
  },
  apply(state, side, command) {
    const decider = deciderOf(state);
    if (decider === undefined) return reject('game-over', 'the game is over');
    if (side !== decider) return reject('not-your-turn', `it is ${decider}'s decision, not ${side}'s`);
    const expected = state.hidden === undefined ? 'hide' : 'seek';
    if (command.type !== expected) return reject('wrong-step', `expected a ${expected}, got ${command.type}`);
    if (!SPOTS.includes(command.spot))
      return reject('no-such-spot', `expected left or right, got ${command.spot}`);
    if (command.type === 'hide') {
      const events: HsEvent[] = [{ type: 'token-hidden', visibleTo: [side], side, spot: command.spot }];
      return { ok: true, state: { ...state, seq: state.seq + 1, hidden: command.spot }, events };
    }
    const found = command.spot === state.hidden;
    const scorer = found ? side : hiderOf(state);
    const { hidden: _hidden, ...rest } = state;
    const scores = { ...state.scores, [scorer]: state.scores[scorer]! + 1 };
    const turn = state.turn + 1;
    const events: HsEvent[] = [{ type: 'token-sought', visibleTo: 'all', side, spot: command.spot, found }];
    if (turn <= state.turnLimit)
      return { ok: true, state: { ...rest, seq: state.seq + 1, scores, turn }, events };
    const [a, b] = state.sides;
    const reason = `${scores[a]} finds to ${scores[b]} after ${state.turnLimit} turns`;
    const winner = scores[a]! === scores[b]! ? undefined : scores[a]! > scores[b]! ? a : b;
    const result: GameResult = winner === undefined ? { reason } : { winner, reason };
    events.push({ type: 'game-over', visibleTo: 'all', reason });
    return { ok: true, state: { ...rest, seq: state.seq + 1, scores, turn: state.turn, result }, events };
  },
  result: (state) => state.result,
  viewFor(state, viewer) {
    const own = viewer === hiderOf(state) && state.hidden !== undefined;
    return {
      viewer,
      turn: state.turn,
      scores: state.scores,
      ...(own ? { hidden: state.hidden } : {}),
    };
  },
  eventFor: (event, viewer) =>
    event.visibleTo === 'all' || event.visibleTo.includes(viewer) ? event : undefined,
};

export const hideAndSeekPlayable: PlayableRuleSet<HsState, HsCommand, HsEvent, HsView> = {
  id: HIDE_AND_SEEK,
  title: 'Hide and seek',
  game: hideAndSeekGame,
  // Where the token is hidden is all a seeker may not see.
  scrambleHidden: (state, viewer) =>
    state.hidden === undefined || viewer === hiderOf(state)
      ? state
      : { ...state, hidden: state.hidden === 'left' ? 'right' : 'left' },
  computer: (seed) => randomPlayer<HsView, HsCommand>(seed),
  summary: (state) => ({ turn: state.turn, stands: {} }),
  // A token game has no units.
  standing: () => [],
  publicCommands: ['seek'],
};
