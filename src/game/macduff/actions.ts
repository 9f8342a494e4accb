import { bearing, cosDegrees, sinDegrees, turnBetween } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { SuppliedDice } from '../../core/random/dice.ts';
import { d6 } from '../../core/random/rolls.ts';
import {
  resolveCanister,
  resolveMachineGun,
  resolveShot,
} from '../../rulesets/macduff/procedures/artillery-fire.ts';
import { resolveCasualties } from '../../rulesets/macduff/procedures/casualties.ts';
import {
  ALWAYS_SEEN_INCHES,
  resolveSpotting,
  SPOTTING_RANGE_INCHES,
} from '../../rulesets/macduff/procedures/concealment.ts';
import { resolveControlCheck } from '../../rulesets/macduff/procedures/control-check.ts';
import { isShattered, resolveRecovery, resolveSurrender } from '../../rulesets/macduff/procedures/morale.ts';
import { resolveMove } from '../../rulesets/macduff/procedures/movement.ts';
import { resolvePersonality } from '../../rulesets/macduff/procedures/personality.ts';
import { resolveSmallArms } from '../../rulesets/macduff/procedures/small-arms-fire.ts';
import { ARTILLERY_TABLE } from '../../rulesets/macduff/tables/artillery.ts';
import type { TargetKind } from '../../rulesets/macduff/tables/casualties.ts';
import { CONTROL_RADIUS_INCHES, DEFAULT_CONTROL_BANDS } from '../../rulesets/macduff/tables/command.ts';
import { FIRE_OPTIONS_TABLE, type FireOption } from '../../rulesets/macduff/tables/small-arms.ts';
import { isCavalry, type MacduffFormation } from '../../rulesets/macduff/vocabulary.ts';
import type { Ctx } from './context.ts';
import {
  generalSeesUnit,
  inHardCover,
  inNaturalCover,
  layout,
  onTable,
  overlapsOthers,
  pathTerrain,
  standCount,
} from './geometry.ts';
import { CONTACT_INCHES, distanceBetween, freshCloseOrderRegular, weaponRanges } from './queries.ts';
import type { Anchor, MdUnit } from './state.ts';

/** The direction of a side's own base edge. */
export function homeBearing(ctx: Ctx, side: string): number {
  switch (ctx.s.scenario.baseEdge[side]) {
    case 'north':
      return 90;
    case 'south':
      return 270;
    case 'east':
      return 0;
    default:
      return 180;
  }
}

function terrainList(ctx: Ctx) {
  return Object.values(ctx.s.table.terrain);
}

/** Rolls a unit's move (5) for a path from its anchor to `to`. */
export function rollMove(
  ctx: Ctx,
  unit: MdUnit,
  to: Point,
  how: { charging?: boolean; retiring?: boolean; fired?: boolean },
): number {
  const path = pathTerrain(terrainList(ctx), unit, unit.anchor, to);
  if (path.impassable) return 0;
  const trace = ctx.trace();
  const r = resolveMove(
    {
      troop: unit.ratings.troop,
      formation: unit.formation,
      gunMove: unit.formation === 'limbered' ? 'limbered' : 'manhandled',
      charging: how.charging === true,
      ground: path.ground,
      crossesLinearObstacle: path.crossesLinear,
      retiringFacingEnemy: how.retiring === true,
      changesFormation: false,
      fired: how.fired === true,
      road: path.onRoad ? 'secondary' : 'none',
      crewBelowHalf: unit.ratings.guns > 0 && 2 * unit.figures < unit.guns * unit.figuresPerStand,
    },
    ctx.source,
    trace,
  );
  return r.inches;
}

/** Units advance in steps this long when checking their path is clear (then the last step is refined). */
const PATH_STEP_INCHES = 0.5;

/**
 * How far along the line from its anchor toward `to` (at most `inches`) a unit can go, ending facing
 * `facing`: every point of the way on the table and clear of enemy units (it never passes through one;
 * it may pass through friends, Muster's reading), and the end clear of every unit. Undefined if it has no
 * room even to take up that facing where it stands.
 */
