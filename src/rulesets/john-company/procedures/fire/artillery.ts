/**
 * Artillery fire (Part 4, "Artillery Fire Modifiers", "Troops And Figures Able To Fire"): the crew
 * stands that fire, the artillery modifiers to the battery's Resolve Level, and the `artillery-fire`
 * procedure. The defenders' volley and counter-battery fire aim it too.
 */
import type { z } from 'zod';
import type { DiceSource } from '../../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  ARTILLERY_MODIFIERS,
  ARTILLERY_RANGE_TABLE,
  ARTILLERY_WEAPON_MODIFIER,
  type ArtilleryModifierId,
} from '../../tables/artillery.ts';
import type { TargetRow } from '../../tables/firing-table.ts';
import { jc4, type RangeBand } from '../../vocabulary.ts';
import {
  type Aiming,
  aimed,
  aimedBand,
  applyShot,
  capForEnfilade,
  enfiladeStandsPerRank,
  type FireRules,
  type FireScheme,
  isAim,
  NO_DICE,
  scheme,
  TABLE_RULE,
  targetRowFor,
} from './aiming.ts';
import { FIRE_ROLLS, shoot } from './casualties.ts';
import {
  type ArtilleryFireFacts,
  type ArtilleryShotFacts,
  artilleryFireSchema,
  type RangeFacts,
  type ScreeningFacts,
} from './facts.ts';
import { describeFire, FIRE_ODDS, type FireResult, noFire } from './result.ts';

const ART: FireScheme<ArtilleryModifierId> = scheme(ARTILLERY_MODIFIERS);

const ARTILLERY_RULES: FireRules = {
  status: jc4('Artillery Fire Modifiers', '7. resolve status'),
  randomFactor: jc4('Artillery Fire Modifiers', '8. random factor'),
  eventDie: jc4('Artillery Fire Modifiers', '9. event dice'),
  blinded: jc4('Artillery Events Table', '32-45 blinded by its own smoke'),
};

/** What an artillery shot needs to know of its target besides the formation row. */
export interface ArtilleryTarget {
  readonly targetStands?: number;
  readonly screening?: ScreeningFacts;
  readonly openOrderTargetModifier?: number;
}

/**
 * Aims an artillery shot (no dice) at a target whose formation row is `row`, enfiladed when
 * `enfiladeRanks` > 0 (at most `enfiladePerRank` stands per rank); `volleyBand` (a defenders' volley)
 * replaces the range facts. Counter-battery fire aims it with the crews row.
 */
export function aimArtillery(
  facts: ArtilleryShotFacts & RangeFacts,
  row: TargetRow,
  enfiladeRanks: number,
  enfiladePerRank: number,
  target: ArtilleryTarget,
  volleyBand: RangeBand | null,
  trace?: Trace,
): Aiming {
  const statusMod = ART.status[facts.status];
  const band = aimedBand(
    ARTILLERY_RULES,
    facts.status,
    statusMod,
    ARTILLERY_RANGE_TABLE.rows[facts.weapon],
    facts,
    volleyBand,
    trace,
  );
  if (typeof band !== 'string') return band;
  trace?.add({
    rule: jc4('Troops And Figures Able To Fire', 'gun models'),
    label: 'Crew stands fire (the gun models do not count)',
    value: facts.crewStands,
  });
  const stands = capForEnfilade(facts.crewStands, enfiladeRanks, enfiladePerRank, trace);
  if (stands <= 0) return noFire('no-stands-firing', band, 0);

  let total = facts.resolveLevel;
  trace?.add({ rule: TABLE_RULE, label: "Battery's Resolve Level", total });
  const list = ART.list;
  const on = ART.applied;
  list.length = 0;
  list.push(on[ARTILLERY_WEAPON_MODIFIER[facts.weapon]]);
  const cover = ART.cover[facts.targetCover ?? 'open'];
  if (cover !== null) list.push(on[cover]);
  list.push(on[ART.target[row]]);
  if (facts.nativeIrregularCrew) list.push(on['native-irregular-crew']);
  list.push(on[ART.range[band]]);
  if (facts.moving) list.push(on['battery-moving']);
  if (facts.disordered) list.push(on['battery-disordered']);
  list.push(on[statusMod!]);
  total = applyShot(
    ART,
    total,
    'target-open-order',
    target.openOrderTargetModifier,
    'battery-disordered',
    facts.disorderedBatteryModifier,
    NO_DICE,
    trace,
  );
  return aimed(ARTILLERY_RULES, band, stands, total, facts.blinded === true, target);
}

/** Aims artillery fire from its facts. */
function aimArtilleryFire(facts: ArtilleryFireFacts, trace?: Trace): Aiming {
  const e = facts.enfilade;
  const perRank = e ? enfiladeStandsPerRank(e.targetArm) : 0;
  return aimArtillery(facts, targetRowFor(facts), e ? e.targetRanks : 0, perRank, facts, null, trace);
}

/**
 * What every result of artillery fire on `facts` depends on, as a key: the aimed shot (`shoot` reads its
 * range band, stands firing, total, whether blinded, and the target's stands and screening; the rules
 * are artillery's), or the result of a shot that cannot be fired. The prepared fire aims once and throws
 * its dice at that aim alone (`prepareArtilleryFire`), so facts with the same key have the same exact
 * odds, path by path and bit for bit, and a memo of the odds may be kept by this key: fire from another
 * distance in the same band, whose facts differ, shares it.
 */
export function artilleryOddsKey(facts: ArtilleryFireFacts): string {
  const a = aimArtilleryFire(facts);
  if (!isAim(a)) return `no fire ${JSON.stringify(a)}`;
  return `${a.band} ${a.standsFiring} ${a.total} ${a.blinded} ${a.targetStands} ${JSON.stringify(a.screening)}`;
}

export function resolveArtilleryFire(facts: ArtilleryFireFacts, dice: DiceSource, trace?: Trace): FireResult {
  return shoot(aimArtilleryFire(facts, trace), dice, trace);
}

/** Aims once, then each throw only shoots: the untraced fast path of `resolveArtilleryFire`. */
export function prepareArtilleryFire(facts: ArtilleryFireFacts): (dice: DiceSource) => FireResult {
  const aiming = aimArtilleryFire(facts);
  return (dice) => shoot(aiming, dice);
}

export const artilleryFire: ProcedureDefinition<ArtilleryFireFacts, FireResult> = {
  id: 'artillery-fire',
  title: 'Artillery fire',
  summary: 'Stands lost by the target of artillery fire, and whether the fire causes an Event.',
  rule: jc4('Small Arms And Artillery Fire'),
  facts: artilleryFireSchema as z.ZodType<ArtilleryFireFacts>,
  rolls: FIRE_ROLLS,
  examples: [
    {
      title: 'A British field battery (Resolve 18, 4 crew stands) at a column 15" away',
      facts: {
        weapon: 'british-field',
        resolveLevel: 18,
        status: 'Steady',
        crewStands: 4,
        targetFormation: 'close-order-column',
        distance: 15,
      },
      dice: [4, 3, 1],
    },
  ],
  resolve: resolveArtilleryFire,
  prepare: prepareArtilleryFire,
  odds: FIRE_ODDS,
  describe: describeFire,
};
