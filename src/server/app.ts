import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { battleReport } from '../game/engine/report.ts';
import { DEFAULT_RULE_SET, PLAYABLE_RULE_SETS, RULE_SETS } from '../game/registry.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import type {
  ApiError,
  AppendCommandResponse,
  ComputerPlayResponse,
  GameList,
  ServerInfo,
} from '../protocol/api.ts';
import { rosterOf, rosterRuleSets } from '../protocol/roster.ts';
import { parseSeatKeys, SEAT_KEY_HEADER } from '../protocol/seat-keys.ts';
import { type Answer, invalidInputBody } from './answers.ts';
import { ChangeStreams } from './change-stream.ts';
import { PlayError } from './in-play.ts';
import { MAX_BODY_BYTES, registerJsonBody } from './json-body.ts';
import { findProcedure, listRuleSets, oddsAnswer, procedureDetail, resolveAnswer } from './procedures.ts';
import { Referee } from './referee.ts';
import { type LogDestination, type LogLevel, logOptions, logOutcome, logOutcomes } from './request-log.ts';
import type { ScenarioCatalog } from './scenarios.ts';
import { registerSecurityHeaders, setSecurityHeaders } from './security-headers.ts';
import { type GameStore, StoreError } from './store.ts';

/**
 * The HTTP server: the JSON API under /api (docs/web.md lists the routes) and the built browser app
 * from `webRoot`. Routes do no work of their own: procedures.ts answers the rules, the referee
 * (referee.ts: the engine over the store) the saved games and their play. Every error is an `ApiError`
 * body, the static app's and fastify's own refusals included; bad input is a 400 naming each field (a
 * body is parsed within json-body.ts's limits first), a command the game refuses a 422, a request without
 * the seat key it needs (header X-Muster-Seat-Key, src/protocol/seat-keys.ts) a 403, a failure of the
 * server a 500 that names the request's id in the log (request-log.ts). Every answer carries the security
 * headers of security-headers.ts.
 */
export interface AppOptions {
  readonly store: GameStore;
  readonly scenarios: ScenarioCatalog;
  /** The built web app (index.html and assets/); without it only the API is served. */
  readonly webRoot?: string;
  readonly registry?: readonly RuleSetEntry[];
  /**
   * The rule sets whose whole games it hosts (default: PLAYABLE_RULE_SETS); the store should keep games
   * of the same ones (its `playable` option).
   */
  readonly playable?: readonly AnyPlayableRuleSet[];
  /** Picks the seed of a resolution given neither dice nor a seed. */
  readonly randomSeed?: () => number;
  /** The server's log (request-log.ts) from this level up: 'silent' (none) by default. */
  readonly logLevel?: LogLevel;
  /** Where the log's lines go (default stderr). */
  readonly logStream?: LogDestination;
  /** The address the server listens on (default 127.0.0.1), and its network addresses if that is all. */
  readonly listen?: { readonly host: string; readonly networkAddresses?: readonly string[] };
  /** How often an open change stream sends a comment to keep the connection open, ms (default 20 s). */
  readonly heartbeatMs?: number;
}

type Params = { ruleSet: string; procedure: string; id: string };

/** The seat keys a request carries (its X-Muster-Seat-Key headers). */
function keysOf(request: FastifyRequest): string[] {
  return parseSeatKeys(request.headers[SEAT_KEY_HEADER.toLowerCase()]);
}

/** The `error` code of a refusal thrown before a route answers, by its code, else by its status. */
const REQUEST_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad-request',
  'invalid-json': 'invalid-json',
  'too-deep': 'too-deep',
  'forbidden-key': 'forbidden-key',
};
const STATUS_ERRORS: Readonly<Record<number, string>> = {
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  413: 'too-large',
  415: 'unsupported-media-type',
};

