import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import type { TableState, UnitState } from '../../core/table/model.ts';
import { SightTracer } from '../../core/table/sight-line.ts';
import { type SightProfile, TableIndex } from '../../core/table/spatial-index.ts';
import {
  type ArtilleryFireFacts,
  artilleryBand,
  MAX_GUNS,
} from '../../rulesets/command-points/procedures/artillery-fire.ts';
import type { CombatFacts, CombatSideFacts } from '../../rulesets/command-points/procedures/combat.ts';
import type { InfantryFireFacts } from '../../rulesets/command-points/procedures/infantry-fire.ts';
import type { ArtilleryModifierId } from '../../rulesets/command-points/tables/artillery.ts';
import type { CombatFactorId } from '../../rulesets/command-points/tables/combat.ts';
import { INFANTRY_FIRE_TABLE } from '../../rulesets/command-points/tables/infantry.ts';
import { scenarioBasing } from '../scenario/table.ts';
import {
  centreOf,
  elevationAt,
  inFrontArc,
  liningWall,
  pointDistance,
  unitDistance,
  within,
  worksOf,
} from './geometry.ts';
import { type CpBoard, type CpUnit, onTable } from './state.ts';

/**
 * The facts each command-point procedure needs, read from the table (Muster's readings, in
 * docs/rules/command-points.md): who may fire at whom, with which modifiers, and each side's combat
 * factors.
 */

/** Half the angle of a unit's arc of fire, either side of straight ahead. */
export const FIRE_ARC = 45;
/** A target whose firer is outside its front 60° either side is enfiladed. */
const ENFILADE_ARC = 60;
/** An attacker outside the defender's front 90° either side strikes its flank or rear. */
const FLANK_ARC = 90;

const SIGHT: SightProfile = {
  barriers: ['wall-high', 'fortification', 'fortified-city-wall'],
  zones: ['town', 'heavy-woods', 'light-woods', 'hill'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'limber'],
  contact: 0.5,
};

/** Woods a sight line may pass through (inches) before they block it. */
const LIGHT_WOODS_SIGHT = 2;

/**
 * Line of sight on one state: blocked by other units' stands and high walls and works, by towns and
 * heavy woods between the ends, by more than 2" of light woods, and by a hill's crest when both ends
 * stand lower than the hill.
 */
export class Sight {
  private readonly index: TableIndex;
  private readonly tracer: SightTracer;

  constructor(state: CpBoard) {
    const units: Record<string, UnitState> = {};
    for (const u of Object.values(state.units))
      if (onTable(u))
        units[u.id] = { id: u.id, side: u.side, formation: u.formation, facing: u.facing, stands: u.stands };
    const table: TableState = {
      width: state.table.width,
      depth: state.table.depth,
      basing: scenarioBasing(state.basing),
      units,
      generals: {},
      terrain: state.terrain,
    };
    this.index = new TableIndex(table, SIGHT);
    this.tracer = new SightTracer(this.index);
  }

  canSee(firer: CpUnit, target: CpUnit): boolean {
    const ix = this.index;
    const a = nearestStand(firer, centreOf(target));
    const b = nearestStand(target, centreOf(firer));
    const sa = ix.standIndex(a.id);
    const sb = ix.standIndex(b.id);
    const t = this.tracer;
    if (!t.trace(a.x, a.y, sa, b.x, b.y, sb)) {
      const owner = t.blockingStand >= 0 ? ix.standOwner[t.blockingStand] : undefined;
      if (owner !== firer.id && owner !== target.id) return false;
    }
    let woods = 0;
    for (let i = 0; i < t.zoneCount; i++) {
      const z = t.zones[i]!;
      const feature = ix.features[ix.zoneFeature[z]!]!;
      const runs = t.zoneRuns(z);
      for (let r = 0; r < runs; r++) {
        const t0 = t.runs[2 * r]!;
        const t1 = t.runs[2 * r + 1]!;
        const between = t0 > t.from && t1 < t.to;
        if ((feature.kind === 'town' || feature.kind === 'heavy-woods') && between) return false;
        if (feature.kind === 'light-woods') woods += (t1 - t0) * t.length;
      }
      if (feature.kind === 'hill' && t.crestCrossings(z) > 0) {
        const high = feature.elevation;
        if (ix.standElevation[sa]! < high && ix.standElevation[sb]! < high) return false;
      }
    }
    return woods <= LIGHT_WOODS_SIGHT;
  }
}

