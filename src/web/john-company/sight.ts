import type { TableState, UnitState } from '../../core/table/model.ts';
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
  /** What blocks it, in Muster's words (absent when visible). */
  readonly blocked?: string;
}

const middleStand = (unit: UnitState) => unit.stands[Math.floor(unit.stands.length / 2)]!;

export function sightLinesFrom(table: TableState, unitId: string): SightLine[] {
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
        ? { target: target.id, visible: false, blocked: verdict.blocked.label }
        : { target: target.id, visible: false };
    });
}
