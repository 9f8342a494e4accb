import type { Deck } from '../../core/random/deck.ts';
import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import type { GeneralId, SideId, StandState, TableState, UnitId } from '../../core/table/model.ts';
import type { ColoursLostState } from '../../rulesets/john-company/procedures/unit-event/facts.ts';
import type { JcUnitProfile } from '../../rulesets/john-company/table/unit-profile.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type {
  NegativeReactionModifierId,
  PositiveReactionModifierId,
  ResolveAdjustmentId,
} from '../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { MovementResultId } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { WithoutOrdersResultId } from '../../rulesets/john-company/tables/without-orders.ts';
import type {
  Arm,
  Generalship,
  Leadership,
  OfficerRank,
  ResolveStatus,
} from '../../rulesets/john-company/vocabulary.ts';
import type { GameResult, GameStateBase } from '../engine/game.ts';
import type { Point, VictoryCondition } from '../scenario/schema.ts';

/**
 * John Company's whole battle as plain JSON (docs/game-john-company.md): the table (`TableState`, where
 * every stand is), each unit's and General's John Company state, the decks and the node of the sequence
 * of play. Everything is by id; nothing is derived (facts are worked out from this when needed). States
 * share structure: `apply` copies only what a command changes.
 */

export const JC_RULE_SET = 'john-company';
export const JC_STATE_VERSION = 1;

/** A face-down counter placed in Step 2 (Part 3, Sequence Of Play). */
export interface OrderCounter {
  /** An order of `tables/orders.ts`, or a blank counter. */
  readonly order: OrderId | 'blank';
  /** The unit charged or pursued, or the unit supported. */
  readonly target?: UnitId;
  /** Face up: Step 3 shows charges and pursuits; the others when the unit's card is drawn. */
  readonly revealed: boolean;
  /** The General whose orders it used (none on turn 1, for blank counters and forced orders). */
  readonly general?: GeneralId;
  /** Placed by the engine: an order an event forces, or a pursuit the unit must make. */
  readonly forced?: true;
}

/** An order that carries on through blank counters (Part 4, Units Without Orders, exceptions 1-3). */
export interface ContinuingOrder {
  readonly order: 'hold' | 'support' | 'form-square';
  readonly target?: UnitId;
}

/** A Reaction Test modifier an event left for the unit's coming tests (Part 4, events). */
export interface PendingModifier {
  readonly id: NegativeReactionModifierId | PositiveReactionModifierId;
  readonly sign: 'positive' | 'negative';
  /** How many times it counts ('each' modifiers). */
  readonly count?: number;
  /** Next test only, every test from now on, or every test after the next one. */
  readonly tests: 'next' | 'all-future' | 'all-after-next';
}

/** An order an event forces on the unit's next activation. */
export interface ForcedOrder {
  readonly order: OrderId;
  /** Charges: the nearest enemy, whatever the range. */
  readonly nearestEnemy?: boolean;
}

/** This turn's Reaction Test of a unit, kept so that it tests once (Part 4, When To Make A Reaction Test). */
export interface TurnTest {
  readonly level: number;
  readonly status: ResolveStatus;
  readonly movement: MovementResultId;
  readonly withoutOrders?: WithoutOrdersResultId;
  readonly tested: boolean;
}

/** A charge launched in Step 4 (or during Step 5), waiting for its Confrontation. */
export interface LaunchedCharge {
  readonly target: UnitId;
  /** Inches left for the final, straight move to contact: the rest of its move plus the Charge Bonus. */
  readonly remaining: number;
  /** It moved its whole Charge Bonus in a straight line (Confrontation modifier 1) so far. */
  readonly straight: boolean;
  /** A pursuit (Pursue order), not a charge. */
  readonly pursuit?: boolean;
}

/** Why a unit is no longer on the table ('rejoined': a light company back in its battalion). */
export type OffTable = 'destroyed' | 'routed-off' | 'left-table' | 'quit' | 'rejoined';

/**
 * A unit's John Company state. Geometry (stands, formation, facing) is in `table.units`. Every record
 * has every field, in this order, a field it does not have being undefined (`unitRecord`): the fields
 * every unit has, then those it may have, roughly in the order a battle gives them, so that a view's
 * JSON (which leaves undefined fields out) mostly gains a field at its end, where a patch for the
 * browser (protocol/patch.ts) need not spell out a new order of the keys.
 */
