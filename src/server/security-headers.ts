import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every page and answer (@fastify/helmet), the API's and the built app's alike:
 *
 * - a Content Security Policy that lets the page run only the app's own script files (no inline script,
 *   no eval), fetch only from its own server, and be framed by nobody (`frame-ancestors 'none'`, with
 *   X-Frame-Options DENY for older browsers). Styles: the app's own files; React's `style` properties are
 *   set through the DOM, which the policy allows. The favicon is a `data:` URL, hence `img-src data:`.
 *   No `upgrade-insecure-requests`: on a home network the server is plain http, and upgrading its own
 *   script requests to https would break the page;
 * - X-Content-Type-Options nosniff; Referrer-Policy no-referrer (an invitation link carries a seat key in
 *   its hash, which is never sent, and the page's own URL need not be either);
 * - no Strict-Transport-Security: the server speaks plain http (a proxy in front that adds TLS may set it).
 *
 * The plugin sets them as a request starts; an answer given before that (a URL fastify cannot route)
 * gets them from `setSecurityHeaders`, helmet itself with the same options.
 */
export const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The plugin's types carry their own copy of helmet's: the same options, typed twice.
  await app.register(fastifyHelmet, SECURITY_HEADERS as FastifyHelmetOptions);
}

const setHeaders = helmet(SECURITY_HEADERS);

/** Sets the security headers on an answer that no fastify hook sees. */
export function setSecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  setHeaders(request, response, () => {});
}