function clearRun(
  ctx: Ctx,
  unit: MdUnit,
  to: Point,
  inches: number,
  facing: number,
  except: string[],
): number | undefined {
  const dx = to.x - unit.anchor.x;
  const dy = to.y - unit.anchor.y;
  const length = Math.hypot(dx, dy);
  const at = (d: number): Anchor => ({
    x: unit.anchor.x + (length === 0 ? 0 : (dx / length) * d),
    y: unit.anchor.y + (length === 0 ? 0 : (dy / length) * d),
    facing,
  });
  const friends = ctx
    .active()
    .filter((u) => u.side === unit.side)
    .map((u) => u.id);
  const passable = (d: number) => fits(ctx, unit, unit.formation, at(d), [...except, ...friends]);
  const free = (d: number) => fits(ctx, unit, unit.formation, at(d), except);
  if (!passable(0)) return undefined;
  const want = Math.min(inches, length);
  let lo = 0;
  while (lo < want) {
    const next = Math.min(want, lo + PATH_STEP_INCHES);
    if (!passable(next)) {
      let hi = next;
      for (let i = 0; i < 8; i++) {
        const mid = (lo + hi) / 2;
        if (passable(mid)) lo = mid;
        else hi = mid;
      }
      break;
    }
    lo = next;
  }
  for (let d = lo; d > 0; d -= PATH_STEP_INCHES) if (free(d)) return d;
  return free(0) ? 0 : undefined;
}

/**
 * Moves a unit's front centre toward `to` by at most `inches`, ending facing `facing` (or, where it has
 * no room to turn, keeping its front): as far along the line as it can go on the table without touching
 * another unit's stands on the way. Returns the inches moved.
 */
export function moveToward(
  ctx: Ctx,
  unit: MdUnit,
  to: Point,
  inches: number,
  facing: number,
  except: string[] = [],
): number {
  for (const f of facing === unit.anchor.facing ? [facing] : [facing, unit.anchor.facing]) {
    const d = clearRun(ctx, unit, to, inches, f, except);
    if (d === undefined) continue;
    const length = Math.hypot(to.x - unit.anchor.x, to.y - unit.anchor.y);
    const anchor: Anchor = {
      x: unit.anchor.x + (length === 0 ? 0 : ((to.x - unit.anchor.x) / length) * d),
      y: unit.anchor.y + (length === 0 ? 0 : ((to.y - unit.anchor.y) / length) * d),
      facing: f,
    };
    ctx.place(unit.id, unit.formation, anchor);
    return d;
  }
  return 0;
}

/** Whether a unit laid out at `anchor` would be on the table and clear of every other unit. */
export function fits(
  ctx: Ctx,
  unit: MdUnit,
  formation: MacduffFormation,
  anchor: Anchor,
  except: string[] = [],
): boolean {
  const stands = layout(unit, formation, anchor, ctx.basing);
  return (
    stands !== undefined &&
    onTable(ctx.s.table, stands) &&
    !overlapsOthers(ctx.s.table, stands, [unit.id, ...except])
  );
}

/**
 * A retreat of `inches` toward the side's own edge. `facingEnemy`: it backs away keeping its front
 * (11.3); otherwise it turns and goes (12.1). A unit whose retreat would carry it over its edge leaves the
 * field.
 */
export function retreat(ctx: Ctx, unit: MdUnit, inches: number, facingEnemy: boolean): void {
  const home = homeBearing(ctx, unit.side);
  const to = { x: unit.anchor.x + cosDegrees(home) * inches, y: unit.anchor.y + sinDegrees(home) * inches };
  if (to.x < 0 || to.y < 0 || to.x > ctx.s.table.width || to.y > ctx.s.table.depth) {
    leaveField(ctx, unit, 'fled', 'retreats off the field');
    return;
  }
  moveToward(ctx, unit, to, inches, facingEnemy ? unit.anchor.facing : home);
}

/** A unit leaves the battle: destroyed, fled or surrendered; `how` says how, for the event. */
export function leaveField(ctx: Ctx, unit: MdUnit, why: NonNullable<MdUnit['offTable']>, how: string): void {
  ctx.emit({ type: 'left-field', unit: unit.id, text: `${unit.name} ${how}`, visibleTo: ctx.seenBy(unit) });
  ctx.remove(unit.id, why);
}

/** Natives within 6" of an Imperial unit are always seen (7.7). */
export function revealByProximity(ctx: Ctx): void {
  const imperial = ctx.active().filter((u) => u.side === ctx.s.scenario.imperial);
  for (const u of ctx.active()) {
    if (!u.concealed) continue;
    if (imperial.some((i) => distanceBetween(ctx.s, i.id, u.id) <= ALWAYS_SEEN_INCHES))
      reveal(ctx, u, 'seen within 6"');
  }
}

