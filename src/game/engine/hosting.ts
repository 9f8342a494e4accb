import { z } from 'zod';
import type { AnyPlayableRuleSet, PlayableRuleSet } from './battle.ts';
import type { GameEventBase, GameStateBase } from './game.ts';
import { isResignation, resignable, resignedSide } from './resign.ts';

/**
 * What the shells (the server, `muster play` and `muster replay`) need to host a rule set's whole games,
 * resolved from its `PlayableRuleSet`: its own hosting members, and a generic default for each it leaves
 * out. The defaults are safe for hidden information (another side reads none of a side's commands unless
 * the set names their type public) and word commands and events from their fields. The previews (move
 * plans, odds) and undo (`reversible`) have no default: without them the shells say the rule set has none;
 * nor has `describeSituation` (`muster play` then words the view generically).
 */
export type GameHosting<State extends GameStateBase, Command, Event extends GameEventBase, View> = Required<
  Omit<PlayableRuleSet<State, Command, Event, View>, 'publicCommands' | NoDefault>
> &
  Pick<PlayableRuleSet<State, Command, Event, View>, NoDefault>;

type NoDefault = 'planMove' | 'commandOdds' | 'simulationGame' | 'reversible' | 'describeSituation';

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rule sets of different state types
export type AnyGameHosting = GameHosting<any, any, any, any>;

/** The default command schema: a JSON object with a string `type`; `apply` judges the rest. */
export const ANY_COMMAND_SCHEMA = z
  .looseObject({ type: z.string().min(1).max(100).describe('What the command does') })
  .describe('A command of the game: a JSON object with a "type"');

const resolved = new WeakMap<AnyPlayableRuleSet, AnyGameHosting>();

/** The rule set's hosting, its defaults filled in (once per rule set object). */
export function hostingOf<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  playable: PlayableRuleSet<State, Command, Event, View>,
): GameHosting<State, Command, Event, View> {
  const known = resolved.get(playable);
  if (known) return known;
  const publicCommands = new Set(playable.publicCommands ?? []);
  const hosting: GameHosting<State, Command, Event, View> = {
    id: playable.id,
    title: playable.title,
    // Any side may resign (resign.ts): the sides are those the battle summary counts stands for.
    game: resignable(playable.game, (state) => Object.keys(playable.summary(state).stands)),
    scrambleHidden: playable.scrambleHidden,
    computer: playable.computer,
    summary: playable.summary,
    standing: playable.standing,
    commandSchema: playable.commandSchema ?? (ANY_COMMAND_SCHEMA as unknown as z.ZodType<Command>),
    turnOf: playable.turnOf ?? turnField,
    describeCommand: (command, state, scenarioNames) =>
      isResignation(command)
        ? 'resigns'
        : (playable.describeCommand ?? describeFields)(command, state, scenarioNames),
    describeOffer: playable.describeOffer ?? playable.describeCommand ?? describeFields,
    describeEvent: (event, state, scenarioNames) => {
      if (event.type !== 'resigned')
        return (playable.describeEvent ?? describeFields)(event, state, scenarioNames);
      const side = String((event as { side?: string }).side);
      return `${scenarioNames?.get(side) ?? side} resigns: the battle is over`;
    },
    describeView: playable.describeView ?? describeViewFields,
    commandSeenBy: (after, side, command) => {
      if (isResignation(command)) return 'all';
      if (playable.commandSeenBy) return playable.commandSeenBy(after, side, command);
      return publicCommands.has(typeOf(command)) ? 'all' : [side];
    },
    unseenCommandText: playable.unseenCommandText ?? (() => 'a command not shown to this side'),
    ...(playable.planMove ? { planMove: playable.planMove } : {}),
    ...(playable.commandOdds ? { commandOdds: playable.commandOdds } : {}),
    ...(playable.simulationGame ? { simulationGame: playable.simulationGame } : {}),
    ...(playable.reversible ? { reversible: notAfterResigning(playable.reversible) } : {}),
    ...(playable.describeSituation ? { describeSituation: playable.describeSituation } : {}),
  };
  resolved.set(playable, hosting);
  return hosting;
}

