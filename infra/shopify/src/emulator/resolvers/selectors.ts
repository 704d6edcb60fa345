import { str, strList, type Args } from '../graphql/context';
import { userError, type UserErrorRecord } from '../services';

export type Selector =
  { readonly kind: 'ids'; readonly ids: string[] } | { readonly kind: 'search'; readonly search: string };

/** Exactly one of `ids`, `search` or `savedSearchId` (reference §5.4, §6.4). */
export const readSelector = (args: Args): Selector | UserErrorRecord[] => {
  const ids = strList(args, 'ids');
  const search = str(args, 'search');
  const saved = str(args, 'savedSearchId');
  const given = [ids, search, saved].filter((v) => v !== null).length;
  if (given === 0)
    return [
      userError(null, "Missing expected argument key: 'ids', 'search' or 'saved_search_id'.", 'MISSING_ARGUMENT'),
    ];
  if (given > 1)
    return [userError(null, "Only one of 'ids', 'search' or 'saved_search_id' is allowed.", 'TOO_MANY_ARGUMENTS')];
  if (saved !== null) return [userError(['savedSearchId'], "Invalid 'saved_search_id'.", 'INVALID')];
  if (search !== null) {
    return search.trim() === ''
      ? [userError(['search'], "'Search' can't be blank.", 'BLANK')]
      : { kind: 'search', search };
  }
  return { kind: 'ids', ids: ids ?? [] };
};
