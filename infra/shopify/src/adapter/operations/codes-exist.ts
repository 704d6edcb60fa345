import type { StoreClient } from '../call';
import type { SpendOptions } from '../pacing';
import { chunk, mapLimited } from './chunks';
import { ownerMarkerSelection } from './owner-marker';

export interface ExistingCode {
  /** The `DiscountCodeNode` that owns the code. */
  readonly discountId: string;
  readonly discountType: string;
  readonly title: string | null;
  /** Our discount id from the marker metafield (`ownerMarker`), null when the discount carries none. */
  readonly marker: string | null;
}

const lookupQuery = (n: number): string => {
  const vars = Array.from({ length: n }, (_, i) => `$c${i}: String!`).join(', ');
  const fields = Array.from({ length: n }, (_, i) => `c${i}: codeDiscountNodeByCode(code: $c${i}) { ...Owner }`).join(
    '\n  ',
  );
  return `query CodesExist(${vars}) {
  ${fields}
}
fragment Owner on DiscountCodeNode { id ${ownerMarkerSelection} codeDiscount { __typename ... on DiscountCodeBasic { title } ... on DiscountCodeBxgy { title } ... on DiscountCodeApp { title } } }`;
};

type Owner = {
  id: string;
  marker: { value: string } | null;
  codeDiscount: { __typename: string; title?: string };
} | null;

/**
 * Which codes a store already has (case-insensitive), via aliased `codeDiscountNodeByCode` with the codes
 * as variables, ≤ 250 per request (reference §3.5, §6.5). Keys of the answer are the codes as given.
 */
export const checkCodesExist = async (
  store: StoreClient,
  codes: readonly string[],
  spend: SpendOptions = {},
): Promise<Map<string, ExistingCode | null>> => {
  const answers = await mapLimited(chunk([...new Set(codes)]), 2, async (part) => {
    const variables = Object.fromEntries(part.map((code, i) => [`c${i}`, code]));
    const data = await store.request<Record<string, Owner>>(lookupQuery(part.length), variables, {
      operation: `codesExist${part.length}`,
      estimate: part.length * 3,
      ...spend,
    });
    return part.map((code, i): [string, ExistingCode | null] => {
      const owner = data[`c${i}`];
      return [
        code,
        owner
          ? {
              discountId: owner.id,
              discountType: owner.codeDiscount.__typename,
              title: owner.codeDiscount.title ?? null,
              marker: owner.marker?.value ?? null,
            }
          : null,
      ];
    });
  });
  return new Map(answers.flat());
};