/** A resignation is never taken back. */
function notAfterResigning<State extends GameStateBase, Event>(
  reversible: (before: State, after: State, events: readonly Event[]) => boolean,
): (before: State, after: State, events: readonly Event[]) => boolean {
  return (before, after, events) => resignedSide(after) === undefined && reversible(before, after, events);
}

/** `state.turn` when it is a number, else 0. */
export function turnField(state: unknown): number {
  const turn = (state as { turn?: unknown }).turn;
  return typeof turn === 'number' ? turn : 0;
}

/**
 * A command or event in one line from its fields: its `type`, then each scalar field but `visibleTo` as
 * "name value" ("fire: unit 33rd-foot, target maratha-guns"), numbers to two decimals. Lists and objects
 * are left out.
 */
export function describeFields(value: unknown, state?: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  const names = typeof state === 'object' && state !== null ? namesOf(state) : undefined;
  const fields = Object.entries(value)
    .filter(([key, v]) => key !== 'type' && key !== 'visibleTo' && isScalar(v))
    .map(([key, v]) => `${key} ${(typeof v === 'string' && names?.get(v)) || scalarText(v)}`);
  const type = typeOf(value);
  return fields.length === 0 ? type : `${type}: ${fields.join(', ')}`;
}

/**
 * The names of the things a state holds by id: `units` and `generals` records whose entries have a
 * `name` (every rule set's state so far), so the default wording says "74th Foot", not "74th-foot".
 */
const namesOf = perState((state: object): ReadonlyMap<string, string> => {
  const names = new Map<string, string>();
  for (const key of ['units', 'generals']) {
    const record = (state as Record<string, unknown>)[key];
    if (typeof record !== 'object' || record === null) continue;
    for (const [id, entry] of Object.entries(record)) {
      const name = (entry as { name?: unknown } | null)?.name;
      if (typeof name === 'string') names.set(id, name);
    }
  }
  return names;
});

/** The longest value `describeViewFields` prints on a field's line. */
const VIEW_FIELD_CHARS = 160;

/**
 * A view as text: one line per field, "name: value" (a number to two decimals, a list or object as JSON),
 * a long value cut short with "...".
 */
export function describeViewFields(view: unknown): string {
  if (typeof view !== 'object' || view === null) return `${JSON.stringify(view)}\n`;
  const lines = Object.entries(view).map(([key, v]) => {
    const text = isScalar(v) ? scalarText(v) : JSON.stringify(v);
    return `  ${key}: ${text.length > VIEW_FIELD_CHARS ? `${text.slice(0, VIEW_FIELD_CHARS - 3)}...` : text}`;
  });
  return `${lines.join('\n')}\n`;
}

/**
 * `derive` kept per state object: a state is never changed, so what is derived from it (names for the
 * log's wording) is computed once however many lines use it.
 */
export function perState<State extends object, T>(derive: (state: State) => T): (state: State) => T {
  const cache = new WeakMap<State, T>();
  return (state) => {
    if (cache.has(state)) return cache.get(state) as T;
    const value = derive(state);
    cache.set(state, value);
    return value;
  };
}

/**
 * `derive` worked out once per state (or view) and side: states are never changed, so a value kept by
 * the state object stays true. A copy of the kept list is returned, for callers that change theirs.
 */
export function perStateAndSide<State extends object, T>(
  derive: (state: State, side: string) => readonly T[],
): (state: State, side: string) => T[] {
  const cache = new WeakMap<State, Map<string, readonly T[]>>();
  return (state, side) => {
    let bySide = cache.get(state);
    if (!bySide) {
      bySide = new Map();
      cache.set(state, bySide);
    }
    let kept = bySide.get(side);
    if (!kept) {
      kept = derive(state, side);
      bySide.set(side, kept);
    }
    return [...kept];
  };
}

function typeOf(value: unknown): string {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '(no type)';
}

function scalarText(value: string | number | boolean): string {
  return typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