export interface JcUnit {
  readonly id: UnitId;
  readonly side: SideId;
  readonly name: string;
  /** The General it answers to (its immediate General Officer). */
  readonly commander: GeneralId;
  readonly arm: Arm;
  readonly regular: boolean;
  /** Whose drill: British units may be rallied by any General, native ones by their own. */
  readonly army: 'british' | 'native';
  readonly profile: JcUnitProfile;
  readonly caracole: boolean;
  readonly winnerBonus: boolean;
  /** Permanent changes to its Resolve Level from events. */
  readonly adjustments: readonly AppliedModifier<ResolveAdjustmentId>[];
  readonly colours: ColoursLostState;
  readonly unitCommanderWounded: boolean;
  readonly disordered: boolean;
  readonly standsLostSinceCheck: number;
  readonly smallArmsFireSinceCheck: boolean;
  readonly artilleryFireSinceCheck: boolean;
  readonly friendsFallingBackSeen: number;
  readonly friendsRoutingSeen: number;
  readonly pending: readonly PendingModifier[];
  /** Unit events waiting for its next Reaction Test (from fire). */
  readonly eventsDue: number;
  readonly withoutOrdersNextTest: boolean;
  /** Inches added to (or lost from) its next move by events. */
  readonly nextMoveInches: number;
  readonly fireHalved: boolean;
  /** Its card has been drawn this turn, or it has otherwise finished for the turn. */
  readonly activated: boolean;
  readonly inConfrontation: boolean;
  readonly routing: boolean;
  /** Moved, changed formation or reformed this turn (fire -4). */
  readonly moved: boolean;
  readonly fired: boolean;
  /** Its guns were aimed in this turn's Step 3. */
  readonly aimed: boolean;
  /** Enemy units whose charge at it was launched this turn. */
  readonly chargedBy: readonly UnitId[];
  /** Quit the battle: it heads for its base edge until a General of its chain reaches it. */
  readonly quitting: boolean;
  // What a unit may have: undefined while it has not.
  /** This turn's Resolve Status, once tested. */
  readonly status?: ResolveStatus | undefined;
  /** The status of its last Reaction Test (positives 6-7, negatives 5, 11, 13). */
  readonly lastStatus?: ResolveStatus | undefined;
  /** The order it carried out last (Without Orders: "repeats last order"). */
  readonly lastOrder?: OrderId | undefined;
  readonly continuing?: ContinuingOrder | undefined;
  /** This turn's counter. */
  readonly counter?: OrderCounter | undefined;
  /** The order it carries out this turn, once revealed, and its target. */
  readonly order?: OrderId | undefined;
  readonly orderTarget?: UnitId | undefined;
  readonly test?: TurnTest | undefined;
  /** Changed its order in Step 4 (negative "changing orders" on its test). */
  readonly changedOrder?: boolean | undefined;
  readonly forcedOrder?: ForcedOrder | undefined;
  /** A mandatory move it made this turn; a Rout carries on in later turns until it rallies. */
  readonly mandatoryMove?: 'fall-back' | 'forced-back' | 'rout' | undefined;
  readonly charge?: LaunchedCharge | undefined;
  /** The turn in which it last won a Confrontation (positives 9 and 11 in the next turn). */
  readonly wonConfrontationTurn?: number | undefined;
  /** The enemy it must (or may) pursue next turn. */
  readonly pursuing?: UnitId | undefined;
  /**
   * Irregulars who quit the battle go looting (Part 4, Without Orders 5): the town they make for, and
   * once there the turns of looting left (0: done, they march off). Undefined for everyone else.
   */
  readonly looting?: { readonly town: string; readonly turnsLeft?: number } | undefined;
  /** Its light company, while it is out skirmishing (Part 4, Skirmishers: light companies). */
  readonly lightCompany?: UnitId | undefined;
  /** For a light company out of its battalion: the battalion. */
  readonly battalion?: UnitId | undefined;
  readonly offTable?: OffTable | undefined;
}

