import type { ToastInput } from '@/components/ui/use-toast';
import { errorMessage } from './api-client';

/**
 * Spec §8: every failure notice is a destructive toast with its title and, below, the reason: the server's
 * `{ message }`, a reason the server sent in a successful answer (a string), or else the fallback.
 */
export const failureNotice = (title: string, reason: unknown, fallback?: string): ToastInput => ({
  title,
  description: typeof reason === 'string' && reason !== '' ? reason : errorMessage(reason, fallback),
  variant: 'destructive',
});
