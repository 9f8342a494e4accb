import { bearing, cosDegrees, sinDegrees, turnBetween } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { type DiceSource, SuppliedDice } from '../../core/random/dice.ts';
import { d6 } from '../../core/random/rolls.ts';
import type { Trace } from '../../core/rules/trace.ts';
import {
  type CanisterFacts,
  type MachineGunFacts,
  resolveCanister,
  resolveMachineGun,
  resolveShot,
  type ShotFacts,
} from '../../rulesets/macduff/procedures/artillery-fire.ts';
import { resolveCasualties } from '../../rulesets/macduff/procedures/casualties.ts';
import {
  ALWAYS_SEEN_INCHES,
  resolveSpotting,
  SPOTTING_RANGE_INCHES,
} from '../../rulesets/macduff/procedures/concealment.ts';
import {
  type ControlFacts,
  type ControlResult,
  resolveControlCheck,
} from '../../rulesets/macduff/procedures/control-check.ts';
import {
  isShattered,
  type RecoveryFacts,
  resolveRecovery,
  resolveSurrender,
} from '../../rulesets/macduff/procedures/morale.ts';
import { type MoveFacts, moverOf, resolveMove } from '../../rulesets/macduff/procedures/movement.ts';
import { type PersonalityFacts, resolvePersonality } from '../../rulesets/macduff/procedures/personality.ts';
import { resolveSmallArms, type SmallArmsFacts } from '../../rulesets/macduff/procedures/small-arms-fire.ts';
import { ARTILLERY_TABLE } from '../../rulesets/macduff/tables/artillery.ts';
import type { TargetKind } from '../../rulesets/macduff/tables/casualties.ts';
import { CONTROL_RADIUS_INCHES, DEFAULT_CONTROL_BANDS } from '../../rulesets/macduff/tables/command.ts';
import { type Ground, TERRAIN_SPEED } from '../../rulesets/macduff/tables/movement.ts';
import { FIRE_OPTIONS_TABLE, type FireOption } from '../../rulesets/macduff/tables/small-arms.ts';
import { isCavalry, type MacduffFormation, type Personality } from '../../rulesets/macduff/vocabulary.ts';
import type { Ctx } from './context.ts';
import {
  generalSeesUnit,
  inHardCover,
  inNaturalCover,
  layout,
  onTable,
  overlapsOthers,
  pathLegs,
  standCount,
} from './geometry.ts';
import { clearRun } from './moves.ts';
import {
  CONTACT_INCHES,
  distanceBetween,
  freshCloseOrderRegular,
  type Readable,
  weaponRanges,
} from './queries.ts';
import type { Anchor, MdGameState, MdGeneral, MdUnit } from './state.ts';

/** What the leaders' rules read: the queries' state with its generals (a side's view has them too). */
export type LeaderReadable = Readable & Pick<MdGameState, 'generals'>;

