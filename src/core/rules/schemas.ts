import { z } from 'zod';
import type { AppliedModifier, ModifierTable } from './modifiers.ts';

/**
 * The schema of a list of applied modifiers from `table`: each entry is an id, or `{ id, count }` for
 * modifiers that count "each". Parses to `AppliedModifier[]`, rejecting unknown ids (the message lists
 * the valid ones), repeats, counts on modifiers that do not count "each", and the `derived` ids that
 * Muster works out from other facts (the message says which fact to give instead).
 */
export function modifierListSchema<Id extends string>(
  table: ModifierTable<Id>,
  derived: Readonly<Record<string, string>> = {},
) {
  const ids = table.modifiers.map((m) => m.id) as [Id, ...Id[]];
  // Each id carries its label and value in the JSON Schema ("x-descriptions"), so help and editors show
  // what it means; validation stays a plain enum, whose errors can suggest the closest id.
  const id = z.enum(ids).meta({
    'x-descriptions': Object.fromEntries(
      table.modifiers.map((m) => [m.id, `${m.label} (${valueText(m.value)})`]),
    ),
  });
  const entry = z.union([id, z.object({ id, count: z.number().int().min(0).max(99).optional() }).strict()]);
  return z
    .array(entry)
    .describe(
      `Modifiers from "${table.title}" that apply (an id, or { id, count } for those that count each)`,
    )
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        const id = typeof e === 'string' ? e : e.id;
        const instead = derived[id];
        if (instead)
          ctx.addIssue({ code: 'custom', path: [i], message: `${id} is worked out by Muster: ${instead}` });
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: [i], message: `${id} is listed twice; give a count instead` });
        seen.add(id);
        const def = table.modifiers[table.index[id]!]!;
        if (typeof e !== 'string' && e.count !== undefined && e.count > 1 && !def.perEach) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'count'],
            message: `${id} applies once; a count of ${e.count} is not allowed`,
          });
        }
      });
    })
    .transform((list): AppliedModifier<Id>[] =>
      list
        .map((e) =>
          typeof e === 'string'
            ? { id: e }
            : e.count === undefined
              ? { id: e.id }
              : { id: e.id, count: e.count },
        )
        .sort((a, b) => table.index[a.id]! - table.index[b.id]!),
    );
}

function valueText(value: number | { readonly dice: number }): string {
  if (typeof value !== 'number') return `${value.dice > 0 ? '+' : '-'}${Math.abs(value.dice)} Dice`;
  return value > 0 ? `+${value}` : `${value}`;
}
