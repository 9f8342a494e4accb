import { angleBetween, bearing, turnBetween } from '../../../core/geometry/angles.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import type { UnitId } from '../../../core/table/model.ts';
import { MOVEMENT_RATES, type TroopTypeId } from '../tables/movement-rates.ts';
import { ORDERS, type OrderId } from '../tables/orders.ts';
import { jc3 } from '../vocabulary.ts';
import { unitCentre } from './movement-geometry.ts';
import type { MoveKind } from './movement-interpenetration.ts';
import type { Manoeuvre, Pose } from './movement-manoeuvres.ts';
import { LIMIT_SLACK } from './terrain.ts';

/** Why a move breaks the rules. Each violation names its rule and says what is wrong. */
export const VIOLATION_CODES = [
  'no-movement-allowed',
  'exceeds-allowance',
  'impassable-terrain',
  'impassable-barrier',
  'below-minimum',
  'passes-through-enemy',
  'oblique-regulars-only',
  'oblique-too-wide',
  'flank-march-regulars-only',
  'order-forbids-movement',
  'formation-change-only',
  'formation-change-not-ordered',
  'wrong-formation',
  'facing-change-not-allowed',
  'facing-change-too-large',
  'outside-arc',
  'must-about-face-first',
  'second-about-face-too-late',
  'turn-over-30-must-wheel',
  'deploy-wrong-side',
  'deploy-oblique-angle',
  'closest-approach',
  'not-a-manoeuvre',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  readonly code: ViolationCode;
  readonly rule: RuleRef;
  /** What is wrong, in Muster's words. */
  readonly message: string;
  /** The unit concerned, when another unit is involved. */
  readonly unitId?: UnitId;
}

const MANOEUVRES = 'Wheeling, Oblique Movement, Flank March, and About Face';

/** The end formations of the formation-change orders, as formation ids. */
const ENDS_AS: Readonly<Record<string, string>> = {
  square: 'square',
  'close-order-line': 'close-order-line',
  'close-order-column': 'close-order-column',
  'skirmish-order': 'skirmish-order',
  'open-order-line': 'open-order-line',
  'open-order-column': 'open-order-column',
  limbered: 'artillery-limbered',
};

export interface OrderCheck {
  readonly troop: TroopTypeId;
  readonly order: OrderId | undefined;
  /** The unit carries out its order (false on a mandatory move or when its reaction stops it). */
  readonly followsOrders: boolean;
  readonly kind: MoveKind;
  /** The manoeuvres asked for. */
  readonly manoeuvres: readonly Manoeuvre[];
  readonly start: Pose;
  readonly end: Pose;
  /**
   * Edge-to-edge distance to the nearest enemy stand, before and after (Infinity when none). Read only
   * for an order with a closest approach: a caller may leave them Infinity for other orders.
   */
  readonly enemyBefore: number;
  readonly enemyAfter: number;
}

/**
 * The breaches of the manoeuvre rules (Part 3, Wheeling, Oblique Movement, Flank March, and About
 * Face) and of the order's limits (Part 3, Definitions Of Unit Orders): who may oblique or flank march,
 * the 45-degree oblique, what each order lets the unit do, its arc, its facing change and its closest
 * approach to the enemy. Mandatory moves ignore orders and are laid out by Muster, so only their
 * geometry is checked elsewhere. Minimum moves and the allowance are judged by the movement-allowance
 * procedure.
 */
