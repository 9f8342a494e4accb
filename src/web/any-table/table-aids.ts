import type { TableAids } from '../../game/rule-set.ts';

/**
 * Each rule set's measuring and planning aids (`tableAids` of src/game/<set>/table-aids.ts), by
 * rule-set id: the name of the folder holding it. A set without one shows no ranges, reach or planned
 * moves on this table.
 */
const AIDS: ReadonlyMap<string, TableAids<never>> = new Map(
  Object.entries(
    import.meta.glob<{ tableAids: TableAids<never> }>('../../game/*/table-aids.ts', { eager: true }),
  ).map(([path, module]) => [path.split('/')[3]!, module.tableAids]),
);

/** The rule set's aids, reading a view of its own (`GamePlay.view`). */
export function tableAidsOf(ruleSet: string | undefined): TableAids<unknown> | undefined {
  return ruleSet === undefined ? undefined : (AIDS.get(ruleSet) as TableAids<unknown> | undefined);
}
