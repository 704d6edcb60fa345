import type { SyncedCodeStatus, SyncedCodeType } from '@dm/events/http';

export type SyncedCodesFilter = {
  page: number;
  search: string;
  brandId?: number | undefined;
  storeId?: number | undefined;
  type?: SyncedCodeType | undefined;
  status?: SyncedCodeStatus | undefined;
};

export const syncedCodesKeys = {
  all: ['synced-codes'] as const,
  list: (filter: SyncedCodesFilter) => [...syncedCodesKeys.all, 'list', filter] as const,
  stats: (brandId: number | undefined) => [...syncedCodesKeys.all, 'stats', brandId ?? null] as const,
};
