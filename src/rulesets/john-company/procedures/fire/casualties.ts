/**
 * Casualties: the common end of every shot (Part 4, "Using The Fire Table", "Skirmishers"). The
 * Random Factor and Event Die, halving when blinded, the Firing Table read in columns of 10 stands,
 * a screened unit taking every other casualty, and the caps at the stands present (a Muster default).
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { eventDie, randomFactor } from '../../../../core/random/rolls.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  FIRING_TABLE_COLUMNS,
  firingTableCell,
  firingTableLosses,
  firingTableRow,
} from '../../tables/firing-table.ts';
import { jc4, musterDefault } from '../../vocabulary.ts';
import { type Aiming, isAim, TABLE_RULE } from './aiming.ts';
import type { FireResult } from './result.ts';

/** The dice every shot throws, keyed as `shoot` asks for them. */
export const FIRE_ROLLS = [
  { key: 'randomFactor', dice: '2d6: positive, negative', when: 'whenever the unit fires' },
  { key: 'eventDie', dice: '1d6 (event die: 1 = Event)', when: 'with the Random Factor' },
] as const;

const EVENT_DIE = eventDie(1);
const SCREEN_RULE = jc4('Skirmishers', 'screened units take every other casualty');
const CAP_RULE = musterDefault('Fire', 'losses never exceed the stands present');

/**
 * The common end of every shot: Random Factor and Event Die, halving if blinded, the Firing Table
 * (columns of 10), skirmisher screening and the caps at the stands present. A shot that cannot be
 * fired is returned as it is, throwing nothing.
 */
export function shoot(aiming: Aiming, dice: DiceSource, trace?: Trace): FireResult {
  if (!isAim(aiming)) return aiming;
  const { rules, band, standsFiring, total, blinded, targetStands, screening } = aiming;
  const rf = dice.roll(randomFactor, 'randomFactor');
  let fff = total + rf;
  trace?.add({
    rule: rules.randomFactor,
    label: 'Random Factor',
    delta: rf,
    total: fff,
    roll: 'randomFactor',
  });
  const event = dice.roll(EVENT_DIE, 'eventDie') === 1;
  trace?.add({
    rule: rules.eventDie,
    label: 'Event Die: an Event for the target on a 1',
    value: event,
    roll: 'eventDie',
  });
  if (blinded && fff > 0) {
    fff = fff >> 1;
    trace?.add({
      rule: rules.blinded,
      label: 'Blinded by dust or smoke: FFF halved, rounded down',
      total: fff,
    });
  }
  const tableRow = firingTableRow(fff);
  const tableLosses = firingTableLosses(fff, standsFiring);
  if (trace) traceTable(fff, tableRow, standsFiring, tableLosses, trace);

  let targetLost: number;
  let screenedLost = 0;
  if (screening) {
    screenedLost = tableLosses >> 1;
    targetLost = tableLosses - screenedLost;
    trace?.add({
      rule: SCREEN_RULE,
      label: 'Screened unit takes every other casualty (the skirmishers the first)',
      value: `${targetLost} + ${screenedLost}`,
    });
    const cap = screening.screenedStands;
    if (cap !== undefined && screenedLost > cap) {
      screenedLost = cap;
      trace?.add({ rule: CAP_RULE, label: 'Screened unit loses no more stands than it has', value: cap });
    }
  } else targetLost = tableLosses;
  if (targetStands !== undefined && targetLost > targetStands) {
    targetLost = targetStands;
    trace?.add({ rule: CAP_RULE, label: 'Target loses no more stands than it has', value: targetStands });
  }
  return {
    fired: true,
    noFire: null,
    band,
    standsFiring,
    fff,
    tableRow,
    randomFactor: rf,
    event,
    tableLosses,
    standsLost: targetLost + screenedLost,
    targetStandsLost: targetLost,
    screened: screening !== undefined,
    screenedStandsLost: screenedLost,
  };
}

function traceTable(fff: number, row: number, stands: number, lost: number, trace: Trace): void {
  if (row === 0) {
    trace.add({ rule: TABLE_RULE, label: `Final Fire Factor ${fff}: below the table, no loss`, value: 0 });
    return;
  }
  if (row !== fff)
    trace.add({ rule: TABLE_RULE, label: `Final Fire Factor ${fff} reads row ${row}`, value: row });
  const tens = Math.floor(stands / FIRING_TABLE_COLUMNS);
  const rest = stands % FIRING_TABLE_COLUMNS;
  const parts: string[] = [];
  for (let i = 0; i < tens; i++) parts.push(`${firingTableCell(row, 10)} (10 stands)`);
  if (rest > 0) parts.push(`${firingTableCell(row, rest)} (${rest} stands)`);
  trace.add({ rule: TABLE_RULE, label: `Firing Table row ${row}: ${parts.join(' + ')}`, value: lost });
}
