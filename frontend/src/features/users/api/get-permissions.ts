import { type UserPermissionRow, userPermissionListSchema } from '@dm/events/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersKeys } from './query-keys';

/** Every permission row of the caller's brands: one per person and brand (spec §3). */
export const getPermissions = (): Promise<UserPermissionRow[]> =>
  api.get('/api/permissions', { schema: userPermissionListSchema });

export const permissionsQueryOptions = () => queryOptions({ queryKey: usersKeys.list(), queryFn: getPermissions });

export const usePermissions = () => useQuery(permissionsQueryOptions());
