import { Prng, seedRng } from '../../core/random/prng.ts';
import { oddsOf } from '../../core/rules/run.ts';
import { type MeleeFacts, melee } from '../../rulesets/macduff/procedures/melee.ts';
import { movement } from '../../rulesets/macduff/procedures/movement.ts';
import { isCavalry } from '../../rulesets/macduff/vocabulary.ts';
import type { Player } from '../engine/battle.ts';
import { moveFacts, nearestOf } from './actions.ts';
import type { MdCommand } from './commands.ts';
import { inHardCover } from './geometry.ts';
import { averageMove, distanceBetween, enemiesOf, maxRange, weaponRanges } from './queries.ts';
import type { MdUnit } from './state.ts';
import type { MdView } from './view.ts';

/** The computer charges when the exact odds of reaching and winning the melee are at least this. */
export const CHARGE_ODDS = 0.5;

/** A charger heads for the target's nearest stand, seldom square on: it wants this much more than the gap. */
const CHARGE_MARGIN_INCHES = 1;

type Point = { readonly x: number; readonly y: number };

function closest<T>(items: readonly T[], score: (t: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const t of items) {
    const s = score(t);
    if (s < bestScore) {
      best = t;
      bestScore = s;
    }
  }
  return best;
}

function nearestEnemyDistance(view: MdView, unit: MdUnit): number {
  let best = Number.POSITIVE_INFINITY;
  for (const e of enemiesOf(view, unit)) best = Math.min(best, distanceBetween(view, unit.id, e.id));
  return best;
}

/** Does the side hold the objective now (a unit of its own within the radius, no enemy seen there)? */
function held(view: MdView, side: string, o: MdView['scenario']['objectives'][number]): boolean {
  let mine = false;
  for (const u of Object.values(view.units)) {
    const stands = view.table.units[u.id]?.stands ?? [];
    if (!stands.some((s) => Math.hypot(s.x - o.position.x, s.y - o.position.y) <= o.radius)) continue;
    if (u.side !== side) return false;
    mine = true;
  }
  return mine;
}

/** Where a unit should go: the nearest objective its side must take and does not hold; else undefined. */
function goalOf(view: MdView, unit: MdUnit): Point | undefined {
  const mine = new Set(
    view.scenario.conditions.flatMap((c) =>
      c.kind === 'hold-objectives' && c.side === unit.side ? c.objectives : [],
    ),
  );
  const open = view.scenario.objectives.filter((o) => mine.has(o.id) && !held(view, unit.side, o));
  const target = closest(open, (o) => Math.hypot(o.position.x - unit.anchor.x, o.position.y - unit.anchor.y));
  return target?.position;
}

/** The chance of reaching the target (the charge move's exact odds) times the chance of winning the melee. */
function chargeOdds(view: MdView, unit: MdUnit, target: MdUnit): number {
  const gap = distanceBetween(view, unit.id, target.id);
  const stands = view.table.units[target.id]?.stands ?? [];
  if (stands.length === 0) return 0;
  const aim = nearestOf(stands, unit.anchor);
  // the move is walked along the line to the aimed stand, so it never exceeds that line: going all the
  // way is contact too
  const line = Math.hypot(aim.x - unit.anchor.x, aim.y - unit.anchor.y);
  const needed = Math.min(gap + CHARGE_MARGIN_INCHES, line - 1e-9);
  const reach = oddsOf(movement, moveFacts(view, unit, aim, { charging: true }))[0]!.outcomes.reduce(
    (p, o) => p + (Number(o.outcome) >= needed ? o.probability : 0),
    0,
  );
  if (reach === 0) return 0;
  const front = (u: MdUnit) =>
    u.ratings.guns > 0
      ? u.figures
      : Math.min(
          u.figures,
          (view.table.units[u.id]?.stands ?? []).filter((s) => s.rank === 0).length * u.figuresPerStand,
        );
  const cavalry = isCavalry(unit.ratings.troop);
  const cover = inHardCover(Object.values(view.table.terrain), view.table.units[target.id]?.stands ?? []);
  const facts: MeleeFacts = {
    pairs: Math.max(1, Math.min(63, front(unit), front(target))),
    attacker: {
      modifiers: [
        ...(unit.ratings.allegiance === 'imperial' ? [{ id: 'imperial' as const }] : []),
        ...(cavalry && (unit.ratings.lancers || unit.ratings.troop === 'heavy-cavalry')
          ? [{ id: 'lancers-or-heavy-charging' as const }]
          : []),
      ],
      doubled: cavalry && (isCavalry(target.ratings.troop) || (target.formation !== 'square' && !cover)),
      twoVersusOnePairs: 0,
      shootingCasualties: unit.shotThisTurn,
    },
    defender: {
      modifiers: [
        ...(target.ratings.allegiance === 'imperial' && target.ratings.guns === 0
          ? [{ id: 'imperial' as const }]
          : []),
        ...(cover ? [{ id: 'defending-obstacle' as const }] : []),
      ],
      doubled: false,
      twoVersusOnePairs: 0,
      shootingCasualties: target.shotThisTurn,
    },
    cavalryCharged: cavalry,
    round: 1,
  };
  const win = oddsOf(melee, facts)[0]!.outcomes.reduce(
    (p, o) =>
      p + (o.outcome === 'attacker-wins' || o.outcome === 'cavalry-passes-through' ? o.probability : 0),
    0,
  );
  return reach * win;
}