export function reveal(ctx: Ctx, unit: MdUnit, why: string): void {
  if (!unit.concealed) return;
  unit.concealed = false;
  ctx.emit({ type: 'revealed', unit: unit.id, text: `${unit.name} revealed: ${why}` });
}

/** An Imperial unit looks into the nearest concealing cover within 12" before it acts (7.7). */
export function trySpotting(ctx: Ctx, spotter: MdUnit): void {
  let nearest: MdUnit | undefined;
  let d = Number.POSITIVE_INFINITY;
  for (const u of ctx.active()) {
    if (!u.concealed) continue;
    const dist = distanceBetween(ctx.s, spotter.id, u.id);
    if (dist < d) {
      d = dist;
      nearest = u;
    }
  }
  if (!nearest || d > SPOTTING_RANGE_INCHES) return;
  const trace = ctx.trace();
  const r = resolveSpotting({ distanceInches: d, fieldcraft: spotter.ratings.fieldcraft }, ctx.source, trace);
  ctx.emit(
    {
      type: 'spotted',
      unit: spotter.id,
      text: `${spotter.name} looks into cover at ${d.toFixed(1)}": ${r.spotted ? 'spotted' : 'nothing seen'}`,
      data: { spotted: r.spotted },
      // A failed look tells the Imperial side nothing: that someone was there is the natives' secret.
      visibleTo: r.spotted ? 'all' : [nearest.side],
    },
    trace,
  );
  if (r.spotted) reveal(ctx, nearest, `spotted by ${spotter.name}`);
}

/** The senior leader with the unit (3.3): an attached general, else its own officer. */
function seniorLeader(ctx: Ctx, unit: MdUnit) {
  const general = Object.values(ctx.s.generals).find(
    (g) => g.attachedTo === unit.id && ctx.s.table.generals[g.id],
  );
  if (general) {
    general.personality ??= rollPersonality(ctx, general.name);
    return { grade: 'higher' as const, personality: general.personality };
  }
  if (!unit.officer) return undefined;
  unit.personality ??= rollPersonality(ctx, `${unit.name}'s officer`, unit);
  return { grade: 'company-or-irregular' as const, personality: unit.personality };
}

/** A leader's personality, rolled the first time it matters (3.4); news of a unit's officer goes where the unit's does. */
function rollPersonality(ctx: Ctx, who: string, unit?: MdUnit) {
  const trace = ctx.trace();
  const byFace = ctx.s.scenario.overrides.personalityByFace;
  const r = resolvePersonality(byFace ? { byFace } : {}, ctx.source, trace);
  ctx.emit(
    {
      type: 'control-checked',
      ...(unit ? { unit: unit.id, visibleTo: ctx.seenBy(unit) } : {}),
      text: `${who} proves ${r.personality}`,
      data: { personality: r.personality },
    },
    trace,
  );
  return r.personality;
}

/** Within 24" of its brigadier and in his sight (3.1), or with a general attached. */
export function inControl(ctx: Ctx, unit: MdUnit): boolean {
  if (Object.values(ctx.s.generals).some((g) => g.attachedTo === unit.id)) return true;
  const g = ctx.s.table.generals[unit.commander];
  if (!g) return false;
  const d = groupDistance([g.stand], ctx.stands(unit.id));
  return d <= CONTROL_RADIUS_INCHES && generalSeesUnit(ctx.s.table, g.id, unit.id);
}

/**
 * The Control Check of an activated unit (3): 'free' in control, else the chart's verdict. A Bold leader
 * pushes the die toward "act as desired", the choice his owner would make.
 */
export function controlCheck(ctx: Ctx, unit: MdUnit): 'free' | 'no-advance' | 'impetuous' {
  if (unit.shattered || inControl(ctx, unit)) return 'free';
  const leader = seniorLeader(ctx, unit);
  const bands = ctx.s.scenario.overrides.controlBands ?? DEFAULT_CONTROL_BANDS;
  const die = ctx.source.roll(d6, 'control');
  const boldChoice =
    leader?.personality === 'bold'
      ? die <= bands.noAdvanceAtMost
        ? ('add' as const)
        : die >= bands.chargeAtLeast
          ? ('subtract' as const)
          : undefined
      : undefined;
  const trace = ctx.trace();
  const r = resolveControlCheck(
    {
      inControl: false,
      shattered: false,
      ...(leader ? { leader: { ...leader, ...(boldChoice ? { boldChoice } : {}) } } : {}),
      ...(ctx.s.scenario.overrides.controlBands ? { bands } : {}),
    },
    new SuppliedDice([die]),
    trace,
  );
  const outcome = r.checked ? r.outcome : 'act-as-desired';
  ctx.emit(
    {
      type: 'control-checked',
      unit: unit.id,
      text: `${unit.name} is out of control: ${outcome}`,
      data: { die, outcome },
      visibleTo: ctx.seenBy(unit),
    },
    trace,
  );
  return outcome === 'charge-or-shoot' ? 'impetuous' : outcome === 'no-advance' ? 'no-advance' : 'free';
}

