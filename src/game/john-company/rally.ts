import { rectDistance } from '../../core/geometry/rectangles.ts';
import type { GeneralId, UnitId, UnitState } from '../../core/table/model.ts';
import { resolveRally } from '../../rulesets/john-company/procedures/rally-test.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { statusRank } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Draft } from './draft.ts';
import { isActiveGeneral } from './forces.ts';
import { chargeBonusOf, normalMove } from './moves.ts';
import type { JcUnit } from './state.ts';
import { isActive, reactionBase, recordTest, unitsWithin } from './units.ts';

/**
 * Rallying (Part 4, Rallying): who may rally a unit now, and the attempt.
 */

export function chainGenerals(d: Draft, commander: GeneralId): Set<GeneralId> {
  const out = new Set<GeneralId>();
  let g = d.findGeneral(commander);
  for (let guard = 0; g && guard < 32; guard++) {
    out.add(g.id);
    if (g.replacedBy !== undefined) out.add(g.replacedBy);
    g = g.superior !== undefined ? d.findGeneral(g.superior) : undefined;
  }
  return out;
}

/**
 * The General who may rally a unit now (Part 4, Rallying), or undefined (with `by`: that General, if
 * he may): a General of its side in base contact (British units: any; native units: their own chain),
 * the unit out of every enemy's charge reach and without losses since its last test, and its status
 * Shaken or worse.
 */
export function rallyGeneral(d: Draft, id: UnitId, by?: GeneralId): GeneralId | undefined {
  if (!isActive(d, id)) return undefined;
  const u = d.unit(id);
  const status = u.status ?? 'Steady';
  if (statusRank(status) < statusRank('Shaken') && !u.routing && u.mandatoryMove === undefined)
    return undefined;
  if (u.standsLostSinceCheck > 0) return undefined;
  const me = d.tableUnit(id);
  // The General in contact is looked for first: most units a General's card asks about have none, and
  // the charge reach of every enemy is dearer to measure.
  const general = generalInContact(d, u, me, by);
  if (general === undefined) return undefined;
  for (const e of Object.values(d.table().units)) {
    if (e.side === me.side) continue;
    const eu = d.unit(e.id);
    const troop = MOVEMENT_RATES.troops[eu.profile.troop];
    if (troop.arm === 'artillery' || eu.routing) continue;
    const reach = normalMove(d, e.id) + chargeBonusOf(d, e.id);
    if (unitsWithin(e, me, reach)) return undefined;
  }
  return general;
}

/**
 * The first General of the unit's side (with `by`: that General) in base contact with it who may rally
 * it (British units: any; native units: their own chain), or undefined (`rallyGeneral`).
 */
function generalInContact(
  d: Draft,
  u: JcUnit,
  me: UnitState,
  by: GeneralId | undefined,
): GeneralId | undefined {
  const chain = chainGenerals(d, u.commander);
  for (const g of Object.values(d.table().generals)) {
    if (by !== undefined && g.id !== by) continue;
    if (g.side !== u.side || !isActiveGeneral(d.findGeneral(g.id))) continue;
    if (u.army !== 'british' && !chain.has(g.id)) continue;
    if (g.attachedTo === u.id || me.stands.some((s) => rectDistance(s, g.stand) <= CONTACT_TOLERANCE))
      return g.id;
  }
  return undefined;
}

/** A rally attempt (Part 4, Rallying): on a success the mandatory move stops and the unit may be ordered again. */
export function attemptRally(d: Draft, id: UnitId, gid: GeneralId): boolean {
  const u = d.unit(id);
  const g = d.general(gid);
  const { lastStatus: _l, generalInContact: _g, ...unit } = reactionBase(d, id);
  const chain = chainGenerals(d, u.commander);
  const run = d.run((dice, trace) =>
    resolveRally(
      {
        unit,
        status: u.routing ? 'Panicked' : (u.status ?? 'Shaken'),
        british: u.army === 'british',
        general: { leadership: g.leadership, ownOriginalLeader: chain.has(gid) },
        clearOfEnemyCharge: true,
        casualtiesSinceLastTest: u.standsLostSinceCheck > 0,
      },
      dice,
      trace,
    ),
  );
  const r = run.value;
  d.emit({
    type: 'rally-attempted',
    visibleTo: 'all',
    unit: id,
    general: gid,
    rallied: r.rallied,
    ...(r.test ? { level: r.test.level, status: r.test.status } : {}),
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  if (r.test) recordTest(d, id, r.test);
  if (r.rallied) {
    d.patchUnit(id, { routing: false, status: r.test!.status, lastStatus: r.test!.status });
    d.clearUnit(id, ['mandatoryMove', 'pursuing']);
  } else d.patchGeneral(gid, { rallyFailed: true });
  return r.rallied;
}
