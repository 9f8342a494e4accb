import { bearing, normalizeDegrees } from '../../core/geometry/angles.ts';
import type { DiceSource } from '../../core/random/dice.ts';
import { d6 } from '../../core/random/rolls.ts';
import {
  type ArtilleryFireResult,
  artilleryBand,
  prepareArtilleryFire,
} from '../../rulesets/command-points/procedures/artillery-fire.ts';
import { prepareCombat } from '../../rulesets/command-points/procedures/combat.ts';
import { resolveCommandRoll } from '../../rulesets/command-points/procedures/command-roll.ts';
import { resolveCommanderLoss } from '../../rulesets/command-points/procedures/commander-loss.ts';
import { resolveRedress, takeDPoints } from '../../rulesets/command-points/procedures/dpoints.ts';
import { resolveInfantryFire } from '../../rulesets/command-points/procedures/infantry-fire.ts';
import { resolveMorale } from '../../rulesets/command-points/procedures/morale.ts';
import { COMBAT_DISTANCE, ROUT_MOVE } from '../../rulesets/command-points/tables/combat.ts';
import type { DPointCause } from '../../rulesets/command-points/tables/command.ts';
import { MORALE_TABLE } from '../../rulesets/command-points/tables/morale.ts';
import { MOVEMENT_TABLE } from '../../rulesets/command-points/tables/movement.ts';
import { gradeRank } from '../../rulesets/command-points/vocabulary.ts';
import { CopyOnWriteRecord, type EngineOptions, WorkingCopy } from '../engine/working-copy.ts';
import type { Edge } from '../scenario/schema.ts';
import type { CpEvent } from './events.ts';
import { artilleryFacts, combatFacts, infantryFacts, nearestEnemy } from './facts.ts';
import { centreOf, layOut, onTheTable, overlapsAnother, step, unitDistance, within } from './geometry.ts';
import {
  type CpBoard,
  type CpCommander,
  type CpGameState,
  type CpUnit,
  type FireOrder,
  onTable,
} from './state.ts';
import { verdict } from './victory.ts';

/** The command-point rules' events carry neither the dice thrown nor procedure traces. */
const CP_ENGINE: EngineOptions = { traces: false };

/**
 * Hannam's turn sequence as Muster plays it (section 5.1 of the reconstruction): 1. morale-provoked
 * retreats (and routs moving on), 2. each commander throws his command points and the sides, in an
 * order a die decides each turn, spend them, 3. firing (declared by both sides, then resolved at once),
 * 4. combat; then the victory check. `Work` is the working copy of one `apply` (`WorkingCopy`: units and
 * commanders copied on write, fields replaced with `set`); `finish` gives the new plain-JSON state.
 */
export class Work extends WorkingCopy<CpGameState, CpEvent> {
  private readonly unitRecord: CopyOnWriteRecord<CpUnit>;
  private readonly commanderRecord: CopyOnWriteRecord<CpCommander>;

  constructor(state: CpGameState) {
    super(state, CP_ENGINE, false);
    this.unitRecord = new CopyOnWriteRecord(state.units);
    this.commanderRecord = new CopyOnWriteRecord(state.commanders);
  }

  /** Every unit by id, as it is now (read only: replace a unit with `setUnit`). */
  get units(): Readonly<Record<string, CpUnit>> {
    return this.unitRecord.record;
  }

  /** Every commander by id, as he is now (read only: replace one with `setCommander`). */
  get commanders(): Readonly<Record<string, CpCommander>> {
    return this.commanderRecord.record;
  }

  setUnit(id: string, unit: CpUnit): void {
    this.unitRecord.set(id, unit);
  }

  setCommander(id: string, commander: CpCommander): void {
    this.commanderRecord.set(id, commander);
  }

  /** The state as it stands now (geometry and facts read it). */
  get state(): CpGameState {
    return { ...this.base, units: this.units, commanders: this.commanders };
  }

