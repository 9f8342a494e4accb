import { BOX_STRIDE, segmentBoxDistance } from '../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq, SEGMENT_STRIDE } from '../../../core/geometry/segments.ts';
import type { AppliedModifier } from '../../../core/rules/modifiers.ts';
import type { RuleRef, Trace } from '../../../core/rules/trace.ts';
import type {
  FeatureId,
  GeneralId,
  GeneralState,
  SideId,
  TableState,
  UnitId,
} from '../../../core/table/model.ts';
import type { ConfrontationFacts, ConfrontationSideFacts } from '../procedures/confrontation/facts.ts';
import type { ArtilleryFireFacts, SmallArmsFireFacts } from '../procedures/fire/facts.ts';
import type { ReactionFacts } from '../procedures/reaction-test.ts';
import type { ConfrontationModifierId } from '../tables/confrontation.ts';
import type { TargetCover } from '../tables/firing-table.ts';
import {
  LEADERSHIP_MODIFIERS,
  type NegativeReactionModifierId,
  type PositiveReactionModifierId,
} from '../tables/reaction-modifiers.ts';
import { SMALL_ARMS_WEAPON_DEFS } from '../tables/small-arms.ts';
import { jc4, type Leadership, musterDefault } from '../vocabulary.ts';
import { formationAllowed, isCloseOrder, isOpenOrder } from './formations.ts';
import type { JohnCompanySight } from './line-of-sight.ts';
import {
  anchorDistance,
  frontDistance,
  maximumRange,
  rangeBandAt,
  standsInContact,
  standToUnitDistance,
} from './measurement/distances.ts';
import { enfiladeOf } from './measurement/enfilade.ts';
import { firingStands } from './measurement/firing-stands.ts';
import { lineOfRetreat, RETREAT_CLEARANCE } from './measurement/line-of-retreat.ts';
import { facesTowards, quarterOf } from './measurement/quarters.ts';
import { uphillOf } from './measurement/slopes.ts';
import {
  boxInsideShape,
  insideShape,
  sideOfBarrier,
  type TerrainGeometry,
  terrainGeometry,
} from './measurement/terrain-geometry.ts';
import { type UnitGeometry, unitGeometry } from './measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from './terrain.ts';
import {
  commandRadiusOf,
  countedStands,
  currentStatus,
  isMounted,
  type JcForces,
  type JcUnitProfile,
  type JcUnitState,
  normalMoveOf,
  profileOf,
  stateOf,
  troopOf,
} from './unit-profile.ts';

/**
 * The facts John Company's procedures take, derived from the virtual table: the unit profiles and
 * states say what the stands cannot (unit-profile.ts), the geometry decides the rest (measurement.ts).
 * Each derived modifier carries its reasons, so a trace can show why it applies; the facts themselves are
 * plain data that go straight into `resolveReactionTest`, the fire procedures and `resolveConfrontation`.
 */

/** Why a derived fact holds: the rule, what was found, and what on the table it concerns. */
export interface DerivedReason {
  readonly rule: RuleRef;
  /** In Muster's words. */
  readonly label: string;
  readonly unit?: UnitId;
  readonly feature?: FeatureId;
  readonly general?: GeneralId;
  /** A distance or angle that decided it. */
  readonly value?: number;
}

/** A modifier the table says applies, with how many times and why. */
export interface DerivedModifier<Id extends string> {
  readonly id: Id;
  readonly count?: number;
  readonly reasons: readonly DerivedReason[];
}

/** Adds each reason of each derived modifier to a trace, as steps that change no total. */
export function traceReasons(modifiers: readonly DerivedModifier<string>[], trace: Trace): void {
  for (const m of modifiers)
    for (const r of m.reasons)
      trace.add(
        r.value === undefined
          ? { rule: r.rule, label: r.label }
          : { rule: r.rule, label: r.label, value: r.value },
      );
}

function applied<Id extends string>(list: readonly DerivedModifier<Id>[]): AppliedModifier<Id>[] {
  return list.map((m) => (m.count === undefined ? { id: m.id } : { id: m.id, count: m.count }));
}

export interface DerivedReactionFacts {
  readonly unit: UnitId;
  /** Ready for `resolveReactionTest`. */
  readonly facts: ReactionFacts;
  readonly positive: readonly DerivedModifier<PositiveReactionModifierId>[];
  readonly negative: readonly DerivedModifier<NegativeReactionModifierId>[];
  /** The General Officer in base contact whose Leadership counts, if any. */
  readonly general?: { readonly id: GeneralId; readonly leadership: Leadership };
}

export type DerivedFireFacts =
  | {
      readonly kind: 'small-arms';
      readonly facts: SmallArmsFireFacts;
      readonly reasons: readonly DerivedReason[];
    }
  | {
      readonly kind: 'artillery';
      readonly facts: ArtilleryFireFacts;
      readonly reasons: readonly DerivedReason[];
    };

export interface DerivedConfrontationSide {
  readonly modifiers: readonly DerivedModifier<ConfrontationModifierId>[];
  /** Its stands in base contact with the other unit. */
  readonly standsInContact: number;
}

export interface DerivedConfrontationFacts {
  /** Ready for `resolveConfrontation`; add what happened before contact (charging, fire, squaring up). */
  readonly facts: ConfrontationFacts;
  readonly charger: DerivedConfrontationSide;
  readonly target: DerivedConfrontationSide;
  readonly reasons: readonly DerivedReason[];
}

