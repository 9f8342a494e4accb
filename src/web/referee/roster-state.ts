import type { RosterVocabulary } from '../../core/rules/referee.ts';
import type { Roster } from '../../protocol/roster.ts';

/**
 * The referee's order of battle, tracked through the turns beside a physical table: each unit's stands,
 * status, order, marks and counters, the turn, and the turn checklist's ticks. Plain JSON, kept in the
 * browser (localStorage) and exported to a file. Pure: `rosterReducer` is tested in Node.
 */
export interface TrackedUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly description: string;
  readonly ratings: readonly { readonly label: string; readonly value: string }[];
  readonly startingStands: number;
  readonly stands: number;
  /** This turn's status (cleared at the end of the turn), '' when not yet tested. */
  readonly status: string;
  /** This turn's order, '' when none. */
  readonly order: string;
  readonly marks: readonly string[];
  readonly counters: Readonly<Record<string, number>>;
  readonly notes: string;
}

export interface TrackedBattle {
  readonly format: 'muster-roster';
  readonly version: 1;
  readonly ruleSet: string;
  readonly title: string;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly turn: number;
  readonly units: readonly TrackedUnit[];
  /** The checklist steps ticked this turn. */
  readonly ticked: readonly string[];
}

export type RosterAction =
  | { readonly type: 'import'; readonly roster: Roster }
  | { readonly type: 'load'; readonly battle: TrackedBattle }
  | { readonly type: 'add-unit'; readonly name: string; readonly side: string; readonly stands: number }
  | { readonly type: 'remove-unit'; readonly id: string }
  | { readonly type: 'set-stands'; readonly id: string; readonly stands: number }
  | { readonly type: 'set-status'; readonly id: string; readonly status: string }
  | { readonly type: 'set-order'; readonly id: string; readonly order: string }
  | { readonly type: 'toggle-mark'; readonly id: string; readonly mark: string }
  | { readonly type: 'set-counter'; readonly id: string; readonly counter: string; readonly value: number }
  | { readonly type: 'set-notes'; readonly id: string; readonly notes: string }
  | { readonly type: 'tick'; readonly step: string }
  | { readonly type: 'next-turn' };

/** An empty battle for a rule set: two sides, no units yet. */
export function emptyBattle(ruleSet: string): TrackedBattle {
  return {
    format: 'muster-roster',
    version: 1,
    ruleSet,
    title: 'A battle',
    sides: [
      { id: 'first', name: 'First side' },
      { id: 'second', name: 'Second side' },
    ],
    turn: 1,
    units: [],
    ticked: [],
  };
}

function fresh(
  id: string,
  name: string,
  side: string,
  stands: number,
  description = '',
  ratings: TrackedUnit['ratings'] = [],
): TrackedUnit {
  return {
    id,
    name,
    side,
    description,
    ratings,
    startingStands: stands,
    stands,
    status: '',
    order: '',
    marks: [],
    counters: {},
    notes: '',
  };
}

/** The largest stand count a unit may be given (as the scenario format allows). */
export const MAX_STANDS = 60;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));

function unusedId(units: readonly TrackedUnit[], name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'unit';
  let id = base;
  for (let i = 2; units.some((u) => u.id === id); i++) id = `${base}-${i}`;
  return id;
}

function update(battle: TrackedBattle, id: string, change: (u: TrackedUnit) => TrackedUnit): TrackedBattle {
  return { ...battle, units: battle.units.map((u) => (u.id === id ? change(u) : u)) };
}