  override finish(): CpGameState {
    return super.finish({ units: this.units, commanders: this.commanders });
  }
}

const AWAY_FROM: Readonly<Record<Edge, number>> = { south: 270, north: 90, west: 180, east: 0 };

/** The direction to a side's own base edge (where its routers run). */
export function homeward(state: CpGameState, side: string): number {
  return AWAY_FROM[state.baseEdges[side]!];
}

/**
 * Lays a unit out again after losing bases, in its formation where there is room; otherwise foot and
 * horse close up by losing their rearmost stands, which can never overlap anything new.
 */
function relaid(w: Work, u: CpUnit, bases: number): CpUnit {
  const state = w.state;
  const stands = layOut(
    u,
    { x: u.x, y: u.y, facing: u.facing, formation: u.formation, bases },
    w.base.basing,
  );
  if (stands && onTheTable(state, stands) && !overlapsAnother(state, u.id, stands))
    return { ...u, bases, stands };
  if (u.ratings.arm !== 'artillery') return { ...u, bases, stands: u.stands.slice(0, bases) };
  return stands ? { ...u, bases, stands } : { ...u, bases };
}

/** Losses to commanders: each active commander with the unit throws for each occasion. */
function riskCommanders(w: Work, unit: string, occasions: number): void {
  for (const c of Object.values(w.commanders)) {
    if (c.status !== 'active' || c.attachedTo !== unit) continue;
    for (let i = 0; i < occasions; i++) {
      const r = resolveCommanderLoss(
        { occasion: 'casualty', lightWoundPoints: w.base.settings.lightWoundPoints },
        w.dice,
      );
      if (r.fate === 'unhurt') continue;
      w.emit({ type: 'commander-hit', visibleTo: 'all', commander: c.id, fate: r.fate });
      const current = w.commanders[c.id]!;
      if (r.leavesField) {
        const { attachedTo: _gone, ...rest } = current;
        w.setCommander(c.id, {
          ...rest,
          status: r.fate === 'killed' ? 'killed' : 'retired',
          points: 0,
          freePoint: false,
        });
        break;
      }
      w.setCommander(c.id, { ...current, pointsLostNextTurn: current.pointsLostNextTurn + r.pointsLost });
    }
  }
}

/** D-points and casualties inflicted on a unit (the cap turns excess into casualties), with the risk to its commander. */
export function inflict(w: Work, id: string, dpoints: number, casualties: number, cause: DPointCause): void {
  const u = w.units[id]!;
  if (!onTable(u) || (dpoints === 0 && casualties === 0)) return;
  const taken = takeDPoints({ current: u.dpoints, inflicted: dpoints, cause });
  const lost = casualties + taken.casualties;
  const bases = Math.max(0, u.bases - lost);
  const scarred = { ...u, dpoints: taken.dpoints };
  const next = lost > 0 ? relaid(w, scarred, Math.max(bases, 1)) : scarred;
  if (bases === 0) {
    w.setUnit(id, { ...next, bases: 0, status: 'destroyed' });
    w.emit({ type: 'destroyed', visibleTo: 'all', unit: id });
  } else w.setUnit(id, next);
  const occasions = (cause === 'fire' || cause === 'combat') && dpoints > 0 ? 1 : 0;
  riskCommanders(w, id, Math.max(occasions, lost > 0 ? 1 : 0));
}

/**
 * Moves a unit `distance` inches along `heading` (keeping its facing unless `face` is given), as far as
 * it can without ending on another unit; a unit whose move would carry it off the table leaves the battle.
 */
