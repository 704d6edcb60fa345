import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A number known now, still loading, or whose read failed. */
export type Figure = { value: number | string } | 'loading' | 'failed';

export const figureOf = <T,>(query: UseQueryResult<T>, value: (data: T) => number | string): Figure =>
  query.isSuccess ? { value: value(query.data) } : query.isError ? 'failed' : 'loading';

/** One of the dashboard's four numbers: a grey block while it loads, a dash when its read failed. */
export function SummaryCard({ title, caption, figure }: { title: string; caption: string; figure: Figure }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {figure === 'loading' ? (
          <Skeleton role="status" aria-label={`Loading ${title}`} className="h-8 w-16" />
        ) : (
          <p
            className="text-2xl font-bold"
            aria-label={figure === 'failed' ? `${title} could not be loaded` : undefined}
          >
            {figure === 'failed' ? '–' : figure.value}
          </p>
        )}
        <CardDescription>{caption}</CardDescription>
      </CardContent>
    </Card>
  );
}