/** How the casualty rules see a target (10). */
function targetKind(unit: MdUnit): TargetKind {
  if (unit.ratings.guns > 0) return 'artillery';
  if (isCavalry(unit.ratings.troop)) return 'cavalry';
  return unit.formation === 'skirmish' ? 'skirmishers' : 'close-order-infantry';
}

/** Figures in the front two ranks (8.1): a square fires with one face, skirmishers and lines all. */
function eligibleFigures(ctx: Ctx, unit: MdUnit): number {
  const stands = ctx.stands(unit.id);
  const front =
    unit.formation === 'square' ? stands.filter((s) => s.rank === 0) : stands.filter((s) => s.rank <= 1);
  return Math.min(unit.figures, front.length * unit.figuresPerStand);
}

/**
 * One unit fires at another (8, 9) and the target takes its casualties (10). `option` is a small-arms
 * fire option; guns fire canister within 12", a machine gun its own way, other guns shot and shell. A
 * unit carrying one smoke marker fires with half its figures (Muster's reading of 8.4).
 */
export function fire(ctx: Ctx, firer: MdUnit, target: MdUnit, option: FireOption): void {
  const range = distanceBetween(ctx.s, firer.id, target.id);
  const trace = ctx.trace();
  let hits: number;
  let how: string;
  const artillery = firer.ratings.guns > 0;
  if (artillery) {
    const native = firer.ratings.allegiance === 'native';
    if (firer.ratings.troop === 'machine-gun') {
      const r = resolveMachineGun({ crew: firer.figures, rangeInches: range, native }, ctx.source, trace);
      hits = r.hits;
      how = r.jammed ? 'jammed' : 'machine gun';
    } else if (range <= ARTILLERY_TABLE.canisterRange.inches) {
      hits = resolveCanister(
        {
          gunners: Math.min(30, firer.figures),
          rifled: false,
          native,
          targetSquare: target.formation === 'square',
        },
        ctx.source,
        trace,
      ).hits;
      how = 'canister';
    } else {
      const crewPerGun = Math.max(1, Math.round(firer.figures / Math.max(1, firer.guns)));
      hits = resolveShot(
        {
          guns: Math.min(12, firer.guns),
          crewPerGun: Math.min(8, crewPerGun),
          rangeInches: range,
          rifled: false,
          mountainOr6pdr: firer.ratings.gunKind === 'mountain-or-6pdr',
          native,
        },
        ctx.source,
        trace,
      ).hits;
      how = 'shot and shell';
    }
    firer.lastFiredTurn = ctx.s.turn;
  } else {
    const weapon = firer.ratings.smallArm!;
    const eligible =
      firer.smoke === 1 ? Math.floor(eligibleFigures(ctx, firer) / 2) : eligibleFigures(ctx, firer);
    const r = resolveSmallArms(
      {
        weapon,
        eligibleFigures: Math.min(200, eligible),
        option,
        rangeInches: range,
        national: target.ratings.allegiance === 'imperial' ? firer.ratings.national : 'none',
        mounted: isCavalry(firer.ratings.troop),
        freshCloseOrderRegular: freshCloseOrderRegular(firer),
        ranges: weaponRanges(ctx.s, firer),
      },
      ctx.source,
      trace,
    );
    hits = r.hits;
    how = `${option}, ${r.band} range`;
    const row = FIRE_OPTIONS_TABLE.rows[option];
    firer.smoke = Math.min(2, firer.smoke + row.smoke);
    if (row.mustRally) firer.mustRallyToFire = true;
  }
  firer.firedSinceRally = true;
  reveal(ctx, firer, 'it fired');
  ctx.emit(
    {
      type: 'fired',
      unit: firer.id,
      target: target.id,
      text: `${firer.name} fires at ${target.name} (${range.toFixed(1)}", ${how}): ${hits} hit(s)`,
      data: { hits, range },
      visibleTo: ctx.seenBy(target),
    },
    trace,
  );
  takeHits(ctx, target, hits, { fromArtillery: artillery, shooting: true, smallArms: !artillery });
}