function fallBack(w: Work, id: string, heading: number, distance: number, face?: number): void {
  const u = w.units[id]!;
  const facing = face ?? u.facing;
  const state = w.state;
  for (let d = distance; d >= 0; d -= 1) {
    const to = step(u.x, u.y, heading, d);
    const stands = layOut(
      u,
      { x: to.x, y: to.y, facing, formation: u.formation, bases: u.bases },
      state.basing,
    );
    if (!stands) continue;
    if (!onTheTable(state, stands)) {
      if (d === distance) {
        w.setUnit(id, { ...u, status: 'gone' });
        w.emit({ type: 'left-table', visibleTo: 'all', unit: id });
        return;
      }
      continue;
    }
    if (overlapsAnother(state, id, stands)) continue;
    w.setUnit(id, { ...u, x: to.x, y: to.y, facing, stands });
    if (d > 0) w.emit({ type: 'retreated', visibleTo: 'all', unit: id, x: to.x, y: to.y });
    return;
  }
}

/** A unit routs: it turns for home and runs 6"; friends of higher grade than it within 6" are shaken. */
export function rout(w: Work, id: string): void {
  const u = w.units[id]!;
  if (!onTable(u)) return;
  const { attacking: _a, ...rest } = u;
  w.setUnit(id, { ...rest, status: 'routed' });
  w.emit({ type: 'routed', visibleTo: 'all', unit: id });
  for (const f of Object.values(w.units)) {
    if (f.side !== u.side || f.id === id || f.status !== 'formed') continue;
    if (
      gradeRank(u.ratings.grade) > gradeRank(f.ratings.grade) &&
      within(f, u, MORALE_TABLE.routShakesWithin)
    )
      w.setUnit(f.id, { ...f, shakenByRout: true });
  }
  const home = homeward(w.base, u.side);
  fallBack(w, id, home, ROUT_MOVE, home);
}

/** Out of range of every enemy gun on the table. */
function outOfGunRange(w: Work, u: CpUnit): boolean {
  return Object.values(w.units).every(
    (g) =>
      g.side === u.side ||
      g.ratings.arm !== 'artillery' ||
      !onTable(g) ||
      !within(g, u, w.base.settings.gunRanges[g.ratings.gunClass ?? 'light'].long),
  );
}

/** Behind friendly troops: a formed friend within 12" stands nearer the nearest enemy. */
function covered(w: Work, u: CpUnit): boolean {
  const enemy = nearestEnemy(w.state, u.side, centreOf(u));
  if (!enemy) return true;
  return Object.values(w.units).some(
    (f) =>
      f.side === u.side &&
      f.id !== u.id &&
      f.status === 'formed' &&
      within(f, u, 12) &&
      unitDistance(f, enemy.unit) < enemy.distance,
  );
}

/** A unit stops retreating or running: formed again, turned to face the enemy if there is room. */
function rally(w: Work, id: string): void {
  const u = w.units[id]!;
  const facing = u.status === 'routed' ? normalizeDegrees(u.facing + 180) : u.facing;
  const stands = layOut(u, { x: u.x, y: u.y, facing, formation: u.formation, bases: u.bases }, w.base.basing);
  const room = stands && onTheTable(w.state, stands) && !overlapsAnother(w.state, id, stands);
  w.setUnit(id, room ? { ...u, status: 'formed', facing, stands } : { ...u, status: 'formed' });
  w.emit({ type: 'rallied', visibleTo: 'all', unit: id });
}