/** The battle after an action. `vocabulary` bounds what a unit may be given (unknown values are ignored). */
export function rosterReducer(
  battle: TrackedBattle,
  action: RosterAction,
  vocabulary: RosterVocabulary,
): TrackedBattle {
  switch (action.type) {
    case 'import':
      return {
        ...emptyBattle(action.roster.ruleSet),
        title: action.roster.scenario.title,
        sides: action.roster.sides,
        units: action.roster.units.map((u) =>
          fresh(u.id, u.name, u.side, u.stands, u.description, u.ratings),
        ),
      };
    case 'load':
      return action.battle;
    case 'add-unit': {
      const name = action.name.trim();
      if (name === '' || !battle.sides.some((s) => s.id === action.side)) return battle;
      const stands = clamp(action.stands, 1, MAX_STANDS);
      return {
        ...battle,
        units: [...battle.units, fresh(unusedId(battle.units, name), name, action.side, stands)],
      };
    }
    case 'remove-unit':
      return { ...battle, units: battle.units.filter((u) => u.id !== action.id) };
    case 'set-stands':
      return update(battle, action.id, (u) => ({ ...u, stands: clamp(action.stands, 0, u.startingStands) }));
    case 'set-status':
      if (action.status !== '' && !vocabulary.statuses.includes(action.status)) return battle;
      return update(battle, action.id, (u) => ({ ...u, status: action.status }));
    case 'set-order':
      if (action.order !== '' && !vocabulary.orders.includes(action.order)) return battle;
      return update(battle, action.id, (u) => ({ ...u, order: action.order }));
    case 'toggle-mark':
      if (!vocabulary.marks.includes(action.mark)) return battle;
      return update(battle, action.id, (u) => ({
        ...u,
        marks: u.marks.includes(action.mark)
          ? u.marks.filter((m) => m !== action.mark)
          : [...u.marks, action.mark],
      }));
    case 'set-counter': {
      const counter = vocabulary.counters.find((c) => c.id === action.counter);
      if (!counter) return battle;
      return update(battle, action.id, (u) => ({
        ...u,
        counters: { ...u.counters, [counter.id]: clamp(action.value, 0, counter.max) },
      }));
    }
    case 'set-notes':
      return update(battle, action.id, (u) => ({ ...u, notes: action.notes }));
    case 'tick':
      return {
        ...battle,
        ticked: battle.ticked.includes(action.step)
          ? battle.ticked.filter((s) => s !== action.step)
          : [...battle.ticked, action.step],
      };
    case 'next-turn': {
      // What the rule set makes a turn's (John Company: status and order) is cleared; the rest carries on.
      const clearStatus = vocabulary.clearedEachTurn.includes('status');
      const clearOrder = vocabulary.clearedEachTurn.includes('order');
      return {
        ...battle,
        turn: battle.turn + 1,
        ticked: [],
        units: battle.units.map((u) => ({
          ...u,
          ...(clearStatus ? { status: '' } : {}),
          ...(clearOrder ? { order: '' } : {}),
        })),
      };
    }
  }
}

/** Reads a saved roster file, or says why it is not one. */
export function parseTrackedBattle(
  text: string,
): { ok: true; battle: TrackedBattle } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the file is not JSON' };
  }
  const b = json as Partial<TrackedBattle> | null;
  if (b?.format !== 'muster-roster' || b.version !== 1)
    return { ok: false, message: 'expected a Muster roster file (format "muster-roster", version 1)' };
  if (
    typeof b.ruleSet !== 'string' ||
    !Array.isArray(b.units) ||
    !Array.isArray(b.sides) ||
    typeof b.turn !== 'number'
  )
    return { ok: false, message: 'the roster file lacks its rule set, sides, units or turn' };
  return { ok: true, battle: { ...emptyBattle(b.ruleSet), ...b } as TrackedBattle };
}

/** Stands left of starting, by side: what the referee watches for army morale. */
export function sideStrength(battle: TrackedBattle): { side: string; stands: number; starting: number }[] {
  return battle.sides.map((s) => {
    const units = battle.units.filter((u) => u.side === s.id);
    return {
      side: s.id,
      stands: units.reduce((n, u) => n + u.stands, 0),
      starting: units.reduce((n, u) => n + u.startingStands, 0),
    };
  });
}
