import { codeReservationStream, codesImportStream, ConflictError, foldCode } from '@dm/events';
import type { GenerateCodesInput, ImportCodesResult } from '@dm/events/http';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { bulkCore, type BulkCodesDeps, type BulkProgress, type Fence, type ImportJobRun } from './bulk-core';
import type { BulkDecision } from './bulk-decider';
import { importRows } from './csv-rows';
import { drawCodes } from './pattern-codes';

export type { BulkCodesDeps, BulkProgress, ImportJobRun } from './bulk-core';

const generateRounds = 5;

/** A CSV import and codes from a pattern, on the bulk path of `bulk-core.ts`. */
export const bulkCodesHandlers = (ctx: CommandContext, deps: BulkCodesDeps) => {
  const { readLedgerInBulk, addInBulk, bulkCommand } = bulkCore(ctx, deps);

  /** Codes the stores hold from outside (the synced cache), folded. */
  const knownToStores = async (storeIds: readonly number[], codes: readonly string[]) => {
    if (!deps.db) throw new Error('Generating codes reads the synced codes: give the command bus its database (db).');
    const { rows } = await deps.db.query<{ folded: string }>(
      'SELECT DISTINCT code_folded AS folded FROM rm.synced_codes WHERE store_id = ANY($1::int[]) AND code_folded = ANY($2::text[] COLLATE "C")',
      [storeIds, codes.map(foldCode)],
    );
    return new Set(rows.map((r) => r.folded));
  };

  return {
    /**
     * A CSV import (issue 12): the file and the target are checked first (a 4xx throws here); `run` then checks
     * every row against the ledger and reserves the free ones, reporting progress, and answers the rejected rows.
     */
    prepareCodesImport: async (
      discountId: string,
      body: { csv: string; stores: readonly number[] },
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const parsed = importRows(body.csv);
      const command = await bulkCommand('ImportDiscountCodes', discountId, parsed.rows, body.stores, actor, options);
      const answerOf = (decision: BulkDecision): ImportCodesResult => ({
        rowsRead: parsed.rowsRead,
        codesAdded: decision.added.length,
        rejected: [...parsed.rejected, ...decision.rejected].sort((a, b) => a.row - b.row),
        availableStores: command.data.stores.map((s) => ({ ...s })),
        savedLocally: decision.savedLocally,
      });
      const fenceOf = (job: ImportJobRun): Fence => ({
        streamId: codesImportStream(job.importId),
        events: (decision, brandId) => [
          {
            type: 'CodesImportFinished',
            data: {
              importId: job.importId,
              discountId,
              brandId,
              storeIds: [...body.stores],
              attempt: job.attempt,
              rowsRead: parsed.rowsRead,
              codesAdded: decision.added.length,
              rowsRejected: parsed.rejected.length + decision.rejected.length,
              finishedAt: command.metadata.now,
            },
          },
        ],
        beforeAppend: (decision) => job.keep(answerOf(decision)),
      });
      return {
        run: async (
          progress: BulkProgress,
          job?: ImportJobRun,
        ): Promise<{ result: ImportCodesResult; position: bigint | null }> => {
          const { decision, position } = await addInBulk(command, progress, job ? { fence: fenceOf(job) } : {});
          return { result: answerOf(decision), position };
        },
      };
    },

    /**
     * `count` codes from a pattern, each free in every chosen store — in the ledger and among the codes the stores
     * hold from outside (the synced cache) — reserved at once. Fewer free codes than asked is a 409, nothing added.
     */
    generateDiscountCodes: async (
      discountId: string,
      body: GenerateCodesInput,
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const command = await bulkCommand('GenerateDiscountCodes', discountId, [], body.stores, actor, options);
      const quiet: BulkProgress = () => undefined;
      const tried = new Set<string>();
      const free: string[] = [];
      for (let round = 0; round < generateRounds && free.length < body.count; round++) {
        const wanted = body.count - free.length;
        const drawn = drawCodes(body.parsed, Math.ceil(wanted * 1.1) + 10, tried);
        if (drawn.length === 0) break;
        drawn.forEach((code) => tried.add(code));
        const ledger = await readLedgerInBulk(body.stores, drawn, quiet);
        const outside = await knownToStores(body.stores, drawn);
        const held = (code: string) =>
          outside.has(foldCode(code)) ||
          body.stores.some((storeId) => ledger.get(codeReservationStream(storeId, code))?.holder);
        for (const code of drawn) if (free.length < body.count && !held(code)) free.push(code);
      }
      if (free.length < body.count) {
        throw new ConflictError(
          `Only ${free.length.toLocaleString('en')} codes of ${body.pattern} are free in these stores; ask for fewer codes or use a longer pattern. Nothing was added.`,
        );
      }
      const rows = free.map((code, i) => ({ row: i + 1, code, influencerName: body.influencerName }));
      const { decision, position } = await addInBulk({ ...command, data: { ...command.data, rows } }, quiet, {
        everyRow: true,
      });
      return {
        answer: {
          codes: decision.added.map(({ codeId, code }) => ({ id: codeId, code })),
          codesAdded: decision.added.length,
          availableStores: command.data.stores.map((s) => ({ ...s })),
          savedLocally: decision.savedLocally,
        },
        position,
      };
    },
  };
};
