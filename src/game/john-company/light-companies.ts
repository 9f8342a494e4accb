import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import type { Rect } from '../../core/geometry/rectangles.ts';
import { rectsOverlap } from '../../core/geometry/rectangles.ts';
import type { UnitId } from '../../core/table/model.ts';
import {
  detachLightCompany,
  frontCentre,
  lightCompanyReach,
  mayDeployLightCompany,
  rejoinLightCompany as rejoinStands,
} from '../../rulesets/john-company/table/formations.ts';
import type { JcUnitProfile } from '../../rulesets/john-company/table/unit-profile.ts';
import type { Rejection } from '../engine/game.ts';
import { reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import { unitFactsState } from './forces.ts';
import { freshBookkeeping, type JcUnit, type UnitActivation } from './state.ts';
import { isActive, placementOf } from './units.ts';

/**
 * Light companies (Part 4, Skirmishers: light infantry companies): a line battalion with a light
 * company of 2 or more stands may send it out to skirmish, on its card, when it is Steady or better,
 * not charged and not on a mandatory move. Out, the company is a unit of its own (Muster reading): it
 * gets its own card and orders from the next turn, must keep within 12" of its battalion, and rejoins
 * on the battalion's card, or at once when the battalion makes a mandatory move. On one card the
 * battalion either sends it out or calls it in, once (Muster reading, written in
 * docs/rules/john-company/orders-and-movement.md).
 */

/** How far in front of its battalion's front a light company is placed when it goes out. */
const DEPLOY_AHEAD = 2;

/**
 * Why the active battalion may not send out (`deploy`) or call in (`rejoin`) its light company on this
 * card: the one check both the offered commands and the engine make. A battalion does one of the two,
 * once a card (Muster reading of "at will" / "at the Commanding Player's discretion").
 */
export function lightCompanyProblem(
  d: Draft,
  a: UnitActivation,
  what: 'deploy' | 'rejoin',
): Rejection | undefined {
  if (a.lightCompany !== undefined)
    return reject(
      'light-company-done',
      `${a.unit} has already ${a.lightCompany === 'sent-out' ? 'sent out' : 'called in'} its light company on this card`,
    );
  return what === 'deploy' ? deployProblem(d, a.unit) : rejoinProblem(d, a.unit);
}

/** Why the unit may not send out its light company now. */
function deployProblem(d: Draft, id: UnitId): Rejection | undefined {
  const u = d.unit(id);
  if (u.lightCompany !== undefined)
    return reject(
      'company-out',
      isActive(d, u.lightCompany)
        ? `${id}'s light company is already out`
        : `${id}'s light company was lost (${u.lightCompany})`,
    );
  const t = d.tableUnit(id);
  const permission = mayDeployLightCompany(u.profile, unitFactsState(u, d.turn), t);
  if (!permission.allowed) return reject('may-not-deploy', permission.reasons.join('; '));
  if (t.formation === 'square') return reject('may-not-deploy', 'a square keeps its light company in');
  return undefined;
}

/** Sends the light company out, 2" in front of the battalion, in skirmish order. */
export function deployLightCompany(d: Draft, id: UnitId): Rejection | undefined {
  const problem = deployProblem(d, id);
  if (problem) return problem;
  const u = d.unit(id);
  const parent = d.tableUnit(id);
  const stands = u.profile.lightCompanyStands ?? 0;
  let n = 1;
  while (d.findUnit(`${id}-light-${n}`)) n++;
  const companyId = `${id}-light-${n}`;
  const a = frontCentre(parent);
  const anchor = {
    x: a.x + cosDegrees(parent.facing) * DEPLOY_AHEAD,
    y: a.y + sinDegrees(parent.facing) * DEPLOY_AHEAD,
    facing: parent.facing,
  };
  let split: ReturnType<typeof detachLightCompany>;
  try {
    split = detachLightCompany(parent, stands, companyId, anchor);
  } catch (e) {
    return reject('may-not-deploy', (e as Error).message);
  }
  const table = d.table();
  for (const s of split.company.stands) {
    if (s.x < 0 || s.y < 0 || s.x > table.width || s.y > table.depth)
      return reject('no-room', 'the light company would stand off the table');
    const mine = shrunk(s);
    for (const other of Object.values(table.units)) {
      if (other.id === id) continue;
      if (other.stands.some((o) => mayOverlap(s, o) && rectsOverlap(mine, shrunk(o))))
        return reject('no-room', `the light company would stand on ${other.id}`);
    }
  }
  d.setTableUnit(split.parent);
  d.setTableUnit(split.company);
  d.setUnit({
    ...fresh(u),
    id: companyId,
    name: `${u.name}, light company`,
    profile: { ...withoutCompany(u.profile), startingStands: stands, skirmishCapable: true },
    battalion: id,
    activated: true,
  });
  d.patchUnit(id, {
    lightCompany: companyId,
    profile: { ...u.profile, startingStands: u.profile.startingStands - stands },
  });
  d.emit({ type: 'formation-changed', visibleTo: 'all', unit: id, to: placementOf(split.parent) });
  d.emit({ type: 'formation-changed', visibleTo: 'all', unit: companyId, to: placementOf(split.company) });
  return undefined;
}

/** Why the battalion may not take its light company back now (forced: it must, on a mandatory move). */
function rejoinProblem(d: Draft, id: UnitId, forced = false): Rejection | undefined {
  const company = d.unit(id).lightCompany;
  if (company === undefined || !isActive(d, company))
    return reject('no-company-out', `${id} has no light company out`);
  if (!forced && !lightCompanyReach(d.tableUnit(id), d.tableUnit(company)).inReach)
    return reject('company-too-far', 'the light company must be within 12" to rejoin');
  return undefined;
}

/** The light company rejoins its battalion: its stands go back in at the rear. */
export function rejoinLightCompany(d: Draft, id: UnitId, forced = false): Rejection | undefined {
  const problem = rejoinProblem(d, id, forced);
  if (problem) return problem;
  const u = d.unit(id);
  const companyId = u.lightCompany!;
  const company = d.unit(companyId);
  d.setTableUnit(rejoinStands(d.tableUnit(id), d.tableUnit(companyId)));
  d.removeTableUnit(companyId);
  d.patchUnit(companyId, { offTable: 'rejoined', activated: true });
  d.patchUnit(id, {
    profile: { ...u.profile, startingStands: u.profile.startingStands + company.profile.startingStands },
  });
  d.clearUnit(id, ['lightCompany']);
  // An officer riding with the company stays with its stands: he is now attached to the battalion.
  for (const g of d.allGenerals()) {
    const stand = d.tableGeneral(g.id);
    if (stand?.attachedTo === companyId) d.setTableGeneral({ ...stand, attachedTo: id });
  }
  d.movementDeck = {
    drawPile: d.movementDeck.drawPile.filter((c) => c !== companyId),
    discards: d.movementDeck.discards.filter((c) => c !== companyId),
  };
  d.emit({ type: 'unit-left', visibleTo: 'all', unit: companyId, why: 'rejoined' });
  d.emit({ type: 'formation-changed', visibleTo: 'all', unit: id, to: placementOf(d.tableUnit(id)) });
  return undefined;
}

/** A new unit's per-battle state, sharing the battalion's identity (side, General, arm, army). */
function fresh(u: JcUnit): JcUnit {
  return {
    id: u.id,
    side: u.side,
    name: u.name,
    commander: u.commander,
    arm: u.arm,
    regular: u.regular,
    army: u.army,
    profile: u.profile,
    caracole: false,
    winnerBonus: u.winnerBonus,
    adjustments: u.adjustments,
    colours: 'none',
    unitCommanderWounded: false,
    status: u.status,
    lastStatus: u.lastStatus,
    disordered: false,
    ...freshBookkeeping(),
  };
}

function withoutCompany(p: JcUnitProfile): JcUnitProfile {
  const { lightCompanyStands: _l, ...rest } = p;
  return rest;
}

/** Whether two stands' circumscribed circles meet: stands whose circles are apart cannot overlap. */
function mayOverlap(a: Rect, b: Rect): boolean {
  const reach = (Math.hypot(a.width, a.depth) + Math.hypot(b.width, b.depth)) / 2;
  return Math.hypot(a.x - b.x, a.y - b.y) <= reach;
}

/** A stand a hair smaller, so that stands that only touch do not count as overlapping. */
function shrunk(r: Rect): Rect {
  return { ...r, width: Math.max(0, r.width - 0.02), depth: Math.max(0, r.depth - 0.02) };
}
