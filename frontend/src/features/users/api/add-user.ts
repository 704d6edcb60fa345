import { type GrantedPermission, type GrantPermissionBody, grantedPermissionSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { usersKeys } from './query-keys';

export const addUser = (body: GrantPermissionBody): Promise<GrantedPermission> =>
  api.post('/api/permissions', { body, schema: grantedPermissionSchema });

/** Spec §8: 'User added successfully', or 'Failed to add user' with the server's message. */
export const useAddUser = (options: { onSuccess?: () => void } = {}) =>
  useNotifiedMutation(
    addUser,
    {
      success: { title: 'User added successfully' },
      failure: { title: 'Failed to add user' },
      refetch: [usersKeys.all],
    },
    options,
  );
