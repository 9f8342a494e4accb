import { bearing, turnBetween } from '../../core/geometry/angles.ts';
import { measureText } from '../../core/rules/measure.ts';

/**
 * Words every rule set's log and command list share (each set's describe.ts words its own commands and
 * events with them): inches and angles rounded as a player reads them, a move told relative to where the
 * unit stands and faces, dice faces, and ids in free text given by their names. Pure.
 */

/** Ids (of units, sides, commanders) and the names people know them by. */
export type Names = ReadonlyMap<string, string>;

/** A distance as a player reads it: `6"`, `3.75"`. */
export const inches = (n: number): string => `${measureText(n)}"`;

/** "1 figure", "2 figures". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Faces in throw order: "3", "3 and 1", "2, 1, 3 and 6". */
export function faces(thrown: readonly number[]): string {
  if (thrown.length <= 1) return thrown.join('');
  return `${thrown.slice(0, -1).join(', ')} and ${thrown[thrown.length - 1]}`;
}

/** The name of an id, else the id with its hyphens as spaces. */
export function nameOf(names: Names, id: string): string {
  return names.get(id) ?? id.replaceAll('-', ' ');
}

/** A text with every id `names` knows given by its name: whole words only, in one pass (a name is never read again). */
export function withNames(text: string, names: Names): string {
  if (names.size === 0) return text;
  const ids = [...names.keys()].sort((a, b) => b.length - a.length);
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w-])`, 'g');
  return text.replace(pattern, (id) => names.get(id) ?? id);
}

/** A word or phrase id ("obey-orders", "serious-wound") in plain words: "obey orders". */
export const plain = (id: string): string => id.replaceAll('-', ' ');

/** A turn from one facing to another in words: "turn 36° left", "about face"; '' for no turn. */
export function turnWords(from: number, to: number): string {
  const turn = turnBetween(from, to);
  const degrees = Math.round(Math.abs(turn));
  if (degrees === 0) return '';
  if (degrees === 180) return 'about face';
  return `turn ${degrees}° ${turn > 0 ? 'left' : 'right'}`;
}

/**
 * Which way a point lies from a unit facing `facing`: "forward" (within 30° of its front), "back",
 * "to its left", "to its right", or "forward and left" and the like between them.
 */
export function wayWords(
  from: { x: number; y: number },
  facing: number,
  to: { x: number; y: number },
): string {
  const off = turnBetween(facing, bearing(from.x, from.y, to.x, to.y));
  const a = Math.abs(off);
  const side = off > 0 ? 'left' : 'right';
  if (a <= 30) return 'forward';
  if (a >= 150) return 'back';
  if (a < 60) return `forward and ${side}`;
  if (a > 120) return `back and ${side}`;
  return `to its ${side}`;
}

/** How far and which way a unit moves to a point: "6\" forward"; '' when it stays where it is. */
export function stepWords(
  from: { x: number; y: number },
  facing: number,
  to: { x: number; y: number },
): string {
  const d = Math.hypot(to.x - from.x, to.y - from.y);
  if (d < 0.05) return '';
  return `${inches(d)} ${wayWords(from, facing, to)}`;
}

/** A line of a unit's panel: what is told, and its value in words. */
export interface PanelFact {
  readonly label: string;
  readonly value: string;
}

/**
 * What the browser's table for any rule set shows of a set: each `src/game/<set>/panel.ts` exports one
 * as `tablePanel`, and the table finds it by the set's folder (web/any-table/panel-words.ts).
 */
export interface TablePanel<View> {
  readonly words: PanelWords<View>;
  /** The set hides nothing from either side but the dice to come: hot seat needs no hand-over. */
  readonly hidesNothing: boolean;
}

/** A rule set's unit panel and status line, read from a side's view (for the table in the browser). */
export interface PanelWords<View> {
  /**
   * The unit's state in the rules' words, its side first; empty for a unit the view lacks. `sideName`
   * names a side by its id.
   */
  readonly unitFacts: (view: View, unit: string, sideName: (side: string) => string) => PanelFact[];
  /** Where the battle stands in the set's own terms, in one line; `sideName` names a side by its id. */
  readonly status: (view: View, sideName: (side: string) => string) => string;
}

/** "Heroic" from "heroic". */
export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A command that does not parse, in words for the player: which of its fields are wrong (by the paths of
 * the schema's issues), never the schema's own message, which lists ids and field names.
 */
export function malformedCommandWords(paths: readonly (readonly PropertyKey[])[]): string {
  const fields = [
    ...new Set(
      paths.map(
        (path) =>
          path
            .filter((key): key is string => typeof key === 'string')
            .map((key) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
            .join(' ') || 'kind',
      ),
    ),
  ];
  const listed = fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return `that is not a command this game can read: its ${listed} ${fields.length === 1 ? 'is' : 'are'} not right`;
}

/** A refusal as a player reads it: ids given by their names, inches rounded as a ruler reads them. */
export function refusalWords(reason: string, names: Names): string {
  return withNames(reason, names).replace(/(\d+\.\d{2,})"/g, (_m, n: string) => inches(Number(n)));
}
