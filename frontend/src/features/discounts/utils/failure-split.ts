import type { ToastInput } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

/**
 * Spec 001 §8: a create failure's message is split on its first line break: with several lines the first is the
 * title and the rest the description; otherwise the title is 'Error' and the message the description.
 */
export const splitFailureMessage = (message: string): { title: string; description: string } => {
  const cut = message.indexOf('\n');
  if (cut === -1) return { title: 'Error', description: message };
  return { title: message.slice(0, cut).trim() || 'Error', description: message.slice(cut + 1).trim() };
};

export const failureTitleSplit = (error: unknown): ToastInput => ({
  ...splitFailureMessage(errorMessage(error, 'Failed to create discount')),
  variant: 'destructive',
});
