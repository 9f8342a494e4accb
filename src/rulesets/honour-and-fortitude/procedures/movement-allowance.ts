import { z } from 'zod';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { GROUND_TABLE, MOVEMENT_TABLE, shiftColumn } from '../tables/movement.ts';
import {
  GROUNDS,
  type Ground,
  hf,
  type MovementColumn,
  type OrderState,
  reconstruction,
  stateWords,
  TROOP_CLASS_WORDS,
  TROOP_CLASSES,
  type TroopClass,
  UNIT_STATES,
  type UnitStateId,
} from '../vocabulary.ts';

export interface MovementFacts {
  readonly troopClass: TroopClass;
  /** The unit's state, or 'plodders' for troops that always move in the slowest column. */
  readonly column: UnitStateId | MovementColumn;
  readonly ground: Ground;
  readonly mounted: boolean;
  readonly skirmishers: boolean;
}

export interface MovementResult {
  readonly column: MovementColumn;
  readonly inches: number;
  /** The order the ground leaves the unit in. */
  readonly order: OrderState;
}

/** The column a state moves in: Heroic moves as Aggressive (Muster's reconstruction). */
export function movementColumnOf(column: UnitStateId | MovementColumn): MovementColumn {
  return column === 'heroic' ? 'aggressive' : column;
}

/**
 * A unit's move (H&F QRS, Movement): its row and its state's column; broken ground shifts one column
 * right, rough ground two for foot and three for others, never past Plodders.
 */
export function resolveMovement(facts: MovementFacts, _dice: unknown, trace?: Trace): MovementResult {
  const base = movementColumnOf(facts.column);
  if (facts.column === 'heroic')
    trace?.add({
      rule: reconstruction('Heroic', 'moves as Aggressive'),
      label: 'Heroic moves as Aggressive',
      value: base,
    });
  const effect = GROUND_TABLE.rows[facts.ground][facts.mounted ? 'mounted' : 'foot'];
  const column = shiftColumn(base, effect.shift);
  const inches = MOVEMENT_TABLE.rows[facts.troopClass][column];
  const order = facts.skirmishers ? effect.skirmishers : effect.others;
  if (effect.shift > 0)
    trace?.add({
      rule: hf('Movement', `${facts.ground} terrain`),
      label: `${facts.ground} ground: ${effect.shift} column(s) right, from ${base} to ${column}`,
      value: column,
    });
  trace?.add({
    rule: hf('Movement', `${TROOP_CLASS_WORDS[facts.troopClass]}, ${stateWords(column)}`),
    label: `${inches}"`,
    value: inches,
  });
  if (order !== 'good-order')
    trace?.add({ rule: hf('Movement', `${facts.ground} terrain`), label: `Ends ${order}`, value: order });
  return { column, inches, order };
}

export const movementAllowance: ProcedureDefinition<MovementFacts, MovementResult> = {
  id: 'hf-movement',
  title: 'Movement allowance (H&F)',
  summary: "How far a unit moves by its state and troop type, and the ground's effect on it.",
  rule: hf('Movement'),
  facts: z.strictObject({
    troopClass: z
      .enum(TROOP_CLASSES)
      .meta({ 'x-descriptions': TROOP_CLASS_WORDS })
      .describe(
        'The Movement table row: infantry in line or siege guns; infantry in column or field guns; skirmishers, regular cavalry or elephants; irregular cavalry',
      ),
    column: z
      .enum([...UNIT_STATES, 'plodders'])
      .describe("The unit's state, or plodders (Muster's reading: the slowest column)"),
    ground: z.enum(GROUNDS).describe('open; broken (brush, hills, woods, rocks); rough (jungle, swamp)'),
    mounted: z.boolean().describe('Mounted troops (and guns) shift three columns in rough ground, foot two'),
    skirmishers: z.boolean().describe('Skirmishers are not disordered by broken ground'),
  }) as z.ZodType<MovementFacts>,
  rolls: [],
  examples: [
    {
      title: 'Active irregular cavalry in broken ground: Passive column, 12", Disordered',
      facts: {
        troopClass: 'irregular-cavalry',
        column: 'active',
        ground: 'broken',
        mounted: true,
        skirmishers: false,
      },
    },
  ],
  resolve: resolveMovement,
  odds: [{ name: 'Inches', project: (r) => r.inches }],
  describe: (r) => [`${r.inches}" (${r.column} column), ${r.order}`],
};