/** Whether a unit is in its General Officer's Command Radius. */
export interface CommandFacts {
  readonly general: GeneralId;
  readonly inCommand: boolean;
  /** Edge to edge from the General's stand to the unit's nearest stand. */
  readonly distance: number;
  readonly radius: number;
  readonly rule: RuleRef;
}

export interface TableFactsOptions {
  /**
   * Line of sight for fire (and cover); without it every line is clear and every target in the open.
   * A function is called when fire is first asked for (a sight costs an index of the table).
   */
  readonly sight?: JohnCompanySight | (() => JohnCompanySight);
}

const P = (n: number) => jc4('Reaction Test Modifiers', `positive ${n}`);
const N = (n: number) => jc4('Reaction Test Modifiers', `negative ${n}`);
const reading = (item: string) => musterDefault('Virtual table: facts', item);
const ONE_DECIMAL = (x: number) => Math.round(x * 10) / 10;
/** Inches of slack in `mayReach` (more than any rounding in the measurements). */
const REACH_SLACK = 0.01;
const WOODS: ReadonlySet<string> = new Set(['light-woods', 'heavy-woods']);
const COVER_ORDER: readonly TargetCover[] = [
  'open',
  'light-woods',
  'heavy-woods',
  'entrenchments-or-buildings',
];

/** What the facts take from the table's units alone, whatever the forces: shared by facts of one table. */
interface TableLayout {
  /** Every unit's geometry, in the order of `table.units`. */
  readonly units: readonly UnitGeometry[];
  readonly byId: ReadonlyMap<UnitId, number>;
  /** Each unit's counted stands (`countedStands`). */
  readonly counted: Int32Array;
  /** The units of every side but each side. */
  readonly enemies: ReadonlyMap<SideId, readonly UnitGeometry[]>;
}

/** Layouts by the table's record of units (a table is never changed once built, nor its records). */
const layouts = new WeakMap<TableState['units'], TableLayout>();

function layoutOf(table: TableState): TableLayout {
  let layout = layouts.get(table.units);
  if (layout) return layout;
  const units = Object.values(table.units).map(unitGeometry);
  const byId = new Map<UnitId, number>();
  const counted = new Int32Array(units.length);
  units.forEach((g, i) => {
    byId.set(g.unit.id, i);
    counted[i] = countedStands(g.unit);
  });
  const enemies = new Map<SideId, UnitGeometry[]>();
  for (const g of units)
    if (!enemies.has(g.unit.side))
      enemies.set(
        g.unit.side,
        units.filter((o) => o.unit.side !== g.unit.side),
      );
  layout = { units, byId, counted, enemies };
  layouts.set(table.units, layout);
  return layout;
}

/** Whether two plain data values are equal, field by field (a unit's state, a General's profile). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of ka) if (!(k in rb) || !sameData(ra[k], rb[k])) return false;
  return true;
}

/**
 * Inches added to every reach within which a change may alter a unit's Reaction Test facts (the rules'
 * own tolerances and the rounding of the measurements are far smaller).
 */
const CARRY_SLACK = 1;

/**
 * John Company's facts for one table state: built once (it packs every unit and the terrain), then asked
 * for any unit's reaction facts, any fire, any Confrontation. Rebuild it when the table changes.
 *
 * Built with `carriedFrom`, the facts of an earlier table of the same battle, it takes from them each
 * unit's Reaction Test facts already worked out there that nothing changed can have altered (see
 * `carryReactions`; docs/ARCHITECTURE.md, Facts carried from one state to the next). It keeps no
 * reference to them.
 */
export class JcTableFacts {
  readonly table: TableState;
  readonly forces: JcForces;
  readonly terrain: TerrainGeometry;
  /** Every unit's geometry, in the order of `table.units`. */
  readonly units: readonly UnitGeometry[];
  private readonly byId: ReadonlyMap<UnitId, number>;
  private readonly profiles: readonly JcUnitProfile[];
  private readonly states: readonly JcUnitState[];
  /** Counted stands of each side, not on mandatory moves (positive 1). */
  private readonly sideStands = new Map<SideId, number>();
  /** Each unit's Normal Move in its formation (NaN where the table gives none). */
  private readonly moves: Float64Array;
  /** How far each unit can charge (Normal Move + Charge Bonus), or -1 when it cannot charge now. */
  private readonly chargeReach: Float64Array;
  /** The units of every side but each side. */
  private readonly enemies: ReadonlyMap<SideId, readonly UnitGeometry[]>;
  /** The General Officers that have a profile. */
  private readonly generals: readonly GeneralState[];
  private readonly options: TableFactsOptions;
  private readonly lined: number[] = [];
  /** Each unit's Reaction Test facts, once worked out (or carried over). */
  private readonly reactions = new Map<UnitId, DerivedReactionFacts>();

