/**
 * The unit event itself (Part 4, Events): the percentile read as the table's row, rolled again while
 * the row is one the text says to ignore for this unit (at most MAX_REROLLS times), then the entry's
 * effects. `ARM_DATA` holds each table's bands, re-roll masks and shared fixed results.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import type { RangeTable } from '../../../../core/rules/tables.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  bandLabel,
  isFixedEffect,
  MAX_REROLLS,
  MAX_REROLLS_RULE,
  REROLL_CONDITIONS,
  type RerollCondition,
  rerollMaskOf,
  UNIT_EVENT_TABLES,
  type UnitEventEffect,
  type UnitEventEntry,
  unitEventRoll,
} from '../../tables/unit-events.ts';
import { type Arm, jc4 } from '../../vocabulary.ts';
import { expandEffect, type MutableSubRolls, REROLL_LIMIT } from './effects.ts';
import type { UnitEventFacts, UnitEventResult, UnitEventSubRolls } from './facts.ts';

const NO_SUBROLLS: UnitEventSubRolls = Object.freeze({});

/** Entries whose effects are all fixed: their effects array is shared by every result. */
function fixedEffects(entry: UnitEventEntry): readonly UnitEventEffect[] | undefined {
  for (const t of entry.effects) if (!isFixedEffect(t)) return undefined;
  return entry.effects as readonly UnitEventEffect[];
}

interface ArmData {
  readonly table: RangeTable<UnitEventEntry>;
  readonly masks: Readonly<Record<RerollCondition, number>>;
  readonly bands: readonly string[];
  readonly fixed: readonly (readonly UnitEventEffect[] | undefined)[];
  /** "05-14 Unit commander hit ...", by band, for the odds view. */
  readonly titles: ReadonlyMap<string, string>;
}
function armData(arm: Arm): ArmData {
  const table = UNIT_EVENT_TABLES[arm];
  const masks = Object.fromEntries(REROLL_CONDITIONS.map((c) => [c, rerollMaskOf(table, c)])) as Record<
    RerollCondition,
    number
  >;
  const bands = table.rows.map((r) => bandLabel(r.from, r.to));
  return {
    table,
    masks,
    bands,
    fixed: table.rows.map((r) => fixedEffects(r.result)),
    titles: new Map(table.rows.map((r, i) => [bands[i]!, `${bands[i]} ${r.result.label}`])),
  };
}
/** Each arm's table with its bands, re-roll masks, shared fixed results and odds-view titles. */
export const ARM_DATA: Readonly<Record<Arm, ArmData>> = {
  infantry: armData('infantry'),
  cavalry: armData('cavalry'),
  artillery: armData('artillery'),
};

/** The rows that are rolled again for this unit, as a bit mask (one bit per row). */
export function rerollMask(facts: UnitEventFacts): number {
  const m = ARM_DATA[facts.arm].masks;
  let mask = 0;
  if (facts.raining) mask |= m.raining;
  if (facts.army === 'native') mask |= m.native;
  if (facts.army === 'british') mask |= m.british;
  if (facts.coloursLost === 'all') mask |= m['no-colours-left'];
  if (facts.defendOrders) mask |= m['defend-orders'];
  const move = facts.batteryMove ?? 'none';
  if (move === 'none') mask |= m['not-moving'];
  if (move !== 'limbered') mask |= m['prolonged-or-not-moved'];
  if (!facts.underArtilleryFire) mask |= m['not-under-artillery-fire'];
  return mask;
}

/**
 * A unit event (Part 4, Events; the Infantry, Cavalry and Artillery Events Tables): the percentile,
 * read as the table's row; rolled again while the row is one the text says to ignore for this unit
 * (at most MAX_REROLLS times, then nothing happens); then the entry's own dice, in the order the
 * entry names them; the result is the entry's effects with every die resolved into numbers.
 */
export function resolveUnitEvent(facts: UnitEventFacts, dice: DiceSource, trace?: Trace): UnitEventResult {
  const arm = facts.arm;
  const data = ARM_DATA[arm];
  const table = data.table;
  const spec = unitEventRoll(arm, rerollMask(facts));
  let rerolls = 0;
  let row = dice.roll(spec, 'event');
  while (row < 0) {
    trace?.add({
      rule: jc4(table.title, 'ignore and roll again'),
      label: 'The entry rolled does not apply to this unit: roll again',
      value: 'roll again',
      roll: 'event',
    });
    if (rerolls >= MAX_REROLLS) {
      trace?.add({
        rule: MAX_REROLLS_RULE,
        label: `Re-roll limit (${MAX_REROLLS}) reached: no event`,
        value: 'no event',
      });
      return { arm, rerolls, effects: REROLL_LIMIT, subRolls: NO_SUBROLLS };
    }
    rerolls++;
    row = dice.roll(spec, 'event');
  }
  const entry = table.rows[row]!.result;
  const band = data.bands[row]!;
  trace?.add({
    rule: entry.rule,
    label: `${table.title} ${band}: ${entry.label}`,
    value: entry.id,
    roll: 'event',
  });
  const fixed = data.fixed[row];
  if (fixed) return { arm, band, entry: entry.id, rerolls, effects: fixed, subRolls: NO_SUBROLLS };

  const effects: UnitEventEffect[] = [];
  const sub: MutableSubRolls = {};
  for (let i = 0; i < entry.effects.length; i++)
    expandEffect(entry.effects[i]!, entry, facts, dice, effects, sub, trace);
  return { arm, band, entry: entry.id, rerolls, effects, subRolls: sub };
}
