import type { RuleRef } from '../../../core/rules/trace.ts';
import { MOVEMENT_RATES, type TroopTypeId } from '../tables/movement-rates.ts';
import type { OrderId } from '../tables/orders.ts';
import { jc3, musterDefault } from '../vocabulary.ts';

/**
 * Interpenetration (Part 3, Interpenetration, rules 1-6; Part 4, Skirmishers): what happens when a
 * moving unit passes through a friendly unit. Rule 5 (a move that would end on another unit stops short
 * and is Disordered) is geometry and lives in movement.ts; passing through an enemy is never allowed.
 */

/**
 * What kind of move is being made: a Normal Move (or a formation change, which counts as one); the
 * Step-4 charge move (charge initiation); the Step-5 move into contact; a mandatory move (Fall Back,
 * Forced Back, Rout, and Pursue, which Part 3 lists among the mandatory moves).
 */
export const MOVE_KINDS = ['normal', 'charge-initiation', 'charge-contact', 'mandatory'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

/** A unit's formation as interpenetration sees it. */
export type OrderClassOfFormation = 'close' | 'open' | 'skirmish' | 'mass' | 'guns';

/** The formation ids of John Company units (vocabulary FORMATIONS), by how they interpenetrate. */
export function formationClass(formation: string): OrderClassOfFormation {
  switch (formation) {
    case 'close-order-line':
    case 'close-order-column':
    case 'square':
      return 'close';
    case 'open-order-line':
    case 'open-order-column':
      return 'open';
    case 'skirmish-order':
      return 'skirmish';
    case 'mass':
      return 'mass';
    default:
      return 'guns';
  }
}

/** One side of an interpenetration. */
export interface InterpenetrationParty {
  readonly troop: TroopTypeId;
  /** Its formation id (John Company's, e.g. 'open-order-line'). */
  readonly formation: string;
  /** Its order this turn, if any. */
  readonly order?: OrderId;
  /** The unit passed through is itself on a mandatory move this turn. */
  readonly onMandatoryMove?: boolean;
}

export interface InterpenetrationVerdict {
  /** The rule applied: 1-4 or 6 of Part 3's list. */
  readonly ruleNumber: 1 | 2 | 3 | 4 | 6;
  readonly rule: RuleRef;
  readonly moverDisordered: boolean;
  readonly otherDisordered: boolean;
  /** The unit passed through may not reform or rally while it is passed through (rule 1). */
  readonly otherMayNotReformOrRally: boolean;
}

const rule = (n: number, what: string) => jc3('Interpenetration', `${n}. ${what}`);

/**
 * The verdict when `mover`, making a move of `kind`, passes through the friendly unit `other`. Rules in
 * order: 4 (a mandatory move, by either unit: both Disordered) before 1-3 (no Disorder), else 6 (both
 * Disordered). Readings (docs/table-movement.md): "stationary" is every unit not moving now, so rule 2
 * covers any regular infantry passed through; rule 2's "only if" means "without Disorder only if";
 * skirmishers pass skirmishers freely; troops in mass and guns have no free pass.
 */
export function interpenetrationVerdict(
  mover: InterpenetrationParty,
  kind: MoveKind,
  other: InterpenetrationParty,
): InterpenetrationVerdict {
  const m = MOVEMENT_RATES.troops[mover.troop];
  const o = MOVEMENT_RATES.troops[other.troop];
  const mf = formationClass(mover.formation);
  const of = formationClass(other.formation);
  if (kind === 'mandatory' || other.onMandatoryMove === true)
    return both(4, rule(4, 'mandatory moves: both Disordered'));
  if (
    o.arm === 'infantry' &&
    o.regular &&
    other.order === 'hold' &&
    m.arm === 'infantry' &&
    (kind === 'normal' || kind === 'charge-initiation')
  )
    return {
      ruleNumber: 1,
      rule: rule(1, 'infantry through regular infantry on Hold'),
      moverDisordered: false,
      otherDisordered: false,
      otherMayNotReformOrRally: true,
    };
  if (o.arm === 'infantry' && o.regular && m.arm === 'cavalry' && m.regular && mf === 'open' && of === 'open')
    return free(2, rule(2, 'regular cavalry through regular infantry, both in open order'));
  const formed = (arm: string, f: OrderClassOfFormation) =>
    (arm === 'infantry' || arm === 'cavalry') && (f === 'close' || f === 'open' || f === 'skirmish');
  if ((mf === 'skirmish' && formed(o.arm, of)) || (of === 'skirmish' && formed(m.arm, mf)))
    return free(
      3,
      mf === 'skirmish' && of === 'skirmish' ? SKIRMISHERS_BOTH : rule(3, 'skirmishers pass freely'),
    );
  return OTHER_CASE;
}

const SKIRMISHERS_BOTH: RuleRef = musterDefault(
  'Table movement',
  'skirmishers pass through skirmishers freely',
);

/** Rule 6: any other case, both Disordered (also a unit whose troop type is not known). */
export const OTHER_CASE: InterpenetrationVerdict = both(6, rule(6, 'any other case: both Disordered'));

function free(n: 2 | 3, r: RuleRef): InterpenetrationVerdict {
  return {
    ruleNumber: n,
    rule: r,
    moverDisordered: false,
    otherDisordered: false,
    otherMayNotReformOrRally: false,
  };
}

function both(n: 4 | 6, r: RuleRef): InterpenetrationVerdict {
  return {
    ruleNumber: n,
    rule: r,
    moverDisordered: true,
    otherDisordered: true,
    otherMayNotReformOrRally: false,
  };
}
