import { ConflictError, inBrandScope, NotFoundError, type DiscountDriftEvent, type DriftDifferences } from '@dm/events';
import type { Decider } from '../../shared/command';
import { creatorOf } from '../discounts/decide-create';
import type { AcceptDiscountDrift, DiscountDriftCommand, DriftTarget, ReassertDiscountDrift } from './commands';

/** One discount in one store (`discount-drift:<discountId>:<storeId>`), folded. */
export interface DriftState {
  readonly brandId: number | null;
  readonly shopifyDiscountId: string | null;
  /** The last finding while it stands: neither cleared by a sync nor accepted. */
  readonly open: DriftDifferences | null;
  /** A re-assertion asked for and not yet answered. */
  readonly reasserting: string | null;
}

const initialState: DriftState = { brandId: null, shopifyDiscountId: null, open: null, reasserting: null };

const evolve = (state: DriftState, event: DiscountDriftEvent): DriftState => {
  switch (event.type) {
    case 'DiscountDriftDetected':
      return {
        ...state,
        brandId: event.data.brandId,
        shopifyDiscountId: event.data.shopifyDiscountId,
        open: event.data.differences,
      };
    case 'DiscountDriftCleared':
    case 'DiscountDriftAccepted':
      return { ...state, open: null };
    case 'DiscountDriftReassertRequested':
      return { ...state, reasserting: event.data.requestId };
    case 'DiscountDriftReasserted':
      return { ...state, reasserting: null, shopifyDiscountId: event.data.shopifyDiscountId };
    case 'DiscountDriftReassertFailed':
      return { ...state, reasserting: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/** The finding an admin may act on: in the caller's brands, still standing, no re-assertion under way. */
const openFinding = (command: DiscountDriftCommand, state: DriftState, action: string) => {
  const { discountId, storeId }: DriftTarget = command.data;
  const { actor } = command.metadata;
  if (state.brandId === null || (actor.id !== 'system' && !inBrandScope(actor.brandIds, state.brandId)))
    throw new NotFoundError(`No drift of discount ${discountId} in store ${storeId} was found.`);
  if (state.reasserting)
    throw new ConflictError(
      `Our version of the discount is being put back in store ${storeId}. Wait for it to finish, then sync the store.`,
    );
  if (!state.open || !state.shopifyDiscountId)
    throw new ConflictError(
      `The discount matches what store ${storeId} holds since its last sync: there is nothing to ${action}.`,
    );
  return { discountId, storeId, brandId: state.brandId, shopifyDiscountId: state.shopifyDiscountId, open: state.open };
};

const reassert = (command: ReassertDiscountDrift, state: DriftState): DiscountDriftEvent[] => {
  const found = openFinding(command, state, 're-assert');
  const { metadata } = command;
  return [
    {
      type: 'DiscountDriftReassertRequested',
      data: {
        discountId: found.discountId,
        storeId: found.storeId,
        brandId: found.brandId,
        requestId: command.data.requestId,
        shopifyDiscountId: found.shopifyDiscountId,
        differences: found.open,
        requestedBy: creatorOf(metadata.actor),
        requestedAt: metadata.now,
      },
    },
  ];
};

const accept = (command: AcceptDiscountDrift, state: DriftState): DiscountDriftEvent[] => {
  const found = openFinding(command, state, 'accept');
  const { metadata } = command;
  return [
    {
      type: 'DiscountDriftAccepted',
      data: {
        discountId: found.discountId,
        storeId: found.storeId,
        brandId: found.brandId,
        differences: found.open,
        acceptedBy: creatorOf(metadata.actor),
        acceptedAt: metadata.now,
      },
    },
  ];
};

const decide = (command: DiscountDriftCommand, state: DriftState): DiscountDriftEvent[] => {
  switch (command.type) {
    case 'ReassertDiscountDrift':
      return reassert(command, state);
    case 'AcceptDiscountDrift':
      return accept(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};

export const discountDriftDecider: Decider<DriftState, DiscountDriftCommand, DiscountDriftEvent> = {
  decide,
  evolve,
  initialState,
};
