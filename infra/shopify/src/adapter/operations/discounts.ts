import type { StoreClient } from '../call';
import type { ShopifyUserErrorDetail } from '../errors';
import { discountModelSchema, type DiscountModelInput } from '../model';
import { appDiscountInput, bxgyDiscountInput } from './discount-inputs';
import { markAsOurs } from './owner-marker';

const userErrors = 'userErrors { field message code }';

const createApp = `mutation DiscountAppCreate($input: DiscountCodeAppInput!) {
  discountCodeAppCreate(codeAppDiscount: $input) { codeAppDiscount { discountId } ${userErrors} } }`;
const updateApp = `mutation DiscountAppUpdate($id: ID!, $input: DiscountCodeAppInput!) {
  discountCodeAppUpdate(id: $id, codeAppDiscount: $input) { codeAppDiscount { discountId } ${userErrors} } }`;
const createBxgy = `mutation DiscountBxgyCreate($input: DiscountCodeBxgyInput!) {
  discountCodeBxgyCreate(bxgyCodeDiscount: $input) { codeDiscountNode { id } ${userErrors} } }`;
const updateBxgy = `mutation DiscountBxgyUpdate($id: ID!, $input: DiscountCodeBxgyInput!) {
  discountCodeBxgyUpdate(id: $id, bxgyCodeDiscount: $input) { codeDiscountNode { id } ${userErrors} } }`;

type Payload = {
  codeAppDiscount?: { discountId: string } | null;
  codeDiscountNode?: { id: string } | null;
  userErrors: ShopifyUserErrorDetail[];
};

const idOf = (p: Payload): string => p.codeAppDiscount?.discountId ?? p.codeDiscountNode?.id ?? '';

/**
 * Creates our discount in a store; returns the `DiscountCodeNode` gid to keep for later changes. Sent once: a
 * create that got no answer may have run, so it throws `ShopifyNoAnswerError` instead of sending it again; the
 * caller looks for its marker (`ourId`) before creating again. A BXGY input takes no metafields: its marker is
 * set right after.
 */
export const createDiscount = async (store: StoreClient, model: DiscountModelInput): Promise<{ id: string }> => {
  const d = discountModelSchema.parse(model);
  const [operation, query, input] =
    d.kind === 'multi'
      ? (['discountCodeAppCreate', createApp, appDiscountInput(d)] as const)
      : (['discountCodeBxgyCreate', createBxgy, bxgyDiscountInput(d)] as const);
  const data = await store.request<Record<string, Payload>>(query, { input }, { operation, estimate: 10, once: true });
  const payload = data[operation]!;
  store.failOnUserErrors(operation, payload.userErrors);
  const id = idOf(payload);
  if (d.kind === 'gwp' && d.ourId) await markAsOurs(store, id, d.ourId);
  return { id };
};

/** Sends `input` to the update mutation of the discount's kind: Shopify changes only the fields it names. */
const updateWith = async (
  store: StoreClient,
  id: string,
  kind: 'multi' | 'gwp',
  input: Record<string, unknown>,
): Promise<void> => {
  const [operation, query] =
    kind === 'multi'
      ? (['discountCodeAppUpdate', updateApp] as const)
      : (['discountCodeBxgyUpdate', updateBxgy] as const);
  const data = await store.request<Record<string, Payload>>(query, { id, input }, { operation, estimate: 10 });
  store.failOnUserErrors(operation, data[operation]!.userErrors);
};

/** Sends the whole model; renaming the first code after codes were bulk-added is refused by Shopify. */
export const updateDiscount = async (store: StoreClient, id: string, model: DiscountModelInput): Promise<void> => {
  const d = discountModelSchema.parse(model);
  await updateWith(store, id, d.kind, d.kind === 'multi' ? appDiscountInput(d) : bxgyDiscountInput(d));
};

export interface DiscountFields {
  readonly title: string;
  readonly startsAt: string;
  readonly endsAt: string | null;
}

/** Puts back title and dates alone (drift re-assertion): the rest of the discount, its codes included, stays. */
export const updateDiscountFields = (store: StoreClient, id: string, kind: 'multi' | 'gwp', fields: DiscountFields) =>
  updateWith(store, id, kind, { title: fields.title, startsAt: fields.startsAt, endsAt: fields.endsAt });

/** Puts back the title alone: the dates stay as the store has them (an ended discount stays expired). */
export const updateDiscountTitle = (store: StoreClient, id: string, kind: 'multi' | 'gwp', title: string) =>
  updateWith(store, id, kind, { title });

const simple = (root: string, result: string) => `mutation ($id: ID!) { ${root}(id: $id) { ${result} ${userErrors} } }`;

const run = async (store: StoreClient, root: string, result: string, id: string) => {
  const data = await store.request<Record<string, { userErrors: ShopifyUserErrorDetail[] }>>(
    simple(root, result),
    { id },
    { operation: root, estimate: 10 },
  );
  store.failOnUserErrors(root, data[root]!.userErrors);
};

export const deleteDiscount = (store: StoreClient, id: string) =>
  run(store, 'discountCodeDelete', 'deletedCodeDiscountId', id);
export const activateDiscount = (store: StoreClient, id: string) =>
  run(store, 'discountCodeActivate', 'codeDiscountNode { id }', id);
export const deactivateDiscount = (store: StoreClient, id: string) =>
  run(store, 'discountCodeDeactivate', 'codeDiscountNode { id }', id);
