import type { DiceSource } from '../../core/random/dice.ts';
import type { RollSpec } from '../../core/random/rolls.ts';
import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import { type OddsReport, oddsOf } from '../../core/rules/run.ts';
import type { UnitId, UnitStandState } from '../../core/table/model.ts';
import {
  type ChargeRole,
  type ChargeTestFacts,
  chargeTest,
} from '../../rulesets/john-company/procedures/charge-test.ts';
import { confrontation } from '../../rulesets/john-company/procedures/confrontation/index.ts';
import {
  counterBattery,
  counterBatteryFactsOf,
} from '../../rulesets/john-company/procedures/counter-battery.ts';
import { artilleryFire } from '../../rulesets/john-company/procedures/fire/artillery.ts';
import { smallArmsFire } from '../../rulesets/john-company/procedures/fire/small-arms.ts';
import { rallyTest } from '../../rulesets/john-company/procedures/rally-test.ts';
import type { ReactionFacts } from '../../rulesets/john-company/procedures/reaction-test.ts';
import { changeFormation } from '../../rulesets/john-company/table/formations.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import {
  type Manoeuvre,
  motionOf,
  poseAt,
  poseOf,
} from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import { ORDERS, orderType } from '../../rulesets/john-company/tables/orders.ts';
import type {
  NegativeReactionModifierId,
  PositiveReactionModifierId,
} from '../../rulesets/john-company/tables/reaction-modifiers.ts';
import { GOING_IN, goingIn } from './ai/odds.ts';
import { situationOf } from './ai/situation.ts';
import { deciderOf } from './apply.ts';
import type { JcCommand } from './commands.ts';
import { Draft } from './draft.ts';
import { fireCheck } from './fire-check.ts';
import { orderingGeneral } from './movement-cards.ts';
import { checkMove, moveProblem } from './options.ts';
import { heldOrder } from './orders-held.ts';
import { rallyGeneral } from './rally.ts';
import type { JcGameState, UnitActivation } from './state.ts';
import { isActive } from './units.ts';
import { unitVisibleTo, viewFor } from './view.ts';

/**
 * Previews of a command, for the player about to give it, that change nothing and throw no dice:
 * `planMove` (where a move would leave the unit, what it costs, what rule it breaks) and `commandOdds`
 * (the exact odds of what a command would resolve). Both run the engine's own machinery on a draft of
 * the state that is never finished, so a preview and the command agree; neither tells the side anything
 * its view does not (the odds are derived from the side's view; the plan is of its own unit).
 */

/** A stand where a planned move leaves it. */
export interface PlannedStand {
  readonly id: string;
  readonly kind: string;
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly width: number;
  readonly depth: number;
}

export interface PlanProblem {
  /** A stable code: the engine's rejection codes and the table's violation codes. */
  readonly code: string;
  readonly message: string;
}

export interface JcMovePlan {
  /** The engine would accept the move now, as planned. */
  readonly ok: boolean;
  readonly inchesUsed: number;
  /** Inches the unit may use for this move (with what events added to or took from it). */
  readonly allowance: number;
  readonly end: {
    readonly formation: string;
    readonly facing: number;
    readonly stands: readonly PlannedStand[];
  };
  /** The unit's centre where it starts and after each manoeuvre carried out. */
  readonly path: readonly { readonly x: number; readonly y: number }[];
  readonly problems: readonly PlanProblem[];
  /** The dice the move would throw, which a plan does not throw. */
  readonly notes: readonly string[];
}

/**
 * Dice that are never thrown: each roll answers the lowest (or highest) value its spec can give and is
 * noted, so a plan can say that the real move throws dice and whether its verdict depends on them.
 */
class UnthrownDice implements DiceSource {
  readonly wanted: string[] = [];

  constructor(private readonly extreme: 'lowest' | 'highest') {}

  roll(spec: RollSpec, key: string): number {
    this.wanted.push(`${key} (${spec.label})`);
    const values = spec.outcomes().map((o) => o.value);
    return this.extreme === 'lowest' ? Math.min(...values) : Math.max(...values);
  }
}