/** Hits into casualties on a unit (10), then destruction or shattering. */
export function takeHits(
  ctx: Ctx,
  unit: MdUnit,
  hits: number,
  how: { fromArtillery: boolean; shooting: boolean; smallArms: boolean },
): void {
  if (hits <= 0 || !ctx.onTable(unit.id)) return;
  const stands = ctx.stands(unit.id);
  const terrain = Object.values(ctx.s.table.terrain);
  const cover =
    inHardCover(terrain, stands) ||
    (how.smallArms && unit.ratings.allegiance === 'native' && inNaturalCover(terrain, stands));
  const trace = ctx.trace();
  const r = resolveCasualties(
    {
      hits: Math.min(120, hits),
      target: targetKind(unit),
      cover,
      marker: unit.marker,
      fromArtillery: how.fromArtillery,
      leaders: (unit.officer ? 1 : 0) + (unit.music ? 1 : 0),
    },
    ctx.source,
    trace,
  );
  unit.marker = r.marker;
  if (r.leaderHit === 1 && unit.officer) unit.officer = false;
  else if (r.leaderHit > 0) unit.music = false;
  unit.guns = Math.max(0, unit.guns - r.gunsDestroyed);
  ctx.emit(
    {
      type: 'casualties',
      unit: unit.id,
      text: `${unit.name} loses ${r.casualties} figure(s)${r.gunsDestroyed ? ` and ${r.gunsDestroyed} gun(s)` : ''}${r.leaderHit ? ', a leader falls' : ''}`,
      data: { casualties: r.casualties, guns: r.gunsDestroyed, cover },
      visibleTo: ctx.seenBy(unit),
    },
    trace,
  );
  loseFigures(ctx, unit, r.casualties, how.shooting, false);
}

/**
 * Figures lost (to the holding area, 12.5), the unit laid out with its remaining stands; gone when no
 * figures (or guns) remain; shattered below half strength, retiring a full move at once (12.1). A unit
 * that lost a melee and is shattered abandons its holding area.
 */
export function loseFigures(
  ctx: Ctx,
  unit: MdUnit,
  casualties: number,
  shooting: boolean,
  lostMelee: boolean,
): void {
  const lost = Math.min(unit.figures, casualties);
  unit.figures -= lost;
  unit.held += lost;
  if (shooting) unit.shotThisTurn += lost;
  if (unit.figures <= 0 || (unit.ratings.guns > 0 && unit.guns <= 0)) {
    leaveField(ctx, unit, 'destroyed', 'is destroyed');
    return;
  }
  if (lost > 0) relayout(ctx, unit);
  if (!unit.shattered && isShattered(unit.figures, unit.startFigures)) {
    unit.shattered = true;
    unit.mustRally = true;
    if (lostMelee) unit.held = 0;
    ctx.emit({
      type: 'shattered',
      unit: unit.id,
      text: `${unit.name} is shattered and falls back`,
      visibleTo: ctx.seenBy(unit),
    });
    const from = unit.anchor;
    const inches = rollMove(ctx, unit, unit.anchor, {});
    retreat(ctx, unit, inches, false);
    if (ctx.onTable(unit.id) && inches > 0 && unit.anchor.x === from.x && unit.anchor.y === from.y)
      callToSurrender(ctx, unit);
  } else if (unit.shattered && lostMelee) unit.held = 0;
}

/** Enemies this close may call on a surrounded unit to surrender (Muster's reading of 12.2). */
export const SURRENDER_CALL_INCHES = 6;

/**
 * A shattered unit that could not fall back is surrounded (12.2): if an enemy is within 6", the enemy
 * calls on it to surrender (Muster's reading: the call is always made), the unit adding its attached
 * leaders and its standard.
 */
function callToSurrender(ctx: Ctx, unit: MdUnit): void {
  const enemy = ctx
    .active()
    .find((e) => e.side !== unit.side && distanceBetween(ctx.s, e.id, unit.id) <= SURRENDER_CALL_INCHES);
  if (!enemy) return;
  const generals = Object.values(ctx.s.generals).filter((g) => g.attachedTo === unit.id).length;
  const trace = ctx.trace();
  const r = resolveSurrender(
    {
      attachedLeaders: Math.min(6, generals + (unit.officer ? 1 : 0)),
      standard: unit.music && unit.ratings.troop === 'regular-infantry',
    },
    ctx.source,
    trace,
  );
  ctx.emit(
    {
      type: 'surrender-called',
      unit: unit.id,
      target: enemy.id,
      text: `${enemy.name} calls on ${unit.name} to surrender: ${r.surrenders ? 'it surrenders' : 'it fights on'}`,
      data: { surrenders: r.surrenders },
    },
    trace,
  );
  if (r.surrenders) leaveField(ctx, unit, 'surrendered', 'surrenders');
}

