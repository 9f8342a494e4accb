import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import type { FeatureId, GeneralId, UnitId } from '../../../../core/table/model.ts';
import type { ReactionFacts } from '../../procedures/reaction-test.ts';
import {
  LEADERSHIP_MODIFIERS,
  type NegativeReactionModifierId,
  type PositiveReactionModifierId,
} from '../../tables/reaction-modifiers.ts';
import { jc4, type Leadership } from '../../vocabulary.ts';
import { formationAllowed, isCloseOrder } from '../formations.ts';
import { anchorDistance, frontDistance, standToUnitDistance } from '../measurement/distances.ts';
import { lineOfRetreat } from '../measurement/line-of-retreat.ts';
import { facesTowards, quarterOf } from '../measurement/quarters.ts';
import { type AreaShape, boxInsideShape } from '../measurement/terrain-geometry.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import { countedStands, isMounted, troopOf } from '../unit-profile.ts';
import type { TableBasis } from './basis.ts';
import { defendedWorks } from './defended-works.ts';
import { applied, type DerivedModifier, type DerivedReason, ONE_DECIMAL } from './reasons.ts';

/** A unit's Reaction Test facts (Part 4, Reaction Test Modifiers) as the table gives them, with reasons. */
export interface DerivedReactionFacts {
  readonly unit: UnitId;
  /** Ready for `resolveReactionTest`. */
  readonly facts: ReactionFacts;
  readonly positive: readonly DerivedModifier<PositiveReactionModifierId>[];
  readonly negative: readonly DerivedModifier<NegativeReactionModifierId>[];
  /** The General Officer in base contact whose Leadership counts, if any. */
  readonly general?: { readonly id: GeneralId; readonly leadership: Leadership } | undefined;
}

const P = (n: number) => jc4('Reaction Test Modifiers', `positive ${n}`);
const N = (n: number) => jc4('Reaction Test Modifiers', `negative ${n}`);
// Each rule a unit's facts cite, made once: the same reference for every unit and table.
const P1 = P(1);
const P2 = P(2);
const P3 = P(3);
const P4 = P(4);
const P5 = P(5);
const P8 = P(8);
const P9 = P(9);
const P11 = P(11);
const N1 = N(1);
const N3 = N(3);
const N4 = N(4);
const N6 = N(6);
const N7 = N(7);
const N8 = N(8);
const N12 = N(12);
const WOODS: ReadonlySet<string> = new Set(['light-woods', 'heavy-woods']);