function plannedStand(s: UnitStandState): PlannedStand {
  return { id: s.id, kind: s.kind, x: s.x, y: s.y, facing: s.facing, width: s.width, depth: s.depth };
}

/**
 * What moving `unit` of `side` by `manoeuvres` would do now, judged exactly as the `move` command is
 * (`checkMove` on the table's `resolveMove`), without changing the state or throwing its dice. Undefined
 * when `unit` is not a unit of `side` on the table. A unit that is not active is judged as if its card
 * were drawn now (with a problem saying so). When the move would throw dice (extra dice, a river, a
 * wall), it is judged with the lowest and the highest throw: a `notes` line names the dice, and a
 * verdict that depends on them is a 'depends-on-dice' problem.
 */
export function planMove(
  state: JcGameState,
  side: string,
  unit: UnitId,
  manoeuvres: readonly Manoeuvre[],
): JcMovePlan | undefined {
  const d = new Draft(state, { traces: false });
  const u = d.findUnit(unit);
  if (!u || u.side !== side || !isActive(d, unit)) return undefined;
  const problems: PlanProblem[] = [];
  const node = state.node;
  const active =
    node.phase === 'activation' && node.activation.kind === 'unit' && node.activation.unit === unit
      ? node.activation
      : undefined;
  if (deciderOf(state) !== side)
    problems.push({ code: 'not-your-turn', message: `it is not ${side}'s decision now` });
  else if (!active)
    problems.push({ code: 'not-active', message: `${unit} moves when its card is drawn (Step 5)` });
  const a: UnitActivation = active ?? {
    kind: 'unit',
    unit,
    side,
    moved: false,
    fired: false,
    movedFraction: 0,
    mayRally: false,
  };
  if (a.choose) problems.push({ code: 'choose-order-first', message: `${unit} must first choose its order` });
  const refused = moveProblem(d, a);
  if (refused) problems.push(refused);

  const lowest = new UnthrownDice('lowest');
  const judged = checkMove(d, a, manoeuvres, lowest);
  const { report } = judged;
  for (const message of judged.problems) {
    const violation = report.violations.find((v) => v.message === message);
    problems.push({ code: violation?.code ?? 'move-limit', message });
  }
  const notes: string[] = [];
  if (lowest.wanted.length > 0) {
    notes.push(
      `the move throws dice (${[...new Set(lowest.wanted)].join(', ')}): the plan takes the lowest throw`,
    );
    const highest = checkMove(d, a, manoeuvres, new UnthrownDice('highest'));
    if (highest.problems.length !== judged.problems.length)
      problems.push({
        code: 'depends-on-dice',
        message: 'whether the move is allowed depends on the dice it throws',
      });
  }

  let end = report.unit;
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.endsAs === 'limbered' && end.formation !== 'artillery-limbered')
    end = changeFormation(end, { formation: 'artillery-limbered' });
  const extra = u.nextMoveInches;
  return {
    ok: problems.length === 0,
    inchesUsed: report.allowance.used,
    allowance: Math.max(0, report.allowance.available + extra),
    end: { formation: end.formation, facing: end.facing, stands: end.stands.map(plannedStand) },
    path: pathOf(d.tableUnit(unit), report.manoeuvres),
    problems,
    notes,
  };
}

function pathOf(
  start: Parameters<typeof poseOf>[0],
  manoeuvres: readonly Manoeuvre[],
): { x: number; y: number }[] {
  let pose = poseOf(start);
  const centre = () => {
    const [x, y] = unitCentre(pose.stands);
    return { x, y };
  };
  const out = [centre()];
  for (const m of manoeuvres) {
    pose = poseAt(pose, motionOf(pose, m), 1);
    out.push(centre());
  }
  return out;
}

/** The odds of one procedure a command would resolve. */
export interface CommandOddsReport {
  /** The procedure's id. */
  readonly procedure: string;
  /** What is rolled for, e.g. "33rd Foot fires at Maratha horse". */
  readonly title: string;
  readonly charts: readonly OddsReport[];
}

