import { api } from '@/lib/api-client';
import { useNotifiedMutation } from '@/lib/use-notified-mutation';
import { discountsKeys } from './query-keys';

export type RetryDeploymentInput = { discountId: string; storeId: number; storeName: string };

export const retryDeployment = ({ discountId, storeId }: RetryDeploymentInput): Promise<unknown> =>
  api.post(`/api/discounts/${encodeURIComponent(discountId)}/deployments/${storeId}/retry`);

export const useRetryDeployment = () =>
  useNotifiedMutation(retryDeployment, {
    success: (_, { storeName }) => ({ title: 'Deployment Retried', description: `Deploying again to ${storeName}` }),
    failure: { title: 'Failed to retry the deployment' },
    refetch: [discountsKeys.all],
  });
