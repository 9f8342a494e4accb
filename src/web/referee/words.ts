import { valueWords } from '../form/schema.ts';

/** An outcome or a step's value that is an id (`driven-back`, `officer-casualty + orders-change`). */
const ID_LIKE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?: \+ [a-z][a-z0-9]*(?:-[a-z0-9]+)*)*$/;

/**
 * An odds outcome or a step's value as the referee reads it: one the rules already word stays as it
 * is; one that is still an id reads in words ("Driven back"), as the form's choices do.
 */
export function outcomeWords(value: string | number | boolean): string {
  if (typeof value !== 'string') return valueWords(value);
  return ID_LIKE.test(value) ? valueWords(value) : value;
}