/**
 * The exact odds, before any dice, of what `command` from `side` would resolve now: a `fire` command's
 * fire (small arms, artillery, or counter-battery fire at guns), a `rally`'s rally test, a
 * `respond-to-charge`'s charged unit's test as the charge would meet it now, and a charge counter's
 * Charge Test as the charger stands now (thrown in Step 4, after what happens before it). The facts come
 * from the side's own view (`viewFor`): odds never tell a side what it cannot see. Empty when the
 * command throws no dice of a procedure, or the engine would refuse it (not the side's unit, a target
 * it cannot see or cannot fire at, no General able to rally).
 */
export function commandOdds(state: JcGameState, side: string, command: JcCommand): CommandOddsReport[] {
  switch (command.type) {
    case 'fire':
      return fireOdds(state, side, command.unit, command.target);
    case 'rally':
      return rallyOdds(state, side, command.unit);
    case 'respond-to-charge':
      return responseOdds(state, side, command);
    case 'place-order':
      return command.order === 'charge' && command.target !== undefined
        ? chargerOdds(state, side, command.unit, command.target)
        : [];
    default:
      return [];
  }
}

function nameOf(state: JcGameState, id: string): string {
  return state.units[id]?.name ?? state.generals[id]?.name ?? id;
}

function fireOdds(state: JcGameState, side: string, firer: UnitId, target: UnitId): CommandOddsReport[] {
  const d = new Draft(state, { traces: false });
  const f = d.findUnit(firer);
  const t = d.findUnit(target);
  if (!f || !t || f.side !== side || t.side === side) return [];
  if (!isActive(d, firer) || !isActive(d, target) || !unitVisibleTo(state, side, target)) return [];
  if (!fireCheck(d, firer, target).ok) return [];
  const view = viewFor(state, side);
  const derived = situationOf(view, side).fireFacts().fire(firer, target);
  if (!derived) return [];
  const blinded = f.fireHalved;
  const title = `${nameOf(state, firer)} fires at ${nameOf(state, target)}`;
  // As the engine fires (fire.ts fireAt): guns firing at guns use counter-battery fire.
  if (derived.kind === 'small-arms')
    return [
      {
        procedure: smallArmsFire.id,
        title,
        charts: oddsOf(smallArmsFire, { ...derived.facts, ...(blinded ? { blinded } : {}) }),
      },
    ];
  const a = derived.facts;
  if (view.units[target]?.arm === 'artillery') {
    const facts = counterBatteryFactsOf(a, countedStands(view.table.units[target]!), blinded);
    return [{ procedure: counterBattery.id, title, charts: oddsOf(counterBattery, facts) }];
  }
  return [
    {
      procedure: artilleryFire.id,
      title,
      charts: oddsOf(artilleryFire, { ...a, ...(blinded ? { blinded } : {}) }),
    },
  ];
}

function rallyOdds(state: JcGameState, side: string, unit: UnitId): CommandOddsReport[] {
  const node = state.node;
  if (node.phase !== 'activation' || node.activation.side !== side) return [];
  const a = node.activation;
  const d = new Draft(state, { traces: false });
  const u = d.findUnit(unit);
  if (!u || u.side !== side) return [];
  if (a.kind === 'unit' && (a.unit !== unit || !a.mayRally)) return [];
  const general = rallyGeneral(d, unit, a.kind === 'general' ? a.general : undefined);
  if (general === undefined) return [];
  const { lastStatus: _l, generalInContact: _g, ...base } = reactionFactsSeenBy(state, side, unit);
  const chain = new Set<string>();
  for (let g = state.generals[u.commander]; g && !chain.has(g.id); g = state.generals[g.superior ?? '']) {
    chain.add(g.id);
    if (g.replacedBy !== undefined) chain.add(g.replacedBy);
  }
  const rally = {
    unit: base,
    status: u.routing ? ('Panicked' as const) : (u.status ?? 'Shaken'),
    british: u.army === 'british',
    general: { leadership: state.generals[general]!.leadership, ownOriginalLeader: chain.has(general) },
    clearOfEnemyCharge: true,
    casualtiesSinceLastTest: u.standsLostSinceCheck > 0,
  };
  return [
    {
      procedure: rallyTest.id,
      title: `${nameOf(state, general)} rallies ${nameOf(state, unit)}`,
      charts: oddsOf(rallyTest, rally),
    },
  ];
}

