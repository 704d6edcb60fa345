import { matchNumber, matchText } from '../search/compare';
import { searchFilter, type SearchSpec } from '../search/filter';
import {
  decodeCursor,
  encodeCursor,
  pageRequest,
  paginate,
  sortByKey,
  toConnection,
  type SortKey,
} from '../connections';
import { str, type Args, type ResolverContext } from '../graphql/context';
import { gid } from '../gid';
import type { CodeBlock } from '../state/code-block';
import type { CodeRecord } from '../state/types';
import { mapConnection } from './catalog-view';

export const redeemCodeView = (c: CodeRecord) => ({
  __typename: 'DiscountRedeemCode',
  id: gid('DiscountRedeemCode', c.id),
  code: c.code,
  asyncUsageCount: c.asyncUsageCount,
  createdBy: null,
});

/** `codes(query:)` filters: default text, `id` range, `times_used` (reference §7.2). */
const codeSearch: SearchSpec<CodeRecord> = {
  fields: {
    id: { match: (c, t) => matchNumber(c.id, t) },
    times_used: { match: (c, t) => matchNumber(c.asyncUsageCount, t) },
  },
  text: (c, value) => matchText(c.code, value),
};

const idKey = (c: CodeRecord): SortKey => ({ id: c.id, value: c.id });

/**
 * Codes of a discount. The common case (id order, no filter) walks the block lazily, so paging through a
 * million-code discount never materialises it; filters and CODE order fall back to the generic pager.
 */
export const codesConnection = (block: CodeBlock, args: Args, ctx: ResolverContext, path: readonly string[]) => {
  const request = pageRequest(args, ctx.bulk);
  const sortKey = str(args, 'sortKey');
  const query = str(args, 'query');
  if (query || sortKey === 'CODE') {
    const filtered = searchFilter(block.iterate(null), query, codeSearch, (r) => ctx.search.push(r), path);
    const key = sortKey === 'CODE' ? (c: CodeRecord): SortKey => ({ id: c.id, value: c.code.toLowerCase() }) : idKey;
    return mapConnection(paginate(sortByKey(filtered, key), request, key), redeemCodeView);
  }
  const backward = request.last !== null;
  const reverse = request.reverse !== backward;
  const cursor = backward ? request.before : request.after;
  const size = request.first ?? request.last ?? Number.POSITIVE_INFINITY;
  const page: CodeRecord[] = [];
  let more = false;
  for (const code of block.iterate(cursor ? decodeCursor(cursor).id : null, reverse)) {
    if (page.length >= size) {
      more = true;
      break;
    }
    page.push(code);
  }
  if (backward) page.reverse();
  const behind = cursor !== null;
  const conn = toConnection(page, backward ? behind : more, backward ? more : behind, (c) => encodeCursor(idKey(c)));
  return mapConnection(conn, redeemCodeView);
};
