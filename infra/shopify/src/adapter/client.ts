import { createAdminApiClient, type AdminApiClient } from '@shopify/admin-api-client';
import { apiVersion, type StoreConfig } from './config';
import { resettingFetch } from './reset-on-abort';

type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/**
 * The client library always builds `https://<domain>/admin/api/...`. In local mode we keep the real-looking
 * domain (so the emulator knows the shop) and send the request to the emulator's base URL instead: the same
 * code path as production, only the origin differs (reference §2 "Pointing the client at an emulator").
 */
export const emulatorFetch =
  (baseUrl: string) =>
  (url: string, init?: FetchInit): Promise<Response> => {
    const target = new URL(url);
    const headers = new Headers(init?.headers);
    headers.set('X-Emulated-Shop', target.host);
    return resettingFetch(`${baseUrl.replace(/\/$/, '')}${target.pathname}${target.search}`, { ...init, headers });
  };

export const createStoreApiClient = (
  store: StoreConfig & { token: string },
  emulatorUrl: string | null,
): AdminApiClient =>
  createAdminApiClient({
    storeDomain: store.domain,
    apiVersion,
    accessToken: store.token,
    // Our own retry loop (call.ts) handles 429/5xx/network errors with back-off and THROTTLED, which the
    // library never retries; library retries on top would multiply attempts.
    retries: 0,
    userAgentPrefix: 'discount-manager',
    customFetchApi: emulatorUrl ? emulatorFetch(emulatorUrl) : resettingFetch,
  });
