import { z } from 'zod';
import type { AppliedModifier, ModifierTable } from './modifiers.ts';

/**
 * The schema of a list of applied modifiers from `table`: each entry is an id, or `{ id, count }` for
 * modifiers that count "each". Parses to `AppliedModifier[]`, rejecting unknown ids (the message lists
 * the valid ones), repeats, counts on modifiers that do not count "each", and the `derived` ids that
 * Muster works out from other facts: they are not offered, and the message for one says which fact to
 * give instead (from the schema's "x-worked-out").
 */
export function modifierListSchema<Id extends string>(
  table: ModifierTable<Id>,
  derived: Readonly<Record<string, string>> = {},
) {
  // Only the ids a referee may give are offered (help, schema, forms); the derived ones are refused
  // with the fact to give instead, which the schema carries as "x-worked-out" for the error message.
  const offered = table.modifiers.filter((m) => !(m.id in derived));
  const ids = offered.map((m) => m.id) as [Id, ...Id[]];
  const workedOut = Object.fromEntries(Object.entries(derived).filter(([id]) => table.index.has(id)));
  // Each id carries its label and value in the JSON Schema ("x-descriptions"), so help and editors show
  // what it means; validation stays a plain enum, whose errors can suggest the closest id.
  const workedOutError = (input: unknown) => {
    const given = typeof input === 'string' ? input : (input as { id?: unknown } | null)?.id;
    return typeof given === 'string' && workedOut[given]
      ? workedOutMessage(given, workedOut[given]!)
      : undefined;
  };
  const id = z.enum(ids, { error: (issue) => workedOutError(issue.input) }).meta({
    'x-descriptions': Object.fromEntries(offered.map((m) => [m.id, `${m.label} (${valueText(m.value)})`])),
    ...(Object.keys(workedOut).length ? { 'x-worked-out': workedOut } : {}),
  });
  // A derived id is refused with its own message, given as a bare id or as { id, count }.
  const entry = z.union([id, z.object({ id, count: z.number().int().min(0).max(99).optional() }).strict()], {
    error: (issue) => workedOutError(issue.input),
  });
  return z
    .array(entry)
    .describe(
      `Modifiers from "${table.title}" that apply (an id, or { id, count } for those that count each)`,
    )
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        const id = typeof e === 'string' ? e : e.id;
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: [i], message: `${id} is listed twice; give a count instead` });
        seen.add(id);
        const def = table.modifiers[table.index.get(id)!]!;
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
        .sort((a, b) => table.index.get(a.id)! - table.index.get(b.id)!),
    );
}

/** The message for a modifier id that Muster works out from another fact. */
export function workedOutMessage(id: string, instead: string): string {
  return `${id} is worked out by Muster: ${instead}`;
}

function valueText(value: number | { readonly dice: number }): string {
  if (typeof value !== 'number') return `${value.dice > 0 ? '+' : '-'}${Math.abs(value.dice)} Dice`;
  return value > 0 ? `+${value}` : `${value}`;
}
