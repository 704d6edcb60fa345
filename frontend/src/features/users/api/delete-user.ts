import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { notifyFailure } from '@/lib/failure-notice';
import { usersKeys } from './query-keys';

export const deleteUser = async (userId: string): Promise<void> => {
  await api.delete(`/api/permissions/${encodeURIComponent(userId)}`);
};

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      toast({ title: 'User deleted successfully' });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: notifyFailure('Failed to delete user'),
  });
};
