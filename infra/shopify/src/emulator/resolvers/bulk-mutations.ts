import { randomUUID } from 'node:crypto';
import { GraphQLError, Kind, OperationTypeNode, parse, type DocumentNode } from 'graphql';
import { obj, str, type Args, type ResolverContext } from '../graphql/context';
import { gid } from '../gid';
import { toDateTime } from '../schema/scalars';
import type { BulkOperationRecord } from '../services';
import { bulkOperationView, isRunning } from './bulk-operations';

/** Bulk mutations allowed to run at once per app and shop since 2026-01 (reference §8.5). */
export const maxRunningBulkMutations = 5;
const noSuchFile =
  "The JSONL file could not be found. Try uploading the file again, and check that you've entered the URL correctly for the stagedUploadPath mutation argument.";

type BulkMutationError = { field: string[] | null; message: string; code: string | null };
const refused = (...userErrors: BulkMutationError[]) => ({ bulkOperation: null, userErrors });

/** The checks Shopify makes of the mutation text, in its order, with its texts (captured, reference §8.5). */
const mutationProblem = (text: string): BulkMutationError | null => {
  let doc: DocumentNode;
  try {
    doc = parse(text);
  } catch (error) {
    const detail = error instanceof GraphQLError ? error.message.replace(/^Syntax Error: /, '') : 'syntax error';
    return { field: null, message: `Failed to parse the mutation - ${detail}`, code: 'INVALID_MUTATION' };
  }
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length !== 1 || ops[0]!.operation !== OperationTypeNode.MUTATION)
    return {
      field: null,
      message: 'Invalid operation type. Only `mutation` operations are supported.',
      code: 'INVALID_MUTATION',
    };
  const roots = ops[0]!.selectionSet.selections;
  if (roots.length !== 1 || roots[0]!.kind !== Kind.FIELD)
    return { field: ['mutation'], message: 'You must specify a single top level mutation.', code: null };
  if (['bulkOperationRunMutation', 'bulkOperationRunQuery'].includes(roots[0]!.name.value))
    return { field: ['mutation'], message: 'You must use an allowed mutation name.', code: null };
  return null;
};

const clientIdentifierProblem = (value: string | null): BulkMutationError | null => {
  if (value === null) return null;
  if (value.length < 10)
    return {
      field: ['clientIdentifier'],
      message: 'is too short (minimum is 10 characters)',
      code: 'INVALID_MUTATION',
    };
  if (value.length > 255)
    return {
      field: ['clientIdentifier'],
      message: 'is too long (maximum is 255 characters)',
      code: 'INVALID_MUTATION',
    };
  return null;
};

export const bulkMutationResolvers = {
  /** Targets for the emulator's own upload route; the key is what `stagedUploadPath` names afterwards. */
  stagedUploadsCreate: (args: Args, ctx: ResolverContext) => {
    const inputs = Array.isArray(args.input) ? args.input.map(obj) : [];
    const targets = inputs.map((input) => {
      const filename = str(input ?? {}, 'filename') ?? 'upload.jsonl';
      const key = `tmp/${ctx.shop.identity.brandId}/bulk/${randomUUID()}/${filename}`;
      ctx.services.stagedUploads.set(key, null);
      const url = ctx.services.stagedUploadUrl();
      return {
        url,
        resourceUrl: url,
        parameters: [
          { name: 'Content-Type', value: str(input ?? {}, 'mimeType') ?? 'text/jsonl' },
          { name: 'success_action_status', value: '201' },
          { name: 'acl', value: 'private' },
          { name: 'key', value: key },
        ],
      };
    });
    return { stagedTargets: targets, userErrors: [] };
  },
  bulkOperationRunMutation: (args: Args, ctx: ResolverContext) => {
    const mutation = str(args, 'mutation') ?? '';
    const problem = mutationProblem(mutation) ?? clientIdentifierProblem(str(args, 'clientIdentifier'));
    if (problem) return refused(problem);
    const content = ctx.services.stagedUploads.get(str(args, 'stagedUploadPath') ?? '');
    if (content === undefined || content === null)
      return refused({ field: null, message: noSuchFile, code: 'NO_SUCH_FILE' });
    if (content.trim() === '')
      return refused({ field: null, message: 'The input file is empty.', code: 'INVALID_STAGED_UPLOAD_FILE' });
    const running = [...ctx.services.bulkOperations.values()].filter((op) => op.type === 'MUTATION' && isRunning(op));
    if (running.length >= maxRunningBulkMutations) {
      const ids = running.map((op) => gid('BulkOperation', op.id)).join(', ');
      return refused({
        field: null,
        message: `A bulk mutation operation for this app and shop is already in progress: ${ids}.`,
        code: 'OPERATION_IN_PROGRESS',
      });
    }
    const op: BulkOperationRecord = {
      id: ctx.shop.newId(),
      type: 'MUTATION',
      status: 'CREATED',
      errorCode: null,
      createdAt: toDateTime(ctx.now),
      completedAt: null,
      objectCount: 0,
      rootObjectCount: 0,
      fileSize: null,
      url: null,
      query: mutation,
      groupObjects: false,
      variablesJsonl: content,
    };
    ctx.services.bulkOperations.set(op.id, op);
    ctx.services.runBulkMutation(op);
    return { bulkOperation: bulkOperationView(op), userErrors: [] };
  },
};
