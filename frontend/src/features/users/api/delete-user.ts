import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { usersKeys } from './query-keys';

export const deleteUser = async (userId: string): Promise<void> => {
  await api.delete(`/api/permissions/${encodeURIComponent(userId)}`);
};

export const useDeleteUser = () =>
  useNotifiedMutation(deleteUser, {
    success: { title: 'User deleted successfully' },
    failure: { title: 'Failed to delete user' },
    refetch: [usersKeys.all],
  });
