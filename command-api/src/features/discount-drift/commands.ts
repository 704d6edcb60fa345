import type { Command } from '../../shared/command';

export interface DriftTarget {
  readonly discountId: string;
  readonly storeId: number;
}

export type ReassertDiscountDrift = Command<'ReassertDiscountDrift', DriftTarget & { readonly requestId: string }>;
export type AcceptDiscountDrift = Command<'AcceptDiscountDrift', DriftTarget>;

export type DiscountDriftCommand = ReassertDiscountDrift | AcceptDiscountDrift;