export type CasualtyState = 'none' | 'injured' | 'killed' | 'dangerously-wounded';

/** A General Officer's John Company state; his stand is in `table.generals` while he is on the table. */
export interface JcGeneral {
  readonly id: GeneralId;
  readonly side: SideId;
  readonly name: string;
  readonly rank: OfficerRank;
  readonly superior?: GeneralId;
  readonly generalship: Generalship;
  readonly leadership: Leadership;
  readonly mounted: boolean;
  readonly casualty: CasualtyState;
  /** Orders he may give this turn (undefined on turn 1: every unit has orders). */
  readonly orders?: number;
  readonly ordersUsed: number;
  /** -1 order every turn for the rest of the battle, per Commanders' Event. */
  readonly ordersPenalty: number;
  /** Commanders' Event 7-8/4: -3" Command Radius each, for the rest of the battle. */
  readonly couriersLost: number;
  readonly radiusHalved: boolean;
  /** Inches he may move this turn (events), if capped. */
  readonly moveCap?: number;
  readonly activated: boolean;
  /** A rally he attempted failed this turn: he may not detach (Part 3, Movement of General Officers). */
  readonly rallyFailed: boolean;
  /** Commanders' Event: his units may not charge this turn. */
  readonly noCharges: boolean;
  /** Commanders' Event: order changes he may make this turn without the -2 "changing orders". */
  readonly freeChanges: number;
  /** The turn he was killed or dangerously wounded (a replacement comes the turn after). */
  readonly lostTurn?: number;
  /** Replaced: the General who took his place. */
  readonly replacedBy?: GeneralId;
  /** His stand as he left the table with the unit he was attached to: he comes back there next turn. */
  readonly offTable?: StandState;
}

/** The unit whose card is drawn: what it has done so far in its activation. */
export interface UnitActivation {
  readonly kind: 'unit';
  readonly unit: UnitId;
  readonly side: SideId;
  /** Choose an order (Without Orders results that leave the choice to the player). */
  readonly choose?: readonly OrderId[];
  readonly moved: boolean;
  readonly fired: boolean;
  /** Share of its move it used (for "may fire if it moved at most 1/4 or 1/2"). */
  readonly movedFraction: number;
  /** It may rally instead (Step 5.6, or a routing unit with a General in contact). */
  readonly mayRally: boolean;
  /** It sent out or called in its light company on this card: one of the two, once (Muster reading). */
  readonly lightCompany?: 'sent-out' | 'called-in';
}

export interface GeneralActivation {
  readonly kind: 'general';
  readonly general: GeneralId;
  readonly side: SideId;
  /** Inches of his move spent. */
  readonly used: number;
  /** He may still rally a unit this activation. */
  readonly rallied: boolean;
}

/** Where the sequence of play stands (Part 3, Sequence Of Play; rules-facts 2.1). */
export type SequenceNode =
  /** Step 2: `side` places its order counters (each side in turn, the other's unseen). */
  | { readonly phase: 'orders'; readonly side: SideId }
  /** Step 3: `side` aims its defending guns. */
  | { readonly phase: 'aim'; readonly side: SideId }
  /** Step 4.3: the target's side may change its order. */
  | {
      readonly phase: 'charge-response';
      readonly side: SideId;
      readonly charger: UnitId;
      readonly target: UnitId;
    }
  /** Step 5: a card was drawn and its unit or General acts. */
  | { readonly phase: 'activation'; readonly activation: UnitActivation | GeneralActivation }
  | { readonly phase: 'over' };

/** What the engine needs of the scenario during play. */
export interface JcScenarioFacts {
  readonly id: string;
  readonly title: string;
  readonly sides: readonly SideId[];
  readonly baseEdges: Readonly<Record<SideId, 'north' | 'south' | 'east' | 'west'>>;
  readonly turnLimit: number;
  readonly objectives: readonly {
    readonly id: string;
    readonly position: Point;
    readonly radius: number;
  }[];
  readonly conditions: readonly VictoryCondition[];
  readonly atTurnLimit: string;
  /** Command Radius by Generalship and the C-in-C's bonus, after the scenario's overrides. */
  readonly commandRadius: Readonly<Record<Generalship, number>>;
  readonly commanderInChiefBonus: number;
}

