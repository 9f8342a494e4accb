import { drawCard, newDeck } from '../../core/random/deck.ts';
import { type MeleeSide, resolveMelee } from '../../rulesets/macduff/procedures/melee.ts';
import type { MeleeOutcome } from '../../rulesets/macduff/tables/melee.ts';
import { isCavalry } from '../../rulesets/macduff/vocabulary.ts';
import type { GameResult } from '../engine/game.ts';
import {
  controlCheck,
  fits,
  loseFigures,
  rally,
  retreat,
  revealByProximity,
  trySpotting,
} from './actions.ts';
import type { Ctx } from './context.ts';
import { inHardCover } from './geometry.ts';
import { CONTACT_INCHES, distanceBetween } from './queries.ts';
import type { MdUnit, PendingMelee } from './state.ts';

/** How far a mounted general rides after one of his units acts (Muster's reading: the text gives none). */
export const GENERAL_RIDE_INCHES = 24;

/** Turn start: flags reset, one card per unit on the table, red for Imperial and black for native (2.1). */
export function startTurn(ctx: Ctx): void {
  const s = ctx.s;
  const cards: string[] = [];
  for (const { id } of ctx.active()) {
    const u = ctx.unit(id);
    u.activated = false;
    u.passed = false;
    u.reservedFire = false;
    u.shotThisTurn = 0;
    u.lostMeleeThisTurn = false;
    cards.push(`${u.side === s.scenario.imperial ? 'red' : 'black'}-${cards.length + 1}`);
  }
  s.deck = ctx.shuffle(newDeck(cards));
  ctx.emit({ type: 'turn-started', text: `Turn ${s.turn}: ${cards.length} cards` });
  nextCard(ctx);
}

/**
 * Draws until a card finds a unit to act (Muster's reading, rules-facts gap 34: the card's side picks
 * any unit not yet activated; a card whose side has none left is discarded); the turn ends with the deck.
 */
export function nextCard(ctx: Ctx): void {
  const s = ctx.s;
  for (;;) {
    const { card, deck } = drawCard(s.deck);
    s.deck = deck;
    if (card === undefined) {
      delete s.card;
      endTurn(ctx);
      return;
    }
    const colour = card.startsWith('red') ? 'red' : 'black';
    const side = colour === 'red' ? s.scenario.imperial : s.scenario.native;
    s.card = colour;
    if (ctx.active().some((u) => u.side === side && !u.activated)) {
      ctx.emit({ type: 'card-drawn', text: `A ${colour} card: ${side} activates a unit`, data: { colour } });
      ctx.setNode({ phase: 'choose-unit', side });
      return;
    }
    ctx.emit({
      type: 'card-discarded',
      text: `A ${colour} card, but ${side} has no unit left to act`,
      data: { colour },
    });
  }
}

/** A unit takes its card: Imperial units spot first, a unit that must rally does so, others check control. */
export function activate(ctx: Ctx, unit: MdUnit): void {
  unit.activated = true;
  ctx.emit({ type: 'unit-activated', unit: unit.id, text: `${unit.name} acts`, visibleTo: ctx.seenBy(unit) });
  if (unit.side === ctx.s.scenario.imperial) trySpotting(ctx, unit);
  if (unit.mustRally || unit.shattered) {
    rally(ctx, unit);
    finishActivation(ctx, unit);
    return;
  }
  const control = controlCheck(ctx, unit);
  ctx.setNode({
    phase: 'activation',
    side: unit.side,
    unit: unit.id,
    control,
    fired: false,
    mayMoveAfterFire: false,
    moved: false,
    switched: false,
  });
}

/** The activation is over: generals ride after their units, hidden natives close by are seen, the next card. */
export function finishActivation(ctx: Ctx, unit: MdUnit): void {
  ctx.emit({
    type: 'activation-ended',
    unit: unit.id,
    text: `${unit.name} is done`,
    visibleTo: ctx.seenBy(unit),
  });
  rideAfterCommand(ctx, unit.commander);
  revealByProximity(ctx);
  nextCard(ctx);
}

/** A general not attached to a unit rides up to 24" toward the middle of his command. */
function rideAfterCommand(ctx: Ctx, generalId: string): void {
  const g = ctx.s.generals[generalId];
  const stand = ctx.s.table.generals[generalId]?.stand;
  if (!g || g.attachedTo || !stand) return;
  const command = ctx.active().filter((u) => u.commander === generalId);
  if (command.length === 0) return;
  const cx = command.reduce((t, u) => t + u.anchor.x, 0) / command.length;
  const cy = command.reduce((t, u) => t + u.anchor.y, 0) / command.length;
  const home = ctx.s.scenario.baseEdge[g.side];
  const back = 3;
  const tx = cx + (home === 'east' ? back : home === 'west' ? -back : 0);
  const ty = cy + (home === 'north' ? back : home === 'south' ? -back : 0);
  const d = Math.hypot(tx - stand.x, ty - stand.y);
  const f = d <= GENERAL_RIDE_INCHES ? 1 : GENERAL_RIDE_INCHES / d;
  ctx.moveGeneral(generalId, stand.x + (tx - stand.x) * f, stand.y + (ty - stand.y) * f);
}