/**
 * The charged unit's Charge Test as the charge would meet it now (confrontation.ts `testTarget`): as a target,
 * a target changing orders (-2, unless a Commanders' Event gave its General a free change) or a target
 * counter-charging the charger. None when it has tested this turn. The charger closes before the test,
 * so the facts then may differ: these are the odds as things stand.
 */
function responseOdds(
  state: JcGameState,
  side: string,
  c: Extract<JcCommand, { type: 'respond-to-charge' }>,
): CommandOddsReport[] {
  const node = state.node;
  if (node.phase !== 'charge-response' || node.side !== side || node.target !== c.unit) return [];
  const u = state.units[c.unit];
  if (!u || u.test) return [];
  const d = new Draft(state, { traces: false });
  const general = orderingGeneral(d, c.unit);
  const free = c.order !== undefined && general !== undefined && state.generals[general]!.freeChanges > 0;
  const changed = c.order !== undefined ? !free : u.changedOrder;
  // Kept, it tests on the row of the order it holds (its counter, face down until then).
  const held = c.order === undefined && u.order === undefined ? heldOrder(d, c.unit) : undefined;
  const order = c.order ?? u.order ?? held?.order;
  const target = c.order !== undefined ? c.target : (u.orderTarget ?? held?.target);
  const role: ChargeRole = changed
    ? order === 'charge' && target === node.charger
      ? 'target-counter-charging'
      : 'target-changing-orders'
    : 'target';
  const facts: ChargeTestFacts = {
    role,
    unit: reactionFactsSeenBy(state, side, c.unit),
    targetOrders: u.withoutOrdersNextTest || order === undefined ? 'without-orders' : orderType(order),
  };
  return [
    {
      procedure: chargeTest.id,
      title: `${nameOf(state, c.unit)} tests as ${nameOf(state, node.charger)}'s charge meets it`,
      charts: oddsOf(chargeTest, facts),
    },
  ];
}

/**
 * A charge counter's odds as things stand, from the side's own view: the charger's Charge Test (charges.ts
 * `chargeGoesAhead`, as the charger), then the Confrontation should it go in, each status it may go in
 * with weighted by its chance (the facts the computer weighs a charge on, ai/odds.ts `goingIn`: the whole
 * Charge Bonus, the target's volley when it has a weapon, the target as it stands now). Both come in Step
 * 4, once the counters are revealed, so what happens before (other charges, a General's ride, the
 * volley's losses, the target's own test) may change them. None unless the side is placing its counters
 * and the target is an enemy it can see.
 */
function chargerOdds(state: JcGameState, side: string, unit: UnitId, target: UnitId): CommandOddsReport[] {
  const node = state.node;
  if (node.phase !== 'orders' || node.side !== side) return [];
  const u = state.units[unit];
  const t = state.units[target];
  if (!u || !t || u.side !== side || t.side === side) return [];
  if (!state.table.units[unit] || !state.table.units[target] || !unitVisibleTo(state, side, target))
    return [];
  const test = oddsOf(chargeTest, { role: 'charger', unit: reactionFactsSeenBy(state, side, unit) });
  const out: CommandOddsReport[] = [
    {
      procedure: chargeTest.id,
      title: `${nameOf(state, unit)} charges ${nameOf(state, target)}: its Charge Test as things stand`,
      charts: test,
    },
  ];
  const statuses = test.find((r) => r.name === 'Resolve Status')?.outcomes ?? [];
  const view = viewFor(state, side);
  const pair = situationOf(view, side).facts().confrontation(unit, target).facts;
  const targetFires = view.units[target]?.profile.weapon !== undefined;
  const parts = GOING_IN.flatMap((status) => {
    const weight = statuses.find((o) => o.outcome === status)?.probability ?? 0;
    return weight > 0 ? [{ weight, charts: oddsOf(confrontation, goingIn(pair, status, targetFires)) }] : [];
  });
  if (parts.length > 0)
    out.push({
      procedure: confrontation.id,
      title: `${nameOf(state, unit)} charges ${nameOf(state, target)}: the Confrontation if it goes in`,
      charts: mixture(parts),
    });
  return out;
}