/** Step 1: morale-provoked retreats; routers and defeated units move on, or stop and rally. */
function moralePhase(w: Work): void {
  for (const id of Object.keys(w.units).sort()) {
    const u = w.units[id]!;
    if (u.status === 'routed') {
      if (outOfGunRange(w, u)) rally(w, id);
      else {
        const home = homeward(w.base, u.side);
        fallBack(w, id, home, ROUT_MOVE, home);
      }
    } else if (u.status === 'falling-back') {
      if (covered(w, u)) rally(w, id);
      else fallBack(w, id, homeward(w.base, u.side), MOVEMENT_TABLE.perPoint);
    } else if (u.status === 'formed') {
      const r = resolveMorale({
        dpoints: u.dpoints,
        bases: u.bases,
        startingBases: u.startBases,
        lowerGradeFriendRoutedNearby: u.shakenByRout,
        thresholds: {
          retreatAtDPoints: w.base.settings.moraleRetreatAtDPoints,
          routAtLossFraction: w.base.settings.moraleRoutAtLossFraction,
        },
      });
      w.setUnit(id, { ...u, shakenByRout: false });
      if (r.dpoints !== u.dpoints || r.casualties > 0)
        inflict(w, id, r.dpoints - u.dpoints, r.casualties, 'morale');
      if (r.action === 'hold') continue;
      w.emit({ type: 'morale', visibleTo: 'all', unit: id, action: r.action, dpoints: r.dpoints });
      if (w.units[id]!.status !== 'formed') continue;
      if (r.action === 'rout') rout(w, id);
      else fallBack(w, id, normalizeDegrees(u.facing + 180), MOVEMENT_TABLE.perPoint);
    }
  }
}

/** Starts the next turn: morale, fresh command points, and the die for who commands first. */
export function beginTurn(w: Work): void {
  const turn = w.base.turn + 1;
  moralePhase(w);
  for (const [id, u] of Object.entries(w.units)) {
    const { attacking: _a, ...rest } = u;
    w.setUnit(id, { ...rest, movesThisTurn: 0, firedThisTurn: false });
  }
  for (const id of Object.keys(w.commanders).sort()) {
    const c = w.commanders[id]!;
    if (c.status !== 'active') continue;
    const r = resolveCommandRoll({ pointsLost: c.pointsLostNextTurn }, w.dice);
    const attached = c.attachedTo !== undefined && onTable(w.units[c.attachedTo]!);
    w.setCommander(id, {
      ...c,
      points: r.points,
      freePoint: attached,
      attachedThisTurn: false,
      pointsLostNextTurn: 0,
    });
    w.emit({ type: 'points-thrown', visibleTo: 'all', commander: id, roll: r.roll, points: r.points });
  }
  const die = w.dice.roll(d6, 'first');
  const [a, b] = w.base.sides;
  const order = die <= 3 ? ([a, b] as const) : ([b, a] as const);
  w.set({ turn, phase: 'command', active: 0, order, fireOrders: [] });
  w.emit({ type: 'turn-began', visibleTo: 'all', turn, first: order[0], die });
}

/** What one declared fire did to its target, and the range band a battery's next fire compares with. */
export interface FireHit {
  readonly dpoints: number;
  readonly casualties: number;
  /** A battery's band to its target (absent for musketry and out of range). */
  readonly band?: Exclude<ArtilleryFireResult['band'], 'out-of-range'>;
}

/**
 * One declared fire thrown from `before` (the state before any fire of the phase): guns on the artillery
 * table ("Firing - Artillery"), foot with small arms on the infantry table ("Firing - Infantry").
 */
export function throwFire(before: CpBoard, order: FireOrder, dice: DiceSource): FireHit {
  const firer = before.units[order.unit]!;
  const target = before.units[order.target]!;
  if (firer.ratings.arm === 'artillery') {
    const facts = artilleryFacts(before, firer, target);
    const r = prepareArtilleryFire(facts)(dice);
    const band = artilleryBand(facts.gunClass, facts.distance, facts.ranges);
    return band === 'out-of-range'
      ? { dpoints: r.dpoints, casualties: r.casualties }
      : { dpoints: r.dpoints, casualties: r.casualties, band };
  }
  const r = resolveInfantryFire(infantryFacts(before, firer, target), dice);
  return { dpoints: r.dpoints, casualties: 0 };
}

