import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const answers: Readonly<Record<string, readonly [number, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive and was dropped. Try again.'],
  HPE_HEADER_OVERFLOW: [
    431,
    'The request headers are too large. Remove cookies this site does not need, or sign in again, and retry.',
  ],
};
const malformed = [
  400,
  'The request is not valid HTTP and was refused. Send it again with a standard HTTP client.',
] as const;

/** How long a refused client may go on sending before its socket is destroyed. */
const lingerMs = 2000;

/**
 * Requests Node's HTTP parser refuses before any route sees them (bad framing, headers too large, too slow):
 * a `{ message }` like every other refusal, and `Connection: close`, since the stream can no longer be read
 * as requests; a keep-alive client then reconnects cleanly. The socket is half-closed and lingers briefly, so a
 * client still sending reads the answer instead of a reset (decision 0411).
 */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Socket) => {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] = answers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), lingerMs).unref();
};
