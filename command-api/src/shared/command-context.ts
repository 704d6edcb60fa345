import { randomUUID } from 'node:crypto';
import type { EventStore } from '@dm/event-store';
import type pg from 'pg';
import { commandPolicy, ForbiddenError, hasLevel, type PolicedCommand } from '@dm/events';
import type { Actor, CommandMetadata } from './command';

export interface CommandOptions {
  readonly commandId?: string;
  readonly correlationId?: string;
  /** The stream version the caller saw (If-Match): a mismatch is a conflict, never retried. */
  readonly expectedVersion?: bigint;
}

export interface CommandBusOptions {
  readonly eventStore: EventStore;
  /** The read models' database: commands that check facts only a read model holds (catalog items) need it. */
  readonly db?: pg.Pool;
  readonly now?: () => Date;
  readonly newId?: () => string;
  /** People nobody may edit or delete (PROTECTED_USER_EMAILS). */
  readonly protectedEmails?: readonly string[];
  /** Whether a store's Shopify token is configured (catalog imports); default: its environment variable. */
  readonly hasShopifyToken?: (slug: string) => boolean;
  /** How long an import call waits for its outcome before answering 202 (default 30 s). */
  readonly importWaitMs?: number;
}

/** What every feature's commands need: the store, ids, and metadata checked against the policy table. */
export const createCommandContext = ({
  eventStore,
  now = () => new Date(),
  newId = randomUUID,
  protectedEmails = [],
}: CommandBusOptions) => ({
  eventStore,
  newId,
  now,
  protectedEmails: protectedEmails.map((e) => e.trim().toLowerCase()),
  metadata: (type: PolicedCommand, actor: Actor, options: CommandOptions): CommandMetadata => {
    const entry = commandPolicy[type];
    if (entry.access !== 'public' && !hasLevel(actor.level, entry.level)) {
      throw new ForbiddenError(`This needs the ${entry.level.replace('_', ' ')} level or higher.`);
    }
    const commandId = options.commandId ?? newId();
    return {
      commandId,
      correlationId: options.correlationId ?? commandId,
      causationId: null,
      now: now().toISOString(),
      actor,
    };
  },
  versionOf: (options: CommandOptions) =>
    options.expectedVersion === undefined ? {} : { expectedVersion: options.expectedVersion },
});

export type CommandContext = ReturnType<typeof createCommandContext>;
