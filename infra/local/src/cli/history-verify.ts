import { formatHead, parseHead, verifyChain, type ChainVerification } from '@dm/projectors';
import type pg from 'pg';

/** The report `pnpm history verify` prints; the exit code is 1 when anything does not verify. */
export const describeVerification = (result: ChainVerification): { lines: string[]; ok: boolean } => {
  const lines: string[] = [];
  const { firstBreak, against } = result;
  if (firstBreak) {
    lines.push(
      `Event ${firstBreak.position} (stream ${firstBreak.streamId}, ${firstBreak.type}) does not verify: ${firstBreak.reason}.`,
    );
  } else {
    lines.push(`All ${result.events} events verify.`);
    if (result.chained < result.events) {
      lines.push(`(${result.events - result.chained} of them are newer than the stored chain, which follows shortly.)`);
    }
  }
  let againstOk = true;
  if (against) {
    againstOk = against.recomputed === against.head.hash;
    lines.push(
      against.recomputed === null
        ? `The kept head ${formatHead(against.head)} does not verify: position ${against.head.position} is not in the log.`
        : againstOk
          ? `The log up to position ${against.head.position} is unchanged since the kept head was taken.`
          : `The kept head ${formatHead(against.head)} does not verify: the log up to position ${against.head.position} has been changed (it now hashes to ${against.recomputed}).`,
    );
  }
  if (result.head) lines.push(`Head (keep it outside the database): ${formatHead(result.head)}`);
  const perSecond = Math.round(result.events / Math.max(result.ms / 1000, 0.001));
  lines.push(`Read and hashed ${result.events} events in ${Math.round(result.ms)} ms (${perSecond} events/s).`);
  return { lines, ok: firstBreak === null && againstOk };
};

export const runVerify = async (pool: pg.Pool, againstText: string | undefined): Promise<boolean> => {
  const against = againstText === undefined ? null : parseHead(againstText);
  if (againstText !== undefined && against === null) {
    throw new Error(`--against takes a head as verify printed it: <position>:<64 hex digits>, not "${againstText}".`);
  }
  const { lines, ok } = describeVerification(await verifyChain(pool, against));
  for (const line of lines) console.log(line);
  return ok;
};
