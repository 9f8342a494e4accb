import type {
  ApiError,
  CreateGameRequest,
  GameList,
  GameSummary,
  OddsRequest,
  OddsResponse,
  ProcedureDetail,
  ResolveRequest,
  ResolveResponse,
  RuleSetList,
  ScenarioList,
} from '../protocol/api.ts';
import type { Roster } from '../protocol/roster.ts';

/** An API answer: the body, or the server's error (a network failure is an error too). */
export type Fetched<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly error: ApiError };

async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Fetched<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
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

const procedureUrl = (ruleSet: string, id: string) =>
  `/api/rulesets/${encodeURIComponent(ruleSet)}/procedures/${encodeURIComponent(id)}`;

/** The server's JSON API (docs/web.md). */
export const api = {
  ruleSets: () => call<RuleSetList>('GET', '/api/rulesets'),
  procedure: (ruleSet: string, id: string) => call<ProcedureDetail>('GET', procedureUrl(ruleSet, id)),
  odds: (ruleSet: string, id: string, request: OddsRequest, signal: AbortSignal) =>
    call<OddsResponse>('POST', `${procedureUrl(ruleSet, id)}/odds`, request, signal),
  resolve: (ruleSet: string, id: string, request: ResolveRequest) =>
    call<ResolveResponse>('POST', `${procedureUrl(ruleSet, id)}/resolve`, request),
  scenarios: () => call<ScenarioList>('GET', '/api/scenarios'),
  roster: (scenario: string, ruleSet: string) =>
    call<Roster>(
      'GET',
      `/api/scenarios/${encodeURIComponent(scenario)}/roster?ruleset=${encodeURIComponent(ruleSet)}`,
    ),
  games: () => call<GameList>('GET', '/api/games'),
  createGame: (request: CreateGameRequest) => call<GameSummary>('POST', '/api/games', request),
  importGame: (record: unknown) => call<GameSummary>('POST', '/api/games/import', record),
  deleteGame: (id: string) => call<undefined>('DELETE', `/api/games/${encodeURIComponent(id)}`),
  exportUrl: (id: string) => `/api/games/${encodeURIComponent(id)}/export`,
};
