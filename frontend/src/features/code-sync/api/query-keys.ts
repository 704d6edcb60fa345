export const codeSyncKeys = {
  all: ['code-sync'] as const,
  status: (storeId: number) => [...codeSyncKeys.all, 'status', storeId] as const,
};
