import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6, d10, type RollSpec } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  COMMANDERS_EVENTS,
  type CommandersEventEffect,
  type CommandersOutcome,
  commandersThemeFor,
} from '../tables/commanders-events.ts';
import { MAX_REROLLS, MAX_REROLLS_RULE, ROLL_AGAIN, rollAgainUntil } from '../tables/unit-events.ts';
import { jc4, LEADERSHIPS, type Leadership, OFFICER_RANKS, type OfficerRank } from '../vocabulary.ts';

export interface CommandersEventFacts {
  readonly leadership: Leadership;
  readonly rank?: OfficerRank;
  readonly messengerAlreadyLost?: boolean;
}

export interface CommandersEventResult {
  /** The d10. */
  readonly theme: number;
  readonly themeId: string;
  /** The d6 that counted (after any re-roll); absent if the re-roll limit ended the event. */
  readonly outcome?: number;
  readonly outcomeId?: string;
  /** His Leadership, when the outcome depends on it. */
  readonly leadership?: Leadership;
  /** Times the d6 was rolled again (the exact odds show the outcome that counts, so 0 there). */
  readonly rerolls: number;
  readonly effects: readonly CommandersEventEffect[];
  /** The 1d6" ride of 'Confused' 5. */
  readonly rideInches?: number;
}

/** The d6 read as itself, rolled again on `face` (0: never). */
const outcomeRolls: RollSpec[] = [];
function outcomeRoll(againOn: number): RollSpec {
  if (againOn === 0) return d6;
  let spec = outcomeRolls[againOn];
  if (!spec) {
    spec = rollAgainUntil(
      `d6-again-on-${againOn}`,
      `1d6 (rolled again on ${againOn})`,
      d6.dice[0]!,
      (face) => (face === againOn ? ROLL_AGAIN : face),
    );
    outcomeRolls[againOn] = spec;
  }
  return spec;
}

/** The face of the outcome d6 to roll again on, for this theme and General (0: none). */
function againOn(themeOutcomes: readonly CommandersOutcome[], facts: CommandersEventFacts): number {
  for (let i = 0; i < 6; i++) {
    const when = themeOutcomes[i]!.rerollIf;
    if (
      (when === 'commander-in-chief' && facts.rank === 'commander-in-chief') ||
      (when === 'messenger-already-lost' && facts.messengerAlreadyLost === true)
    )
      return i + 1;
  }
  return 0;
}

const REROLL_LIMIT: readonly CommandersEventEffect[] = [{ kind: 'no-effect', reason: 're-roll-limit' }];

/**
 * The Commanders' Events Table (Part 4): a d10 for the theme, then a d6 for the outcome (rolled again
 * where the text says: a C-in-C on 'Confused' 3, a second 'favourite messenger' on 'Staff losses' 5);
 * outcomes that depend on his Leadership are resolved; 'Confused' 5 rolls 1d6 for the ride.
 */
