import { Prng, seedRng } from '../../core/random/prng.ts';
import { oddsOf } from '../../core/rules/run.ts';
import { artilleryFire } from '../../rulesets/command-points/procedures/artillery-fire.ts';
import { combat } from '../../rulesets/command-points/procedures/combat.ts';
import { infantryFire } from '../../rulesets/command-points/procedures/infantry-fire.ts';
import type { CombatResultId } from '../../rulesets/command-points/tables/combat.ts';
import type { Player } from '../engine/battle.ts';
import type { CpCommand } from './commands.ts';
import { artilleryFacts, combatFacts, infantryFacts, maxRange } from './facts.ts';
import { centreOf, pointDistance, unitDistance, within } from './geometry.ts';
import { planFormation, planMove } from './moves.ts';
import { type CpBoard, type CpUnit, onTable } from './state.ts';
import { holder } from './victory.ts';
import type { CpView } from './view.ts';

/**
 * The computer opponent: reads only its view and the legal commands, and picks the command it scores
 * best, greedily, one at a time. It advances on the objectives it must take or hold (else on the
 * nearest enemy), attacks only when the exact combat odds favour it, unlimbers guns in range and keeps
 * them still, redresses battered units, and fires each unit at the target where its exact expected loss
 * to the enemy is greatest. A seeded PRNG breaks ties.
 */

const BAD: readonly CombatResultId[] = ['driven-back', 'defeated', 'routed'];

/** Probability that a side's result is driven back or worse, from an odds report. */
function pBad(outcomes: readonly { outcome: string | number; probability: number }[]): number {
  return outcomes
    .filter((o) => BAD.includes(o.outcome as CombatResultId))
    .reduce((s, o) => s + o.probability, 0);
}

/** How much better an attack goes for the attacker than for the defender (exact odds), -1..1. */
export function attackValue(board: CpBoard, attacker: CpUnit, defender: CpUnit): number {
  const odds = oddsOf(combat, combatFacts(board, [attacker], defender));
  const mine = odds.find((r) => r.name === 'Attacker result')!.outcomes;
  const theirs = odds.find((r) => r.name === 'Defender result')!.outcomes;
  return pBad(theirs) - pBad(mine);
}

/** Exact expected D-points (casualties count double) a unit inflicts on a target. */
export function fireValue(board: CpBoard, firer: CpUnit, target: CpUnit): number {
  const mean = (outcomes: readonly { outcome: string | number; probability: number }[]) =>
    outcomes.reduce((s, o) => s + Number(o.outcome) * o.probability, 0);
  if (firer.ratings.arm === 'artillery') {
    const odds = oddsOf(artilleryFire, artilleryFacts(board, firer, target));
    return mean(odds[0]!.outcomes) + 2 * mean(odds[1]!.outcomes);
  }
  return mean(oddsOf(infantryFire, infantryFacts(board, firer, target))[0]!.outcomes);
}

/** The objectives in the scenario's hold conditions: the side's own to take, the enemy's to deny. */
function goals(board: CpBoard, side: string): { x: number; y: number }[] {
  const wanted = new Set<string>();
  for (const c of board.victory.conditions)
    if (c.kind === 'hold-objectives') for (const o of c.objectives) wanted.add(o);
  return board.victory.objectives
    .filter((o) => wanted.has(o.id) && holder(board, o) !== side)
    .map((o) => o.position);
}

/** Foot and horse close with an enemy this near rather than march past it. */
const ENGAGE = 12;

/**
 * Where a unit is heading: an enemy within 12" (foot and horse), else the nearest objective not held
 * by its side, else the nearest enemy.
 */
function aimOf(board: CpBoard, u: CpUnit): { x: number; y: number } | undefined {
  const c = centreOf(u);
  if (u.ratings.arm !== 'artillery') {
    const close = enemiesWithin(board, u, ENGAGE).sort((a, b) => unitDistance(u, a) - unitDistance(u, b))[0];
    if (close) return centreOf(close);
  }
  const targets = goals(board, u.side);
  if (targets.length > 0)
    return targets.reduce((a, b) =>
      Math.hypot(a.x - c.x, a.y - c.y) <= Math.hypot(b.x - c.x, b.y - c.y) ? a : b,
    );
  let best: { p: { x: number; y: number }; d: number } | undefined;
  for (const e of Object.values(board.units))
    if (e.side !== u.side && onTable(e)) {
      const p = centreOf(e);
      const d = Math.hypot(p.x - c.x, p.y - c.y);
      if (!best || d < best.d) best = { p, d };
    }
  return best?.p;
}

