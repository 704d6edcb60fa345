import { pageRequest, paginate, sortByKey } from '../connections';
import { str, type Args, type ResolverContext } from '../graphql/context';
import { gid, parseGid } from '../gid';
import { matchList, matchNumber, matchTime } from '../search/compare';
import { searchFilter, type SearchSpec } from '../search/filter';
import { toDateTime } from '../schema/scalars';
import type { BulkOperationRecord } from '../services';
import { validateBulkQuery } from '../bulk/validate-bulk-query';
import { mapConnection } from '../views/catalog-view';
import { adminSchema } from '../schema/build';

/** Bulk *query* operations allowed to run at once per app and shop since 2026-01 (reference §8.2). */
export const maxRunningBulkQueries = 5;

export const bulkOperationView = (op: BulkOperationRecord) => ({
  __typename: 'BulkOperation',
  id: gid('BulkOperation', op.id),
  status: op.status,
  type: op.type,
  errorCode: op.errorCode,
  createdAt: op.createdAt,
  completedAt: op.completedAt,
  objectCount: String(op.objectCount),
  rootObjectCount: String(op.rootObjectCount),
  fileSize: op.fileSize === null ? null : String(op.fileSize),
  url: op.url,
  partialDataUrl: null,
  query: op.query,
});

export const isRunning = (op: BulkOperationRecord) =>
  op.status === 'CREATED' || op.status === 'RUNNING' || op.status === 'CANCELING';

const opSearch = (now: number): SearchSpec<BulkOperationRecord> => ({
  fields: {
    status: { match: (op, t) => matchList(op.status, t) },
    operation_type: { match: (op, t) => matchList(op.type.toLowerCase(), t) },
    created_at: { match: (op, t) => matchTime(op.createdAt, t, now) },
    id: { match: (op, t) => matchNumber(op.id, t) },
  },
  text: () => true,
});

export const bulkOperationResolvers = {
  bulkOperationRunQuery: (args: Args, ctx: ResolverContext) => {
    const query = str(args, 'query') ?? '';
    const check = validateBulkQuery(adminSchema(), query);
    if (!check.ok)
      return { bulkOperation: null, userErrors: [{ field: ['query'], message: check.message, code: 'INVALID' }] };
    const running = [...ctx.services.bulkOperations.values()].filter((op) => op.type === 'QUERY' && isRunning(op));
    if (running.length >= maxRunningBulkQueries) {
      const ids = running.map((op) => gid('BulkOperation', op.id)).join(', ');
      return {
        bulkOperation: null,
        userErrors: [
          {
            field: null,
            message: `A bulk query operation for this app and shop is already in progress: ${ids}.`,
            code: 'OPERATION_IN_PROGRESS',
          },
        ],
      };
    }
    const op: BulkOperationRecord = {
      id: ctx.shop.newId(),
      type: 'QUERY',
      status: 'CREATED',
      errorCode: null,
      createdAt: toDateTime(ctx.now),
      completedAt: null,
      objectCount: 0,
      rootObjectCount: 0,
      fileSize: null,
      url: null,
      query,
      groupObjects: args.groupObjects === true,
    };
    ctx.services.bulkOperations.set(op.id, op);
    ctx.services.scheduler.schedule(() => ctx.services.runBulkQuery(op), ctx.shop.identity.slug);
    return { bulkOperation: bulkOperationView(op), userErrors: [] };
  },
  bulkOperationCancel: (args: Args, ctx: ResolverContext) => {
    const op = ctx.services.bulkOperations.get(parseGid(str(args, 'id') ?? '', 'BulkOperation') ?? -1);
    if (!op) return { bulkOperation: null, userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] };
    if (!isRunning(op)) {
      return {
        bulkOperation: bulkOperationView(op),
        userErrors: [
          { field: null, message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}` },
        ],
      };
    }
    op.status = 'CANCELING';
    return { bulkOperation: bulkOperationView(op), userErrors: [] };
  },
  bulkOperation: (args: Args, ctx: ResolverContext) => {
    const op = ctx.services.bulkOperations.get(parseGid(str(args, 'id') ?? '', 'BulkOperation') ?? -1);
    return op ? bulkOperationView(op) : null;
  },
  bulkOperations: (args: Args, ctx: ResolverContext) => {
    const key = (op: BulkOperationRecord) => ({
      id: op.id,
      value: str(args, 'sortKey') === 'COMPLETED_AT' ? (op.completedAt ?? '') : op.createdAt,
    });
    const list = searchFilter(
      ctx.services.bulkOperations.values(),
      str(args, 'query'),
      opSearch(ctx.now),
      (r) => ctx.search.push(r),
      ['bulkOperations'],
    );
    return mapConnection(paginate(sortByKey(list, key), pageRequest(args, ctx.bulk), key), bulkOperationView);
  },
  currentBulkOperation: (args: Args, ctx: ResolverContext) => {
    const type = str(args, 'type') ?? 'QUERY';
    const last = [...ctx.services.bulkOperations.values()].filter((op) => op.type === type).at(-1);
    return last ? bulkOperationView(last) : null;
  },
};
