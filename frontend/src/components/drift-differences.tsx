import type { DriftDifferences } from '@dm/events/http';
import { formatDateTime } from '@/lib/dates';

const fieldNames = { title: 'Title', startsAt: 'Start date', endsAt: 'End date', status: 'Status' } as const;

/** An instant in the app's one date-time format; other values (title, status) as they are. */
const shown = (field: keyof typeof fieldNames, value: string | null) => {
  if (value === null) return field === 'endsAt' ? 'no end' : 'none';
  if (field !== 'startsAt' && field !== 'endsAt') return `“${value}”`;
  return formatDateTime(value);
};

const codeList = (codes: readonly string[], count: number) =>
  `${codes.join(', ')}${count > codes.length ? ` and ${(count - codes.length).toLocaleString('en-US')} more` : ''}`;

/** What differs between our log and one store's copy of a discount (issue 13's drift), one line each. */
export function DriftDifferencesList({ differences }: { differences: DriftDifferences }) {
  return (
    <ul className="list-disc pl-5 text-sm">
      {differences.deleted ? <li>Deleted in Shopify’s admin</li> : null}
      {differences.missingCodeCount > 0 ? (
        <li className="break-words">
          Missing in the store: {codeList(differences.missingCodes, differences.missingCodeCount)}
        </li>
      ) : null}
      {differences.unexpectedCodeCount > 0 ? (
        <li className="break-words">
          Codes we never added: {codeList(differences.unexpectedCodes, differences.unexpectedCodeCount)}
        </li>
      ) : null}
      {differences.fields.map((f) => (
        <li key={f.field} className="break-words">
          {fieldNames[f.field]}: ours {shown(f.field, f.ours)}, Shopify’s {shown(f.field, f.shopify)}
        </li>
      ))}
    </ul>
  );
}
