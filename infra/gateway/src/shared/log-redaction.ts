import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: the sign-in code and state, and logout's ID token hint. */
const secretParams = ['code', 'state', 'id_token_hint', 'session_state'];

export const redactUrl = (url: string) => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of secretParams) if (params.has(name)) params.set(name, 'redacted');
  return `${url.slice(0, at)}?${params.toString()}`;
};

/** Fastify's request log line, minus secrets in the query string (the callback URL carries the code). */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
