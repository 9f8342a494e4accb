import type { Scenario, VictoryCondition } from '../scenario/schema.ts';
import type { AnyPlayableRuleSet, UnitStanding } from './battle.ts';
import { hostingOf } from './hosting.ts';
import type { GameRecord } from './record.ts';
import { inWords, scenarioWords, verdictInWords } from './verdict.ts';

/**
 * The after-action report of a game (issue 15): the record replayed command by command, with each
 * unit's standing (the rule set's `standing`) read at the start of every turn and at the end. Pure: the
 * CLI (`muster report`) and the server (GET /api/games/:id/report) give it the record and render it.
 * A report shows every unit's place and state, so a shell gives it only to whoever may see the whole
 * game (a finished game, or every seat's keys).
 */

export interface BattleReport {
  readonly ruleSet: { readonly id: string; readonly title: string };
  readonly scenario: ReportScenario;
  readonly commands: number;
  /** The turn the record reached, and whether the battle is over. */
  readonly lastTurn: number;
  readonly over: boolean;
  /** The verdict in the scenario's words, once the battle is over. */
  readonly verdict?: string;
  /** Each side's strength at the start of every turn, and at the end of the record (last). */
  readonly strength: readonly StrengthAt[];
  readonly units: readonly UnitReport[];
  /** Where units lost stands, turn by turn: where the fighting was. */
  readonly fighting: readonly FightingAt[];
  /** The largest losses and the breaks, largest first (at most ten). */
  readonly moments: readonly Moment[];
}

export interface ReportScenario {
  readonly title: string;
  readonly width: number;
  readonly depth: number;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly objectives: readonly {
    readonly name: string;
    readonly x: number;
    readonly y: number;
    readonly radius: number;
  }[];
  readonly turnLimit: number;
  /** How the battle is won, one sentence per condition, in the scenario's words. */
  readonly conditions: readonly string[];
}

export interface StrengthAt {
  readonly turn: number;
  /** 'start': at the start of the turn; 'end': when the record ends. */
  readonly moment: 'start' | 'end';
  readonly sides: readonly SideStrength[];
}

export interface SideStrength {
  readonly side: string;
  /** Stands still fighting, and those of every unit on the table. */
  readonly fightingStands: number;
  readonly stands: number;
  /** Units by their state in the rule set's words ("Steady": 3). */
  readonly units: Readonly<Record<string, number>>;
}

export interface UnitReport {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly startStands: number;
  readonly endStands: number;
  /** Its state at the end of the record. */
  readonly state: string;
  /** The turn it stopped fighting (routed, broke, left), if it did. */
  readonly brokeOnTurn?: number;
  /** Where it stood at the start of each turn and at the end, while on the table. */
  readonly track: readonly { readonly turn: number; readonly x: number; readonly y: number }[];
}

export interface FightingAt {
  readonly turn: number;
  readonly unit: string;
  readonly side: string;
  readonly x: number;
  readonly y: number;
  readonly standsLost: number;
}

export interface Moment {
  readonly turn: number;
  readonly side: string;
  readonly text: string;
  /** Stands it cost (a break counts the stands that stopped fighting). */
  readonly weight: number;
}

export type ReportResult = { ok: true; report: BattleReport } | { ok: false; message: string };

/** The report of `record`, played by `ruleSet` (the record's rule set). */
export function battleReport(ruleSet: AnyPlayableRuleSet, record: GameRecord<unknown>): ReportResult {
  const hosting = hostingOf(ruleSet);
  const { game } = hosting;
  const scenario = record.scenario as Scenario;
  const words = scenarioWords(scenario);
  let state = game.setup(record.scenario, record.seed);
  const snapshots: { turn: number; moment: 'start' | 'end'; units: readonly UnitStanding[] }[] = [];
  let turn = hosting.turnOf(state);
  snapshots.push({ turn, moment: 'start', units: ruleSet.standing(state) });
  for (let i = 0; i < record.commands.length; i++) {
    const { side, command } = record.commands[i]!;
    const applied = game.apply(state, side, command);
    if (!applied.ok) return { ok: false, message: `command ${i} refused: ${applied.rejection.message}` };
    state = applied.state;
    const now = hosting.turnOf(state);
    if (now !== turn) {
      turn = now;
      snapshots.push({ turn, moment: 'start', units: ruleSet.standing(state) });
    }
  }
  snapshots.push({ turn, moment: 'end', units: ruleSet.standing(state) });
  const result = game.result(state);
  const sides = scenario.sides.map((s) => ({ id: s.id, name: s.name }));
  return {
    ok: true,
    report: {
      ruleSet: { id: ruleSet.id, title: ruleSet.title },
      scenario: {
        title: scenario.title,
        width: scenario.table.width,
        depth: scenario.table.depth,
        sides,
        objectives: scenario.victory.objectives.map((o) => ({
          name: o.name,
          x: o.position.x,
          y: o.position.y,
          radius: o.radius,
        })),
        turnLimit: scenario.victory.turnLimit,
        conditions: [
          ...scenario.victory.conditions.map((c) => conditionInWords(c, words)),
          scenario.victory.atTurnLimit === 'draw'
            ? `At the end of turn ${scenario.victory.turnLimit}, if nothing has been decided, the battle is a draw.`
            : inWords(
                `At the end of turn ${scenario.victory.turnLimit}, if nothing has been decided, ${scenario.victory.atTurnLimit} wins.`,
                words,
              ),
        ],
      },
      commands: record.commands.length,
      lastTurn: turn,
      over: result !== undefined,
      ...(result ? { verdict: verdictInWords(result, words) } : {}),
      strength: snapshots.map((s) => ({
        turn: s.turn,
        moment: s.moment,
        sides: sides.map((side) => sideStrength(side.id, s.units)),
      })),
      ...unitHistories(snapshots, words),
    },
  };
}

