import type { SyncedCode } from '@dm/events/http';
import { formatDate } from '@/lib/dates';
import { codeTypeWords } from '@/lib/glossary';

/** The app's one date format, in the reader's locale. */
export const formatCreated = (iso: string | null): string => (iso ? formatDate(iso) : '-');

/** The type column in the type filter's words: a gift with purchase is called one. */
export const codeTypeOf = (code: Pick<SyncedCode, 'isBxgy' | 'functionId'>): string =>
  code.isBxgy ? codeTypeWords.gwp : code.functionId ? codeTypeWords.app : codeTypeWords.manual;

/** Spec §2.8: 'used/limit' with a limit; otherwise '{n} used', or '-' when never used. */
export const usageText = (code: Pick<SyncedCode, 'usageCount' | 'usageLimit'>): string =>
  code.usageLimit !== null
    ? `${code.usageCount}/${code.usageLimit}`
    : code.usageCount > 0
      ? `${code.usageCount} used`
      : '-';

/** ACTIVE codes with a usage limit are refreshed more often (the monitoring tooltip's promise). */
export const isMonitored = (code: Pick<SyncedCode, 'status' | 'usageLimit'>): boolean =>
  code.status === 'ACTIVE' && code.usageLimit !== null;

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
