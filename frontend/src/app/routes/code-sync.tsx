import { CodeSyncScreen } from '@/features/code-sync/components/code-sync-screen';
import { useStores } from '@/features/locations/api/get-stores';

/** /code-sync (admin, guarded by the router): the stores of the caller's brands and the code-sync feature. */
export function CodeSyncRoute() {
  return <CodeSyncScreen stores={useStores()} />;
}
