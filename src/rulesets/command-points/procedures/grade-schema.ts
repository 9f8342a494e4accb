import { z } from 'zod';

/**
 * A value per training grade, each optional: a scenario's replacement for some of Muster's
 * reconstructed figures. An object with one field per grade (rather than a record) so forms and JSON
 * Schema show each grade as its own field.
 */
export function byTrainingGrade<T extends z.ZodType>(value: T) {
  return z.strictObject({
    '1st': value.optional(),
    '2nd': value.optional(),
    '3rd': value.optional(),
    '4th': value.optional(),
    '5th': value.optional(),
  });
}