/** The message of a refusal thrown before a route answers, where fastify's own does not say enough. */
function requestErrorMessage(error: { code?: string; message: string }): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return `the body is larger than the limit of ${MAX_BODY_BYTES / (1024 * 1024)} MiB`;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return `${error.message}: the API reads JSON bodies (content-type application/json)`;
  return error.message;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const registry = options.registry ?? RULE_SETS;
  const randomSeed = options.randomSeed ?? (() => randomInt(0, 2 ** 32));
  const { store, scenarios } = options;
  const app = Fastify({
    ...logOptions(options.logLevel ?? 'silent', options.logStream),
    bodyLimit: MAX_BODY_BYTES,
    // A URL fastify cannot route (a bad percent-encoding, ...): refused before any route or hook.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request.raw, reply.raw);
      reply.header('x-request-id', request.id);
      (reply as FastifyReply).code(400).send(apiError('bad-request', error.message));
      logOutcome(request, reply as FastifyReply);
    },
  });
  registerJsonBody(app);
  await registerSecurityHeaders(app);
  logOutcomes(app);
  // Answers of more than 1 KiB go gzipped to a client that accepts it (every browser): a command's answer
  // is the change it made (docs/web.md, "What changed"), and a turn's end of dice and traces takes some
  // 20 KB of JSON but 3 on the wire. The change stream writes its own events, uncompressed.
  await app.register(fastifyCompress, { encodings: ['gzip'], threshold: 1024 });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The stack goes to the log only: the answer names the request, whose lines hold the rest.
      request.log.error({ err: error }, 'internal error');
      return reply
        .code(500)
        .send(
          apiError(
            'internal',
            `internal error: the server's log tells what happened (request ${request.id})`,
          ),
        );
    }
    const code = REQUEST_ERRORS[error.code ?? ''] ?? STATUS_ERRORS[status] ?? 'bad-request';
    return reply.code(status).send(apiError(code, requestErrorMessage(error)));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(apiError('not-found', `there is nothing at ${request.method} ${request.url}`)),
  );

  const referee = new Referee(store, options.playable);
  // No answer shows a command before it is stored: answers wait for the group of commands being written.
  const send = async <T>(reply: FastifyReply, answer: Answer<T>, status = 200) => {
    await referee.settled();
    return answer.ok ? reply.code(status).send(answer.body) : reply.code(answer.status).send(answer.body);
  };

  const streams = new ChangeStreams(referee.changes, options.heartbeatMs);
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => referee.close());

  /** Runs a store or referee operation, mapping its refusals to 400, 404, 409 and 422. */
  const stored = async <T>(run: () => Promise<T>): Promise<Answer<T>> => {
    try {
      return { ok: true, body: await run() };
    } catch (error) {
      return refusal(error);
    }
  };
  /**
   * A refusal of the store (400, 404, 409), of the seat keys (403) or of the game (422, or 409 for a log
   * that does not replay).
   */
  const refusal = (error: unknown): Answer<never> => {
    if (error instanceof PlayError) {
      const status = { unplayable: 409, forbidden: 403, 'not-your-turn': 422, 'illegal-command': 422 }[
        error.kind
      ];
      const kind = error.kind === 'unplayable' ? 'conflict' : error.kind;
      const body: ApiError = {
        ...apiError(kind, error.message),
        ...(error.code ? { code: error.code } : {}),
      };
      return { ok: false, status, body };
    }
    if (!(error instanceof StoreError)) throw error;
    const status = { invalid: 400, 'not-found': 404, conflict: 409 }[error.code];
    const body =
      error.code === 'invalid'
        ? invalidInputBody(error.message, error.problems)
        : apiError(error.code, error.message);
    return { ok: false, status, body };
  };
  const gameNotFound = (id: string): Answer<never> => ({
    ok: false,
    status: 404,
    body: apiError('not-found', `there is no saved game "${id}"`),
  });

  const playableIds = new Set((options.playable ?? PLAYABLE_RULE_SETS).map((r) => r.id));
  app.get('/api/rulesets', async () => listRuleSets(registry, playableIds));

  app.get<{ Params: Params }>('/api/rulesets/:ruleSet/procedures', async (request, reply) => {
    const found = findProcedure(registry, request.params.ruleSet, undefined);
    if (!found.ok) return send(reply, found);
    const { ruleSet } = found.body;
    return { procedures: ruleSet.procedures.map((def) => procedureDetail(ruleSet, def)) };
  });

  app.get<{ Params: Params }>('/api/rulesets/:ruleSet/procedures/:procedure', async (request, reply) => {
    const found = findProcedure(registry, request.params.ruleSet, request.params.procedure);
    if (!found.ok) return send(reply, found);
    return procedureDetail(found.body.ruleSet, found.body.def!);
  });

  app.post<{ Params: Params }>(
    '/api/rulesets/:ruleSet/procedures/:procedure/resolve',
    async (request, reply) => {
      const found = findProcedure(registry, request.params.ruleSet, request.params.procedure);
      if (!found.ok) return send(reply, found);
      return send(reply, resolveAnswer(found.body.ruleSet, found.body.def!, request.body, randomSeed));
    },
  );

  app.post<{ Params: Params }>(
    '/api/rulesets/:ruleSet/procedures/:procedure/odds',
    async (request, reply) => {
      const found = findProcedure(registry, request.params.ruleSet, request.params.procedure);
      if (!found.ok) return send(reply, found);
      return send(reply, oddsAnswer(found.body.ruleSet, found.body.def!, request.body));
    },
  );

  const listenHost = options.listen?.host ?? '127.0.0.1';
  const serverInfo: ServerInfo = {
    host: listenHost,
    localOnly: /^(127\.|::1$|localhost$|\[::1\]$)/.test(listenHost),
    networkAddresses: options.listen?.networkAddresses ?? [],
  };
  app.get('/api/server', async () => serverInfo);

  app.get('/api/scenarios', async () => scenarios.list());

  // A player's scenario from the editor: kept beside the shipped ones, validated as a scenario file is.
  app.post('/api/scenarios', async (request, reply) => {
    const saved = scenarios.save(request.body);
    if (saved.ok) return reply.code(saved.created ? 201 : 200).send(saved.summary);
    if (saved.reason === 'invalid') {
      const n = saved.errors.length;
      return reply.code(400).send({
        error: 'invalid-input',
        message: `the scenario is not valid (${n} ${n === 1 ? 'problem' : 'problems'})`,
        issues: saved.errors,
      });
    }
    return reply
      .code(saved.reason === 'shipped' ? 409 : 403)
      .send(apiError(saved.reason === 'shipped' ? 'conflict' : 'forbidden', saved.message));
  });

  app.delete<{ Params: Params }>('/api/scenarios/:id', async (request, reply) =>
    scenarios.remove(request.params.id)
      ? reply.code(204).send()
      : reply
          .code(404)
          .send(
            apiError('not-found', `there is no saved scenario "${request.params.id}" (shipped ones stay)`),
          ),
  );

  app.get<{ Params: Params }>('/api/scenarios/:id', async (request, reply) => {
    const scenario = scenarios.get(request.params.id);
    if (!scenario) {
      return reply.code(404).send(apiError('not-found', `there is no scenario "${request.params.id}"`));
    }
    return scenario;
  });

  app.get<{ Params: Params; Querystring: { ruleset?: string } }>(
    '/api/scenarios/:id/roster',
    async (request, reply) => {
      const scenario = scenarios.get(request.params.id);
      if (!scenario) {
        return reply.code(404).send(apiError('not-found', `there is no scenario "${request.params.id}"`));
      }
      const ruleSet = request.query.ruleset ?? DEFAULT_RULE_SET;
      const roster = rosterOf(scenario, ruleSet);
      if (!roster) {
        return reply
          .code(400)
          .send(
            apiError(
              'invalid-input',
              `ruleset: expected one of ${rosterRuleSets().join(', ')}, got ${JSON.stringify(ruleSet)}`,
            ),
          );
      }
      return roster;
    },
  );

  app.get('/api/games', async (): Promise<GameList> => ({ games: await referee.list() }));

  app.post('/api/games', async (request, reply) =>
    send(reply, await stored(() => referee.create(request.body)), 201),
  );

  app.post('/api/games/import', async (request, reply) =>
    send(reply, await stored(() => referee.importRecord(request.body)), 201),
  );

  // The full record (the owner's save file: hidden orders, seed): for the keys of every human seat.
  app.get<{ Params: Params }>('/api/games/:id', async (request, reply) => {
    const game = await stored(() => referee.get(request.params.id, keysOf(request)));
    if (game.ok && !game.body) return send(reply, gameNotFound(request.params.id));
    return send(reply, game);
  });

  // The summary alone: public, as in the list.
  app.get<{ Params: Params }>('/api/games/:id/summary', async (request, reply) =>
    send(reply, await stored(() => referee.summary(request.params.id))),
  );

  // The summary now and after every change, as server-sent events (change-stream.ts): public, as it.
  app.get<{ Params: Params }>('/api/games/:id/changes', async (request, reply) => {
    const summary = await stored(() => referee.summary(request.params.id));
    if (!summary.ok) return send(reply, summary);
    streams.serve(request, reply, summary.body);
  });

  app.delete<{ Params: Params }>('/api/games/:id', async (request, reply) => {
    const deleted = await stored(() => referee.delete(request.params.id, keysOf(request)));
    if (!deleted.ok) return send(reply, deleted);
    return deleted.body ? reply.code(204).send() : send(reply, gameNotFound(request.params.id));
  });

  // A player's picture: only through the game's viewFor/eventFor, a side's only with its seat key.
  app.get<{ Params: Params }>('/api/games/:id/play', async (request, reply) =>
    send(reply, await stored(() => referee.play(request.params.id, request.query, keysOf(request)))),
  );

  app.post<{ Params: Params }>('/api/games/:id/commands', async (request, reply) => {
    let answer: Answer<AppendCommandResponse>;
    try {
      answer = { ok: true, body: await referee.command(request.params.id, request.body, keysOf(request)) };
    } catch (error) {
      answer = refusal(error);
    }
    return send(reply, answer, 201);
  });

  app.post<{ Params: Params }>('/api/games/:id/undo', async (request, reply) =>
    send(reply, await stored(() => referee.undo(request.params.id, request.body, keysOf(request)))),
  );

  // A human seat's share of the game's secret dice, given once with the seat's key.
  app.post<{ Params: Params }>('/api/games/:id/entropy', async (request, reply) =>
    send(reply, await stored(() => referee.entropy(request.params.id, request.body, keysOf(request)))),
  );

  app.post<{ Params: Params }>('/api/games/:id/computer', async (request, reply) => {
    let answer: Answer<ComputerPlayResponse>;
    try {
      answer = { ok: true, body: await referee.computer(request.params.id, request.body, keysOf(request)) };
    } catch (error) {
      answer = refusal(error);
    }
    return send(reply, answer);
  });

  app.post<{ Params: Params }>('/api/games/:id/plan-move', async (request, reply) =>
    send(reply, await stored(() => referee.planMove(request.params.id, request.body, keysOf(request)))),
  );

  app.post<{ Params: Params }>('/api/games/:id/odds', async (request, reply) =>
    send(reply, await stored(() => referee.odds(request.params.id, request.body, keysOf(request)))),
  );

  app.get<{ Params: Params }>('/api/games/:id/export', async (request, reply) => {
    const exported = await stored(() => referee.exportRecord(request.params.id, keysOf(request)));
    if (!exported.ok) return send(reply, exported);
    const record = exported.body;
    if (!record) return send(reply, gameNotFound(request.params.id));
    return reply
      .header('content-disposition', `attachment; filename="muster-game-${request.params.id}.json"`)
      .send(record);
  });

  // The after-action report (engine/report.ts): to whoever may have the full record, as the export.
  app.get<{ Params: Params }>('/api/games/:id/report', async (request, reply) => {
    const report = await stored(async () => {
      const record = await referee.exportRecord(request.params.id, keysOf(request));
      if (!record) return undefined;
      const ruleSet = (options.playable ?? PLAYABLE_RULE_SETS).find((r) => r.id === record.ruleSet)!;
      const made = battleReport(ruleSet, record);
      if (!made.ok) throw new PlayError('unplayable', `the game does not replay: ${made.message}`);
      return made.report;
    });
    if (report.ok && !report.body) return send(reply, gameNotFound(request.params.id));
    return send(reply, report);
  });

  app.all('/api/*', async (request, reply) =>
    reply.code(404).send(apiError('not-found', `no API route ${request.method} ${request.url}`)),
  );

  if (options.webRoot && existsSync(join(options.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      // Vite names assets by content hash: they never change; index.html always revalidates.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .send(
          apiError(
            'not-built',
            'the Muster web app is not built: run "npm run build:web" (npm start builds it)',
          ),
        ),
    );
  }
  return app;
}

function apiError(error: string, message: string): ApiError {
  return { error, message };
}