  constructor(
    table: TableState,
    forces: JcForces,
    options: TableFactsOptions = {},
    carriedFrom?: JcTableFacts,
  ) {
    this.table = table;
    this.forces = forces;
    this.options = options;
    this.terrain = terrainGeometry(table);
    const layout = layoutOf(table);
    const units = layout.units;
    this.units = units;
    this.byId = layout.byId;
    this.enemies = layout.enemies;
    const n = units.length;
    const profiles: JcUnitProfile[] = new Array(n);
    const states: JcUnitState[] = new Array(n);
    this.moves = new Float64Array(n);
    this.chargeReach = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const g = units[i]!;
      const profile = profileOf(forces, g.unit.id);
      const state = stateOf(forces, g.unit.id);
      profiles[i] = profile;
      states[i] = state;
      if (!state.mandatoryMove)
        this.sideStands.set(g.unit.side, (this.sideStands.get(g.unit.side) ?? 0) + layout.counted[i]!);
      const move = normalMoveOf(profile, g.formation);
      this.moves[i] = move ?? Number.NaN;
      const troop = troopOf(profile);
      const cannot =
        move === undefined ||
        state.mandatoryMove ||
        troop.arm === 'artillery' ||
        g.formation === 'skirmish-order';
      this.chargeReach[i] = cannot ? -1 : move + troop.chargeBonus;
    }
    this.profiles = profiles;
    this.states = states;
    this.generals = Object.values(table.generals).filter((gen) => forces.generals?.[gen.id] !== undefined);
    if (carriedFrom) this.carryReactions(carriedFrom);
  }

  /**
   * Takes from `before` (the facts of an earlier table over the same terrain) the Reaction Test facts it
   * worked out of each unit that nothing changed can have altered. A unit's facts (`freshReaction`) read
   * its own record, profile and state; the armies' stand totals (positive 1); the units within reach of
   * it: an enemy able to charge it (its charge reach), a friend to its flank or rear (his Normal Move),
   * an enemy closing its line of retreat (its lookahead, two stand widths and the clearance); and the
   * Generals in contact with it or attached to it. So they carry over when the units are the same in
   * the same order, the totals and the terrain are the same, the unit itself is the same (the very
   * same record and profile, a state of the same content), and no unit that changed lies within that reach of it, in either table, nor any
   * General that changed within contact of it or attached to it. Units defending works (positive 10
   * looks at enemies anywhere in them) and units charged this turn (negative 8 counts the chargers'
   * stands) are always worked out afresh.
   */
  private carryReactions(before: JcTableFacts): void {
    if (before.reactions.size === 0 || before.terrain !== this.terrain) return;
    const n = this.units.length;
    if (before.units.length !== n) return;
    if (before.sideStands.size !== this.sideStands.size) return;
    for (const [side, count] of this.sideStands) if (before.sideStands.get(side) !== count) return;
    // The units that changed, as they are now and as they were, and the farthest any reaches.
    const changed: UnitGeometry[] = [];
    let reach = 0;
    for (let i = 0; i < n; i++) {
      const now = this.units[i]!;
      const then = before.units[i]!;
      if (now.unit.id !== then.unit.id) return;
      reach = Math.max(reach, this.chargeReach[i]!, before.chargeReach[i]!);
      if (!Number.isNaN(this.moves[i]!)) reach = Math.max(reach, this.moves[i]!);
      if (!Number.isNaN(before.moves[i]!)) reach = Math.max(reach, before.moves[i]!);
      if (
        now !== then ||
        this.profiles[i] !== before.profiles[i] ||
        !sameData(this.states[i], before.states[i])
      )
        changed.push(now, then);
    }
    // The Generals that changed (where they stand, whom they are attached to, their profile).
    const generalsChanged: GeneralState[] = [];
    const generalsBefore = before.table.generals;
    const generalsNow = this.table.generals;
    const profilesBefore = before.forces.generals;
    const profilesNow = this.forces.generals;
    for (const id of Object.keys(generalsNow)) {
      const now = generalsNow[id]!;
      const then = generalsBefore[id];
      if (now !== then || !sameData(profilesNow?.[id], profilesBefore?.[id])) {
        generalsChanged.push(now);
        if (then) generalsChanged.push(then);
      }
    }
    for (const id of Object.keys(generalsBefore))
      if (!(id in generalsNow)) generalsChanged.push(generalsBefore[id]!);
    for (let i = 0; i < n; i++) {
      const g = this.units[i]!;
      const id = g.unit.id;
      const known = before.reactions.get(id);
      if (known === undefined) continue;
      if (g !== before.units[i] || this.profiles[i] !== before.profiles[i]) continue;
      const state = this.states[i]!;
      if (!sameData(state, before.states[i]) || state.orders === 'defend') continue;
      if (state.chargedBy !== undefined && state.chargedBy.length > 0) continue;
      const width = g.unit.stands[0]?.width ?? 0;
      const retreat = this.retreatLookahead(this.profiles[i]!, g) + 2 * width + RETREAT_CLEARANCE;
      const within = g.radius + Math.max(reach, retreat) + CARRY_SLACK;
      let near = false;
      for (const e of changed) {
        if (Math.hypot(e.cx - g.cx, e.cy - g.cy) <= within + e.radius) {
          near = true;
          break;
        }
      }
      for (let k = 0; k < generalsChanged.length && !near; k++) {
        const gen = generalsChanged[k]!;
        const s = gen.stand;
        const contact = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE + CARRY_SLACK;
        near = gen.attachedTo === id || Math.hypot(s.x - g.cx, s.y - g.cy) <= contact;
      }
      if (!near) this.reactions.set(id, known);
    }
  }

  private sightInUse: JohnCompanySight | undefined;

  private sight(): JohnCompanySight | undefined {
    const given = this.options.sight;
    if (typeof given !== 'function') return given;
    this.sightInUse ??= given();
    return this.sightInUse;
  }

  private index(id: UnitId): number {
    const i = this.byId.get(id);
    if (i === undefined) throw new Error(`no unit ${id} on the table`);
    return i;
  }

  /** A unit's geometry. */
  geometry(id: UnitId): UnitGeometry {
    return this.units[this.index(id)]!;
  }

  /**
   * Whether `enemy` (index) can charge `unit` (index) now: not on a mandatory move, not artillery and
   * not in skirmish order (neither may charge), facing towards it, and its front within its Normal Move
   * plus Charge Bonus of it (straight-line distance: terrain and units in the way are not counted).
   */
  private ableToCharge(e: number, u: number): number | null {
    const reach = this.chargeReach[e]!;
    if (reach < 0) return null;
    const eg = this.units[e]!;
    const ug = this.units[u]!;
    if (Math.hypot(eg.cx - ug.cx, eg.cy - ug.cy) > eg.radius + ug.radius + reach) return null;
    if (!facesTowards(eg, ug)) return null;
    const d = frontDistance(eg, ug, false);
    return d <= reach + 1e-9 ? d : null;
  }

  /**
   * The reaction-test facts of one unit (Part 4, Reaction Test Modifiers), with the reasons for each:
   * worked out once per facts (or carried over, `carryReactions`). Read only.
   */
  reaction(id: UnitId): DerivedReactionFacts {
    let known = this.reactions.get(id);
    if (known === undefined) {
      known = this.freshReaction(id);
      this.reactions.set(id, known);
    }
    return known;
  }

  /** The units whose Reaction Test facts are worked out (or carried over) so far, with them: for checks. */
  knownReactions(): ReadonlyMap<UnitId, DerivedReactionFacts> {
    return new Map(this.reactions);
  }

  /** `reaction` worked out from the table. */
  private freshReaction(id: UnitId): DerivedReactionFacts {
    const u = this.index(id);
    const g = this.units[u]!;
    const profile = this.profiles[u]!;
    const state = this.states[u]!;
    const troop = troopOf(profile);
    const side = g.unit.side;
    const positive: DerivedModifier<PositiveReactionModifierId>[] = [];
    const negative: DerivedModifier<NegativeReactionModifierId>[] = [];

    // Positive 1: the army outnumbers the enemy 2:1 in stands.
    const own = this.sideStands.get(side) ?? 0;
    let enemy = 0;
    for (const [s, n] of this.sideStands) if (s !== side) enemy += n;
    if (own > 0 && own >= 2 * enemy)
      positive.push({
        id: 'army-outnumbers-enemy-2-to-1',
        reasons: [
          { rule: P(1), label: `${own} stands against ${enemy} (not counting mandatory moves)`, value: own },
        ],
      });

    // Positive 2: wholly inside woods.
    const woods = this.woodsHolding(g);
    if (woods)
      positive.push({
        id: 'in-woods',
        reasons: [{ rule: P(2), label: 'Every stand wholly inside woods', feature: woods }],
      });

    // Positive 3 and negative 3: enemies able to charge from behind its front line.
    const quarters: DerivedReason[] = [];
    const seen = { left: false, right: false, rear: false };
    for (let e = 0; e < this.units.length; e++) {
      const eg = this.units[e]!;
      if (eg.unit.side === side) continue;
      const q = quarterOf(g, eg.ax, eg.ay);
      if (q === null || seen[q]) continue;
      const d = this.ableToCharge(e, u);
      if (d === null) continue;
      seen[q] = true;
      quarters.push({
        rule: N(3),
        label: `${eg.unit.id} on its ${q === 'rear' ? 'rear' : `${q} flank`}, ${ONE_DECIMAL(d)}" away and able to charge`,
        unit: eg.unit.id,
        value: d,
      });
    }
    if (quarters.length === 0)
      positive.push({
        id: 'flanks-and-rear-secure',
        reasons: [
          {
            rule: P(3),
            label:
              g.formation === 'square'
                ? 'In square: no flank or rear'
                : 'No enemy behind its front line can charge it',
          },
        ],
      });
    else negative.push({ id: 'enemy-on-flank-or-rear', count: quarters.length, reasons: quarters });

    // Positive 4: mounted.
    if (isMounted(profile, state))
      positive.push({ id: 'mounted', reasons: [{ rule: P(4), label: 'Mounted' }] });

    // Positive 5: uncommitted friends within a Normal Move to the flank or rear.
    const friend = this.friendBehind(u);
    if (friend) positive.push({ id: 'uncommitted-friends-flank-or-rear', reasons: [friend] });

    // Positive 8: close order, in a formation it may use.
    if (isCloseOrder(g.formation) && formationAllowed(profile, g.formation).allowed)
      positive.push({ id: 'close-order', reasons: [{ rule: P(8), label: `In ${g.formation}` }] });

    // Positives 9 and 11: won a Confrontation.
    if (state.wonConfrontation) {
      if (troop.arm === 'infantry' && troop.regular)
        positive.push({
          id: 'regular-infantry-won-confrontation',
          reasons: [{ rule: P(9), label: 'Regular infantry, won a Confrontation' }],
        });
      else if (troop.arm === 'cavalry' || (troop.arm === 'infantry' && !troop.regular))
        positive.push({
          id: 'irregular-or-cavalry-won-confrontation',
          reasons: [{ rule: P(11), label: 'Won a Confrontation' }],
        });
    }

    // Positive 10: defending works, buildings or walls.
    const works = state.orders === 'defend' ? this.defendedWorks(u) : null;
    if (works) positive.push({ id: 'in-fortifications', reasons: [works] });

    // Negatives from its state.
    if (state.targetOfSmallArmsFire)
      negative.push({
        id: 'target-of-small-arms-fire',
        reasons: [{ rule: N(1), label: 'Fired on by small arms' }],
      });
    const lost = state.standsLostSinceLastCheck ?? 0;
    if (lost > 0)
      negative.push({
        id: 'stands-lost-since-last-check',
        count: lost,
        reasons: [{ rule: N(4), label: `${lost} stands lost since its last test`, value: lost }],
      });
    if (state.targetOfArtilleryFire)
      negative.push({
        id: 'target-of-artillery-fire',
        reasons: [{ rule: N(6), label: 'Fired on by artillery' }],
      });
    const now = countedStands(g.unit);
    const quartersLost = Math.floor(((profile.startingStands - now) * 4) / profile.startingStands);
    if (quartersLost > 0)
      negative.push({
        id: 'quarters-of-stands-lost',
        count: quartersLost,
        reasons: [
          { rule: N(7), label: `${now} of ${profile.startingStands} stands left`, value: quartersLost },
        ],
      });
    const charged = this.chargedTwoToOne(u);
    if (charged) negative.push({ id: 'charged-by-2-to-1', reasons: [charged] });

    // Negative 9: no line of retreat.
    const retreat = lineOfRetreat(
      g,
      this.enemiesOf(side),
      this.terrain,
      troop.mover,
      this.retreatLookahead(profile, g),
    );
    if (!retreat.open)
      negative.push({
        id: 'no-line-of-retreat',
        reasons: [
          { rule: retreat.rule, label: `No gap to the rear: closed by ${retreat.closedBy.join(', ')}` },
        ],
      });
    if (state.disordered)
      negative.push({ id: 'disordered', reasons: [{ rule: N(12), label: 'Disordered' }] });

    const general = this.generalInContact(u);
    const facts: ReactionFacts = {
      resolveLevel: profile.resolveLevel,
      origin: profile.origin,
      ...(profile.mayExceed20 ? { mayExceed20: true } : {}),
      formation: g.formation,
      orders: state.orders ?? 'without-orders',
      ...(state.lastStatus ? { lastStatus: state.lastStatus } : {}),
      positive: applied(positive),
      negative: applied(negative),
      ...(general ? { generalInContact: general.leadership } : {}),
    };
    return { unit: id, facts, positive, negative, ...(general ? { general } : {}) };
  }

  /** Every unit's reaction facts, in the order of `table.units`. */
  allReactions(): DerivedReactionFacts[] {
    return this.units.map((g) => this.reaction(g.unit.id));
  }

  private enemiesOf(side: SideId): readonly UnitGeometry[] {
    return this.enemies.get(side) ?? [];
  }

  /**
   * How far ahead a line of retreat must be clear: the unit's Normal Move in its formation (the
   * distance of a Fall Back), or its fastest rate where its formation has none (a British square).
   */
  private retreatLookahead(profile: JcUnitProfile, g: UnitGeometry): number {
    const move = normalMoveOf(profile, g.formation);
    if (move !== undefined) return move;
    let most = 0;
    for (const cell of Object.values(troopOf(profile).rates)) {
      const v = typeof cell === 'number' ? cell : cell[profile.rateVariant === 'second' ? 1 : 0];
      if (v > most) most = v;
    }
    return most;
  }

  /** The wood holding every stand of the unit (positive 2), or null. */
  private woodsHolding(g: UnitGeometry): FeatureId | null {
    const woods = this.terrain.areas.filter(
      (a) =>
        WOODS.has(a.kind) && g.minX >= a.minX && g.maxX <= a.maxX && g.minY >= a.minY && g.maxY <= a.maxY,
    );
    if (woods.length === 0) return null;
    let found: FeatureId | null = null;
    for (let i = 0; i < g.count; i++) {
      let inside: FeatureId | null = null;
      for (const a of woods) {
        if (boxInsideShape(a, g.boxes, i * BOX_STRIDE)) {
          inside = a.id;
          break;
        }
      }
      if (inside === null) return null;
      found ??= inside;
    }
    return found;
  }

  /**
   * A friendly unit to its flank or rear that is uncommitted and can move into its place (positive 5):
   * same side, not on a mandatory move, not committed this turn, its front-centre behind the unit's
   * front line, and no further from the unit's front-centre than its own Normal Move.
   */
  private friendBehind(u: number): DerivedReason | null {
    const g = this.units[u]!;
    for (let f = 0; f < this.units.length; f++) {
      if (f === u) continue;
      const fg = this.units[f]!;
      if (fg.unit.side !== g.unit.side) continue;
      const state = this.states[f]!;
      if (state.mandatoryMove || state.committed) continue;
      if (quarterOf(g, fg.ax, fg.ay) === null) continue;
      const move = this.moves[f]!;
      if (Number.isNaN(move)) continue;
      const d = anchorDistance(fg, g);
      if (d <= move + 1e-9)
        return {
          rule: P(5),
          label: `${fg.unit.id} behind its front line, ${ONE_DECIMAL(d)}" from its place`,
          unit: fg.unit.id,
          value: d,
        };
    }
    return null;
  }

  /** The enemies whose launched charge outnumbers the unit 2:1 in stands (negative 8), or null. */
  private chargedTwoToOne(u: number): DerivedReason | null {
    const chargers = this.states[u]!.chargedBy;
    if (!chargers || chargers.length === 0) return null;
    let theirs = 0;
    for (const c of chargers) theirs += countedStands(this.units[this.index(c)]!.unit);
    const mine = countedStands(this.units[u]!.unit);
    return theirs >= 2 * mine
      ? {
          rule: N(8),
          label: `Charged by ${chargers.join(', ')}: ${theirs} stands against ${mine}`,
          value: theirs,
        }
      : null;
  }

  /**
   * Positive 10, for a unit with Defend orders: every stand inside closed works or a building, or every
   * front-rank stand lining a wall, barricade or works; and no enemy inside the same works or building,
   * or (for a lined barrier) on the unit's side of it, within the length of the barrier's segment.
   */
  private defendedWorks(u: number): DerivedReason | null {
    const g = this.units[u]!;
    const t = this.terrain;
    const enemies = this.enemiesOf(g.unit.side);
    const enemyInside = (shape: (typeof t.works)[number]) =>
      enemies.some((e) => {
        for (let j = 0; j < e.count; j++)
          if (insideShape(shape, e.boxes[j * BOX_STRIDE]!, e.boxes[j * BOX_STRIDE + 1]!)) return true;
        return false;
      });
    // Inside: every stand's centre inside closed works or a building that holds no enemy.
    let holder: FeatureId | null = null;
    for (let i = 0; i < g.count; i++) {
      const x = g.boxes[i * BOX_STRIDE]!;
      const y = g.boxes[i * BOX_STRIDE + 1]!;
      const shape =
        t.works.find((w) => insideShape(w, x, y)) ?? t.buildings.find((b) => insideShape(b, x, y));
      if (!shape || enemyInside(shape)) {
        holder = null;
        break;
      }
      holder ??= shape.id;
    }
    if (holder !== null)
      return { rule: P(10), label: 'Defending: every stand inside the works or buildings', feature: holder };
    let lines: FeatureId | null = null;
    for (let i = 0; i < g.count; i++) {
      if (g.firingRank[i] !== 0) continue;
      const n = this.nearBarriers(g, i);
      if (n === 0) return null;
      const x = g.boxes[i * BOX_STRIDE]!;
      const y = g.boxes[i * BOX_STRIDE + 1]!;
      let ok = false;
      for (let k = 0; k < n && !ok; k++) {
        const seg = this.lined[k]!;
        const mine = sideOfBarrier(t, seg, x, y);
        const flanked = enemies.some((e) => {
          for (let j = 0; j < e.count; j++)
            if (
              mine !== 0 &&
              sideOfBarrier(t, seg, e.boxes[j * BOX_STRIDE]!, e.boxes[j * BOX_STRIDE + 1]!) === mine
            )
              return true;
          return false;
        });
        if (!flanked) {
          ok = true;
          lines ??= t.barrierFeature[seg]!;
        }
      }
      if (!ok) return null;
    }
    return lines === null
      ? null
      : { rule: P(10), label: 'Defending: its front rank lines the obstacle', feature: lines };
  }

  /** Barrier segments that stand i of g lines (within `CONTACT_TOLERANCE`), into `this.lined`. */
  private nearBarriers(g: UnitGeometry, i: number): number {
    const t = this.terrain;
    const out = this.lined;
    out.length = 0;
    const reach = g.radius + CONTACT_TOLERANCE;
    const b = t.barriers;
    for (let s = 0; s < t.barrierCount; s++) {
      const at = s * SEGMENT_STRIDE;
      // Most segments are far from the unit: a cheap test against its bounding circle first.
      if (pointSegmentDistanceSq(g.cx, g.cy, b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!) > reach * reach)
        continue;
      if (segmentBoxDistance(b, at, g.boxes, i * BOX_STRIDE) <= CONTACT_TOLERANCE) out.push(s);
    }
    return out.length;
  }

  /**
   * The General Officer of its side in base contact with the unit (or attached to it) whose Leadership
   * helps most, when several are; generals without a profile are ignored.
   */
  private generalInContact(u: number): { id: GeneralId; leadership: Leadership } | null {
    const g = this.units[u]!;
    let best: { id: GeneralId; leadership: Leadership } | null = null;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const gen of this.generals) {
      if (gen.side !== g.unit.side) continue;
      const profile = this.forces.generals![gen.id]!;
      if (gen.attachedTo !== g.unit.id) {
        const s = gen.stand;
        const near = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE;
        if (Math.hypot(s.x - g.cx, s.y - g.cy) > near || standToUnitDistance(s, g) > CONTACT_TOLERANCE)
          continue;
      }
      const value = LEADERSHIP_MODIFIERS[profile.leadership].value as number;
      if (value > bestValue) {
        bestValue = value;
        best = { id: gen.id, leadership: profile.leadership };
      }
    }
    return best;
  }

  /**
   * Whether the unit is within its immediate General Officer's Command Radius (Part 4, Units Without
   * Orders): edge to edge from his stand to the unit's nearest stand. Null when the unit has no general
   * or he is not on the table.
   */
  command(id: UnitId): CommandFacts | null {
    const profile = this.profiles[this.index(id)]!;
    const gid = profile.general;
    const gen = gid === undefined ? undefined : this.table.generals[gid];
    const gp = gid === undefined ? undefined : this.forces.generals?.[gid];
    if (!gen || !gp || gid === undefined) return null;
    const distance = standToUnitDistance(gen.stand, this.geometry(id));
    const radius = commandRadiusOf(gp);
    return {
      general: gid,
      inCommand: distance <= radius + 1e-9,
      distance,
      radius,
      rule: jc4('Units Without Orders', 'outside the Command Radius'),
    };
  }

  /**
   * False when `firer` surely cannot fire at `target` (it has no missile weapon, or the two are further
   * apart than its longest range, bounding circle to bounding circle); true says only that `fire` must
   * decide. A cheap filter before `fire` for callers that only want the targets it may hit.
   */
  mayReach(firerId: UnitId, targetId: UnitId): boolean {
    const f = this.index(firerId);
    const weapon = this.profiles[f]!.weapon;
    if (weapon === undefined) return false;
    const fg = this.units[f]!;
    const tg = this.units[this.index(targetId)]!;
    const apart = Math.hypot(fg.cx - tg.cx, fg.cy - tg.cy) - fg.radius - tg.radius;
    return apart <= maximumRange(weapon) + REACH_SLACK;
  }

  /**
   * The facts of `firer`'s fire at `target` (Part 4, Small Arms And Artillery Fire): its weapon and
   * state; the stands able to fire and the range (measurement.ts); enfilade; the target's formation,
   * disorder, stands and cover (the least cover of its stands: it counts as in cover only if all of them
   * are). Null when the firer has no weapon.
   */
  fire(firerId: UnitId, targetId: UnitId): DerivedFireFacts | null {
    const f = this.index(firerId);
    const t = this.index(targetId);
    const fg = this.units[f]!;
    const tg = this.units[t]!;
    const profile = this.profiles[f]!;
    const state = this.states[f]!;
    const targetState = this.states[t]!;
    const weapon = profile.weapon;
    if (weapon === undefined) return null;
    const sight = this.sight();
    const stands = firingStands(fg, weapon, tg, sight ? { sight } : {});
    const distance = Number.isFinite(stands.distance) ? stands.distance : frontDistance(fg, tg);
    const band = rangeBandAt(weapon, distance);
    const reasons: DerivedReason[] = [
      {
        rule: jc4('Troops And Figures Able To Fire'),
        label: `Stands able to fire: ${stands.stands.map((i) => fg.unit.stands[i]!.id).join(', ') || 'none'}`,
        value: stands.stands.length,
      },
      {
        rule: jc4('Using The Fire Table', 'range front edge to front edge'),
        label: `Range ${ONE_DECIMAL(distance)}": ${band ?? 'out of reach'}`,
        value: distance,
      },
    ];
    const enfilade = enfiladeOf(fg, stands.stands, tg);
    if (enfilade)
      reasons.push({
        rule: enfilade.rule,
        label: `From the ${enfilade.flank} end, ${ONE_DECIMAL(enfilade.angle)} degrees off its front line`,
        value: enfilade.angle,
      });
    let cover: TargetCover = 'entrenchments-or-buildings';
    let coverFeature: FeatureId | undefined;
    if (sight) {
      for (const s of tg.unit.stands) {
        const c = sight.coverOf(s.id);
        if (COVER_ORDER.indexOf(c.cover) < COVER_ORDER.indexOf(cover)) {
          cover = c.cover;
          coverFeature = c.featureId;
        }
      }
    } else cover = 'open';
    if (cover !== 'open')
      reasons.push({
        rule: jc4('Small Arms Fire Modifiers', '3. target cover'),
        label: `Every target stand in ${cover}`,
        ...(coverFeature ? { feature: coverFeature } : {}),
      });
    const target = {
      targetFormation: tg.formation,
      ...(targetState.disordered ? { targetDisordered: true } : {}),
      ...(cover !== 'open' ? { targetCover: cover } : {}),
      targetStands: countedStands(tg.unit),
      ...(enfilade
        ? { enfilade: { targetRanks: enfilade.targetRanks, targetArm: troopOf(this.profiles[t]!).arm } }
        : {}),
    };
    const firer = {
      resolveLevel: profile.resolveLevel,
      status: currentStatus(profile, state),
      ...(state.disordered ? { disordered: true } : {}),
      ...(state.moving ? { moving: true } : {}),
    };
    if (weapon in SMALL_ARMS_WEAPON_DEFS) {
      const facts: SmallArmsFireFacts = {
        weapon: weapon as SmallArmsFireFacts['weapon'],
        ...firer,
        ...(isMounted(profile, state) && troopOf(profile).arm === 'cavalry' ? { mounted: true } : {}),
        frontRankStands: stands.frontRank,
        ...(stands.secondRank > 0 ? { secondRankStands: stands.secondRank } : {}),
        ...target,
        distance,
      };
      return { kind: 'small-arms', facts, reasons };
    }
    const facts: ArtilleryFireFacts = {
      weapon: weapon as ArtilleryFireFacts['weapon'],
      ...firer,
      crewStands: stands.frontRank,
      ...(profile.nativeIrregularCrew ? { nativeIrregularCrew: true } : {}),
      ...target,
      distance,
    };
    return { kind: 'artillery', facts, reasons };
  }

  /**
   * The facts of a Confrontation between `chargerId` and `targetId` (Part 4, Confrontation Tactical
   * Modifiers), each side with the units fighting beside it (`chargerSide`, `targetSide`: the other
   * units of each side in this Confrontation) for "each 3 additional stands". Derived: uphill, regular
   * infantry in close order, heavy cavalry or lancers, cavalry against infantry, defending a fortified
   * city wall, mass, regular light cavalry, open order, and whether the target holds on a Recoil (in
   * square or defending works). What happened before contact (charging the full Charge Bonus, the
   * defenders' volley, squaring up) is for the caller to add.
   */
  confrontation(
    chargerId: UnitId,
    targetId: UnitId,
    others: { readonly chargerSide?: readonly UnitId[]; readonly targetSide?: readonly UnitId[] } = {},
  ): DerivedConfrontationFacts {
    const c = this.index(chargerId);
    const t = this.index(targetId);
    const side = (u: number, o: number, allies: readonly UnitId[] = []) => {
      const g = this.units[u]!;
      const og = this.units[o]!;
      const profile = this.profiles[u]!;
      const troop = troopOf(profile);
      const otherTroop = troopOf(this.profiles[o]!);
      const mods: DerivedModifier<ConfrontationModifierId>[] = [];
      const rule = (n: number, what: string) => jc4('Confrontation Tactical Modifiers', `${n} ${what}`);
      const up = uphillOf(g, og, this.terrain);
      if (up.uphill)
        mods.push({
          id: 'uphill',
          reasons: [{ rule: up.rule, label: `Level ${up.elevation} against ${up.opponentElevation}` }],
        });
      if (troop.arm === 'infantry' && troop.regular && isCloseOrder(g.formation))
        mods.push({
          id: 'infantry-close-order',
          reasons: [{ rule: rule(3, 'infantry in close order'), label: `In ${g.formation}` }],
        });
      if (
        troop.arm === 'cavalry' &&
        ((troop.regular && profile.cavalryWeight === 'heavy') || profile.lancers)
      )
        mods.push({
          id: 'heavy-cavalry-or-lancers',
          reasons: [
            {
              rule: rule(6, 'regular heavy cavalry or lancers'),
              label: profile.lancers ? 'Lancers' : 'Regular heavy cavalry',
            },
          ],
        });
      if (troop.arm === 'cavalry' && otherTroop.arm === 'infantry')
        mods.push({
          id: 'cavalry-v-infantry',
          reasons: [{ rule: rule(7, 'cavalry v infantry'), label: 'Cavalry against infantry' }],
        });
      if (u === t && this.states[u]!.orders === 'defend' && this.liningCityWall(g))
        mods.push({
          id: 'fortified-city-wall',
          reasons: [
            { rule: rule(8, 'defending fortified city wall'), label: 'Lining a fortified city wall' },
          ],
        });
      if (g.formation === 'mass')
        mods.push({ id: 'mass', reasons: [{ rule: rule(9, 'mass'), label: 'In mass' }] });
      if (troop.arm === 'cavalry' && troop.regular && profile.cavalryWeight !== 'heavy' && !profile.lancers)
        mods.push({
          id: 'regular-light-cavalry',
          reasons: [{ rule: rule(10, 'regular light cavalry'), label: 'Regular light cavalry' }],
        });
      if (isOpenOrder(g.formation))
        mods.push({
          id: 'open-order',
          reasons: [{ rule: rule(11, 'open order'), label: `In ${g.formation}` }],
        });
      const stands = countedStands(g.unit);
      let sideStands = stands;
      for (const a of allies) sideStands += countedStands(this.units[this.index(a)]!.unit);
      const facts: ConfrontationSideFacts = {
        resolveLevel: profile.resolveLevel,
        status: currentStatus(profile, this.states[u]!),
        stands,
        ...(allies.length > 0 ? { sideStands } : {}),
        modifiers: applied(mods),
      };
      return { facts, mods, contact: standsInContact(g, og) };
    };
    const charger = side(c, t, others.chargerSide);
    const target = side(t, c, others.targetSide);
    const tg = this.units[t]!;
    const holds =
      tg.formation === 'square' || (this.states[t]!.orders === 'defend' && this.defendedWorks(t) !== null);
    const reasons: DerivedReason[] = [
      {
        rule: reading('stands in contact'),
        label: `Stands in contact: ${chargerId} ${charger.contact}, ${targetId} ${target.contact}`,
        value: charger.contact,
      },
    ];
    if (holds)
      reasons.push({
        rule: jc4('Confrontation Results Table', 'defenders of works and squares hold on a Recoil'),
        label: tg.formation === 'square' ? 'Target in square' : 'Target defending works',
        unit: targetId,
      });
    return {
      facts: {
        charger: charger.facts,
        target: { ...target.facts, ...(holds ? { defendingWorksOrSquare: true } : {}) },
      },
      charger: { modifiers: charger.mods, standsInContact: charger.contact },
      target: { modifiers: target.mods, standsInContact: target.contact },
      reasons,
    };
  }

  /** Whether a front-rank stand of the unit lines a fortified city wall. */
  private liningCityWall(g: UnitGeometry): boolean {
    for (let i = 0; i < g.count; i++) {
      if (g.firingRank[i] !== 0) continue;
      const n = this.nearBarriers(g, i);
      for (let k = 0; k < n; k++)
        if (this.terrain.barrierKind[this.lined[k]!] === 'fortified-city-wall') return true;
    }
    return false;
  }
}

/**
 * Every unit's reaction facts on a table: the function `npm run bench` times (the facts for the whole
 * table, building the geometry included).
 */
export function deriveAllReactionFacts(
  table: TableState,
  forces: JcForces,
  options: TableFactsOptions = {},
): DerivedReactionFacts[] {
  return new JcTableFacts(table, forces, options).allReactions();
}
