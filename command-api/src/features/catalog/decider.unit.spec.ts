import { ConflictError, ForbiddenError, NotFoundError } from '@dm/events';
import { describe, it } from 'vitest';
import { systemActor, type Actor } from '../../shared/command';
import { deciderSpec, metadataFor, testNow } from '../../shared/testing/decider-spec';
import type { StoreFacts } from './commands';
import { brandCatalogDecider, importDecider } from './decider';

const admin: Actor = { id: 'u1', email: 'a@x.test', level: 'admin', brandIds: [1] };
const importId = '11111111-1111-4111-8111-111111111111';
const store: StoreFacts = {
  storeId: 3,
  name: 'Aurora GB',
  urlSlug: 'aurora-uk',
  brandId: 1,
  isActive: true,
  hasToken: true,
  tokenVariable: 'AURORA_UK_SHOPIFY_TOKEN',
};
const requestImport = (facts: StoreFacts | null, actor: Actor = admin) => ({
  type: 'RequestCatalogImport' as const,
  data: { importId, kind: 'products' as const, brandId: 1, storeId: 3, store: facts },
  metadata: metadataFor(actor),
});

describe('When an import is requested', () => {
  const spec = deciderSpec(importDecider);
  it('should record the request for an active store with a token', () => {
    spec
      .given([])
      .when(requestImport(store))
      .then([
        {
          type: 'CatalogImportRequested',
          data: { importId, kind: 'products', brandId: 1, storeId: 3, storeSlug: 'aurora-uk', requestedAt: testNow },
        },
      ]);
  });
  it('should refuse an inactive store, a store without a token, and a store of another brand', () => {
    spec
      .given([])
      .when(requestImport({ ...store, isActive: false }))
      .thenThrows(ConflictError, /inactive/);
    spec
      .given([])
      .when(requestImport({ ...store, hasToken: false }))
      .thenThrows(
        ConflictError,
        "Aurora GB is not connected to Shopify yet: it takes no discounts and no code syncs. Ask the store's Shopify owner",
      );
    spec
      .given([])
      .when(requestImport({ ...store, brandId: 2 }))
      .thenThrows(NotFoundError);
    spec.given([]).when(requestImport(null)).thenThrows(NotFoundError);
  });
  it('should refuse a brand the actor does not have, but not the system', () => {
    spec
      .given([])
      .when(requestImport(store, { ...admin, brandIds: [2] }))
      .thenThrows(ForbiddenError);
    spec
      .given([])
      .when(requestImport(store, systemActor))
      .then([
        {
          type: 'CatalogImportRequested',
          data: { importId, kind: 'products', brandId: 1, storeId: 3, storeSlug: 'aurora-uk', requestedAt: testNow },
        },
      ]);
  });
});

const p1 = '21111111-1111-4111-8111-111111111111';
const p2 = '31111111-1111-4111-8111-111111111111';
const linkId = '41111111-1111-4111-8111-111111111111';
const marked = {
  type: 'CatalogItemsMarked' as const,
  data: { brandId: 1, itemKind: 'product' as const, itemIds: [p1], markedAt: testNow },
};
const linked = {
  type: 'CatalogItemsLinked' as const,
  data: { brandId: 1, itemKind: 'product' as const, linkId, sourceId: p1, targetId: p2, linkedAt: testNow },
};

describe('When people mark and link catalog items', () => {
  const spec = deciderSpec(brandCatalogDecider);
  const mark = (itemIds: string[], foundIds = itemIds, memberIds = foundIds) => ({
    type: 'MarkCatalogItems' as const,
    data: { brandId: 1, itemKind: 'product' as const, itemIds, foundIds, memberIds },
    metadata: metadataFor(admin),
  });
  const p3 = '51111111-1111-4111-8111-111111111111';
  const link = (alreadyLinked = false) => ({
    type: 'LinkCatalogItems' as const,
    data: {
      brandId: 1,
      itemKind: 'product' as const,
      linkId,
      sourceId: p1,
      targetId: p2,
      foundIds: [p1, p2],
      alreadyLinked,
    },
    metadata: metadataFor(admin),
  });
  it('should mark only what is not marked yet, and nothing twice', () => {
    spec
      .given([marked])
      .when(mark([p1, p2]))
      .then([
        { type: 'CatalogItemsMarked', data: { brandId: 1, itemKind: 'product', itemIds: [p2], markedAt: testNow } },
      ]);
    spec
      .given([marked])
      .when(mark([p1]))
      .then([]);
    spec
      .given([])
      .when(mark([p1, p2], [p1]))
      .thenThrows(NotFoundError, /1 product not found/);
  });
  it("should mark and unmark the selected item's whole group in one event", () => {
    spec
      .given([])
      .when(mark([p2], [p2], [p1, p2, p3]))
      .then([
        {
          type: 'CatalogItemsMarked',
          data: { brandId: 1, itemKind: 'product', itemIds: [p2, p1, p3], markedAt: testNow },
        },
      ]);
    spec
      .given([marked])
      .when({ ...mark([p3], [p3], [p1, p3]), type: 'UnmarkCatalogItems' })
      .then([
        { type: 'CatalogItemsUnmarked', data: { brandId: 1, itemKind: 'product', itemIds: [p1], unmarkedAt: testNow } },
      ]);
  });
  it('should link two items once', () => {
    spec.given([]).when(link()).then([linked]);
    spec
      .given([linked])
      .when(link())
      .thenThrows(ConflictError, /already linked/);
    spec.given([]).when(link(true)).thenThrows(ConflictError);
  });
  it('should remove a link once, recording an automatic one as suppressed', () => {
    const remove = {
      type: 'RemoveCatalogLink' as const,
      data: {
        itemKind: 'product' as const,
        link: { linkId, brandId: 1, linkType: 'sku' as const, sourceId: p1, targetId: p2 },
      },
      metadata: metadataFor(admin),
    };
    const removed = {
      type: 'CatalogLinkRemoved' as const,
      data: {
        brandId: 1,
        itemKind: 'product' as const,
        linkId,
        linkType: 'sku' as const,
        sourceId: p1,
        targetId: p2,
        removedAt: testNow,
      },
    };
    spec.given([]).when(remove).then([removed]);
    spec.given([removed]).when(remove).thenThrows(NotFoundError);
  });
});
