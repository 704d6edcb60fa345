import { z } from 'zod';
import { eventSchema, isoDateTime } from './define-event';
import { discountCreatorSchema } from './discounts';

/**
 * A discount's codes (docs/decisions/1100-discount-code-streams.md): `discount-codes:<discountId>` holds every
 * addition and deletion of the discount's codes and the push reactor's per-store outcomes. It is apart from
 * `discount:<id>` so that loading a discount to decide stays one short read however many codes it holds. Each
 * added code is reserved in the ledger (`code-reservation:<storeId>:<folded>`) in the same atomic append, which is
 * what makes a code unique per store; the codes stream itself is appended at any version.
 */
export const discountCodesStream = (discountId: string) => `discount-codes:${discountId}`;

/** Shopify's rules for a code: 1–255 characters, no whitespace, no control characters. */
export const codeMaxLength = 255;
// eslint-disable-next-line no-control-regex -- the control characters are exactly what this refuses
const badCodeCharacter = /[\s\u0000-\u001f\u007f-\u009f]/u;
/** Why Shopify would refuse this code, or null when it is a valid code. */
export const codeProblem = (code: string): string | null => {
  if (code.length === 0) return 'is empty';
  if (code.length > codeMaxLength) return `is longer than ${codeMaxLength} characters`;
  if (badCodeCharacter.test(code)) return 'holds a space or a control character';
  return null;
};

const id = z.number().int().positive();
const uuid = z.uuid();

export const addedCodeSchema = z.object({ codeId: uuid, code: z.string() });

/**
 * Codes added to a discount (reserved in every store of `storeIds` in the same append). `storeIds` are deployed
 * stores of the discount, or, when it was deployed nowhere yet, its target stores: then the codes are saved
 * locally (`savedLocally`) and pushed to each store once the discount is deployed there.
 */
export const discountCodesAddedSchema = eventSchema(
  'DiscountCodesAdded',
  z.object({
    discountId: uuid,
    brandId: id,
    codes: z.array(addedCodeSchema).min(1),
    storeIds: z.array(id).min(1),
    savedLocally: z.boolean(),
    influencerName: z.string().nullable(),
    addedBy: discountCreatorSchema,
    addedAt: isoDateTime,
  }),
);

/** A manager deleted a code: the reactor removes it from each store, then releases its reservation there. */
export const discountCodeDeletedSchema = eventSchema(
  'DiscountCodeDeleted',
  z.object({
    discountId: uuid,
    brandId: id,
    codeId: uuid,
    code: z.string(),
    storeIds: z.array(id),
    deletedBy: discountCreatorSchema,
    deletedAt: isoDateTime,
  }),
);

// ---- the push reactor's record, per store and chunk (≤ 250 codes) ------------------------------------------

/** `chunkKey` names one submission: the same (store, chunk) is never submitted twice. */
const chunk = { discountId: uuid, storeId: id, chunkKey: z.string() };

export const discountCodesPushStartedSchema = eventSchema(
  'DiscountCodesPushStarted',
  z.object({ ...chunk, codes: z.array(z.string()).min(1).max(250), startedAt: isoDateTime }),
);
/**
 * The chunk rides in the store's next bulk mutation run, named `runName`, as line `line` (decision 1530): recorded
 * before the run is sent, so that after a lost answer or a crash the push finds that run in Shopify's list of bulk
 * operations by its name and waits on it instead of sending the chunk again. A chunk whose run was never sent (the
 * process stopped first, or Shopify did not take it) rides in another run, noted again under that run's name.
 */
export const discountCodesPushBatchedSchema = eventSchema(
  'DiscountCodesPushBatched',
  z.object({ ...chunk, runName: z.string().min(1), line: z.number().int().nonnegative(), batchedAt: isoDateTime }),
);
/**
 * Shopify took the chunk as bulk creation `creationId` (a job it runs later). After a crash the reactor waits for
 * that job instead of submitting the chunk again. `skipped`: codes of the chunk deleted before it was submitted.
 */
