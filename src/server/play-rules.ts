import type { z } from 'zod';
import type { OddsReport } from '../core/rules/run.ts';
import type { Player } from '../game/engine/battle.ts';
import type { GameDefinition, GameEventBase, GameStateBase } from '../game/engine/game.ts';
import { findPlayableRuleSet } from '../game/index.ts';
import { type JcCommand, JcCommandSchema, ManoeuvreSchema } from '../game/john-company/commands.ts';
import { describeCommand, describeEvent, type Names, namesOf } from '../game/john-company/describe.ts';
import type { JcEvent } from '../game/john-company/events.ts';
import { makeJohnCompanyGame } from '../game/john-company/game.ts';
import { commandOdds, type JcMovePlan, planMove } from '../game/john-company/plan.ts';
import type { JcGameState } from '../game/john-company/state.ts';
import { type JcView, unitVisibleTo } from '../game/john-company/view.ts';

/**
 * What the server needs of a rule set to host whole games, beyond its `GameDefinition`: the command
 * schema (untrusted input is parsed before the engine sees it), the log's wording, which commands a
 * side may read of the other's, and the previews (move plans, odds). One entry per playable rule set.
 */
export interface PlayRules<State extends GameStateBase, Command, Event extends GameEventBase, View> {
  readonly ruleSet: string;
  /** The game without procedure traces in its events: the same states and dice, lighter logs. */
  readonly game: GameDefinition<State, Command, Event, View>;
  readonly computer: (seed: number) => Player<View, Command>;
  readonly commandSchema: z.ZodType<Command>;
  /** A move's manoeuvres, as the move command takes them. */
  readonly manoeuvresSchema: z.ZodType<unknown[]>;
  readonly turnOf: (state: State) => number;
  readonly names: (state: State) => Names;
  readonly describeCommand: (command: Command, names: Names) => string;
  /** One line, or undefined for bookkeeping nobody needs to read. */
  readonly describeEvent: (event: Event, names: Names) => string | undefined;
  /**
   * The sides that may read a command `side` gave, judged on the state after it: the giver always;
   * others only when it reveals nothing hidden ('all' when every side may).
   */
  readonly commandSeenBy: (after: State, side: string, command: Command) => 'all' | readonly string[];
  /** A command as a viewer who may not read it sees that it was given. */
  readonly unseenCommandText: (side: string, command: Command) => string;
  /** Undefined when `unit` is not a unit of `side` on the table. */
  readonly planMove: (
    state: State,
    side: string,
    unit: string,
    manoeuvres: unknown[],
  ) => JcMovePlan | undefined;
  readonly commandOdds: (
    state: State,
    side: string,
    command: Command,
  ) => readonly { procedure: string; title: string; charts: readonly OddsReport[] }[];
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rule sets of different state types
export type AnyPlayRules = PlayRules<any, any, any, any>;

/** Commands that put down, take back or change a face-down counter: only their side may read them. */
const COUNTER_COMMANDS: ReadonlySet<JcCommand['type']> = new Set([
  'place-order',
  'remove-order',
  'respond-to-charge',
]);

/** The units a command names (generals stand for the unit they are attached to, if any). */
function unitsNamed(state: JcGameState, c: JcCommand): string[] {
  const out: string[] = [];
  if ('unit' in c) out.push(c.unit);
  if ('target' in c && c.target !== undefined) out.push(c.target);
  if (c.type === 'respond-to-charge') out.push(...(c.supports ?? []));
  if ('general' in c) {
    const attached = state.table.generals[c.general]?.attachedTo;
    if (attached !== undefined) out.push(attached);
  }
  return out;
}

function jcSeenBy(after: JcGameState, side: string, c: JcCommand): 'all' | readonly string[] {
  if (COUNTER_COMMANDS.has(c.type)) return [side];
  const named = unitsNamed(after, c);
  const sides = after.scenario.sides.filter(
    (s) => s === side || named.every((id) => unitVisibleTo(after, s, id)),
  );
  return sides.length === after.scenario.sides.length ? 'all' : sides;
}

function jcUnseenText(side: string, c: JcCommand): string {
  switch (c.type) {
    case 'place-order':
      return `${side} places a counter`;
    case 'remove-order':
      return `${side} takes a counter back`;
    case 'respond-to-charge':
      return `${side} answers a charge`;
    default:
      return `${side} acts out of sight`;
  }
}

const johnCompany = findPlayableRuleSet('john-company');
if (!johnCompany) throw new Error('John Company is not a playable rule set');

const JOHN_COMPANY: PlayRules<JcGameState, JcCommand, JcEvent, JcView> = {
  ruleSet: 'john-company',
  game: makeJohnCompanyGame({ traces: false }),
  computer: johnCompany.computer,
  commandSchema: JcCommandSchema,
  manoeuvresSchema: ManoeuvreSchema.array().min(1).max(8),
  turnOf: (state) => state.turn,
  names: namesOf,
  describeCommand,
  describeEvent,
  commandSeenBy: jcSeenBy,
  unseenCommandText: jcUnseenText,
  planMove: (state, side, unit, manoeuvres) =>
    planMove(state, side, unit, manoeuvres as z.output<typeof ManoeuvreSchema>[]),
  commandOdds,
};

/** The rules for hosting a rule set's games, or undefined if Muster does not play it. */
export function playRulesFor(ruleSet: string): AnyPlayRules | undefined {
  return ruleSet === JOHN_COMPANY.ruleSet ? JOHN_COMPANY : undefined;
}