/**
 * Lays a unit out again for its current strength at its anchor; where the new shape would not fit (or
 * the formation cannot take so few stands), it simply loses its rearmost stands where they stand.
 */
export function relayout(ctx: Ctx, unit: MdUnit): void {
  if (fits(ctx, unit, unit.formation, unit.anchor) && ctx.place(unit.id, unit.formation, unit.anchor)) return;
  if (unit.ratings.guns > 0) return;
  const t = ctx.s.table.units[unit.id]!;
  ctx.setStands(unit.id, t.stands.slice(0, standCount(unit)), t.formation, t.facing);
}

/**
 * A rally (12.4-12.5): reloaded, casualties recalled by a leader, reformed in line (regulars) or mass
 * (irregulars) where there is room; still shattered afterwards, it leaves the field.
 */
export function rally(ctx: Ctx, unit: MdUnit): void {
  const wasShattered = unit.shattered;
  const general = Object.values(ctx.s.generals).find(
    (g) => g.attachedTo === unit.id && ctx.s.table.generals[g.id],
  );
  const trace = ctx.trace();
  const r = resolveRecovery(
    {
      held: Math.min(60, unit.held),
      leaderAttached: unit.officer || general !== undefined,
      inspiringGeneral: general?.personality === 'bold' || general?.personality === 'rash',
      musicOrColours: unit.music,
      abandoned: false,
    },
    ctx.source,
    trace,
  );
  unit.figures = Math.min(unit.startFigures, unit.figures + r.recovered);
  unit.held = 0;
  unit.smoke = 0;
  unit.mustRallyToFire = false;
  unit.mustRally = false;
  unit.firedSinceRally = false;
  const reform: MacduffFormation | undefined =
    unit.ratings.guns > 0
      ? undefined
      : unit.ratings.troop === 'regular-infantry'
        ? unit.formation === 'square'
          ? 'square'
          : 'line'
        : unit.ratings.troop === 'irregular-infantry' || unit.formation === 'mass'
          ? 'mass'
          : 'line';
  if (reform && fits(ctx, unit, reform, unit.anchor)) ctx.place(unit.id, reform, unit.anchor);
  else relayout(ctx, unit);
  ctx.emit(
    {
      type: 'rallied',
      unit: unit.id,
      text: `${unit.name} rallies: ${r.recovered} figure(s) return`,
      data: { recovered: r.recovered },
      visibleTo: ctx.seenBy(unit),
    },
    trace,
  );
  if (isShattered(unit.figures, unit.startFigures)) {
    if (wasShattered) leaveField(ctx, unit, 'fled', 'is still shattered and leaves the field');
    else unit.shattered = true;
  } else unit.shattered = false;
}

/** Where a unit's front would face to look at a point. */
export function facingTo(from: Point, to: Point): number {
  return bearing(from.x, from.y, to.x, to.y);
}

/** Whether moving to `to` and facing `facing` retires facing the enemy (5.7): travel more than 90 degrees off its front. */
export function retiresFacing(unit: MdUnit, to: Point, facing: number): boolean {
  if (Math.hypot(to.x - unit.anchor.x, to.y - unit.anchor.y) < 1e-9) return false;
  return Math.abs(turnBetween(facing, facingTo(unit.anchor, to))) > 90;
}

/** The nearest point of a unit's stands to a point (its closest stand centre). */
export function nearestStand(ctx: Ctx, id: string, from: Point): Point {
  let best = ctx.stands(id)[0]!;
  for (const s of ctx.stands(id))
    if (Math.hypot(s.x - from.x, s.y - from.y) < Math.hypot(best.x - from.x, best.y - from.y)) best = s;
  return best;
}

/**
 * Moves a charger straight at its target's nearest stand, as far as `inches` allow without overlapping
 * anyone (the target included); true when it ends in contact.
 */
export function chargeInto(ctx: Ctx, charger: MdUnit, target: MdUnit, inches: number): boolean {
  const aim = nearestStand(ctx, target.id, charger.anchor);
  moveToward(ctx, charger, aim, inches, facingTo(charger.anchor, aim));
  return distanceBetween(ctx.s, charger.id, target.id) <= CONTACT_INCHES;
}
