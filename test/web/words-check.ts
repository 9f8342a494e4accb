/**
 * What a player or referee must not read: an id (`fail-by-2`), a camelCase field (`retireOrPanic`) or a
 * number with more than two decimals. Shared by the referee's text tests, in Node and in the browser.
 */

/** Hyphenated words of English the rules use, which are not ids. */
const ENGLISH = new Set([
  'point-blank',
  'close-order',
  'open-order',
  'good-order',
  're-roll',
  're-rolls',
  're-rolled',
  're-orders',
  'counter-battery',
  'counter-charge',
  'counter-charger',
  'counter-charging',
  'small-arms',
]);

/** The faults in `text`, each as "id fail-by-2", "field retireOrPanic" or "number 35.1889". */
export function faults(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])/g))
    if (!ENGLISH.has(m[0])) found.push(`id ${m[0]}`);
  for (const m of text.matchAll(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)) found.push(`field ${m[0]}`);
  for (const m of text.matchAll(/\d\.\d{3,}/g)) found.push(`number ${m[0]}`);
  return found;
}
