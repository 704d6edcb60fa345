import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { useStores } from '@/features/locations/api/get-stores';
import { SyncedCodesScreen } from '@/features/synced-codes/components/synced-codes-screen';

/** /synced-codes (admin, guarded by the router): the caller's brands and stores, and the synced-codes feature. */
export function SyncedCodesRoute() {
  return <SyncedCodesScreen brands={useUserBrands()} stores={useStores()} />;
}