/** The Reaction Test facts of one unit worked out from the table, with the reasons for each. */
export function deriveReaction(basis: TableBasis, id: UnitId): DerivedReactionFacts {
  const u = basis.index(id);
  const g = basis.units[u]!;
  const profile = basis.profiles[u]!;
  const state = basis.states[u]!;
  const troop = troopOf(profile);
  const side = g.unit.side;
  const positive: DerivedModifier<PositiveReactionModifierId>[] = [];
  const negative: DerivedModifier<NegativeReactionModifierId>[] = [];

  // Positive 1: the army outnumbers the enemy 2:1 in stands.
  const own = basis.sideStands.get(side) ?? 0;
  let enemy = 0;
  for (const [s, n] of basis.sideStands) if (s !== side) enemy += n;
  if (own > 0 && own >= 2 * enemy)
    positive.push({
      id: 'army-outnumbers-enemy-2-to-1',
      reasons: [
        { rule: P1, label: `${own} stands against ${enemy} (not counting mandatory moves)`, value: own },
      ],
    });

  // Positive 2: wholly inside woods.
  const woods = woodsHolding(basis, g);
  if (woods)
    positive.push({
      id: 'in-woods',
      reasons: [{ rule: P2, label: 'Every stand wholly inside woods', feature: woods }],
    });

  // Positive 3 and negative 3: enemies able to charge from behind its front line. The quarter is
  // asked only of an enemy that can charge at all (`ableToCharge` reads nothing `seen` keeps).
  const quarters: DerivedReason[] = [];
  const seen = { left: false, right: false, rear: false };
  for (let e = 0; e < basis.units.length; e++) {
    const eg = basis.units[e]!;
    if (eg.unit.side === side || basis.chargeReach[e]! < 0) continue;
    const q = quarterOf(g, eg.ax, eg.ay);
    if (q === null || seen[q]) continue;
    const d = ableToCharge(basis, e, u);
    if (d === null) continue;
    seen[q] = true;
    quarters.push({
      rule: N3,
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
          rule: P3,
          label:
            g.formation === 'square'
              ? 'In square: no flank or rear'
              : 'No enemy behind its front line can charge it',
        },
      ],
    });

  // Positive 4: mounted.
  if (isMounted(profile, state)) positive.push({ id: 'mounted', reasons: [{ rule: P4, label: 'Mounted' }] });

  // Positive 5: uncommitted friends within a Normal Move to the flank or rear.
  const friend = friendBehind(basis, u);
  if (friend) positive.push({ id: 'uncommitted-friends-flank-or-rear', reasons: [friend] });

  // Positive 8: close order, in a formation it may use.
  if (isCloseOrder(g.formation) && formationAllowed(profile, g.formation).allowed)
    positive.push({ id: 'close-order', reasons: [{ rule: P8, label: `In ${g.formation}` }] });

  // Positives 9 and 11: won a Confrontation.
  if (state.wonConfrontation) {
    if (troop.arm === 'infantry' && troop.regular)
      positive.push({
        id: 'regular-infantry-won-confrontation',
        reasons: [{ rule: P9, label: 'Regular infantry, won a Confrontation' }],
      });
    else if (troop.arm === 'cavalry' || (troop.arm === 'infantry' && !troop.regular))
      positive.push({
        id: 'irregular-or-cavalry-won-confrontation',
        reasons: [{ rule: P11, label: 'Won a Confrontation' }],
      });
  }

  // Positive 10: defending works, buildings or walls.
  const works = state.orders === 'defend' ? defendedWorks(basis, u) : null;
  if (works) positive.push({ id: 'in-fortifications', reasons: [works] });

  // The negatives, in the table's order (so that a procedure need not sort them).
  if (state.targetOfSmallArmsFire)
    negative.push({
      id: 'target-of-small-arms-fire',
      reasons: [{ rule: N1, label: 'Fired on by small arms' }],
    });
  if (quarters.length > 0)
    negative.push({ id: 'enemy-on-flank-or-rear', count: quarters.length, reasons: quarters });
  const lost = state.standsLostSinceLastCheck ?? 0;
  if (lost > 0)
    negative.push({
      id: 'stands-lost-since-last-check',
      count: lost,
      reasons: [{ rule: N4, label: `${lost} stands lost since its last test`, value: lost }],
    });
  if (state.targetOfArtilleryFire)
    negative.push({
      id: 'target-of-artillery-fire',
      reasons: [{ rule: N6, label: 'Fired on by artillery' }],
    });
  const now = countedStands(g.unit);
  const quartersLost = Math.floor(((profile.startingStands - now) * 4) / profile.startingStands);
  if (quartersLost > 0)
    negative.push({
      id: 'quarters-of-stands-lost',
      count: quartersLost,
      reasons: [{ rule: N7, label: `${now} of ${profile.startingStands} stands left`, value: quartersLost }],
    });
  const charged = chargedTwoToOne(basis, u);
  if (charged) negative.push({ id: 'charged-by-2-to-1', reasons: [charged] });

  // Negative 9: no line of retreat.
  const retreat = lineOfRetreat(
    g,
    basis.enemiesOf(side),
    basis.terrain,
    troop.mover,
    retreatLookahead(basis, u),
  );
  if (!retreat.open)
    negative.push({
      id: 'no-line-of-retreat',
      reasons: [
        { rule: retreat.rule, label: `No gap to the rear: closed by ${retreat.closedBy.join(', ')}` },
      ],
    });
  if (state.disordered) negative.push({ id: 'disordered', reasons: [{ rule: N12, label: 'Disordered' }] });

  const general = generalInContact(basis, u);
  // Every field written, those that do not apply undefined: the facts of every unit have one shape.
  const facts: ReactionFacts = {
    resolveLevel: profile.resolveLevel,
    origin: profile.origin,
    mayExceed20: profile.mayExceed20 ? true : undefined,
    formation: g.formation,
    orders: state.orders ?? 'without-orders',
    lastStatus: state.lastStatus ? state.lastStatus : undefined,
    positive: applied(positive),
    negative: applied(negative),
    generalInContact: general ? general.leadership : undefined,
  };
  return { unit: id, facts, positive, negative, general: general ?? undefined };
}

/**
 * Whether enemy `e` can charge unit `u` (indices) now: not on a mandatory move, not artillery and
 * not in skirmish order (neither may charge), facing towards it, and its front within its Normal Move
 * plus Charge Bonus of it (straight-line distance: terrain and units in the way are not counted).
 */
function ableToCharge(basis: TableBasis, e: number, u: number): number | null {
  const reach = basis.chargeReach[e]!;
  if (reach < 0) return null;
  const eg = basis.units[e]!;
  const ug = basis.units[u]!;
  const dx = eg.cx - ug.cx;
  const dy = eg.cy - ug.cy;
  const apart = eg.radius + ug.radius + reach;
  if (dx * dx + dy * dy > apart * apart) return null;
  if (!facesTowards(eg, ug)) return null;
  const d = frontDistance(eg, ug, false);
  return d <= reach + 1e-9 ? d : null;
}

