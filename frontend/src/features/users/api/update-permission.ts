import { type ChangePermissionBody, type GrantedPermission, grantedPermissionSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';
import { useNotifiedMutation, type WriteOptions } from '@/lib/use-notified-mutation';
import { levelLabels } from '../utils/user-display';
import { usersKeys } from './query-keys';

/** `name` is the person as the list shows them, for the notice. */
export type UpdatePermissionInput = { userId: string; name: string; body: ChangePermissionBody };

/** Sends the role and every brand chosen in the edit UI (the old client dropped the brands). */
export const updatePermission = ({ userId, body }: UpdatePermissionInput): Promise<GrantedPermission> =>
  api.put(`/api/permissions/${encodeURIComponent(userId)}`, { body, schema: grantedPermissionSchema });

const brandsOf = (n: number) => (n === 1 ? '1 brand' : `${n} brands`);

export const useUpdatePermission = (options?: WriteOptions) =>
  useNotifiedMutation(
    updatePermission,
    {
      success: (granted, { name }) => ({
        title: 'Permission updated successfully',
        description: `${name} is now ${levelLabels[granted.permissionLevel]} for ${brandsOf(granted.brandIds.length)}`,
      }),
      failure: { title: 'Failed to update permission' },
      refetch: [usersKeys.all],
    },
    options,
  );
