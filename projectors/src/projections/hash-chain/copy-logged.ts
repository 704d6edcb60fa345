import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { eventColumns, type LoggedEvent } from './canonical-event';

const copyEscapes: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format back to the value's text (COPY TO writes only these escapes and `\\`). */
const uncopy = (field: string): string => {
  if (!field.includes('\\')) return field;
  if (field === '\\N') throw new Error('the log holds a NULL where the chain expects a value');
  return field.replace(/\\(.)/g, (_, c: string) => copyEscapes[c] ?? c);
};

const loggedEventOf = (line: string): LoggedEvent => {
  const f = line.split('\t');
  if (f.length !== 10) throw new Error(`a line of the log's COPY has ${f.length} fields, not 10`);
  return {
    position: f[0]!,
    txId: f[1]!,
    streamId: uncopy(f[2]!),
    version: f[3]!,
    eventId: f[4]!,
    type: uncopy(f[5]!),
    schemaVersion: f[6]!,
    data: uncopy(f[7]!),
    metadata: uncopy(f[8]!),
    epoch: f[9]!,
  };
};

const newline = 0x0a;

/**
 * `SELECT ${eventColumns} FROM es.events e WHERE ${where} ORDER BY …` streamed with `COPY … TO STDOUT` (text
 * format), each event handed to `each` as the same text values `queryLogged` gives: no row protocol, no paging,
 * and the values are the stored ones as PostgreSQL renders them (decision 1320 holds: nothing is computed by the
 * server). `where` takes no parameters (COPY binds none): callers inline only digits they validated.
 */
export const copyLogged = async <T>(
  pool: pg.Pool,
  from: string,
  orderBy: string,
  each: (event: LoggedEvent) => T,
): Promise<T[]> => {
  const client = await pool.connect();
  const out: T[] = [];
  try {
    const stream = client.query(copyTo(`COPY (SELECT ${eventColumns} FROM ${from} ORDER BY ${orderBy}) TO STDOUT`));
    // Lines are cut on the byte 0x0a (COPY escapes it in values; it is never inside a UTF-8 sequence), so a
    // character split between two chunks is decoded whole.
    let rest: Buffer | null = null;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const end = chunk.lastIndexOf(newline);
      if (end === -1) {
        rest = rest ? Buffer.concat([rest, chunk]) : Buffer.from(chunk);
        continue;
      }
      const text = rest
        ? Buffer.concat([rest, chunk.subarray(0, end)]).toString('utf8')
        : chunk.toString('utf8', 0, end);
      rest = end + 1 < chunk.length ? Buffer.from(chunk.subarray(end + 1)) : null;
      for (const line of text.split('\n')) out.push(each(loggedEventOf(line)));
    }
    if (rest && rest.length > 0) throw new Error("the log's COPY ended in the middle of a line");
  } finally {
    client.release();
  }
  return out;
};

const digits = /^\d{1,20}$/;
/** A number read from the database, checked before it is inlined into a COPY statement. */
export const inlined = (value: string): string => {
  if (!digits.test(value)) throw new Error(`not a position or transaction id: ${value}`);
  return value;
};
