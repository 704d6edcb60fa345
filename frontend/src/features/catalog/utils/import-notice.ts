import type { ToastInput } from '@/components/ui/use-toast';
import { failureNotice } from '@/lib/failure-notice';

export type ImportKind = 'products' | 'collections';
export type ImportCounts = {
  imported: number;
  failed: number;
  skipped?: number | undefined;
  error?: string | null | undefined;
};

const UNKNOWN = 'An unknown error occurred';
const noun = (kind: ImportKind) => (kind === 'products' ? 'Products' : 'Collections');

const counts = (kind: ImportKind, r: ImportCounts): string =>
  [
    `Imported ${r.imported} ${kind}`,
    r.failed > 0 ? `${r.failed} failed` : null,
    r.skipped ? `${r.skipped} skipped` : null,
  ]
    .filter(Boolean)
    .join(', ');

/** Spec §8: a failed import names the error, else 'An unknown error occurred'. */
export const importFailureNotice = (kind: ImportKind, error: unknown): ToastInput =>
  failureNotice(`Failed to import ${kind}`, error, UNKNOWN);

/**
 * Spec §8: an answer with an error and nothing imported is a failure; with an error and some imported it is
 * 'imported with warnings' and the counts; without an error it is a success with the counts.
 */
export const importResultNotice = (kind: ImportKind, result: ImportCounts): ToastInput => {
  if (result.error && result.imported === 0) return importFailureNotice(kind, result.error);
  if (result.error)
    return { title: `${noun(kind)} imported with warnings`, description: `${counts(kind, result)}. ${result.error}` };
  return { title: `${noun(kind)} imported successfully`, description: counts(kind, result) };
};
