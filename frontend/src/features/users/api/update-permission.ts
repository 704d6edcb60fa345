import { type ChangePermissionBody, type GrantedPermission, grantedPermissionSchema } from '@dm/events/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { usersKeys } from './query-keys';

export type UpdatePermissionInput = { userId: string; body: ChangePermissionBody };

/** Sends the role and every brand chosen in the edit UI (the old client dropped the brands). */
export const updatePermission = ({ userId, body }: UpdatePermissionInput): Promise<GrantedPermission> =>
  api.put(`/api/permissions/${encodeURIComponent(userId)}`, { body, schema: grantedPermissionSchema });

export const useUpdatePermission = (options: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermission,
    onSuccess: async () => {
      toast({ title: 'Permission updated successfully' });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: notifyFailure('Failed to update permission'),
  });
};