function enemiesWithin(board: CpBoard, u: CpUnit, d: number): CpUnit[] {
  return Object.values(board.units).filter((e) => e.side !== u.side && onTable(e) && within(u, e, d));
}

/** What one decision reads many times: each unit's aim and whether it holds an objective now. */
class Context {
  private readonly aims = new Map<string, { x: number; y: number } | undefined>();
  private readonly holding = new Map<string, boolean>();
  constructor(readonly board: CpBoard) {}

  aim(u: CpUnit): { x: number; y: number } | undefined {
    if (!this.aims.has(u.id)) this.aims.set(u.id, aimOf(this.board, u));
    return this.aims.get(u.id);
  }

  holds(u: CpUnit): boolean {
    let h = this.holding.get(u.id);
    if (h === undefined) {
      const board = this.board;
      h = board.victory.objectives.some(
        (o) => pointDistance(o.position, u) <= o.radius && holder(board, o) === u.side,
      );
      this.holding.set(u.id, h);
    }
    return h;
  }
}

function scoreCommand(ctx: Context, c: CpCommand): number {
  const board = ctx.board;
  switch (c.type) {
    case 'end-command':
    case 'end-fire':
      return 0;
    case 'redress': {
      const u = board.units[c.unit]!;
      return u.dpoints >= 3 ? 6 + u.dpoints : u.dpoints === 2 ? 2.5 : 0.6;
    }
    case 'attach': {
      const current = board.commanders[c.commander]!.attachedTo;
      const now = current ? board.units[current] : undefined;
      if (now && now.status === 'formed') return -1;
      return 2 + board.units[c.unit]!.bases / 10;
    }
    case 'formation': {
      const u = board.units[c.unit]!;
      const plan = planFormation(board, u, c.formation);
      if (!plan.ok) return -1;
      if (u.ratings.arm === 'artillery') {
        const inRange =
          enemiesWithin(board, u, maxRange(board, { ...u, formation: 'unlimbered' })).length > 0;
        return c.formation === 'unlimbered' ? (inRange ? 5 : -1) : inRange ? -3 : 1.5;
      }
      const near = enemiesWithin(board, u, 12).length > 0;
      if (c.formation === 'line') return near ? 3 : -0.5;
      // Far from the enemy a column marches several points a turn.
      if (c.formation === 'column') return near ? -2 : enemiesWithin(board, u, 24).length > 0 ? 0.8 : 4;
      return -1;
    }
    case 'move': {
      const u = board.units[c.unit]!;
      const plan = planMove(board, u, c);
      if (!plan.ok) return -1;
      if (u.ratings.arm === 'artillery' && u.formation === 'unlimbered') {
        if (enemiesWithin(board, u, maxRange(board, u)).length > 0) return -3;
      }
      if (c.backward) return u.dpoints >= 4 && enemiesWithin(board, u, 8).length > 0 ? 2 : -2;
      if (plan.attacking) {
        const value = attackValue(
          board,
          { ...plan.unit, attacking: plan.attacking },
          board.units[plan.attacking]!,
        );
        return value > 0.15 ? 8 + 10 * value : -5;
      }
      const aim = ctx.aim(u);
      if (!aim) return -1;
      const before = Math.hypot(aim.x - centreOf(u).x, aim.y - centreOf(u).y);
      const after = Math.hypot(aim.x - centreOf(plan.unit).x, aim.y - centreOf(plan.unit).y);
      const held = board.victory.objectives.some(
        (o) => holder(board, o) === u.side && pointDistance(o.position, u) <= o.radius,
      );
      return (before - after) * 0.8 - (held ? 3 : 0) - (u.dpoints >= 3 ? 2 : 0);
    }
    case 'fire': {
      const firer = board.units[c.unit]!;
      const target = board.units[c.target]!;
      return 0.01 + fireValue(board, firer, target) * (target.status === 'formed' ? 1 : 0.5);
    }
  }
}

/** The computer player; `seed` seeds its tie-breaks. */
export function computerPlayer(seed: number): Player<CpView, CpCommand> {
  const rng = new Prng(seedRng(seed));
  return (view, legal) => {
    if (legal.length === 0) throw new Error('no legal command to choose from');
    let best = legal[legal.length - 1]!;
    let bestScore = Number.NEGATIVE_INFINITY;
    const ctx = new Context(view);
    for (const c of legal) {
      const score = scoreCommand(ctx, c) + rng.int(1000) / 1e6;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    if (bestScore <= 0.05)
      return legal.find((c) => c.type === 'end-command' || c.type === 'end-fire') ?? best;
    return best;
  };
}
