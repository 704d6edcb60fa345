import { type ChangePermissionBody, type GrantedPermission, grantedPermissionSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { usersKeys } from './query-keys';

export type UpdatePermissionInput = { userId: string; body: ChangePermissionBody };

/** Sends the role and every brand chosen in the edit UI (the old client dropped the brands). */
export const updatePermission = ({ userId, body }: UpdatePermissionInput): Promise<GrantedPermission> =>
  api.put(`/api/permissions/${encodeURIComponent(userId)}`, { body, schema: grantedPermissionSchema });

export const useUpdatePermission = (options: { onSuccess?: () => void } = {}) =>
  useNotifiedMutation(
    updatePermission,
    {
      success: { title: 'Permission updated successfully' },
      failure: { title: 'Failed to update permission' },
      refetch: [usersKeys.all],
    },
    options,
  );
