import { type GrantedPermission, type GrantPermissionBody, grantedPermissionSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { levelLabels } from '../utils/user-display';
import { usersKeys } from './query-keys';

export const addUser = (body: GrantPermissionBody, idempotencyKey?: string): Promise<GrantedPermission> =>
  api.post('/api/permissions', { body, idempotencyKey, schema: grantedPermissionSchema });

/** Spec §8: 'User added successfully', or 'Failed to add user' with the server's message. */
export const useAddUser = (options?: WriteOptions) =>
  useNotifiedMutation(
    addUser,
    {
      success: (granted) => ({
        title: 'User added successfully',
        description: `${granted.email} can now sign in as ${levelLabels[granted.permissionLevel]}`,
      }),
      failure: { title: 'Failed to add user' },
      refetch: [usersKeys.all],
    },
    options,
  );
