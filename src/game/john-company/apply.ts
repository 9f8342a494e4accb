import { FORMATIONS } from '../../rulesets/john-company/vocabulary.ts';
import type { Applied, Rejection } from '../engine/game.ts';
import { malformedCommandWords, plain, withNames } from '../engine/words.ts';
import type { EngineOptions } from '../engine/working-copy.ts';
import { aimGuns, finishAiming } from './aiming.ts';
import { respond } from './charge-response.ts';
import { reject } from './command-checks.ts';
import { type JcCommand, JcCommandSchema } from './commands.ts';
import { namesOf } from './describe.ts';
import { Draft } from './draft.ts';
import type { JcEvent } from './events.ts';
import { attach, detach, moveGeneral } from './general-activation.ts';
import { endActivation } from './movement-cards.ts';
import { finishOrders, placeOrder, removeOrder } from './order-counters.ts';
import type { JcGameState } from './state.ts';
import { chooseOrder, fire, form, lightCompany, move, rally, reform } from './unit-activation.ts';
import { limitEvents } from './view.ts';

/**
 * `apply` for John Company: the command is checked against the schema (unless parsed already), the
 * deciding side and the node of the sequence of play, carried out on a copy-on-write draft by the handler of its step of the turn,
 * and the automatic steps that follow run until the next decision. Bad input is a `Rejection` with a
 * stable code.
 */

/** The side that must decide now, or undefined when the battle is over. */
export function deciderOf(state: JcGameState): string | undefined {
  const node = state.node;
  switch (node.phase) {
    case 'orders':
    case 'aim':
    case 'charge-response':
      return node.side;
    case 'activation':
      return node.activation.side;
    case 'over':
      return undefined;
  }
}

/** `applyJcCommand` for any input: whatever John Company's command schema refuses is refused here. */
export function applyCommand(
  state: JcGameState,
  side: string,
  input: unknown,
  options: EngineOptions,
): Applied<JcGameState, JcEvent> {
  const parsed = JcCommandSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      rejection: reject('invalid-command', malformedCommandWords(parsed.error.issues.map((i) => i.path))),
    };
  return applyJcCommand(state, side, parsed.data, options);
}

/** `input` as John Company's command schema parses it, or undefined if it refuses it (`applyCommand`). */
export function parseCommand(input: unknown): JcCommand | undefined {
  const parsed = JcCommandSchema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A command John Company's command schema has parsed (`applyCommand` parses any other input first):
 * checked against the deciding side and the node of the sequence of play, then carried out.
 */
export function applyJcCommand(
  state: JcGameState,
  side: string,
  command: JcCommand,
  options: EngineOptions,
): Applied<JcGameState, JcEvent> {
  const decider = deciderOf(state);
  if (decider === undefined) return { ok: false, rejection: reject('game-over', 'the battle is over') };
  if (side !== decider)
    return { ok: false, rejection: reject('not-your-turn', `it is ${decider}'s decision, not ${side}'s`) };
  const d = new Draft(state, options);
  const refused = handle(d, side, command);
  if (refused)
    return {
      ok: false,
      rejection: { ...refused, message: refusalWords(state, command, refused.message) },
    };
  const next = d.finish();
  const events = limitEvents(next, d.events);
  // Dice thrown make the command irreversible even when no event says so (a move's extra dice).
  const threw = next.rng.words.some((w, i) => w !== state.rng.words[i]);
  if (threw && events.length > 0 && !events.some((e) => e.irreversible))
    events[0] = { ...events[0]!, irreversible: true };
  return { ok: true, state: next, events };
}

function handle(d: Draft, side: string, c: JcCommand): Rejection | undefined {
  switch (c.type) {
    case 'place-order':
      return placeOrder(d, side, c.unit, c.order, c.target);
    case 'remove-order':
      return removeOrder(d, side, c.unit);
    case 'finish-orders':
      return finishOrders(d, side);
    case 'aim-guns':
      return aimGuns(d, side, c.unit, c.degrees);
    case 'finish-aiming':
      return finishAiming(d, side);
    case 'respond-to-charge':
      return respond(d, c.unit, c.order, c.target, c.supports ?? []);
    case 'choose-order':
      return chooseOrder(d, c.unit, c.order);
    case 'move':
      return move(d, c.unit, c.manoeuvres);
    case 'change-formation':
      return form(d, c.unit, c.formation, c.ranks, c.files);
    case 'reform':
      return reform(d, c.unit);
    case 'deploy-light-company':
      return lightCompany(d, c.unit, 'deploy');
    case 'rejoin-light-company':
      return lightCompany(d, c.unit, 'rejoin');
    case 'fire':
      return fire(d, c.unit, c.target);
    case 'rally':
      return rally(d, c.unit);
    case 'move-general':
      return moveGeneral(d, c.general, c.x, c.y);
    case 'attach-general':
      return attach(d, c.general, c.unit);
    case 'detach-general':
      return detach(d, c.general);
    case 'end-activation':
      return endActivation(d);
  }
}

/**
 * A refusal as the player reads it: units and Generals by their names, formations in words, and a unit
 * or General the command names that does not exist as "that unit" or "that General" (the handlers name
 * what they were given).
 */
function refusalWords(state: JcGameState, command: JcCommand, message: string): string {
  const names = new Map(namesOf(state));
  for (const formation of FORMATIONS) names.set(formation, plain(formation));
  const given = command as Readonly<Record<string, unknown>>;
  for (const [field, what] of [
    ['unit', 'that unit'],
    ['target', 'that unit'],
    ['general', 'that General'],
  ] as const) {
    const id = given[field];
    if (typeof id === 'string' && !names.has(id)) names.set(id, what);
  }
  return withNames(message, names);
}
