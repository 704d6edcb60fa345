import {
  codeSyncStalledAfterMs,
  ConflictError,
  inBrandScope,
  NotFoundError,
  type CodeSyncEvent,
  type CodeSyncKind,
  notConnectedAdvice,
} from '@dm/events';
import type { Decider } from '../../shared/command';
import type { CodeSyncCommand, TriggerCodeSync } from './commands';

/** An incremental sync looks this far behind the last successful sync's start (decision 0901). */
export const incrementalOverlapMs = 5 * 60 * 1000;

export interface CodeSyncState {
  /** The sync asked for last, while it has no outcome. */
  readonly running: {
    readonly syncId: string;
    readonly kind: CodeSyncKind;
    readonly updatedAt: string;
    readonly codesSynced: number;
    readonly codesExpected: number | null;
  } | null;
  /** Start of the last successful full or incremental sync: where the next incremental sync looks from. */
  readonly lastSuccessStartedAt: string | null;
  readonly hasFullSync: boolean;
}

const initialState: CodeSyncState = { running: null, lastSuccessStartedAt: null, hasFullSync: false };

const evolve = (state: CodeSyncState, event: CodeSyncEvent): CodeSyncState => {
  const touch = (at: string, more: Partial<NonNullable<CodeSyncState['running']>> = {}): CodeSyncState =>
    state.running && state.running.syncId === event.data.syncId
      ? { ...state, running: { ...state.running, updatedAt: at, ...more } }
      : state;
  switch (event.type) {
    case 'CodeSyncRequested':
      return {
        ...state,
        running: {
          syncId: event.data.syncId,
          kind: event.data.kind,
          updatedAt: event.data.requestedAt,
          codesSynced: 0,
          codesExpected: null,
        },
      };
    case 'CodeSyncResumeRequested':
      return touch(event.data.requestedAt);
    case 'CodeSyncStarted':
      return touch(event.data.startedAt);
    case 'CodeSyncProgressed':
      return touch(event.data.at, { codesSynced: event.data.codesSynced, codesExpected: event.data.codesExpected });
    case 'CodeSyncCompleted': {
      const done = state.running?.syncId === event.data.syncId ? { ...state, running: null } : state;
      if (event.data.kind === 'usage') return done;
      return {
        ...done,
        lastSuccessStartedAt: event.data.startedAt,
        hasFullSync: state.hasFullSync || event.data.kind === 'full',
      };
    }
    case 'CodeSyncFailed':
      return state.running?.syncId === event.data.syncId ? { ...state, running: null } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

const progressOf = (running: NonNullable<CodeSyncState['running']>) =>
  running.codesExpected === null
    ? `${running.codesSynced} codes so far`
    : `${running.codesSynced} of ${running.codesExpected} codes`;

/**
 * Spec 000 §2.7 and issue 13: a store outside the caller's brands is not found; an inactive store or one
 * without a token cannot sync; while a sync progresses a second trigger is refused; a trigger on a stalled sync
 * resumes it; an incremental sync needs a completed full sync first.
 */
const trigger = (command: TriggerCodeSync, state: CodeSyncState): CodeSyncEvent[] => {
  const { syncId, storeId, incremental, store } = command.data;
  const { actor, now } = command.metadata;
  if (!store || (actor.id !== 'system' && !inBrandScope(actor.brandIds, store.brandId))) {
    throw new NotFoundError(`Store ${storeId} was not found. Choose one of your stores.`);
  }
  if (!store.isActive) {
    throw new ConflictError(`Store ${store.name} is inactive. Activate it on the Stores page before syncing.`);
  }
  if (!store.hasToken) {
    throw new ConflictError(notConnectedAdvice(store.name));
  }
  const running = state.running;
  if (running) {
    const idleMs = Date.parse(now) - Date.parse(running.updatedAt);
    if (idleMs <= codeSyncStalledAfterMs) {
      throw new ConflictError(
        `A sync of store ${store.name} is already in progress (${progressOf(running)}). Wait for it to finish.`,
      );
    }
    return [
      {
        type: 'CodeSyncResumeRequested',
        data: {
          syncId: running.syncId,
          storeId,
          brandId: store.brandId,
          storeSlug: store.urlSlug,
          kind: running.kind,
          requestedAt: now,
        },
      },
    ];
  }
  if (incremental && !state.hasFullSync) {
    throw new ConflictError(
      `Store ${store.name} has no completed full sync yet. Run a full sync first; incremental updates build on it.`,
    );
  }
  const updatedSince =
    incremental && state.lastSuccessStartedAt
      ? new Date(Date.parse(state.lastSuccessStartedAt) - incrementalOverlapMs).toISOString()
      : null;
  return [
    {
      type: 'CodeSyncRequested',
      data: {
        syncId,
        storeId,
        brandId: store.brandId,
        storeSlug: store.urlSlug,
        kind: incremental ? 'incremental' : 'full',
        updatedSince,
        requestedAt: now,
      },
    },
  ];
};

const decide = (command: CodeSyncCommand, state: CodeSyncState): CodeSyncEvent[] => {
  switch (command.type) {
    case 'TriggerCodeSync':
      return trigger(command, state);
    default: {
      const exhaustive: never = command.type;
      return exhaustive;
    }
  }
};

export const codeSyncDecider: Decider<CodeSyncState, CodeSyncCommand, CodeSyncEvent> = {
  decide,
  evolve,
  initialState,
};
