import { AsOfPanel } from './as-of-panel';
import { HistoryPanel } from './history-panel';

/** The discount's History (store names from its deployments) and As-of views: one lazy chunk for the sheet. */
export function DiscountHistory({ discountId, stores }: { discountId: string; stores: ReadonlyMap<number, string> }) {
  return <HistoryPanel entity={`discount:${discountId}`} storeNames={stores} />;
}

export function DiscountAsOf({ discountId }: { discountId: string }) {
  return <AsOfPanel discountId={discountId} />;
}