export function resolveCommandersEvent(
  facts: CommandersEventFacts,
  dice: DiceSource,
  trace?: Trace,
): CommandersEventResult {
  const theme = dice.roll(d10, 'theme');
  const th = commandersThemeFor(theme);
  trace?.add({ rule: th.rule, label: `d10 ${theme}: ${th.label}`, value: th.id, roll: 'theme' });
  const spec = outcomeRoll(againOn(th.outcomes, facts));
  let rerolls = 0;
  let outcome = dice.roll(spec, 'outcome');
  while (outcome === ROLL_AGAIN) {
    trace?.add({
      rule: th.rule,
      label: 'This outcome does not apply to him: roll the d6 again',
      roll: 'outcome',
    });
    if (rerolls >= MAX_REROLLS) {
      trace?.add({ rule: MAX_REROLLS_RULE, label: `Re-roll limit (${MAX_REROLLS}) reached: no event` });
      return { theme, themeId: th.id, rerolls, effects: REROLL_LIMIT };
    }
    rerolls++;
    outcome = dice.roll(spec, 'outcome');
  }
  const o = th.outcomes[outcome - 1]!;
  trace?.add({ rule: th.rule, label: `d6 ${outcome}: ${o.label}`, value: o.id, roll: 'outcome' });

  const byLeadership = o.byLeadership?.[facts.leadership];
  const first = o.effects[0];
  if (!byLeadership && first?.kind !== 'roll-ride-forward') {
    return {
      theme,
      themeId: th.id,
      outcome,
      outcomeId: o.id,
      rerolls,
      effects: o.effects as CommandersEventEffect[],
    };
  }
  if (first?.kind === 'roll-ride-forward') {
    const inches = dice.roll(d6, 'inches');
    trace?.add({
      rule: th.rule,
      label: `Rides ${inches}" in front of his most forward unit`,
      value: inches,
      roll: 'inches',
    });
    return {
      theme,
      themeId: th.id,
      outcome,
      outcomeId: o.id,
      rerolls,
      effects: [{ kind: 'officer-moves', to: 'in-front-of-most-forward-unit', distance: 'inches', inches }],
      rideInches: inches,
    };
  }
  const response = byLeadership!;
  trace?.add({
    rule: jc4("Commanders' Events Table", `${theme} ${th.id}, d6 6: by Leadership`),
    label: `${facts.leadership}: ${response.label}`,
    value: facts.leadership,
  });
  const effects: CommandersEventEffect[] = [];
  for (let i = 0; i < o.effects.length; i++) effects.push(o.effects[i] as CommandersEventEffect);
  for (let i = 0; i < response.effects.length; i++) effects.push(response.effects[i]!);
  return { theme, themeId: th.id, outcome, outcomeId: o.id, leadership: facts.leadership, rerolls, effects };
}

/** A few words per effect, in Muster's words. */
export function describeCommandersEffect(e: CommandersEventEffect): string {
  const words = (s: string) => s.replace(/-/g, ' ');
  switch (e.kind) {
    case 'officer-casualty':
      return `General ${words(e.severity)} (the table says ${words(e.wording)}): see Officer Casualty`;
    case 'orders-change': {
      const when =
        e.duration === 'this-turn'
          ? 'this turn'
          : `every turn for the rest of the battle${e.cumulative ? ' (cumulative)' : ''}`;
      if (e.op === 'cap')
        return e.amount === 0 ? `No orders ${when}` : `At most ${e.amount} order(s) ${when}`;
      if (e.op === 'halve') return `Half his orders (rounded down) ${when}`;
      return `${e.amount > 0 ? '+' : ''}${e.amount} order ${when}`;
    }
    case 'officer-movement':
      return e.op === 'none'
        ? 'He cannot move this turn'
        : e.op === 'halve'
          ? 'He moves at half rate this turn'
          : `He moves at most ${e.inches}" this turn`;
    case 'officer-moves':
      return `He is moved ${e.inches !== undefined ? `${e.inches}" ` : ''}to: ${words(e.to)} (${words(e.distance)})${e.staysForTurn ? ', and stays for the turn' : ''}${e.mayReturn ? ', may come back next turn' : ''}`;
    case 'command-radius':
      return e.op === 'halve'
        ? 'Command Radius halved this turn'
        : `Command Radius -${e.inches}" for the rest of the battle${e.cumulative ? ' (cumulative)' : ''}`;
    case 'units-order':
      return `${e.units === 'most-advanced' ? 'His most advanced unit' : e.units === 'all-but-artillery' ? 'All his units but the artillery' : 'All his units'}: ${words(e.order)} ${e.when === 'at-once' ? 'at once' : 'this turn'}${e.intent ? ` (${words(e.intent)})` : ''}`;
    case 'units-without-orders':
      return 'His units are Without Orders this turn';
    case 'no-charges':
      return 'No charges this turn';
    case 'free-order-change':
      return 'May change one order this turn without penalty';
    case 'emergency-order':
      return 'May give that unit an Emergency Order';
    case 'units-react-as-if-lost':
      return 'His units react this turn as if he were dangerously wounded';
    case 'returns-to-duty':
      return 'Back on duty, unhurt, at the start of next turn';
    case 'no-effect':
      return e.reason ? `No effect (${words(e.reason)})` : 'No effect';
  }
}

