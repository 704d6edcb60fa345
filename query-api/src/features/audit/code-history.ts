import type { AuditRow } from './queries';

const sameCode = (a: unknown, code: string) => typeof a === 'string' && a.toLowerCase() === code;

/**
 * One code's view of the events of its discount's codes stream: the lists of a chunk or of an import keep only
 * this code, so History says what happened to it rather than to its 250 neighbours.
 */
export const narrowToCode = (rows: readonly AuditRow[], codeId: string): AuditRow[] => {
  const added = rows
    .flatMap((row): unknown[] => (Array.isArray(row.data.codes) ? row.data.codes : []))
    .find(
      (c): c is { codeId: string; code: string } =>
        typeof c === 'object' && c !== null && (c as { codeId?: unknown }).codeId === codeId,
    );
  const deleted = rows.find((row) => row.data.codeId === codeId)?.data.code;
  const code = (added?.code ?? (typeof deleted === 'string' ? deleted : '')).toLowerCase();
  return rows.map((row) => {
    const data = { ...row.data };
    if (Array.isArray(data.codes))
      data.codes = data.codes.filter((c: unknown) =>
        typeof c === 'string' ? sameCode(c, code) : (c as { codeId?: unknown }).codeId === codeId,
      );
    if (Array.isArray(data.live)) data.live = data.live.filter((c: unknown) => sameCode(c, code));
    if (Array.isArray(data.skipped)) data.skipped = data.skipped.filter((c: unknown) => sameCode(c, code));
    if (Array.isArray(data.refused))
      data.refused = data.refused.filter((r: unknown) => sameCode((r as { code?: unknown }).code, code));
    return { ...row, data };
  });
};
