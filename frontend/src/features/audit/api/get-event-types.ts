import { auditEventTypesSchema } from '@dm/events/http';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './query-keys';

export const useEventTypes = () =>
  useQuery({
    queryKey: auditKeys.eventTypes(),
    queryFn: ({ signal }) => api.get('/api/audit/event-types', { schema: auditEventTypesSchema, signal }),
  });