export const discountCodesPushAcceptedSchema = eventSchema(
  'DiscountCodesPushAccepted',
  z.object({ ...chunk, creationId: z.string().min(1), skipped: z.array(z.string()), acceptedAt: isoDateTime }),
);
/**
 * The chunk's job finished: per code, live, or refused by the store (`conflict` when the store already holds
 * the code from outside our ledger; the reason is Shopify's text).
 */
export const discountCodesPushedSchema = eventSchema(
  'DiscountCodesPushed',
  z.object({
    ...chunk,
    live: z.array(z.string()),
    refused: z.array(z.object({ code: z.string(), reason: z.string(), conflict: z.boolean() })),
    pushedAt: isoDateTime,
  }),
);
/** The chunk could not be submitted at all (after the reactor's retries, or a refusal of the whole call). */
export const discountCodesPushFailedSchema = eventSchema(
  'DiscountCodesPushFailed',
  z.object({ ...chunk, codes: z.array(z.string()), reason: z.string(), retryable: z.boolean(), failedAt: isoDateTime }),
);

/** A deleted code is gone from one store (appended with the `CodeReleased` of that store's reservation). */
export const discountCodeRemovedFromStoreSchema = eventSchema(
  'DiscountCodeRemovedFromStore',
  z.object({ discountId: uuid, codeId: uuid, code: z.string(), storeId: id, removedAt: isoDateTime }),
);
/**
 * The removal of a code from a store waits for pushes of that code to the store still in flight (`chunkKeys`,
 * started without an outcome): Shopify's job may not have run yet, so looking the code up now would find nothing
 * and free a code about to go live (issue 22). Noted once per removal; the outcome follows once they settle.
 */
export const discountCodeRemovalHeldSchema = eventSchema(
  'DiscountCodeRemovalHeld',
  z.object({
    discountId: uuid,
    codeId: uuid,
    code: z.string(),
    storeId: id,
    chunkKeys: z.array(z.string()).min(1),
    heldAt: isoDateTime,
  }),
);
export const discountCodeRemovalFailedSchema = eventSchema(
  'DiscountCodeRemovalFailed',
  z.object({
    discountId: uuid,
    codeId: uuid,
    code: z.string(),
    storeId: id,
    reason: z.string(),
    retryable: z.boolean(),
    failedAt: isoDateTime,
  }),
);

/**
 * A CSV import of codes (`codes-import:<importId>`, decision 1485), appended in the same atomic append as the codes
 * it added: the stream's one event is the fence that makes the import's job run once, whichever replica runs it
 * and however often it is resumed. `attempt` names the run whose answer (the rejected rows) the job kept.
 */
export const codesImportStream = (importId: string) => `codes-import:${importId}`;
export const codesImportFinishedSchema = eventSchema(
  'CodesImportFinished',
  z.object({
    importId: uuid,
    discountId: uuid,
    brandId: id,
    storeIds: z.array(id),
    attempt: z.number().int().positive(),
    rowsRead: z.number().int().nonnegative(),
    codesAdded: z.number().int().nonnegative(),
    rowsRejected: z.number().int().nonnegative(),
    finishedAt: isoDateTime,
  }),
);

export const discountCodeEventSchema = z.discriminatedUnion('type', [
  discountCodesAddedSchema,
  discountCodeDeletedSchema,
  discountCodesPushStartedSchema,
  discountCodesPushBatchedSchema,
  discountCodesPushAcceptedSchema,
  discountCodesPushedSchema,
  discountCodesPushFailedSchema,
  discountCodeRemovedFromStoreSchema,
  discountCodeRemovalHeldSchema,
  discountCodeRemovalFailedSchema,
]);
export const codesImportEventSchema = z.discriminatedUnion('type', [codesImportFinishedSchema]);
export type DiscountCodeEvent = z.infer<typeof discountCodeEventSchema>;