export function orderViolations(c: OrderCheck): Violation[] {
  const out: Violation[] = [];
  if (c.kind === 'mandatory') return out;

  const troop = MOVEMENT_RATES.troops[c.troop];
  for (const m of c.manoeuvres) {
    if (m.kind === 'straight' && c.kind !== 'charge-contact')
      out.push({
        code: 'not-a-manoeuvre',
        rule: jc3(MANOEUVRES),
        message:
          'a free straight line is only for mandatory moves and the last move of a charge: advance, wheel, oblique or flank march',
      });
    if (m.kind === 'oblique') {
      if (!troop.regular)
        out.push({
          code: 'oblique-regulars-only',
          rule: jc3(MANOEUVRES, 'oblique: regulars only'),
          message: `${troop.label} cannot oblique: only regular units may`,
        });
      if (Math.abs(m.degrees) > 45 + 1e-9)
        out.push({
          code: 'oblique-too-wide',
          rule: jc3(MANOEUVRES, 'oblique: up to 45 degrees'),
          message: `an oblique may be at most 45 degrees off straight ahead, not ${fmtDeg(Math.abs(m.degrees))}`,
        });
    }
    if (m.kind === 'flank-march' && !troop.regular)
      out.push({
        code: 'flank-march-regulars-only',
        rule: jc3(MANOEUVRES, 'flank march: regulars only'),
        message: `${troop.label} cannot flank march: only regular units may`,
      });
  }
  const order = c.order !== undefined && c.followsOrders ? ORDERS.orders[c.order] : undefined;
  const turned = turnBetween(c.start.facing, c.end.facing);
  const faced = c.manoeuvres.filter((m) => m.kind === 'face');
  if (faced.length > 0) {
    const allowed =
      c.kind === 'charge-initiation' ||
      order?.refaceDegrees !== undefined ||
      (order?.id === 'hold' && troop.arm === 'artillery') ||
      endsFlankMarchFacingTheWay(order?.id, c.manoeuvres);
    if (!allowed)
      out.push({
        code: 'facing-change-not-allowed',
        rule: order?.rule ?? jc3(MANOEUVRES),
        message: `${order ? `${order.name} does` : 'this move does'} not allow turning in place: wheel instead`,
      });
  }
  if (!order) return out;

  const covers = c.manoeuvres.some((m) => m.kind !== 'face' && m.kind !== 'form');
  const forms = c.manoeuvres.filter((m) => m.kind === 'form');
  if (order.move === 'none') {
    if (covers || forms.length > 0)
      out.push({ code: 'order-forbids-movement', rule: order.rule, message: `${order.name} does not move` });
    if (order.id === 'hold' && troop.arm === 'artillery' && Math.abs(turned) > 30 + 1e-9)
      out.push({
        code: 'facing-change-too-large',
        rule: order.rule,
        message: `guns on Hold may re-face up to 30 degrees, not ${fmtDeg(Math.abs(turned))}`,
      });
  } else if (order.move === 'formation-change') {
    if (covers)
      out.push({
        code: 'formation-change-only',
        rule: order.rule,
        message: `${order.name} changes formation and makes no other move`,
      });
  }
  if (forms.length > 0 && order.endsAs === undefined)
    out.push({
      code: 'formation-change-not-ordered',
      rule: jc3('Types Of Movement', 'formation changes count as a Normal Move'),
      message: `${order.name} does not change formation: a formation change needs its own order`,
    });
  for (const f of forms) {
    if (f.kind === 'form' && order.endsAs !== undefined && f.target.formation !== ENDS_AS[order.endsAs])
      out.push({
        code: 'wrong-formation',
        rule: order.rule,
        message: `${order.name} ends in ${ENDS_AS[order.endsAs]}, not ${f.target.formation}`,
      });
  }
  if (order.refaceDegrees !== undefined && Math.abs(turned) > order.refaceDegrees + 1e-9)
    out.push({
      code: 'facing-change-too-large',
      rule: order.rule,
      message: `${order.name} may change facing up to ${order.refaceDegrees} degrees, not ${fmtDeg(Math.abs(turned))}`,
    });

  if (order.arcDegrees !== undefined) {
    const retire = order.class === 'retire';
    const ahead = c.start.facing + (retire ? 180 : 0);
    const [x0, y0] = unitCentre(c.start.stands);
    const [x1, y1] = unitCentre(c.end.stands);
    if (
      Math.hypot(x1 - x0, y1 - y0) > 1e-6 &&
      angleBetween(ahead, bearing(x0, y0, x1, y1)) > order.arcDegrees + 1e-9
    )
      out.push({
        code: 'outside-arc',
        rule: order.rule,
        message: `${order.name} must keep within ${order.arcDegrees} degrees of straight ${retire ? 'back' : 'ahead'}: the unit moved ${fmtDeg(angleBetween(ahead, bearing(x0, y0, x1, y1)))} off it`,
      });
    const endOff = angleBetween(ahead, c.end.facing);
    const endOffBack = angleBetween(c.start.facing, c.end.facing);
    const facingOk =
      endOff <= order.arcDegrees + 1e-9 ||
      (order.id === 'to-the-rear-march' && endOffBack <= order.arcDegrees + 1e-9);
    if (!facingOk)
      out.push({
        code: 'outside-arc',
        rule: order.rule,
        message: `${order.name} must end facing within ${order.arcDegrees} degrees of straight ${retire ? 'back' : 'ahead'}, not ${fmtDeg(endOff)} off it`,
      });
  }

  if (order.aboutFaces !== undefined && order.aboutFaces > 0 && c.manoeuvres[0]?.kind !== 'about-face')
    out.push({
      code: 'must-about-face-first',
      rule: order.rule,
      message: `${order.name} starts with an about face`,
    });
  if (order.id === 'to-the-rear-march') {
    let afterFirst = false;
    for (const m of c.manoeuvres) {
      if (m.kind === 'about-face') afterFirst = true;
      else if (afterFirst && m.kind === 'oblique' && Math.abs(m.degrees) > 30 + 1e-9)
        out.push({
          code: 'turn-over-30-must-wheel',
          rule: order.rule,
          message: `after the about face, turns of more than 30 degrees must be wheels (oblique of ${fmtDeg(Math.abs(m.degrees))})`,
        });
    }
  }

  if (order.id === 'deploy-right' || order.id === 'deploy-left') {
    const right = order.id === 'deploy-right';
    const side = right ? 'right' : 'left';
    for (const m of c.manoeuvres) {
      const wrong =
        (m.kind === 'wheel' && (right ? m.degrees > 0 : m.degrees < 0)) ||
        (m.kind === 'oblique' && (right ? m.degrees > 0 : m.degrees < 0)) ||
        (m.kind === 'flank-march' && m.side !== side);
      if (wrong)
        out.push({
          code: 'deploy-wrong-side',
          rule: order.rule,
          message: `${order.name} wheels, obliques or flank marches to the ${side} only`,
        });
      if (m.kind === 'oblique' && (Math.abs(m.degrees) < 30 - 1e-9 || Math.abs(m.degrees) > 45 + 1e-9))
        out.push({
          code: 'deploy-oblique-angle',
          rule: order.rule,
          message: `${order.name} obliques at 30 to 45 degrees, not ${fmtDeg(Math.abs(m.degrees))}`,
        });
    }
  }

  if (
    order.closestApproach !== undefined &&
    c.enemyAfter < order.closestApproach - LIMIT_SLACK &&
    c.enemyAfter < c.enemyBefore - LIMIT_SLACK
  )
    out.push({
      code: 'closest-approach',
      rule: order.rule,
      message: `${order.name} may not come within ${order.closestApproach}" of an enemy: it ends ${fmtIn(c.enemyAfter)}" away`,
    });
  return out;
}

/**
 * The free turn at the end of a Deploy order's flank march (Part 3, Deploy Right: "the Unit may end the
 * Turn facing in either direction"): after flank marching, one quarter turn in place to face the way it
 * marched, as its last manoeuvre (Muster reading: a flank march is made facing the flank in file, so at
 * its end the unit faces either its old front or the way it went).
 */
export function endsFlankMarchFacingTheWay(
  order: OrderId | undefined,
  manoeuvres: readonly Manoeuvre[],
): boolean {
  if (order !== 'deploy-right' && order !== 'deploy-left') return false;
  const last = manoeuvres[manoeuvres.length - 1];
  if (last?.kind !== 'face' || manoeuvres.filter((m) => m.kind === 'face').length !== 1) return false;
  const side = order === 'deploy-right' ? 'right' : 'left';
  const marched = manoeuvres.some((m) => m.kind === 'flank-march' && m.side === side);
  return marched && Math.abs(last.degrees - (side === 'right' ? -90 : 90)) < 1e-9;
}

function fmtDeg(d: number): string {
  return `${Math.round(d * 10) / 10}`;
}

const fmtIn = measureText;