function nearestStand(u: CpUnit, p: { x: number; y: number }) {
  let best = u.stands[0]!;
  let d = Number.POSITIVE_INFINITY;
  for (const s of u.stands) {
    const e = Math.hypot(s.x - p.x, s.y - p.y);
    if (e < d) {
      d = e;
      best = s;
    }
  }
  return best;
}

const terrainOf = (state: CpBoard) => Object.values(state.terrain);

/** Whether a unit may fire this phase at all (formed; guns unlimbered and unmoved; foot with firearms, not in column). */
export function mayFire(u: CpUnit): boolean {
  if (u.status !== 'formed' || u.firedThisTurn) return false;
  if (u.ratings.arm === 'artillery') return u.formation === 'unlimbered' && u.movesThisTurn === 0;
  if (u.ratings.arm !== 'infantry' || u.ratings.smallArm === 'none') return false;
  return u.formation !== 'column' && u.bases > u.dpoints;
}

/** The greatest range a unit fires to, inches. */
export function maxRange(state: CpBoard, u: CpUnit): number {
  if (u.ratings.arm === 'artillery') return state.settings.gunRanges[u.ratings.gunClass ?? 'light'].long;
  return u.ratings.smallArm === 'rifle' ? INFANTRY_FIRE_TABLE.range.rifle : INFANTRY_FIRE_TABLE.range.musket;
}

/** Whether `target` is a legal target of `firer`: an enemy on the table, in range, in its arc, in sight. */
export function mayFireAt(state: CpBoard, sight: Sight, firer: CpUnit, target: CpUnit): boolean {
  if (target.side === firer.side || !onTable(target)) return false;
  if (!within(firer, target, maxRange(state, firer))) return false;
  if (!inFrontArc(firer, centreOf(target), FIRE_ARC)) return false;
  return sight.canSee(firer, target);
}

export function artilleryFacts(state: CpBoard, firer: CpUnit, target: CpUnit): ArtilleryFireFacts {
  const gunClass = firer.ratings.gunClass ?? 'light';
  const distance = unitDistance(firer, target);
  const ranges = state.settings.gunRanges[gunClass];
  const band = artilleryBand(gunClass, distance, ranges);
  const mods: AppliedModifier<ArtilleryModifierId>[] = [];
  if (worksOf(terrainOf(state), target) !== 'none') mods.push({ id: 'target-in-works' });
  const enfiladed = !inFrontArc(target, centreOf(firer), ENFILADE_ARC);
  if (target.formation === 'column' || target.formation === 'limbered' || enfiladed)
    mods.push({ id: 'target-column-limbered-or-enfiladed' });
  const last = firer.lastTarget;
  if (last?.unit === target.id && last.band === band) mods.push({ id: 'same-target-same-range' });
  else if (last?.unit !== target.id) mods.push({ id: 'new-target' });
  if (firer.dpoints > 0) mods.push({ id: 'dpoints-on-gun', count: firer.dpoints });
  if (target.formation === 'skirmish') mods.push({ id: 'target-skirmishers' });
  return { gunClass, distance, guns: Math.min(firer.bases, MAX_GUNS), modifiers: mods, ranges };
}

export function infantryFacts(state: CpBoard, firer: CpUnit, target: CpUnit): InfantryFireFacts {
  return {
    bases: firer.bases,
    dpoints: firer.dpoints,
    weapon: firer.ratings.smallArm === 'rifle' ? 'rifle' : 'musket',
    distance: unitDistance(firer, target),
    target:
      target.formation === 'skirmish'
        ? 'skirmishers'
        : target.ratings.arm === 'artillery'
          ? 'artillery'
          : 'formed',
    targetInWorks: worksOf(terrainOf(state), target) !== 'none',
    skirmishers: firer.formation === 'skirmish',
  };
}

