import type { TableState, UnitState } from '../../core/table/model.ts';
import { capital, plain, withNames } from '../../game/engine/words.ts';
import type { SightVerdict } from '../../rulesets/john-company/table/line-of-sight/verdicts.ts';
import { sightOfTable } from '../../rulesets/john-company/table/line-of-sight.ts';

/**
 * Line of sight from a selected unit to every enemy unit in the view, by John Company's rules (the
 * rule set's pure `JohnCompanySight`, run in the browser over the viewer's table): whether any of its
 * stands sees any of theirs (skirmish screens included, as spotting counts them: `unitSpotsUnit`), and
 * when none does, what blocks the line between their middle stands.
 */
export interface SightLine {
  readonly target: string;
  readonly visible: boolean;
  /** What blocks it, in Muster's words with units by their names and places in words (absent when visible). */
  readonly blocked?: string;
}

const middleStand = (unit: UnitState) => unit.stands[Math.floor(unit.stands.length / 2)]!;

/**
 * A blocked line in the players' words: the unit in the way by its name (`nameOf`), a feature of the
 * table by its id in words ("the ford stream"), never a stand's or a feature's id.
 */
export function blockInWords(
  blocked: NonNullable<SightVerdict['blocked']>,
  nameOf: (unitId: string) => string,
): string {
  const by = blocked.by;
  if (by.kind === 'stand') {
    const owner = nameOf(by.ownerId);
    if (blocked.reason === 'stand-in-the-way') return `${owner} is in the way`;
    return withNames(blocked.label, new Map([[by.ownerId, owner]]));
  }
  const place = `the ${plain(by.featureId)}`;
  const whole = ['barrier', 'town-in-the-way', 'woods-in-the-way'].includes(blocked.reason);
  return capital(
    whole ? `${place} is in the way` : withNames(blocked.label, new Map([[by.featureId, place]])),
  );
}

export function sightLinesFrom(
  table: TableState,
  unitId: string,
  nameOf: (unitId: string) => string,
): SightLine[] {
  const unit = table.units[unitId];
  if (!unit || unit.stands.length === 0) return [];
  const sight = sightOfTable(table);
  return Object.values(table.units)
    .filter((u) => u.side !== unit.side && u.stands.length > 0)
    .map((target) => {
      if (sight.unitSpotsUnit(unit.id, target.id)) return { target: target.id, visible: true };
      const verdict = sight.verdict(
        { stand: middleStand(unit).id },
        { stand: middleStand(target).id },
        'view',
      );
      return verdict.blocked
        ? { target: target.id, visible: false, blocked: blockInWords(verdict.blocked, nameOf) }
        : { target: target.id, visible: false };
    });
}