/**
 * How far ahead the line of retreat of unit `u` (its index) must be clear: its Normal Move in its
 * formation (the distance of a Fall Back, as the basis holds it), or its fastest rate where its
 * formation has none (a British square).
 */
export function retreatLookahead(basis: TableBasis, u: number): number {
  const move = basis.moves[u]!;
  if (!Number.isNaN(move)) return move;
  const profile = basis.profiles[u]!;
  let most = 0;
  for (const cell of Object.values(troopOf(profile).rates)) {
    const v = typeof cell === 'number' ? cell : cell[profile.rateVariant === 'second' ? 1 : 0];
    if (v > most) most = v;
  }
  return most;
}

/** The wood holding every stand of the unit (positive 2), or null. */
function woodsHolding(basis: TableBasis, g: UnitGeometry): FeatureId | null {
  const areas = basis.terrain.areas;
  let any = false;
  for (const a of areas) if (woodAround(a, g)) any = true;
  if (!any) return null;
  let found: FeatureId | null = null;
  for (let i = 0; i < g.count; i++) {
    let inside: FeatureId | null = null;
    for (const a of areas) {
      if (woodAround(a, g) && boxInsideShape(a, g.boxes, i * BOX_STRIDE)) {
        inside = a.id;
        break;
      }
    }
    if (inside === null) return null;
    found ??= inside;
  }
  return found;
}

/** Whether `a` is a wood whose bounds hold the unit's. */
function woodAround(a: AreaShape, g: UnitGeometry): boolean {
  return WOODS.has(a.kind) && g.minX >= a.minX && g.maxX <= a.maxX && g.minY >= a.minY && g.maxY <= a.maxY;
}

/**
 * A friendly unit to its flank or rear that is uncommitted and can move into its place (positive 5):
 * same side, not on a mandatory move, not committed this turn, its front-centre behind the unit's
 * front line, and no further from the unit's front-centre than its own Normal Move.
 */
function friendBehind(basis: TableBasis, u: number): DerivedReason | null {
  const g = basis.units[u]!;
  for (let f = 0; f < basis.units.length; f++) {
    if (f === u) continue;
    const fg = basis.units[f]!;
    if (fg.unit.side !== g.unit.side) continue;
    const state = basis.states[f]!;
    if (state.mandatoryMove || state.committed) continue;
    if (quarterOf(g, fg.ax, fg.ay) === null) continue;
    const move = basis.moves[f]!;
    if (Number.isNaN(move)) continue;
    const d = anchorDistance(fg, g);
    if (d <= move + 1e-9)
      return {
        rule: P5,
        label: `${fg.unit.id} behind its front line, ${ONE_DECIMAL(d)}" from its place`,
        unit: fg.unit.id,
        value: d,
      };
  }
  return null;
}

/** The enemies whose launched charge outnumbers the unit 2:1 in stands (negative 8), or null. */
function chargedTwoToOne(basis: TableBasis, u: number): DerivedReason | null {
  const chargers = basis.states[u]!.chargedBy;
  if (!chargers || chargers.length === 0) return null;
  let theirs = 0;
  for (const c of chargers) theirs += countedStands(basis.units[basis.index(c)]!.unit);
  const mine = countedStands(basis.units[u]!.unit);
  return theirs >= 2 * mine
    ? {
        rule: N8,
        label: `Charged by ${chargers.join(', ')}: ${theirs} stands against ${mine}`,
        value: theirs,
      }
    : null;
}

/**
 * The General Officer of its side in base contact with the unit (or attached to it) whose Leadership
 * helps most, when several are; generals without a profile are ignored.
 */
function generalInContact(basis: TableBasis, u: number): { id: GeneralId; leadership: Leadership } | null {
  const g = basis.units[u]!;
  let best: { id: GeneralId; leadership: Leadership } | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const gen of basis.generals) {
    if (gen.side !== g.unit.side) continue;
    const profile = basis.forces.generals![gen.id]!;
    if (gen.attachedTo !== g.unit.id) {
      const s = gen.stand;
      const near = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE;
      const dx = s.x - g.cx;
      const dy = s.y - g.cy;
      if (dx * dx + dy * dy > near * near || standToUnitDistance(s, g) > CONTACT_TOLERANCE) continue;
    }
    const value = LEADERSHIP_MODIFIERS[profile.leadership].value as number;
    if (value > bestValue) {
      bestValue = value;
      best = { id: gen.id, leadership: profile.leadership };
    }
  }
  return best;
}
