import type { RecordedEvent } from '@dm/event-store';
import { parseDomainEvent, type DiscountEvent } from '@dm/events';

type Created = Extract<DiscountEvent, { type: 'DiscountCreated' }>['data'];

/** What the reactor needs to know of one discount's stream, per store. */
export interface DiscountHistory {
  readonly created: Created;
  readonly ended: boolean;
  /** The code the store gets: the seed, or the last one it was reassigned to. */
  codeIn(storeId: number): string;
  /** The Shopify discount of the store's last successful deployment, if any. */
  deployedIn(storeId: number): { readonly shopifyDiscountId: string; readonly code: string } | null;
  deactivatedIn(storeId: number): boolean;
}

/** Folds `discount:<id>`; null when the stream holds no `DiscountCreated`. */
export const discountHistory = (recorded: readonly RecordedEvent[]): DiscountHistory | null => {
  let created: Created | null = null;
  let ended = false;
  const codes = new Map<number, string>();
  const deployed = new Map<number, { shopifyDiscountId: string; code: string }>();
  const deactivated = new Set<number>();
  for (const raw of recorded) {
    const event = parseDomainEvent(raw) as DiscountEvent;
    switch (event.type) {
      case 'DiscountCreated':
        created = event.data;
        break;
      case 'DiscountSeedCodeReassigned':
        codes.set(event.data.storeId, event.data.to);
        break;
      case 'DiscountDeployed':
        deployed.set(event.data.storeId, { shopifyDiscountId: event.data.shopifyDiscountId, code: event.data.code });
        break;
      case 'DiscountEnded':
        ended = true;
        break;
      case 'DiscountDeactivatedInStore':
        deactivated.add(event.data.storeId);
        break;
      case 'DiscountDeploymentRequested':
      case 'DiscountDeploymentFailed':
      case 'DiscountDeactivationFailed':
        break;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  }
  if (!created) return null;
  const seed = created.seedCode;
  return {
    created,
    ended,
    codeIn: (storeId) => codes.get(storeId) ?? seed,
    deployedIn: (storeId) => deployed.get(storeId) ?? null,
    deactivatedIn: (storeId) => deactivated.has(storeId),
  };
};