function commanderWith(state: CpBoard, unit: string): boolean {
  return Object.values(state.commanders).some((c) => c.status === 'active' && c.attachedTo === unit);
}

function outnumberedFactor(own: number, enemy: number): AppliedModifier<CombatFactorId>[] {
  if (enemy >= 3 * own) return [{ id: 'outnumbered-3-to-1' }];
  if (enemy >= 2 * own) return [{ id: 'outnumbered-2-to-1' }];
  return enemy > own ? [{ id: 'outnumbered' }] : [];
}

function unitFactors(
  state: CpBoard,
  u: CpUnit,
  role: 'attacker' | 'defender',
  enemies: readonly CpUnit[],
  ownBases: number,
  enemyBases: number,
): AppliedModifier<CombatFactorId>[] {
  const terrain = terrainOf(state);
  const f: AppliedModifier<CombatFactorId>[] = [];
  if (role === 'defender') {
    const works = worksOf(terrain, u);
    if (works === 'fort') f.push({ id: 'defending-fort-or-stone-building' });
    else if (works !== 'none') f.push({ id: 'defending-fieldwork-or-wooden-building' });
  }
  const mine = elevationAt(terrain, u);
  const theirs = Math.max(...enemies.map((e) => elevationAt(terrain, e)));
  if (mine > theirs || (role === 'defender' && liningWall(terrain, u))) f.push({ id: 'terrain-advantage' });
  if (commanderWith(state, u.id)) f.push({ id: 'commander-attached' });
  if (u.formation === 'skirmish') f.push({ id: 'in-skirmish-order' });
  if (role === 'defender' && enemies.some((e) => !inFrontArc(u, centreOf(e), FLANK_ARC)))
    f.push({ id: 'attacked-in-flank-or-rear' });
  const casualties = u.startBases - u.bases;
  if (casualties > 0) f.push({ id: 'casualties', count: casualties });
  if (u.dpoints > 0) f.push({ id: 'dpoints', count: u.dpoints });
  f.push(...outnumberedFactor(ownBases, enemyBases));
  return f;
}

/** The combat facts of one or two attackers against one defender, from the table. */
export function combatFacts(state: CpBoard, attackers: readonly CpUnit[], defender: CpUnit): CombatFacts {
  const attackerBases = attackers.reduce((s, u) => s + u.bases, 0);
  const side = (
    units: readonly CpUnit[],
    role: 'attacker' | 'defender',
    enemies: readonly CpUnit[],
  ): CombatSideFacts => {
    const own = role === 'attacker' ? attackerBases : defender.bases;
    const enemy = role === 'attacker' ? defender.bases : attackerBases;
    const [first, second] = units;
    return {
      arm: first!.ratings.arm,
      bayonetAttack: role === 'attacker' && first!.ratings.bayonetAttack && first!.formation !== 'skirmish',
      unit: { grade: first!.ratings.grade, factors: unitFactors(state, first!, role, enemies, own, enemy) },
      ...(second
        ? {
            second: {
              grade: second.ratings.grade,
              factors: unitFactors(state, second, role, enemies, own, enemy),
            },
          }
        : {}),
    };
  };
  return {
    attacker: side(attackers, 'attacker', [defender]),
    defender: side([defender], 'defender', attackers),
    gradeFactors: state.settings.gradeFactors,
  };
}

/** The nearest enemy on the table to a point, with its distance. */
export function nearestEnemy(
  state: CpBoard,
  side: string,
  p: { x: number; y: number },
): { unit: CpUnit; distance: number } | undefined {
  let best: { unit: CpUnit; distance: number } | undefined;
  for (const u of Object.values(state.units)) {
    if (u.side === side || !onTable(u)) continue;
    const d = pointDistance(p, u);
    if (!best || d < best.distance) best = { unit: u, distance: d };
  }
  return best;
}
