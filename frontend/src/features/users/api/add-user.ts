import { type GrantedPermission, type GrantPermissionBody, grantedPermissionSchema } from '@dm/events/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { usersKeys } from './query-keys';

export const addUser = (body: GrantPermissionBody): Promise<GrantedPermission> =>
  api.post('/api/permissions', { body, schema: grantedPermissionSchema });

/** Spec §8: 'User added successfully', or 'Failed to add user' with the server's message. */
export const useAddUser = (options: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: async () => {
      toast({ title: 'User added successfully' });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: notifyFailure('Failed to add user'),
  });
};