/** The move that brings the unit nearest `aim` on an average roll, if it gains more than an inch. */
function moveToward(
  unit: MdUnit,
  moves: readonly Extract<MdCommand, { type: 'move' }>[],
  aim: Point,
  rng: Prng,
): MdCommand | undefined {
  const reach = averageMove(unit);
  const after = (to: Point) => {
    const d = Math.hypot(to.x - unit.anchor.x, to.y - unit.anchor.y);
    const f = d === 0 ? 0 : Math.min(1, reach / d);
    return { x: unit.anchor.x + (to.x - unit.anchor.x) * f, y: unit.anchor.y + (to.y - unit.anchor.y) * f };
  };
  const gap = (to: Point) => {
    const p = after(to);
    return Math.hypot(aim.x - p.x, aim.y - p.y);
  };
  const best = closest(moves, (m) => gap(m.to) + rng.int(100) / 1000);
  return best && gap(best.to) < Math.hypot(aim.x - unit.anchor.x, aim.y - unit.anchor.y) - 1
    ? best
    : undefined;
}

function pickActivation(view: MdView, legal: readonly MdCommand[], unit: MdUnit, rng: Prng): MdCommand {
  const of = <T extends MdCommand['type']>(t: T) =>
    legal.filter((c): c is Extract<MdCommand, { type: T }> => c.type === t);
  const enemyNear = nearestEnemyDistance(view, unit);
  const goal = goalOf(view, unit);
  const aim: Point | undefined =
    goal && Math.hypot(goal.x - unit.anchor.x, goal.y - unit.anchor.y) > 2
      ? goal
      : enemyNear > Math.max(maxRange(view, unit), 6)
        ? closest(
            enemiesOf(view, unit).map((e) => e.anchor),
            (p) => Math.hypot(p.x - unit.anchor.x, p.y - unit.anchor.y),
          )
        : undefined;
  const advance = aim ? moveToward(unit, of('move'), aim, rng) : undefined;

  const charges = of('charge')
    .map((c) => ({ c, p: chargeOdds(view, unit, view.units[c.target]!) }))
    .sort((a, b) => b.p - a.p);
  if (charges[0] && charges[0].p >= CHARGE_ODDS) return charges[0].c;

  const fires = of('fire');
  if (fires.length > 0) {
    const target = view.units[fires[0]!.target]!;
    const close =
      distanceBetween(view, unit.id, target.id) <=
      (unit.ratings.smallArm ? weaponRanges(view, unit).close : 12);
    // With ground to take, fire and keep going: a full volley if it may, else half the unit.
    const volley = fires.find((f) => f.option === 'volley-and-move' || f.option === 'fire-and-move');
    if (goal && volley) return volley;
    const halfAndMove = fires.find((f) => f.option === 'half-and-move');
    if (goal && !close && halfAndMove) return halfAndMove;
    return fires.find((f) => f.option === 'stand' || f.option === 'stand-twice') ?? fires[0]!;
  }
  const rally = of('rally')[0];
  const quiet = enemyNear > maxRange(view, unit);
  if (rally && (unit.smoke >= 2 || unit.mustRallyToFire || (quiet && (unit.smoke > 0 || unit.held >= 3))))
    return rally;
  if (advance) return advance;
  // Nothing to shoot at from here (out of arc or sight): close with the nearest enemy instead.
  const nearest = closest(
    enemiesOf(view, unit).map((e) => e.anchor),
    (p) => Math.hypot(p.x - unit.anchor.x, p.y - unit.anchor.y),
  );
  const close =
    nearest && enemyNear > 3 && unit.ratings.guns === 0
      ? moveToward(unit, of('move'), nearest, rng)
      : undefined;
  if (close) return close;
  const reserve = of('reserve-fire')[0];
  if (reserve && enemyNear <= 2 * maxRange(view, unit)) return reserve;
  if (rally && unit.held > 0) return rally;
  return of('end-activation')[0] ?? legal[0]!;
}

/**
 * The computer opponent: sees only its side's view and the legal commands. It acts with the units nearest
 * the enemy first; charges when the exact odds of reaching and winning are good; fires at what it must
 * (standing, or firing half and moving when it has ground to take); rallies to reload and recover; moves
 * on the objectives its side must take (else toward the enemy until in range); forms square against
 * cavalry and counter-charges with cavalry.
 */
export function computerPlayer(seed: number): Player<MdView, MdCommand> {
  const rng = new Prng(seedRng(seed));
  return (view, legal) => {
    if (legal.length === 1) return legal[0]!;
    const node = view.node;
    if (node.phase === 'choose-unit') {
      const activates = legal.filter(
        (c): c is Extract<MdCommand, { type: 'activate' }> => c.type === 'activate',
      );
      return (
        closest(activates, (c) => {
          const u = view.units[c.unit]!;
          return (u.mustRally ? 1000 : 0) + nearestEnemyDistance(view, u) + rng.int(10) / 100;
        }) ?? legal[0]!
      );
    }
    if (node.phase === 'reaction') {
      const charger = view.units[node.charger];
      const has = (r: string) => legal.find((c) => c.type === 'react' && c.reaction === r);
      if (charger && isCavalry(charger.ratings.troop))
        return has('form-square') ?? has('counter-charge') ?? has('fire-and-evade') ?? legal[0]!;
      return has('counter-charge') ?? has('fire-and-evade') ?? has('stand') ?? legal[0]!;
    }
    if (node.phase === 'activation') return pickActivation(view, legal, view.units[node.unit]!, rng);
    return legal[0]!;
  };
}
