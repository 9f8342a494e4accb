/**
 * The deciding seat's legal commands for buttons: each with its label (the server's `legalText`, made
 * unique), grouped by the unit they are for, and found by the units they name. Pure; works for any rule set
 * whose commands are JSON objects with a string `type`.
 */

export interface GameCommand {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A legal command, its label on a button, and its place in `GamePlay.legal`. */
export interface LegalItem {
  readonly command: GameCommand;
  readonly label: string;
  readonly index: number;
}

const isCommand = (value: unknown): value is GameCommand =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** A field the server's one-line wording may leave out (a point, a list), compactly: "to (22, 48)". */
function detailOf(key: string, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const point = value as { x?: unknown; y?: unknown };
  if (typeof point.x === 'number' && typeof point.y === 'number')
    return `${key} (${round(point.x)}, ${round(point.y)})`;
  return `${key} ${JSON.stringify(value)}`;
}

const round = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The legal commands with their labels: `legalText[i]` (the command's type if the server gave none);
 * where several commands share a text, each is told apart by the fields the text leaves out (points,
 * lists: "move (to (22, 48))"), and any still alike by their number ("move (2)"). Commands that are not
 * objects with a `type` are left out.
 */
export function legalItems(legal: readonly unknown[], legalText: readonly string[]): LegalItem[] {
  const items = legal.flatMap((command, index) =>
    isCommand(command) ? [{ command, label: legalText[index] ?? command.type, index }] : [],
  );
  const withDetails = relabelRepeats(items, (item) => {
    const details = Object.entries(item.command).flatMap(([k, v]) => detailOf(k, v) ?? []);
    return details.length ? `${item.label} (${details.join(', ')})` : item.label;
  });
  const seen = new Map<string, number>();
  return relabelRepeats(withDetails, (item) => {
    const n = (seen.get(item.label) ?? 0) + 1;
    seen.set(item.label, n);
    return `${item.label} (${n})`;
  });
}

function relabelRepeats(items: readonly LegalItem[], relabel: (item: LegalItem) => string): LegalItem[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.label, (counts.get(item.label) ?? 0) + 1);
  return items.map((item) => ((counts.get(item.label) ?? 0) > 1 ? { ...item, label: relabel(item) } : item));
}

/** "change-formation" → "Change formation". */
export function typeTitle(type: string): string {
  const words = type.replaceAll(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The commands for one unit, or for the whole side (`unit` undefined), under a heading. */
export interface UnitGroup {
  readonly unit: string | undefined;
  readonly title: string;
  readonly items: readonly LegalItem[];
}

/** The unit a command is for: its `unit` field, else the unit acting now, else the first unit it names. */
export function unitOfCommand(
  command: GameCommand,
  units: ReadonlySet<string>,
  acting: string | undefined,
): string | undefined {
  const own = command['unit'];
  if (typeof own === 'string' && units.has(own)) return own;
  if (acting !== undefined && own === undefined) return acting;
  return unitsNamed(command, units)[0];
}

/**
 * The items by the unit they are for (`unitOfCommand`), each group under the unit's name: the selected
 * unit's first, then the acting unit's, then the others in the order their first command comes, and the
 * commands for the whole side (ending a phase) last, under `sideTitle`.
 */
export function groupByUnit(
  items: readonly LegalItem[],
  units: ReadonlySet<string>,
  acting: string | undefined,
  selected: string | undefined,
  unitName: (unit: string) => string,
  sideTitle = 'Your side',
): UnitGroup[] {
  const groups = new Map<string | undefined, LegalItem[]>();
  for (const item of items) {
    const unit = unitOfCommand(item.command, units, acting);
    const list = groups.get(unit) ?? [];
    list.push(item);
    groups.set(unit, list);
  }
  const rank = (unit: string | undefined) =>
    unit === undefined ? 3 : unit === selected ? 0 : unit === acting ? 1 : 2;
  return [...groups]
    .map(([unit, list], order) => ({ unit, list, order }))
    .sort((a, b) => rank(a.unit) - rank(b.unit) || a.order - b.order)
    .map(({ unit, list }) => ({
      unit,
      title: unit === undefined ? sideTitle : unitName(unit),
      items: list,
    }));
}

/** The units a command names: its top-level string fields whose value is one of `units`. */
export function unitsNamed(command: GameCommand, units: ReadonlySet<string>): string[] {
  return Object.entries(command).flatMap(([key, value]) =>
    key !== 'type' && typeof value === 'string' && units.has(value) ? [value] : [],
  );
}

/**
 * The commands to list with a unit: those that name it in any field, and, for the unit acting now
 * (`acting`), those without a `unit` field (the field that names who acts): MacDuff's moves, fire at a
 * target, formation changes and the end of the activation are the acting unit's.
 */
export function commandsForUnit(
  items: readonly LegalItem[],
  unit: string,
  units: ReadonlySet<string>,
  acting: string | undefined,
): LegalItem[] {
  return items.filter(
    (item) =>
      unitsNamed(item.command, units).includes(unit) ||
      (unit === acting && item.command['unit'] === undefined),
  );
}

/** A command type whose legal commands carry a point of the table, to be given at any point picked. */
export interface PointCommand {
  readonly type: string;
  /** The field that holds the point as { x, y } (MacDuff's move: `to`); undefined: `x` and `y` themselves. */
  readonly field: string | undefined;
  /** The legal command of that type with the fewest fields: the rest of the command given. */
  readonly template: GameCommand;
}

const isPoint = (value: unknown): value is { x: number; y: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { x?: unknown }).x === 'number' &&
  typeof (value as { y?: unknown }).y === 'number';

/**
 * The command types among `items` that carry a point: a top-level field holding { x, y }, or `x` and
 * `y` themselves (Honour & Fortitude's moves). The legal list offers a few points and the game judges
 * any other, so the player may pick one on the table. Pass the selected unit's commands to move it.
 */
export function pointCommands(items: readonly LegalItem[]): PointCommand[] {
  const byType = new Map<string, PointCommand>();
  for (const { command } of items) {
    const field = Object.keys(command).find((k) => isPoint(command[k]));
    if (field === undefined && !isPoint(command)) continue;
    const known = byType.get(command.type);
    if (!known || Object.keys(command).length < Object.keys(known.template).length)
      byType.set(command.type, { type: command.type, field, template: command });
  }
  return [...byType.values()];
}

/** The command at a picked point, to a tenth of an inch. */
export function commandAt(command: PointCommand, point: { x: number; y: number }): GameCommand {
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const at = { x: tenth(point.x), y: tenth(point.y) };
  return command.field === undefined
    ? { ...command.template, ...at }
    : { ...command.template, [command.field]: at };
}

/**
 * The legal fire of `unit` at the enemy unit `target`: the commands of type `fire` whose `target` is it
 * and whose `unit` is the unit, or that name no unit while it is the unit acting now (MacDuff's fire is
 * the acting unit's). Several where the set lets the unit fire in more than one way (MacDuff's options).
 */
export function firesAt(
  items: readonly LegalItem[],
  unit: string,
  target: string,
  acting: string | undefined,
): LegalItem[] {
  return items.filter(
    ({ command }) =>
      command.type === 'fire' &&
      command['target'] === target &&
      (command['unit'] === unit || (command['unit'] === undefined && unit === acting)),
  );
}
