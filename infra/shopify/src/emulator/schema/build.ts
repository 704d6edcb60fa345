import { buildSchema, type GraphQLSchema } from 'graphql';
import { installScalars } from './scalars';
import { bulkMutationsSdl } from './sdl-bulk-mutations.graphql';
import { catalogSdl } from './sdl-catalog.graphql';
import { codesBulkSdl } from './sdl-codes-bulk.graphql';
import { discountInputsSdl } from './sdl-discount-inputs.graphql';
import { discountKindsSdl } from './sdl-discount-kinds.graphql';
import { discountValuesSdl } from './sdl-discount-values.graphql';
import { discountsSdl } from './sdl-discounts.graphql';
import { metafieldsSdl } from './sdl-metafields.graphql';
import { rootSdl } from './sdl-root.graphql';

export const adminSdl = [
  rootSdl,
  discountsSdl,
  discountKindsSdl,
  discountValuesSdl,
  discountInputsSdl,
  codesBulkSdl,
  bulkMutationsSdl,
  catalogSdl,
  metafieldsSdl,
].join('\n');

let built: GraphQLSchema | null = null;

/** One schema per process: building it costs a few milliseconds and it is immutable once scalars are set. */
export const adminSchema = (): GraphQLSchema => {
  if (!built) {
    built = buildSchema(adminSdl);
    installScalars(built);
  }
  return built;
};