export const commandersEventFactsSchema = z
  .object({
    leadership: z
      .enum(LEADERSHIPS)
      .describe("The General's Leadership (decides 'Confused' 6 and 'Bad day' 6)"),
    rank: z
      .enum(OFFICER_RANKS)
      .optional()
      .describe("His rank: a commander-in-chief rolls again on 'Confused' 3 (default brigadier)"),
    messengerAlreadyLost: z
      .boolean()
      .optional()
      .describe(
        "He has already lost his favourite messenger: 'Staff losses' 5 is rolled again (default false)",
      ),
  })
  .strict();

const themeLabel = (r: CommandersEventResult) => commandersThemeFor(r.theme).label;
/** "Theme: outcome" by d10 and d6, built once (the odds views run once per path). */
const OUTCOME_TITLES: readonly (readonly string[])[] = Array.from({ length: 11 }, (_, d10v) =>
  d10v === 0
    ? []
    : commandersThemeFor(d10v).outcomes.map((o) => `${commandersThemeFor(d10v).label}: ${o.label}`),
);
const kindsCache = new WeakMap<readonly CommandersEventEffect[], string>();
/** The effects' kinds joined, cached for the tables' shared effect lists. */
function effectKinds(effects: readonly CommandersEventEffect[]): string {
  let kinds = kindsCache.get(effects);
  if (kinds === undefined) {
    kinds = effects.map((e) => e.kind).join(' + ');
    kindsCache.set(effects, kinds);
  }
  return kinds;
}

export const commandersEvent: ProcedureDefinition<CommandersEventFacts, CommandersEventResult> = {
  id: 'commanders-event',
  title: "Commanders' Event",
  summary: "What an event does to a General Officer (the Commanders' Events Table, d10 then d6).",
  rule: jc4("Commanders' Events Table"),
  facts: commandersEventFactsSchema as z.ZodType<CommandersEventFacts>,
  rolls: [
    { key: 'theme', dice: '1d10', when: 'always' },
    { key: 'outcome', dice: '1d6', when: 'always; again where the outcome does not apply to him' },
    { key: 'inches', dice: '1d6', when: "'Confused' 5: inches he rides out in front" },
  ],
  examples: [
    {
      title: 'An Inspiring Brigadier: d10 6, confused; d6 6, by Leadership: may change one order free',
      facts: { leadership: 'Inspiring', rank: 'brigadier' },
      dice: [6, 6],
    },
    {
      title:
        'The C-in-C: d10 6, confused; d6 3, off to the C-in-C (himself: roll again); d6 5, rides out 1d6 = 4"',
      facts: { leadership: 'Cautious', rank: 'commander-in-chief' },
      dice: [6, 3, 5, 4],
    },
    {
      title: 'A Dithering Divisional commander: d10 1, cannonball; d6 2, seriously wounded',
      facts: { leadership: 'Dithering', rank: 'divisional' },
      dice: [1, 2],
    },
  ],
  resolve: resolveCommandersEvent,
  odds: [
    { name: 'Theme', project: themeLabel },
    {
      name: 'Outcome',
      project: (r) =>
        r.outcome === undefined ? 'No event (re-roll limit)' : OUTCOME_TITLES[r.theme]![r.outcome - 1]!,
    },
    { name: 'Effect kinds', project: (r) => effectKinds(r.effects) },
    {
      name: 'Casualty',
      project: (r) => {
        for (const e of r.effects) if (e.kind === 'officer-casualty') return e.severity;
        return 'none';
      },
    },
  ],
  describe: (r) => {
    const th = commandersThemeFor(r.theme);
    const o = r.outcome === undefined ? undefined : th.outcomes[r.outcome - 1]!;
    const response = o && r.leadership ? o.byLeadership?.[r.leadership] : undefined;
    return [
      `${COMMANDERS_EVENTS.title}: ${th.label} (d10 ${r.theme})${o ? `, d6 ${r.outcome}: ${o.label}` : ', no event (re-roll limit)'}${r.rerolls ? ` after ${r.rerolls} re-roll(s)` : ''}`,
      ...(response ? [`${r.leadership}: ${response.label}`] : []),
      ...r.effects.map((e) => `- ${describeCommandersEffect(e)}`),
    ];
  },
};