export interface JcGameState extends GameStateBase {
  readonly scenario: JcScenarioFacts;
  readonly turn: number;
  readonly node: SequenceNode;
  /** Step 4's queue: charges and pursuits still to initiate, in order. */
  readonly chargeQueue: readonly UnitId[];
  readonly table: TableState;
  readonly units: Readonly<Record<UnitId, JcUnit>>;
  readonly generals: Readonly<Record<GeneralId, JcGeneral>>;
  /** The Orders deck (Muster's default composition unless the scenario gives one). */
  readonly ordersDeck: Deck;
  /** The Unit Movement deck: a card per unit and General on the table, both armies. */
  readonly movementDeck: Deck;
  readonly result?: GameResult;
}

/**
 * A unit record with every field of `JcUnit` written, in the order of its declaration, a field `u` lacks
 * as undefined. Every unit record is made here: at setup, by `Draft`'s patches and clears (this copy,
 * then the changed fields written over it) and for a light company sent out (`Draft.setUnit`). So every
 * record has one hidden class, and the functions that read the fields of many units (facts, views, the
 * computer) meet one shape where records built field by field in the order first set came in some 100
 * (past four, V8 looks each read up generically). A spread copy would not do: it builds its copy key by
 * key, in a shape of its own. JSON leaves an undefined field out, so a state's JSON holds what it did.
 */
export function unitRecord(u: JcUnit): JcUnit {
  return {
    id: u.id,
    side: u.side,
    name: u.name,
    commander: u.commander,
    arm: u.arm,
    regular: u.regular,
    army: u.army,
    profile: u.profile,
    caracole: u.caracole,
    winnerBonus: u.winnerBonus,
    adjustments: u.adjustments,
    colours: u.colours,
    unitCommanderWounded: u.unitCommanderWounded,
    disordered: u.disordered,
    standsLostSinceCheck: u.standsLostSinceCheck,
    smallArmsFireSinceCheck: u.smallArmsFireSinceCheck,
    artilleryFireSinceCheck: u.artilleryFireSinceCheck,
    friendsFallingBackSeen: u.friendsFallingBackSeen,
    friendsRoutingSeen: u.friendsRoutingSeen,
    pending: u.pending,
    eventsDue: u.eventsDue,
    withoutOrdersNextTest: u.withoutOrdersNextTest,
    nextMoveInches: u.nextMoveInches,
    fireHalved: u.fireHalved,
    activated: u.activated,
    inConfrontation: u.inConfrontation,
    routing: u.routing,
    moved: u.moved,
    fired: u.fired,
    aimed: u.aimed,
    chargedBy: u.chargedBy,
    quitting: u.quitting,
    status: u.status,
    lastStatus: u.lastStatus,
    lastOrder: u.lastOrder,
    continuing: u.continuing,
    counter: u.counter,
    order: u.order,
    orderTarget: u.orderTarget,
    test: u.test,
    changedOrder: u.changedOrder,
    forcedOrder: u.forcedOrder,
    mandatoryMove: u.mandatoryMove,
    charge: u.charge,
    wonConfrontationTurn: u.wonConfrontationTurn,
    pursuing: u.pursuing,
    looting: u.looting,
    lightCompany: u.lightCompany,
    battalion: u.battalion,
    offTable: u.offTable,
  };
}

/**
 * A unit's bookkeeping when it enters the battle (from the scenario, or as a detached light company):
 * nothing seen, lost or done yet. A new object each call: states share structure but never these lists.
 */
export function freshBookkeeping() {
  return {
    standsLostSinceCheck: 0,
    smallArmsFireSinceCheck: false,
    artilleryFireSinceCheck: false,
    friendsFallingBackSeen: 0,
    friendsRoutingSeen: 0,
    pending: [],
    eventsDue: 0,
    withoutOrdersNextTest: false,
    nextMoveInches: 0,
    fireHalved: false,
    activated: false,
    inConfrontation: false,
    routing: false,
    moved: false,
    fired: false,
    aimed: false,
    chargedBy: [],
    quitting: false,
  } satisfies Partial<JcUnit>;
}
