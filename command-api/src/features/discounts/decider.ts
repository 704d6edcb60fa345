import { ConflictError, NotFoundError, type DiscountEvent } from '@dm/events';
import type { Actor, Decider } from '../../shared/command';
import type { DiscountCommand, EndDiscount, RetryDiscountDeployment } from './commands';
import { createDiscount, creatorOf, mayUseBrand } from './decide-create';
import { evolve, initialState, type DiscountState, type DiscountWorld, type DiscountWorldEvent } from './state';

/** A discount of a brand the caller lacks is answered like a missing one: its existence is not theirs to know. */
const existing = (discount: DiscountState, actor: Actor, discountId: string) => {
  if (discount.status === 'none' || !mayUseBrand(actor, discount.brandId)) {
    throw new NotFoundError(`Discount ${discountId} was not found.`);
  }
  return discount;
};

/** Another attempt in one store, only after its last attempt failed (and not once the discount has ended). */
const retryDeployment = ({ data, metadata }: RetryDiscountDeployment, state: DiscountWorld): DiscountEvent[] => {
  const discount = existing(state.discount, metadata.actor, data.discountId);
  const store = discount.stores.get(data.storeId);
  if (!store) throw new NotFoundError(`Store ${data.storeId} is not a target store of this discount.`);
  if (discount.status === 'ended') throw new ConflictError('This discount has ended: it is not deployed again.');
  if (store.outcome === 'pending') {
    throw new ConflictError('The deployment to this store is still running. Retry only after it has failed.');
  }
  if (store.outcome === 'deployed') throw new ConflictError('This discount is already deployed to this store.');
  return [
    {
      type: 'DiscountDeploymentRequested',
      data: {
        discountId: data.discountId,
        storeId: data.storeId,
        attempt: store.attempt + 1,
        requestedAt: metadata.now,
      },
    },
  ];
};

/** Beyond the spec: an admin ends a discount early, once; the reactor deactivates it in every store. */
const endDiscount = ({ data, metadata }: EndDiscount, state: DiscountWorld): DiscountEvent[] => {
  const discount = existing(state.discount, metadata.actor, data.discountId);
  if (discount.status === 'ended') throw new ConflictError('This discount has already ended.');
  return [
    {
      type: 'DiscountEnded',
      data: { discountId: data.discountId, endedBy: creatorOf(metadata.actor), endedAt: metadata.now },
    },
  ];
};

export const decide = (command: DiscountCommand, state: DiscountWorld): DiscountWorldEvent[] => {
  switch (command.type) {
    case 'CreateDiscount':
      return createDiscount(command, state);
    case 'RetryDiscountDeployment':
      return retryDeployment(command, state);
    case 'EndDiscount':
      return endDiscount(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${String(exhaustive)}`);
    }
  }
};

/** The discount's stream plus the ledger streams its decisions read (decision 1000). */
export const discountDecider: Decider<DiscountWorld, DiscountCommand, DiscountWorldEvent> = {
  decide,
  evolve,
  initialState,
};
