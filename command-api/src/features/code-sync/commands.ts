import type { Command } from '../../shared/command';
import type { StoreFacts } from '../catalog/commands';

export type { StoreFacts };

/** `store`: what the caller found out about the store (locations stream + token configuration), null = unknown. */
export type TriggerCodeSync = Command<
  'TriggerCodeSync',
  { syncId: string; storeId: number; incremental: boolean; store: StoreFacts | null }
>;

export type CodeSyncCommand = TriggerCodeSync;
