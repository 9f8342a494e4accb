import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { type AnyGameHosting, hostingOf } from '../game/engine/hosting.ts';
import { PLAYABLE_RULE_SETS } from '../game/index.ts';
import type { JcCommand } from '../game/john-company/commands.ts';
import type { JcGameState } from '../game/john-company/state.ts';
import { unitVisibleTo } from '../game/john-company/view.ts';

/**
 * What the server needs of a rule set to host its games: its hosting (src/game/engine/hosting.ts: the
 * command schema, the log's wording, which commands a side may read of another's, the previews), the
 * rule set's own members or the generic defaults, with the server's extras for the rule sets it knows
 * more about. Any rule set of the registry is hosted; John Company's log also shows the other side's
 * commands that reveal nothing (see `jcSeenBy`).
 */
export type AnyPlayRules = AnyGameHosting;

type LogExtras = Pick<AnyGameHosting, 'commandSeenBy' | 'unseenCommandText'>;

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

/** John Company: a command is read by the sides that can see every unit it names, but counters by none. */
function jcSeenBy(after: JcGameState, side: string, c: JcCommand): 'all' | readonly string[] {
  if (COUNTER_COMMANDS.has(c.type)) return [side];
  const named = unitsNamed(after, c);
  const sides = after.scenario.sides.filter(
    (s) => s === side || named.every((id) => unitVisibleTo(after, s, id)),
  );
  return sides.length === after.scenario.sides.length ? 'all' : sides;
}

/** What another side reads of a command it may not see (the log names the side beside it). */
function jcUnseenText(_side: string, c: JcCommand): string {
  switch (c.type) {
    case 'place-order':
      return 'places a counter';
    case 'remove-order':
      return 'takes a counter back';
    case 'respond-to-charge':
      return 'answers a charge';
    default:
      return 'acts out of sight';
  }
}

/** The server's extras, by rule-set id: they replace the hosting's members of the same name. */
const EXTRAS: Readonly<Record<string, LogExtras>> = {
  'john-company': { commandSeenBy: jcSeenBy, unseenCommandText: jcUnseenText },
};

const built = new WeakMap<AnyPlayableRuleSet, AnyPlayRules>();

/** The rules for hosting a rule set's games, or undefined if the registry has no such playable rule set. */
export function playRulesFor(
  ruleSet: string,
  registry: readonly AnyPlayableRuleSet[] = PLAYABLE_RULE_SETS,
): AnyPlayRules | undefined {
  const playable = registry.find((r) => r.id === ruleSet);
  if (!playable) return undefined;
  let rules = built.get(playable);
  if (!rules) {
    rules = { ...hostingOf(playable), ...EXTRAS[playable.id] };
    built.set(playable, rules);
  }
  return rules;
}
