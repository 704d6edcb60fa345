import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { usersKeys } from './query-keys';

/** `name` is the person as the list shows them, for the notice. */
export const deleteUser = async ({ userId }: { userId: string; name: string }): Promise<void> => {
  await api.delete(`/api/permissions/${encodeURIComponent(userId)}`);
};

export const useDeleteUser = () =>
  useNotifiedMutation(deleteUser, {
    success: (_, { name }) => ({ title: 'User removed', description: `${name} no longer has access to any brand` }),
    failure: { title: 'Failed to remove user' },
    refetch: [usersKeys.all],
  });
