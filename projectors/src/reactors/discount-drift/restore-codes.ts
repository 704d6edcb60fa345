import { foldCode, type DriftDifferences } from '@dm/events';
import type { ExistingCode, ShopifyStore } from '@dm/shopify';
import type pg from 'pg';
import { DeploymentProblem } from '../discount-deployment/problem';
import { missingCodePages, unexpectedCodePages, type CodeScope } from './code-pages';

async function* listed(codes: readonly string[]): AsyncGenerator<string[]> {
  if (codes.length > 0) yield [...codes];
}

/** Adds a page; a code Shopify says exists is fine when our discount holds it (a re-run), refused otherwise. */
const addPage = async (shopify: ShopifyStore, shopifyDiscountId: string, page: readonly string[]) => {
  const results = await shopify.addCodes(shopifyDiscountId, page, { concurrency: 1 });
  const conflicts = results.filter((r) => r.status === 'conflict').map((r) => r.code);
  const owners =
    conflicts.length > 0 ? await shopify.checkCodesExist(conflicts) : new Map<string, ExistingCode | null>();
  const refused = results.flatMap((r) =>
    r.status === 'rejected' || (r.status === 'conflict' && owners.get(r.code)?.discountId !== shopifyDiscountId)
      ? [`${r.code} (${r.reason})`]
      : [],
  );
  const live = results.flatMap((r) =>
    r.status === 'added' || (r.status === 'conflict' && owners.get(r.code)?.discountId === shopifyDiscountId)
      ? [r.code]
      : [],
  );
  return { added: results.filter((r) => r.status === 'added').length, live, refused };
};

/**
 * Every missing code added and every unexpected code removed — all of them, not only the ones the finding names
 * (at most `driftCodesListed` of each kind): when a count exceeds its list, the codes are read again from the
 * read models a page at a time (issue 22, item 7). What Shopify refused is the failure's reason, so a re-assert
 * never reports work it did not do.
 */
export const restoreCodes = async (
  db: pg.Pool,
  shopify: ShopifyStore,
  scope: CodeScope,
  differences: DriftDifferences,
  /** The code a re-created discount was created with: already there. */
  alreadyThere: string | null,
  /** Records a page's codes as live in the store (the codes page showed a failed push for some of them). */
  recordLive: (codes: readonly string[], page: number) => Promise<void>,
) => {
  const missing =
    differences.missingCodeCount > differences.missingCodes.length
      ? missingCodePages(db, scope)
      : listed(differences.missingCodes);
  const unexpected =
    differences.unexpectedCodeCount > differences.unexpectedCodes.length
      ? unexpectedCodePages(db, scope)
      : listed(differences.unexpectedCodes);
  let codesAdded = 0;
  const refused: string[] = [];
  let pageNumber = 0;
  for await (const page of missing) {
    const toAdd = page.filter((code) => alreadyThere === null || foldCode(code) !== foldCode(alreadyThere));
    if (toAdd.length === 0) continue;
    const done = await addPage(shopify, scope.shopifyDiscountId, toAdd);
    await recordLive(done.live, pageNumber++);
    codesAdded += done.added;
    refused.push(...done.refused);
  }
  if (refused.length > 0)
    throw new DeploymentProblem(
      `Shopify refused ${refused.length} code${refused.length === 1 ? '' : 's'}: ${refused.slice(0, 20).join(', ')}${refused.length > 20 ? ', …' : ''}`,
    );
  let codesRemoved = 0;
  for await (const page of unexpected) {
    const ids = await shopify.findCodeIds(scope.shopifyDiscountId, page);
    if (ids.size > 0) await shopify.deleteCodes(scope.shopifyDiscountId, [...ids.values()]);
    codesRemoved += ids.size;
  }
  return { codesAdded, codesRemoved };
};
