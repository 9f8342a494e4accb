import { randomUUID } from 'node:crypto';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/**
 * The server's log: structured lines (JSON, one per line, fastify's logger) on stderr. Each request gets
 * an id (a random UUID, in the `x-request-id` answer header and in every line about it); at `info` one
 * line tells each request's outcome (method, URL, status, milliseconds), and every 5xx is logged at
 * `error` with its stack (app.ts's error handler). Seat keys travel in a header and never reach the log.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** Where the lines go: stderr unless told otherwise (the tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/** fastify's options for the log at `level` ('silent': none), its request ids and its lines. */
export function logOptions(
  level: LogLevel,
  stream: LogDestination = process.stderr,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger: level === 'silent' ? false : { level, stream },
    genReqId: () => randomUUID(),
    // fastify's own two lines per request give way to one line with the outcome (`logOutcomes`).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
  };
}

/** Logs each request's outcome at `info`, and gives its id to the client in `x-request-id`. */
export function logOutcomes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => logOutcome(request, reply));
}

/** The line of a request's outcome (for an answer no hook sees, call it when sending). */
export function logOutcome(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
}
