import net from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RawExchange {
  readonly responses: readonly RawResponse[];
  /** The server closed the connection (after the last response). */
  readonly closed: boolean;
  readonly ms: number;
}

const headEnd = Buffer.from('\r\n\r\n');

/** Takes whole responses (Content-Length framed, as every answer of ours is) off the front of `data`. */
const takeResponses = (data: Buffer, into: RawResponse[]): Buffer => {
  for (;;) {
    const end = data.indexOf(headEnd);
    if (end < 0) return data;
    const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).trim().toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (data.length < end + 4 + length) return data;
    into.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: data.subarray(end + 4, end + 4 + length).toString(),
    });
    data = data.subarray(end + 4 + length);
  }
};

/**
 * Writes the given pieces on one fresh connection, as they come (a client that does not wait for answers),
 * and collects `expected` responses, or whatever came before the server closed or `timeoutMs` passed.
 */
export const rawExchange = (port: number, pieces: readonly Buffer[], expected: number, timeoutMs = 5000) =>
  new Promise<RawExchange>((resolve) => {
    const started = performance.now();
    const responses: RawResponse[] = [];
    let pending: Buffer = Buffer.alloc(0);
    let closed = false;
    const socket = net.connect(port, '127.0.0.1');
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, closed, ms: performance.now() - started });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('connect', () => {
      // A server that answers early may close while we still write: that is its right, not a failure here.
      const writeNext = (i: number) => {
        if (i >= pieces.length || socket.destroyed) return;
        if (socket.write(pieces[i]!)) writeNext(i + 1);
        else socket.once('drain', () => writeNext(i + 1));
      };
      writeNext(0);
    });
    socket.on('data', (chunk: Buffer) => {
      pending = takeResponses(Buffer.concat([pending, chunk]), responses);
      if (responses.length >= expected) finish();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {
      closed = true;
      finish();
    });
  });