/** The end of the turn: melees (2.1), then victory, then the next turn. */
function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  for (const m of [...s.melees]) fightMelee(ctx, m);
  s.melees = [];
  ctx.emit({ type: 'turn-ended', text: `Turn ${s.turn} ends` });
  const result = victory(ctx);
  if (result) {
    s.result = result;
    ctx.setNode({ phase: 'over' });
    ctx.emit({ type: 'game-over', text: result.reason, result });
    return;
  }
  s.turn += 1;
  startTurn(ctx);
}

/** Figures able to fight in the front rank (11.1). */
function frontFigures(ctx: Ctx, unit: MdUnit): number {
  if (unit.ratings.guns > 0) return unit.figures;
  const front = ctx.stands(unit.id).filter((st) => st.rank === 0).length;
  return Math.min(unit.figures, front * unit.figuresPerStand);
}

function meleeSide(ctx: Ctx, unit: MdUnit, charging: boolean, doubled: boolean): MeleeSide {
  const modifiers: MeleeSide['modifiers'][number][] = [];
  if (unit.ratings.allegiance === 'imperial' && unit.ratings.guns === 0) modifiers.push({ id: 'imperial' });
  if (charging && (unit.ratings.lancers || unit.ratings.troop === 'heavy-cavalry'))
    modifiers.push({ id: 'lancers-or-heavy-charging' });
  if (!charging && inHardCover(Object.values(ctx.s.table.terrain), ctx.stands(unit.id)))
    modifiers.push({ id: 'defending-obstacle' });
  return { modifiers, doubled, twoVersusOnePairs: 0, shootingCasualties: unit.shotThisTurn };
}

/**
 * A melee at the end of the turn (11): rounds until decided, casualties taken, the loser backing off half a
 * move facing the enemy, cavalry passing through on a tie where there is room; both sides must rally.
 */
function fightMelee(ctx: Ctx, m: PendingMelee): void {
  if (!ctx.onTable(m.attacker) || !ctx.onTable(m.defender)) return;
  if (distanceBetween(ctx.s, m.attacker, m.defender) > CONTACT_INCHES * 2) return;
  const a = ctx.unit(m.attacker);
  const d = ctx.unit(m.defender);
  const dCover = inHardCover(Object.values(ctx.s.table.terrain), ctx.stands(d.id));
  const doubled =
    m.cavalryCharged &&
    ((!isCavalry(d.ratings.troop) && d.formation !== 'square' && !dCover) ||
      (isCavalry(d.ratings.troop) && !m.counterCharged));
  const pairs = Math.max(1, Math.min(63, frontFigures(ctx, a), frontFigures(ctx, d)));
  let round: 1 | 2 = 1;
  let outcome: MeleeOutcome;
  let extraA = 0;
  let extraD = 0;
  for (;;) {
    const trace = ctx.trace();
    const attacker = meleeSide(ctx, a, true, doubled);
    const defender = meleeSide(ctx, d, m.counterCharged, false);
    const r = resolveMelee(
      {
        pairs,
        attacker: { ...attacker, shootingCasualties: Math.min(200, attacker.shootingCasualties + extraA) },
        defender: { ...defender, shootingCasualties: Math.min(200, defender.shootingCasualties + extraD) },
        cavalryCharged: m.cavalryCharged,
        round,
      },
      ctx.source,
      trace,
    );
    extraA += r.hitsOnAttacker;
    extraD += r.hitsOnDefender;
    outcome = r.outcome;
    ctx.emit(
      {
        type: 'melee',
        unit: a.id,
        target: d.id,
        text: `Melee, round ${round}: ${a.name} loses ${r.hitsOnAttacker}, ${d.name} loses ${r.hitsOnDefender}: ${outcome}`,
        data: { round, hitsOnAttacker: r.hitsOnAttacker, hitsOnDefender: r.hitsOnDefender, outcome },
      },
      trace,
    );
    if (outcome !== 'fight-again') break;
    round = 2;
  }
  const attackerLost = outcome === 'defender-wins' || outcome === 'charger-retreats';
  const defenderLost = outcome === 'attacker-wins';
  a.mustRally = true;
  d.mustRally = true;
  a.lostMeleeThisTurn ||= attackerLost;
  d.lostMeleeThisTurn ||= defenderLost;
  loseFigures(ctx, a, extraA, false, attackerLost);
  loseFigures(ctx, d, extraD, false, defenderLost);
  if (defenderLost && ctx.onTable(d.id)) backOff(ctx, d);
  if (attackerLost && ctx.onTable(a.id)) backOff(ctx, a);
  if (outcome === 'cavalry-passes-through' && ctx.onTable(a.id) && ctx.onTable(d.id)) passThrough(ctx, a, d);
}

