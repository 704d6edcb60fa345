import { codeSyncStream } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import { shopifyStoreOf } from '../locations/shopify-store';
import type { Locations } from '../locations/state';
import { codeSyncDecider } from './decider';

export interface CodeSyncDeps {
  readonly readLocations: () => Promise<Locations>;
  /** Whether the store's Shopify token is configured (environment, or the emulator's tokens locally). */
  readonly hasShopifyToken: (slug: string) => boolean;
}

export const codeSyncHandlers = (ctx: CommandContext, deps: CodeSyncDeps) => ({
  /** Appends the request (or the resume of a stalled sync); the projectors' reactor does the work. */
  triggerCodeSync: async (
    data: { storeId: number; incremental: boolean },
    actor: Actor,
    options: CommandOptions = {},
  ) => {
    const metadata = ctx.metadata('TriggerCodeSync', actor, options);
    const store = shopifyStoreOf((await deps.readLocations()).stores.get(data.storeId), deps.hasShopifyToken);
    const result = await handleCommand(
      ctx.eventStore,
      codeSyncStream(data.storeId),
      codeSyncDecider,
      { type: 'TriggerCodeSync', data: { ...data, syncId: ctx.newId(), store }, metadata },
      { brandId: store?.brandId ?? null },
    );
    const event = result.events[0];
    const syncId = event?.data.syncId ?? null;
    return { ...result, syncId, resumed: event?.type === 'CodeSyncResumeRequested' };
  },
});
