import type { ImportCodesResult } from '@dm/events/http';
import type pg from 'pg';
import type { Actor } from '../../shared/command';

/** A CSV import as the job table holds it (migration 0220, decision 1485). */
export interface ImportJob {
  readonly id: string;
  readonly fingerprint: string;
  readonly commandId: string;
  readonly discountId: string;
  readonly storeIds: number[];
  readonly csv: string | null;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly state: 'pending' | 'done' | 'failed';
  readonly attempt: number;
  /** Each run's answer by run number, kept before its append. */
  readonly answers: Readonly<Record<string, ImportCodesResult>>;
  readonly answer: ImportCodesResult | null;
  readonly phase: 'checking' | 'reserving' | null;
  readonly done: number;
  readonly total: number;
  readonly message: string | null;
  readonly position: string | null;
}

export interface NewImportJob {
  readonly id: string;
  /** sha256 of the discount, the stores and the file: what the job was asked. */
  readonly fingerprint: string;
  readonly commandId: string;
  readonly discountId: string;
  readonly storeIds: readonly number[];
  readonly csv: string;
  readonly actor: Actor;
  readonly correlationId: string;
}

const columns = `id, fingerprint, command_id AS "commandId", discount_id AS "discountId", store_ids AS "storeIds", csv, actor,
  correlation_id AS "correlationId", state, attempt, answers, answer, phase, done, total,
  message, position::text AS position`;
const keptFor = '1 day';

/** The rows of api.codes_import_jobs, one statement each. */
export const importJobsStore = (db: pg.Pool) => ({
  /**
   * The job of this command: recorded now, or the one a first request with the same command id recorded. A failed
   * one is set going again, as a failed request sent again with its Idempotency-Key runs anew.
   */
  record: async (job: NewImportJob): Promise<ImportJob> => {
    await db.query(
      `INSERT INTO api.codes_import_jobs AS j
         (id, command_id, discount_id, store_ids, csv, actor, correlation_id, fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (command_id) DO UPDATE
         SET state = 'pending', discount_id = EXCLUDED.discount_id, store_ids = EXCLUDED.store_ids, csv = EXCLUDED.csv,
             actor = EXCLUDED.actor, fingerprint = EXCLUDED.fingerprint, message = NULL, updated_at = now()
         WHERE j.state = 'failed'`,
      [
        job.id,
        job.commandId,
        job.discountId,
        job.storeIds,
        job.csv,
        JSON.stringify(job.actor),
        job.correlationId,
        job.fingerprint,
      ],
    );
    const { rows } = await db.query<ImportJob>(`SELECT ${columns} FROM api.codes_import_jobs WHERE command_id = $1`, [
      job.commandId,
    ]);
    return rows[0]!;
  },

  read: async (id: string): Promise<ImportJob | null> => {
    const { rows } = await db.query<ImportJob>(`SELECT ${columns} FROM api.codes_import_jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** A run begins: its number, or null when the job has ended meanwhile. */
  startAttempt: async (id: string): Promise<number | null> => {
    const { rows } = await db.query<{ attempt: number }>(
      `UPDATE api.codes_import_jobs SET attempt = attempt + 1, done = 0, total = 0, phase = NULL, updated_at = now()
       WHERE id = $1 AND state = 'pending' RETURNING attempt`,
      [id],
    );
    return rows[0]?.attempt ?? null;
  },

  progress: async (id: string, phase: 'checking' | 'reserving', done: number, total: number) => {
    await db.query(
      `UPDATE api.codes_import_jobs SET phase = $2, done = $3, total = $4, updated_at = now()
       WHERE id = $1 AND state = 'pending'`,
      [id, phase, done, total],
    );
  },

  /**
   * A run's answer, kept before its append: if the append lands, this is what the import answered. Kept per run,
   * so a second run racing the first (its lock lost with its connection) cannot overwrite the one that landed.
   */
  keepAnswer: async (id: string, attempt: number, answer: ImportCodesResult) => {
    await db.query(
      `UPDATE api.codes_import_jobs SET answers = answers || jsonb_build_object($2::text, $3::jsonb), updated_at = now()
       WHERE id = $1 AND state = 'pending'`,
      [id, attempt, JSON.stringify(answer)],
    );
  },

  finish: async (id: string, answer: ImportCodesResult, position: bigint | null) => {
    await db.query(
      `UPDATE api.codes_import_jobs
       SET state = 'done', answer = $2, answers = '{}', position = $3, csv = NULL, updated_at = now()
       WHERE id = $1 AND state = 'pending'`,
      [id, JSON.stringify(answer), position?.toString() ?? null],
    );
  },

  fail: async (id: string, message: string) => {
    await db.query(
      `UPDATE api.codes_import_jobs SET state = 'failed', message = $2, csv = NULL, updated_at = now()
       WHERE id = $1 AND state = 'pending'`,
      [id, message],
    );
  },

  /** Pending jobs nobody has moved for `idleSeconds`: their runner may be gone. */
  idle: async (idleSeconds: number): Promise<string[]> => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM api.codes_import_jobs WHERE state = 'pending' AND updated_at < now() - make_interval(secs => $1)
       ORDER BY updated_at LIMIT 20`,
      [idleSeconds],
    );
    return rows.map((r) => r.id);
  },

  prune: async () => {
    await db.query(
      `DELETE FROM api.codes_import_jobs WHERE state <> 'pending' AND updated_at < now() - interval '${keptFor}'`,
    );
  },
});

export type ImportJobsStore = ReturnType<typeof importJobsStore>;