/** Step 3: every declared fire, each from the state before any of it, then the losses together. */
export function resolveFire(w: Work): void {
  const before = w.state;
  const hits: { unit: string; target: string; dpoints: number; casualties: number }[] = [];
  for (const order of before.fireOrders) {
    const { dpoints, casualties, band } = throwFire(before, order, w.dice);
    if (band) w.setUnit(order.unit, { ...w.units[order.unit]!, lastTarget: { unit: order.target, band } });
    hits.push({ unit: order.unit, target: order.target, dpoints, casualties });
  }
  for (const h of hits) {
    w.emit({ type: 'fired', visibleTo: 'all', ...h });
    inflict(w, h.target, h.dpoints, h.casualties, 'fire');
  }
  w.set({ fireOrders: [] });
}

/** Step 4: every unit that advanced to within 4" of an enemy fights it, two attackers at most together. */
export function resolveCombats(w: Work): void {
  const byTarget = new Map<string, CpUnit[]>();
  for (const u of Object.values(w.units))
    if (u.attacking && u.status === 'formed')
      byTarget.set(u.attacking, [...(byTarget.get(u.attacking) ?? []), u]);
  for (const target of [...byTarget.keys()].sort()) {
    const queue = byTarget
      .get(target)!
      .sort((a, b) => b.bases - a.bases || a.id.localeCompare(b.id))
      .map((u) => u.id);
    while (queue.length > 0) {
      const defender = w.units[target]!;
      if (!onTable(defender)) break;
      const group = queue
        .splice(0, 2)
        .map((id) => w.units[id]!)
        .filter((u) => u.status === 'formed' && within(u, defender, COMBAT_DISTANCE));
      if (group.length === 0) continue;
      const r = prepareCombat(combatFacts(w.state, group, defender))(w.dice);
      w.emit({
        type: 'combat',
        visibleTo: 'all',
        attackers: group.map((u) => u.id),
        defender: target,
        attackerResult: r.attacker.result,
        defenderResult: r.defender.result,
        attackerScore: { die: r.attacker.die, factors: r.attacker.factors, score: r.attacker.score },
        defenderScore: { die: r.defender.die, factors: r.defender.factors, score: r.defender.score },
      });
      for (const u of group) outcome(w, u.id, r.attacker, defender);
      outcome(w, target, r.defender, group[0]!);
    }
  }
  for (const [id, u] of Object.entries(w.units)) {
    const { attacking: _a, ...rest } = u;
    w.setUnit(id, rest);
  }
}

function outcome(
  w: Work,
  id: string,
  r: { dpoints: number; casualties: number; retreat: 'none' | 'one-move' | 'until-covered' | 'rout' },
  enemy: CpUnit,
): void {
  inflict(w, id, r.dpoints, r.casualties, 'combat');
  const u = w.units[id]!;
  if (!onTable(u) || r.retreat === 'none') return;
  if (r.retreat === 'rout') {
    rout(w, id);
    return;
  }
  const away = bearing(centreOf(enemy).x, centreOf(enemy).y, centreOf(u).x, centreOf(u).y);
  if (r.retreat === 'until-covered') w.setUnit(id, { ...u, status: 'falling-back' });
  fallBack(w, id, away, MOVEMENT_TABLE.perPoint);
}

/** The end of the turn: good troops that halted redress their ranks, then the victory check. */
export function endTurn(w: Work): void {
  for (const id of Object.keys(w.units).sort()) {
    const u = w.units[id]!;
    if (u.status !== 'formed' || u.movesThisTurn > 0 || u.dpoints === 0) continue;
    const r = resolveRedress({
      current: u.dpoints,
      pointsSpent: 0,
      halted: true,
      grade: u.ratings.grade,
      freeRemovalWhenHalted: w.base.settings.redressWhenHalted,
    });
    if (r.byHalting === 0) continue;
    w.setUnit(id, { ...u, dpoints: r.remaining });
    w.emit({ type: 'redressed-by-halting', visibleTo: 'all', unit: id, removed: r.byHalting });
  }
  const result = verdict(w.state);
  if (result) {
    w.set({ phase: 'over', result });
    w.emit({ type: 'game-over', visibleTo: 'all', result });
  } else beginTurn(w);
}
