import type { Command } from '../../shared/command';

/** A store's name for messages (from the locations stream). */
export interface StoreName {
  readonly id: number;
  readonly name: string;
}

/** Codes already parsed by the contract: distinct (case-insensitively), each valid by Shopify's rules. */
export type AddDiscountCodes = Command<
  'AddDiscountCodes',
  {
    discountId: string;
    codes: readonly string[];
    storeIds: readonly number[];
    influencerName: string | null;
    /** Names of the stores the decision may mention. */
    stores: readonly StoreName[];
  }
>;

/** A code as the codes read model knows it (looked up by the id in the address). */
export interface CodeFact {
  readonly codeId: string;
  readonly discountId: string;
  readonly code: string;
  readonly deleted: boolean;
}

export type DeleteDiscountCode = Command<'DeleteDiscountCode', { codeId: string; found: CodeFact | null }>;

export type DiscountCodeCommand = AddDiscountCodes | DeleteDiscountCode;
