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

/** 'Aurora GB: 0 new or changed, 16 unchanged' (`imported` counts new or changed items, `skipped` unchanged ones). */
const counts = (store: string, r: ImportCounts): string =>
  [`${store}: ${r.imported} new or changed`, `${r.skipped ?? 0} unchanged`, r.failed > 0 ? `${r.failed} failed` : null]
    .filter(Boolean)
    .join(', ');

/** Spec §8: a failed import names the error, else 'An unknown error occurred'. */
export const importFailureNotice = (kind: ImportKind, error: unknown): ToastInput =>
  failureNotice(`Failed to import ${kind}`, error, UNKNOWN);

/**
 * Spec §8: an answer with an error and nothing imported is a failure; with an error and some imported it is
 * 'imported with warnings' and the counts; without an error it is a success with the counts. The counts name
 * the store, so a notice after two imports in a row says which one it is about.
 */
export const importResultNotice = (kind: ImportKind, store: string, result: ImportCounts): ToastInput => {
  if (result.error && result.imported === 0) return importFailureNotice(kind, result.error);
  if (result.error)
    return { title: `${noun(kind)} imported with warnings`, description: `${counts(store, result)}. ${result.error}` };
  return { title: `${noun(kind)} imported successfully`, description: counts(store, result) };
};