function sideStrength(side: string, units: readonly UnitStanding[]): SideStrength {
  let fightingStands = 0;
  let stands = 0;
  const byState: Record<string, number> = {};
  for (const u of units) {
    if (u.side !== side) continue;
    stands += u.stands;
    if (u.fighting) fightingStands += u.stands;
    byState[u.state] = (byState[u.state] ?? 0) + 1;
  }
  return { side, fightingStands, stands, units: byState };
}

function unitHistories(
  snapshots: readonly { turn: number; units: readonly UnitStanding[] }[],
  words: ReadonlyMap<string, string>,
): Pick<BattleReport, 'units' | 'fighting' | 'moments'> {
  const last = snapshots[snapshots.length - 1]!;
  const fighting: FightingAt[] = [];
  const moments: Moment[] = [];
  const losses: { turn: number; side: string; unit: string; lost: number }[] = [];
  const units = last.units.map((end): UnitReport => {
    const track: { turn: number; x: number; y: number }[] = [];
    let brokeOnTurn: number | undefined;
    // Changes between two readings happened in the turn of the earlier one.
    let before: { turn: number; unit: UnitStanding } | undefined;
    for (const snapshot of snapshots) {
      const now = snapshot.units.find((u) => u.id === end.id);
      if (!now) continue;
      if (now.at) track.push({ turn: snapshot.turn, x: now.at.x, y: now.at.y });
      if (before) {
        const { turn, unit: was } = before;
        const lost = was.stands - now.stands;
        const at = now.at ?? was.at;
        if (lost > 0 && at) {
          fighting.push({ turn, unit: end.name, side: end.side, x: at.x, y: at.y, standsLost: lost });
          losses.push({ turn, side: end.side, unit: end.name, lost });
        }
        if (was.fighting && !now.fighting && brokeOnTurn === undefined) {
          brokeOnTurn = turn;
          moments.push({
            turn,
            side: end.side,
            text: `${end.name}: ${now.state.charAt(0).toLowerCase()}${now.state.slice(1)}`,
            weight: Math.max(1, was.stands),
          });
        }
      }
      before = { turn: snapshot.turn, unit: now };
    }
    return {
      id: end.id,
      name: end.name,
      side: end.side,
      startStands: end.startStands,
      endStands: end.stands,
      state: end.state,
      ...(brokeOnTurn === undefined ? {} : { brokeOnTurn }),
      track,
    };
  });
  moments.push(...turnLosses(losses));
  moments.sort((a, b) => b.weight - a.weight || a.turn - b.turn);
  return {
    units,
    fighting,
    moments: moments.slice(0, 10).map((m) => ({ ...m, text: inWords(m.text, words) })),
  };
}

/** Each side's losses in each turn, as one moment: "lost 6 stands (Matchlockmen 4, Maratha horse 2)". */
function turnLosses(losses: readonly { turn: number; side: string; unit: string; lost: number }[]): Moment[] {
  const byTurnAndSide = new Map<string, { turn: number; side: string; units: [string, number][] }>();
  for (const l of losses) {
    const key = `${l.turn} ${l.side}`;
    const entry = byTurnAndSide.get(key) ?? { turn: l.turn, side: l.side, units: [] };
    entry.units.push([l.unit, l.lost]);
    byTurnAndSide.set(key, entry);
  }
  return [...byTurnAndSide.values()].map(({ turn, side, units }) => {
    const weight = units.reduce((sum, [, lost]) => sum + lost, 0);
    units.sort((a, b) => b[1] - a[1]);
    const who = units.map(([name, lost]) => `${name} ${lost}`).join(', ');
    return { turn, side, text: `${side} lost ${weight} stand${weight === 1 ? '' : 's'} (${who})`, weight };
  });
}

function conditionInWords(condition: VictoryCondition, words: ReadonlyMap<string, string>): string {
  const name = (id: string) => words.get(id) ?? id;
  const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
  switch (condition.kind) {
    case 'hold-objectives': {
      const held = condition.objectives.map((o) => name(o).replace(/^The /, 'the ')).join(' and ');
      const when = condition.when === 'turn-limit' ? 'at the turn limit' : 'at the end of any turn';
      return `${name(condition.side)} wins holding ${held} ${when}.`;
    }
    case 'enemy-losses':
      return `${name(condition.side)} wins once ${percent(condition.fraction)} of the enemy's starting stands are destroyed or routed.`;
    case 'army-morale':
      return `${name(condition.side)} breaks, and the enemy wins, once ${percent(condition.fraction)} of its units are routed, destroyed or gone.`;
  }
}