/**
 * The charts of several cases weighted by their chances, as the charts given one of them happened: each
 * outcome's probability is the weighted sum of its probabilities over the cases, over their total weight.
 */
function mixture(
  parts: readonly { readonly weight: number; readonly charts: readonly OddsReport[] }[],
): OddsReport[] {
  const total = parts.reduce((sum, p) => sum + p.weight, 0);
  const charts = new Map<string, Map<string | number, number>>();
  for (const { weight, charts: each } of parts)
    for (const chart of each) {
      let outcomes = charts.get(chart.name);
      if (!outcomes) {
        outcomes = new Map();
        charts.set(chart.name, outcomes);
      }
      for (const o of chart.outcomes)
        outcomes.set(o.outcome, (outcomes.get(o.outcome) ?? 0) + (weight / total) * o.probability);
    }
  return [...charts].map(([name, outcomes]) => ({
    name,
    outcomes: [...outcomes].map(([outcome, probability]) => ({ outcome, probability })),
  }));
}

type ReactionBase = Omit<ReactionFacts, 'orders' | 'occasion'>;

/**
 * A unit's Reaction Test facts (without orders and occasion) as its own side derives them: the table's
 * facts over the side's view (what it cannot see plays no part), plus what the game remembers of it.
 */
function reactionFactsSeenBy(state: JcGameState, side: string, unit: UnitId): ReactionBase {
  const view = viewFor(state, side);
  const { orders: _o, occasion: _c, ...facts } = situationOf(view, side).facts().reaction(unit).facts;
  return { ...facts, ...rememberedModifiers(state.units[unit]!, facts) };
}

/**
 * What only the game remembers of a unit for its tests, as the engine adds it (units.ts
 * `reactionBase`): permanent Resolve changes, friends seen falling back or routing, and the modifiers
 * events left for its next tests. Repeats merge into one counted entry.
 */
function rememberedModifiers(
  u: JcGameState['units'][string],
  base: Pick<ReactionBase, 'positive' | 'negative'>,
): Pick<ReactionBase, 'positive' | 'negative' | 'resolveAdjustments'> {
  const positive: AppliedModifier<PositiveReactionModifierId>[] = [...(base.positive ?? [])];
  const negative: AppliedModifier<NegativeReactionModifierId>[] = [...(base.negative ?? [])];
  const add = <Id extends string>(list: AppliedModifier<Id>[], m: AppliedModifier<Id>) => {
    const i = list.findIndex((e) => e.id === m.id);
    if (i < 0) list.push(m);
    else list[i] = { id: m.id, count: (list[i]!.count ?? 1) + (m.count ?? 1) };
  };
  if (u.friendsFallingBackSeen > 0)
    add(negative, { id: 'friends-seen-falling-back', count: u.friendsFallingBackSeen });
  if (u.friendsRoutingSeen > 0)
    add(negative, { id: 'friends-seen-forced-back-or-routing', count: u.friendsRoutingSeen });
  for (const p of u.pending) {
    if (p.tests === 'all-after-next') continue;
    const m = p.count === undefined ? { id: p.id } : { id: p.id, count: p.count };
    if (p.sign === 'positive') add(positive, m as AppliedModifier<PositiveReactionModifierId>);
    else add(negative, m as AppliedModifier<NegativeReactionModifierId>);
  }
  return { positive, negative, resolveAdjustments: u.adjustments };
}
