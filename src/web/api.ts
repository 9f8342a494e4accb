import type { BattleReport } from '../game/engine/report.ts';
import type { Scenario } from '../game/scenario/schema.ts';
import type {
  ApiError,
  AppendCommandRequest,
  AppendCommandResponse,
  CommandOddsRequest,
  CommandOddsResponse,
  ComputerPlayRequest,
  ComputerPlayResponse,
  CreatedGame,
  CreateGameRequest,
  EntropyRequest,
  GameList,
  GamePlay,
  GameSummary,
  MovePlan,
  OddsRequest,
  OddsResponse,
  PlanMoveRequest,
  ProcedureDetail,
  ResolveRequest,
  ResolveResponse,
  RuleSetList,
  ScenarioList,
  ScenarioSummary,
  ServerInfo,
  UndoRequest,
  UndoResponse,
} from '../protocol/api.ts';
import type { Roster } from '../protocol/roster.ts';
import { SEAT_KEY_HEADER, seatKeyHeader } from '../protocol/seat-keys.ts';
import { heldKeys } from './seat-keys.ts';

/** An API answer: the body, or the server's error (a network failure is an error too). */
export type Fetched<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly error: ApiError };

/** The request headers for a game: the seat keys this browser holds for it (seat-keys.ts), if any. */
function keyHeaders(game: string | undefined): Record<string, string> {
  const header = game === undefined ? undefined : seatKeyHeader(Object.values(heldKeys(game)));
  return header === undefined ? {} : { [SEAT_KEY_HEADER]: header };
}

async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  /** The game the request is about: its seat keys go with it. */
  game?: string,
): Promise<Fetched<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...keyHeaders(game),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return {
      ok: false,
      error: { error: 'network', message: `the server did not answer (${String(error)})` },
    };
  }
  if (response.status === 204) return { ok: true, body: undefined as T };
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return {
      ok: false,
      error: { error: 'bad-response', message: `the server sent ${response.status} without JSON` },
    };
  }
  return response.ok ? { ok: true, body: json as T } : { ok: false, error: json as ApiError };
}

const gameUrl = (id: string) => `/api/games/${encodeURIComponent(id)}`;

const procedureUrl = (ruleSet: string, id: string) =>
  `/api/rulesets/${encodeURIComponent(ruleSet)}/procedures/${encodeURIComponent(id)}`;

/** The server's JSON API (docs/web.md). Requests about a game carry the seat keys held for it. */
export const api = {
  ruleSets: () => call<RuleSetList>('GET', '/api/rulesets'),
  server: () => call<ServerInfo>('GET', '/api/server'),
  procedure: (ruleSet: string, id: string) => call<ProcedureDetail>('GET', procedureUrl(ruleSet, id)),
  odds: (ruleSet: string, id: string, request: OddsRequest, signal: AbortSignal) =>
    call<OddsResponse>('POST', `${procedureUrl(ruleSet, id)}/odds`, request, signal),
  resolve: (ruleSet: string, id: string, request: ResolveRequest) =>
    call<ResolveResponse>('POST', `${procedureUrl(ruleSet, id)}/resolve`, request),
  scenarios: () => call<ScenarioList>('GET', '/api/scenarios'),
  scenario: (id: string) => call<Scenario>('GET', `/api/scenarios/${encodeURIComponent(id)}`),
  /** Keeps a scenario from the editor (new, or replacing a saved one of its id). */
  saveScenario: (scenario: unknown) => call<ScenarioSummary>('POST', '/api/scenarios', scenario),
  roster: (scenario: string, ruleSet: string) =>
    call<Roster>(
      'GET',
      `/api/scenarios/${encodeURIComponent(scenario)}/roster?ruleset=${encodeURIComponent(ruleSet)}`,
    ),
  games: () => call<GameList>('GET', '/api/games'),
  /** A new game: its summary and its seat keys (given only here). */
  createGame: (request: CreateGameRequest) => call<CreatedGame>('POST', '/api/games', request),
  importGame: (record: unknown) => call<CreatedGame>('POST', '/api/games/import', record),
  deleteGame: (id: string) => call<undefined>('DELETE', gameUrl(id), undefined, undefined, id),
  /** The full record (`GameRecord`), for the keys of every human seat (or of one, once it is over). */
  exportGame: (id: string) => call<unknown>('GET', `${gameUrl(id)}/export`, undefined, undefined, id),
  summary: (id: string) => call<GameSummary>('GET', `${gameUrl(id)}/summary`),
  /** The after-action report, for whoever may have the full record (as `exportGame`). */
  report: (id: string) => call<BattleReport>('GET', `${gameUrl(id)}/report`, undefined, undefined, id),
  /** The game as `viewer` sees it after `at` commands (default all), the log from entry `from`. */
  play: (id: string, viewer: string, at?: number, from?: number) =>
    call<GamePlay>(
      'GET',
      `${gameUrl(id)}/play?viewer=${encodeURIComponent(viewer)}${at === undefined ? '' : `&at=${at}`}${from === undefined ? '' : `&from=${from}`}`,
      undefined,
      undefined,
      id,
    ),
  /** A seat's share of a game's secret dice (src/web/fair-dice.ts), with the seat's key. */
  entropy: (id: string, request: EntropyRequest) =>
    call<GameSummary>('POST', `${gameUrl(id)}/entropy`, request, undefined, id),
  command: (id: string, request: AppendCommandRequest) =>
    call<AppendCommandResponse>('POST', `${gameUrl(id)}/commands`, request, undefined, id),
  /** Takes back the side's last command (when `GamePlay.undoable`). */
  undo: (id: string, request: UndoRequest) =>
    call<UndoResponse>('POST', `${gameUrl(id)}/undo`, request, undefined, id),
  computer: (id: string, request: ComputerPlayRequest) =>
    call<ComputerPlayResponse>('POST', `${gameUrl(id)}/computer`, request, undefined, id),
  planMove: (id: string, request: PlanMoveRequest, signal?: AbortSignal) =>
    call<MovePlan>('POST', `${gameUrl(id)}/plan-move`, request, signal, id),
  commandOdds: (id: string, request: CommandOddsRequest) =>
    call<CommandOddsResponse>('POST', `${gameUrl(id)}/odds`, request, undefined, id),
  /**
   * Listens to a game's change stream (server-sent events, src/server/change-stream.ts): `heard` gets
   * the game's public summary at once and after every change; the browser reconnects a dropped stream
   * by itself. Returns the way to stop listening. No key goes with it: the summary is public.
   */
  watch: (id: string, heard: (summary: GameSummary) => void): (() => void) => {
    const source = new EventSource(`${gameUrl(id)}/changes`);
    source.addEventListener('summary', (event) => {
      try {
        heard(JSON.parse((event as MessageEvent<string>).data) as GameSummary);
      } catch {
        // Not a summary: nothing to hear (the page still asks now and then, useTableSession.ts).
      }
    });
    // A deleted game's stream ends; the browser would otherwise reconnect to a 404 again and again.
    source.addEventListener('deleted', () => source.close());
    return () => source.close();
  },
};
