import type { CheckCodesAnswer, DiscountCode, DiscountCodesAddedAnswer, DiscountCodesPage } from '@dm/events/http';
import { aCodesPage } from './code-fixtures';

export type Call = { method: string; url: string; body: unknown };
type Answer = () => Response | Promise<Response>;

/**
 * A stand-in for the codes calls of one discount (`discountId`): each answer can be replaced for one call, and
 * every call is recorded with its body.
 */
export const codesServer = (discountId: string) => {
  const state = {
    calls: [] as Call[],
    codes: [] as DiscountCode[],
    storeIds: [1, 2],
    total: undefined as number | undefined,
    next: new Map<string, Answer[]>(),
  };
  const codesPath = `/api/discounts/${discountId}/codes`;
  const once = (key: string, answer: Answer) => state.next.set(key, [...(state.next.get(key) ?? []), answer]);
  const take = (key: string) => state.next.get(key)?.shift();

  const handle = async (method: string, path: string): Promise<Response | null> => {
    const replaced = take(`${method} ${path}`);
    if (replaced) return replaced();
    if (method === 'GET' && path === codesPath) {
      const page: DiscountCodesPage = aCodesPage(state.codes, state.storeIds, state.total ?? state.codes.length);
      return Response.json(page);
    }
    if (method === 'DELETE' && path.startsWith('/api/codes/')) return Response.json({}, { status: 202 });
    return null;
  };

  return {
    state,
    codesPath,
    /** The next answer to `METHOD path` (then the default again). */
    once,
    checkAnswers: (answer: CheckCodesAnswer) =>
      once(`POST ${codesPath}/check-availability`, () => Response.json(answer)),
    addAnswers: (answer: DiscountCodesAddedAnswer) =>
      once(`POST ${codesPath}`, () => Response.json(answer, { status: 201 })),
    /** Records the call and answers it, or null when it is not a codes call. */
    fetch: async (url: string, init: RequestInit): Promise<Response | null> => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      if (path.startsWith(codesPath) || path.startsWith('/api/codes/')) state.calls.push({ method, url, body });
      return handle(method, path);
    },
  };
};

export const allAvailable = (codes: string[], stores: number[]): CheckCodesAnswer => ({
  canCreate: true,
  unchecked: [],
  results: stores.map((storeId) => ({
    storeId,
    storeName: `Aurora ${storeId}`,
    codes: codes.map((code) => ({ code, available: true, takenBy: null })),
  })),
  conflicts: [],
});

export const addedAnswer = (
  added: { id: string; code: string }[],
  stores: number[],
  overrides: Partial<DiscountCodesAddedAnswer> = {},
): DiscountCodesAddedAnswer => ({
  availableStores: stores.map((id) => ({ id, name: `Aurora ${id}` })),
  codesAdded: added.length,
  duplicatesSkipped: 0,
  savedLocally: false,
  data: { addedCodes: added, codesAdded: added.length },
  ...overrides,
});