/** The direction of a side's own base edge. */
export function homeBearing(s: Pick<Readable, 'scenario'>, side: string): number {
  switch (s.scenario.baseEdge[side]) {
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

/** How a move is made, for its facts (5.4, 5.7, 8.1). */
export interface MoveHow {
  readonly charging?: boolean;
  readonly retiring?: boolean;
  readonly fired?: boolean;
}

/**
 * The facts of a unit's move roll (5) for the line from its anchor to `to`: the ground, roads and
 * obstacles along it leg by leg (`pathLegs`), spent in order as far as the roll allows (7). The summary
 * fields (`ground`, `crossesLinearObstacle`, `road`) describe the whole line. Reads only the unit and the
 * table's terrain.
 */
export function moveFacts(s: Readable, unit: MdUnit, to: Point, how: MoveHow): MoveFacts {
  const path = pathLegs(Object.values(s.table.terrain), unit.anchor, to);
  const mover = moverOf(unit.ratings.troop, unit.formation);
  let ground: Ground = 'open';
  for (const leg of path)
    if (leg.kind === 'ground' && TERRAIN_SPEED.rows[leg.ground][mover] < TERRAIN_SPEED.rows[ground][mover])
      ground = leg.ground;
  const groundLegs = path.filter((leg) => leg.kind === 'ground');
  return {
    troop: unit.ratings.troop,
    formation: unit.formation,
    gunMove: unit.formation === 'limbered' ? 'limbered' : 'manhandled',
    charging: how.charging === true,
    ground,
    crossesLinearObstacle: path.some((leg) => leg.kind === 'obstacle'),
    retiringFacingEnemy: how.retiring === true,
    changesFormation: false,
    fired: how.fired === true,
    road: groundLegs.length > 0 && groundLegs.every((leg) => leg.road === 'secondary') ? 'secondary' : 'none',
    crewBelowHalf: unit.ratings.guns > 0 && 2 * unit.figures < unit.guns * unit.figuresPerStand,
    path,
  };
}

/** Rolls a unit's move (5) along the line from its anchor toward `to`: the inches it may go along it. */
export function rollMove(ctx: Ctx, unit: MdUnit, to: Point, how: MoveHow): number {
  const trace = ctx.trace();
  return resolveMove(moveFacts(ctx.s, unit, to, how), ctx.source, trace).inches;
}

/**
 * How far along the line from its anchor toward `to` (at most `inches`) a unit can go, ending facing
 * `facing` (moves.ts, `clearRun`): on the table and clear of enemy units all the way, and the end clear
 * of every unit but `except`.
 */
function clearRunOf(
  ctx: Ctx,
  unit: MdUnit,
  to: Point,
  inches: number,
  facing: number,
  except: string[],
): number | undefined {
  const friends = ctx
    .active()
    .filter((u) => u.side === unit.side)
    .map((u) => u.id);
  return clearRun(
    unit,
    to,
    inches,
    facing,
    (at) => fits(ctx, unit, unit.formation, at, [...except, ...friends]),
    (at) => fits(ctx, unit, unit.formation, at, except),
  );
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
    const d = clearRunOf(ctx, unit, to, inches, f, except);
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
 * Where a retreat heads (11.3, 12.1): straight toward the side's own edge, to a point beyond it (the
 * move is walked over the ground on the way, and a unit whose move would carry it over the edge leaves
 * the field).
 */
export function retreatPoint(s: Pick<Readable, 'scenario' | 'table'>, unit: MdUnit): Point {
  const home = homeBearing(s, unit.side);
  const far = s.table.width + s.table.depth;
  return { x: unit.anchor.x + cosDegrees(home) * far, y: unit.anchor.y + sinDegrees(home) * far };
}

/** How far a unit's front is from its own edge, straight toward it. */
function edgeDistance(s: Pick<Readable, 'scenario' | 'table'>, unit: MdUnit): number {
  switch (s.scenario.baseEdge[unit.side]) {
    case 'north':
      return s.table.depth - unit.anchor.y;
    case 'south':
      return unit.anchor.y;
    case 'east':
      return s.table.width - unit.anchor.x;
    default:
      return unit.anchor.x;
  }
}

/**
 * A retreat toward the side's own edge, its move rolled over the ground on the way (`how`): it backs away
 * keeping its front when `facingEnemy` (11.3: half a move, as retiring facing the enemy, 5.7), otherwise
 * it turns and goes a full move (12.1), or half of one after firing (`fired`: a skirmisher's fire and
 * retreat, 6.2 and 8.1). A unit whose retreat would carry it over its edge leaves the field. Returns
 * the inches the roll allowed.
 */
export function retreat(ctx: Ctx, unit: MdUnit, facingEnemy: boolean, fired = false): number {
  const to = retreatPoint(ctx.s, unit);
  const inches = rollMove(ctx, unit, to, { retiring: facingEnemy, fired });
  if (inches > edgeDistance(ctx.s, unit)) {
    leaveField(ctx, unit, 'fled', 'retreats off the field');
    return inches;
  }
  moveToward(ctx, unit, to, inches, facingEnemy ? unit.anchor.facing : homeBearing(ctx.s, unit.side));
  return inches;
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
      reveal(ctx, ctx.unit(u.id), 'seen within 6"');
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
  if (r.spotted) reveal(ctx, ctx.unit(nearest.id), `spotted by ${spotter.name}`);
}

/** A general attached to the unit and on the table (1.8), if any. */
export function attachedGeneral(s: LeaderReadable, unit: MdUnit): MdGeneral | undefined {
  return Object.values(s.generals).find((g) => g.attachedTo === unit.id && s.table.generals[g.id]);
}

/**
 * The senior leader with the unit (3.3), without rolling anything: an attached general ('higher'), else its
 * own officer ('company-or-irregular', no `general`); undefined with neither. `personality` is undefined
 * until it is first rolled (3.4).
 */
export function seniorLeaderOf(
  s: LeaderReadable,
  unit: MdUnit,
):
  | { readonly grade: 'higher' | 'company-or-irregular'; readonly general?: MdGeneral; readonly name: string }
  | undefined {
  const general = attachedGeneral(s, unit);
  if (general) return { grade: 'higher', general, name: general.name };
  return unit.officer ? { grade: 'company-or-irregular', name: `${unit.name}'s officer` } : undefined;
}

/** The senior leader with the unit (3.3), his personality rolled if this is the first time it matters. */
function seniorLeader(ctx: Ctx, unit: MdUnit) {
  const leader = seniorLeaderOf(ctx.s, unit);
  if (!leader) return undefined;
  if (leader.general) {
    const general = ctx.general(leader.general.id);
    general.personality ??= rollPersonality(ctx, leader.name);
    return { grade: leader.grade, personality: general.personality };
  }
  unit.personality ??= rollPersonality(ctx, leader.name, unit);
  return { grade: leader.grade, personality: unit.personality };
}

/** The facts of a leader's personality roll (3.4): the scenario's chart, if it gives its own. */
export function personalityFacts(s: Pick<MdGameState, 'scenario'>): PersonalityFacts {
  const byFace = s.scenario.overrides.personalityByFace;
  return byFace ? { byFace } : {};
}

/** A leader's personality, rolled the first time it matters (3.4); news of a unit's officer goes where the unit's does. */
function rollPersonality(ctx: Ctx, who: string, unit?: MdUnit) {
  const trace = ctx.trace();
  const r = resolvePersonality(personalityFacts(ctx.s), ctx.source, trace);
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
export function inControl(s: LeaderReadable, unit: MdUnit): boolean {
  if (Object.values(s.generals).some((g) => g.attachedTo === unit.id)) return true;
  const g = s.table.generals[unit.commander];
  if (!g) return false;
  const d = groupDistance([g.stand], s.table.units[unit.id]?.stands ?? []);
  return d <= CONTROL_RADIUS_INCHES && generalSeesUnit(s.table, g.id, unit.id);
}

/** Whether an activated unit takes a Control Check (3.1): neither shattered nor in control. */
export function controlCheckDue(s: LeaderReadable, unit: MdUnit): boolean {
  return !unit.shattered && !inControl(s, unit);
}

/**
 * The facts of a Control Check (3.2-3.3) with the senior leader's grade and personality, as they stand
 * before the die: a Bold leader's choice is made after it is seen (`rollControl`).
 */
export function controlFacts(
  s: Pick<MdGameState, 'scenario'>,
  leader:
    | { readonly grade: 'higher' | 'company-or-irregular'; readonly personality: Personality }
    | undefined,
): ControlFacts {
  const bands = s.scenario.overrides.controlBands;
  return {
    inControl: false,
    shattered: false,
    ...(leader ? { leader: { grade: leader.grade, personality: leader.personality } } : {}),
    ...(bands ? { bands } : {}),
  };
}

/**
 * Rolls a Control Check as the engine does (3.2-3.3): the die first, then a Bold leader pushes it toward
 * "act as desired", the choice his owner would make, and the chart is read. Facts from `controlFacts`.
 */
export function rollControl(
  facts: ControlFacts,
  dice: DiceSource,
  trace?: Trace,
): { readonly die: number; readonly result: ControlResult } {
  const bands = facts.bands ?? DEFAULT_CONTROL_BANDS;
  const die = dice.roll(d6, 'control');
  const leader = facts.leader;
  const boldChoice =
    leader?.personality === 'bold'
      ? die <= bands.noAdvanceAtMost
        ? ('add' as const)
        : die >= bands.chargeAtLeast
          ? ('subtract' as const)
          : undefined
      : undefined;
  const chosen = leader && boldChoice ? { ...facts, leader: { ...leader, boldChoice } } : facts;
  return { die, result: resolveControlCheck(chosen, new SuppliedDice([die]), trace) };
}

/**
 * The Control Check of an activated unit (3): 'free' in control, else the chart's verdict. A Bold leader
 * pushes the die toward "act as desired", the choice his owner would make.
 */
export function controlCheck(ctx: Ctx, unit: MdUnit): 'free' | 'no-advance' | 'impetuous' {
  if (!controlCheckDue(ctx.s, unit)) return 'free';
  const leader = seniorLeader(ctx, unit);
  const trace = ctx.trace();
  const { die, result: r } = rollControl(controlFacts(ctx.s, leader), ctx.source, trace);
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
function eligibleFigures(s: Readable, unit: MdUnit): number {
  const stands = s.table.units[unit.id]?.stands ?? [];
  const front =
    unit.formation === 'square' ? stands.filter((st) => st.rank === 0) : stands.filter((st) => st.rank <= 1);
  return Math.min(unit.figures, front.length * unit.figuresPerStand);
}

/** Which fire procedure a unit's fire resolves (8, 9), with its facts. */
export type FireFacts =
  | { readonly kind: 'machine-gun'; readonly facts: MachineGunFacts }
  | { readonly kind: 'canister'; readonly facts: CanisterFacts }
  | { readonly kind: 'shot-and-shell'; readonly facts: ShotFacts }
  | { readonly kind: 'small-arms'; readonly facts: SmallArmsFacts };

/**
 * The procedure and facts of `firer`'s fire at `target` with small-arms `option` (8, 9), before any dice:
 * guns fire canister within 12" (9.2), a machine gun its own way (9.4), other guns shot and shell (9.3); a
 * unit carrying one smoke marker fires with half its figures (Muster's reading of 8.4). Reads only the two
 * units, their stands and the scenario.
 */
export function fireFacts(s: Readable, firer: MdUnit, target: MdUnit, option: FireOption): FireFacts {
  const range = distanceBetween(s, firer.id, target.id);
  if (firer.ratings.guns > 0) {
    const native = firer.ratings.allegiance === 'native';
    if (firer.ratings.troop === 'machine-gun')
      return { kind: 'machine-gun', facts: { crew: firer.figures, rangeInches: range, native } };
    if (range <= ARTILLERY_TABLE.canisterRange.inches)
      return {
        kind: 'canister',
        facts: {
          gunners: Math.min(30, firer.figures),
          rifled: false,
          native,
          targetSquare: target.formation === 'square',
        },
      };
    const crewPerGun = Math.max(1, Math.round(firer.figures / Math.max(1, firer.guns)));
    return {
      kind: 'shot-and-shell',
      facts: {
        guns: Math.min(12, firer.guns),
        crewPerGun: Math.min(8, crewPerGun),
        rangeInches: range,
        rifled: false,
        mountainOr6pdr: firer.ratings.gunKind === 'mountain-or-6pdr',
        native,
      },
    };
  }
  const eligible = firer.smoke === 1 ? Math.floor(eligibleFigures(s, firer) / 2) : eligibleFigures(s, firer);
  return {
    kind: 'small-arms',
    facts: {
      weapon: firer.ratings.smallArm!,
      eligibleFigures: Math.min(200, eligible),
      option,
      rangeInches: range,
      national: target.ratings.allegiance === 'imperial' ? firer.ratings.national : 'none',
      mounted: isCavalry(firer.ratings.troop),
      freshCloseOrderRegular: freshCloseOrderRegular(firer),
      ranges: weaponRanges(s, firer),
    },
  };
}

/**
 * One unit fires at another (8, 9) with the facts of `fireFacts` and the target takes its casualties
 * (10). `option` is a small-arms fire option (guns simply fire).
 */
export function fire(ctx: Ctx, firer: MdUnit, target: MdUnit, option: FireOption): void {
  const range = distanceBetween(ctx.s, firer.id, target.id);
  const trace = ctx.trace();
  let hits: number;
  let how: string;
  const artillery = firer.ratings.guns > 0;
  const rolled = fireFacts(ctx.s, firer, target, option);
  switch (rolled.kind) {
    case 'machine-gun': {
      const r = resolveMachineGun(rolled.facts, ctx.source, trace);
      hits = r.hits;
      how = r.jammed ? 'jammed' : 'machine gun';
      break;
    }
    case 'canister':
      hits = resolveCanister(rolled.facts, ctx.source, trace).hits;
      how = 'canister';
      break;
    case 'shot-and-shell':
      hits = resolveShot(rolled.facts, ctx.source, trace).hits;
      how = 'shot and shell';
      break;
    case 'small-arms': {
      const r = resolveSmallArms(rolled.facts, ctx.source, trace);
      hits = r.hits;
      how = `${option}, ${r.band} range`;
      const row = FIRE_OPTIONS_TABLE.rows[option];
      firer.smoke = Math.min(2, firer.smoke + row.smoke);
      if (row.mustRally) firer.mustRallyToFire = true;
      break;
    }
  }
  if (artillery) firer.lastFiredTurn = ctx.s.turn;
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
    const inches = retreat(ctx, unit, false);
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
 * The facts of a rallying unit's casualty recovery (12.5): its held casualties, a leader with it (its
 * officer or an attached general), an inspiring (bold or rash) general, its music or colours.
 */
export function recoveryFacts(s: LeaderReadable, unit: MdUnit): RecoveryFacts {
  const general = attachedGeneral(s, unit);
  return {
    held: Math.min(60, unit.held),
    leaderAttached: unit.officer || general !== undefined,
    inspiringGeneral: general?.personality === 'bold' || general?.personality === 'rash',
    musicOrColours: unit.music,
    abandoned: false,
  };
}

/**
 * A rally (12.4-12.5): reloaded, casualties recalled by a leader, reformed in line (regulars) or mass
 * (irregulars) where there is room; still shattered afterwards, it leaves the field.
 */
export function rally(ctx: Ctx, unit: MdUnit): void {
  const wasShattered = unit.shattered;
  const trace = ctx.trace();
  const r = resolveRecovery(recoveryFacts(ctx.s, unit), ctx.source, trace);
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

/** The nearest of some stands to a point (its closest stand centre); `stands` must not be empty. */
export function nearestOf(stands: readonly Point[], from: Point): Point {
  let best = stands[0]!;
  for (const s of stands)
    if (Math.hypot(s.x - from.x, s.y - from.y) < Math.hypot(best.x - from.x, best.y - from.y)) best = s;
  return best;
}

/** The nearest point of a unit's stands to a point (its closest stand centre). */
export function nearestStand(ctx: Ctx, id: string, from: Point): Point {
  return nearestOf(ctx.stands(id), from);
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
