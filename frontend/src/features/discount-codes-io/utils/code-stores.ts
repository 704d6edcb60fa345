import type { DiscountDetail } from '@dm/events/http';

export type CodeStore = { id: number; name: string };

/**
 * Where codes may go (spec 001 §4, as the server decides it): the deployed stores, or, while the discount is
 * deployed nowhere, its target stores (the codes are then saved locally).
 */
export const codeStoresOf = (discount: Pick<DiscountDetail, 'deployments'>): CodeStore[] => {
  const deployed = discount.deployments.filter((d) => d.status === 'deployed');
  const stores = deployed.length > 0 ? deployed : discount.deployments.filter((d) => d.status !== 'ended');
  return stores.map((d) => ({ id: d.storeId, name: d.storeName }));
};
