import type { StoreClient } from '../call';
import type { ShopifyUserErrorDetail } from '../errors';

/**
 * How we recognise a Shopify discount as ours (issue 22): a metafield in our app-reserved namespace holding our
 * discount's id. Set in the create call where Shopify allows it (`DiscountCodeAppInput.metafields`), else right
 * after (`metafieldsSet`: a BXGY input has no metafields). Merchants and other apps cannot edit `$app:` fields.
 */
export const ownerMarker = {
  namespace: '$app:discount-manager',
  key: 'discount-id',
  type: 'single_line_text_field',
} as const;

export const ownerMarkerInput = (ourId: string) => ({ ...ownerMarker, value: ourId });

/** The selection that reads the marker on a `DiscountCodeNode` (null when the discount carries none). */
export const ownerMarkerSelection = `marker: metafield(namespace: "${ownerMarker.namespace}", key: "${ownerMarker.key}") { value }`;

const setMarker = `mutation MarkOurs($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message code } } }`;

/** Puts our marker on a discount (the same value twice changes nothing, so it may be retried). */
export const markAsOurs = async (store: StoreClient, discountNodeId: string, ourId: string): Promise<void> => {
  const data = await store.request<{ metafieldsSet: { userErrors: ShopifyUserErrorDetail[] } }>(
    setMarker,
    { metafields: [{ ownerId: discountNodeId, ...ownerMarkerInput(ourId) }] },
    { operation: 'metafieldsSet', estimate: 10 },
  );
  store.failOnUserErrors('metafieldsSet', data.metafieldsSet.userErrors);
};