/** The loser retires half a move facing the enemy (11.3). */
function backOff(ctx: Ctx, unit: MdUnit): void {
  if (unit.shattered && unit.lostMeleeThisTurn && !ctx.onTable(unit.id)) return;
  retreat(ctx, unit, true);
}

/** Charging cavalry on a tie rides on through the enemy where there is room beyond; else it falls back. */
function passThrough(ctx: Ctx, cavalry: MdUnit, enemy: MdUnit): void {
  const beyond = 2 + distanceBetween(ctx.s, cavalry.id, enemy.id) + 4;
  const facing = cavalry.anchor.facing;
  const far = {
    x: enemy.anchor.x + Math.cos((facing * Math.PI) / 180) * beyond,
    y: enemy.anchor.y + Math.sin((facing * Math.PI) / 180) * beyond,
    facing,
  };
  if (fits(ctx, cavalry, cavalry.formation, far)) {
    ctx.place(cavalry.id, cavalry.formation, far);
    ctx.emit({ type: 'moved', unit: cavalry.id, text: `${cavalry.name} rides through ${enemy.name}` });
  } else backOff(ctx, cavalry);
}

function holds(ctx: Ctx, side: string, objective: string): boolean {
  const o = ctx.s.scenario.objectives.find((x) => x.id === objective);
  if (!o) return false;
  let mine = false;
  for (const u of ctx.active()) {
    const near = ctx
      .stands(u.id)
      .some((st) => Math.hypot(st.x - o.position.x, st.y - o.position.y) <= o.radius);
    if (!near) continue;
    if (u.side !== side) return false;
    if (!u.shattered) mine = true;
  }
  return mine;
}

/** Units of a side, and how many are broken: gone, or shattered. */
function standing(ctx: Ctx, side: string) {
  const units = Object.values(ctx.s.units).filter((u) => u.side === side);
  const broken = units.filter((u) => u.offTable !== undefined || u.shattered).length;
  const start = units.reduce((t, u) => t + u.startFigures, 0);
  const left = units.reduce((t, u) => t + (u.offTable ? 0 : u.figures), 0);
  return { units: units.length, broken, gone: units.filter((u) => u.offTable).length, start, left };
}

/** The scenario's victory conditions at the end of a turn, in order; then the turn limit. */
export function victory(ctx: Ctx): GameResult | undefined {
  const sc = ctx.s.scenario;
  const other = (side: string) => (sc.sides[0] === side ? sc.sides[1] : sc.sides[0]);
  const last = ctx.s.turn >= sc.turnLimit;
  for (const c of sc.conditions) {
    if (c.kind === 'hold-objectives') {
      if (c.when === 'turn-limit' && !last) continue;
      if (c.objectives.every((o) => holds(ctx, c.side, o)))
        return {
          winner: c.side,
          reason: `${c.side} holds ${c.objectives.join(', ')}${c.when === 'turn-limit' ? ` when the turn limit ended the battle (turn ${ctx.s.turn})` : ''}`,
        };
    } else if (c.kind === 'enemy-losses') {
      const e = standing(ctx, other(c.side));
      if (e.start > 0 && e.start - e.left >= c.fraction * e.start)
        return {
          winner: c.side,
          reason: `${other(c.side)} lost ${Math.round((100 * (e.start - e.left)) / e.start)}% of its men`,
        };
    } else {
      const st = standing(ctx, c.side);
      if (st.units > 0 && st.broken >= c.fraction * st.units)
        return {
          winner: other(c.side),
          reason: `${c.side} broke (${st.broken} of ${st.units} units shattered or gone)`,
        };
    }
  }
  for (const side of sc.sides) {
    const st = standing(ctx, side);
    if (st.units > 0 && st.gone === st.units)
      return { winner: other(side), reason: `${side} has no unit left` };
  }
  if (last) {
    const reason = `turn limit (${sc.turnLimit}) reached`;
    return sc.atTurnLimit === 'draw' ? { reason } : { winner: sc.atTurnLimit, reason };
  }
  return undefined;
}
