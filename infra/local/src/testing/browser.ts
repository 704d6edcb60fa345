/** A tiny cookie-keeping HTTP client that follows redirects by hand, as a browser would (tests only). */
export interface Hop {
  readonly url: string;
  readonly response: Response;
  readonly body: string;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

export const createBrowser = () => {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (url: URL) => jars.get(url.host) ?? jars.set(url.host, new Map()).get(url.host)!;

  const keepCookies = (url: URL, response: Response) => {
    const jar = jarOf(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
  };

  /** One request, no redirect following. */
  const request = async (target: string, init: RequestInit = {}): Promise<Hop> => {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookies = [...jarOf(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies) headers.set('cookie', cookies);
    // A page navigation: the gateway serves the SPA's index.html only to requests that accept HTML.
    if (!headers.has('accept')) headers.set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    keepCookies(url, response);
    return { url: url.toString(), response, body: await response.text() };
  };

  /** Follows redirects (as GETs) until a non-redirect answer or `stopAt` matches the next URL. */
  const follow = async (target: string, init: RequestInit = {}, stopAt?: (url: URL) => boolean): Promise<Hop[]> => {
    const hops: Hop[] = [];
    let next: string | null = target;
    let nextInit = init;
    while (next && hops.length < 20) {
      const hop = await request(next, nextInit);
      hops.push(hop);
      const location = hop.response.headers.get('location');
      if (!isRedirect(hop.response.status) || !location) break;
      next = new URL(location, next).toString();
      nextInit = {};
      if (stopAt?.(new URL(next))) break;
    }
    return hops;
  };

  const cookie = (origin: string, name: string) => jarOf(new URL(origin)).get(name);
  const setCookie = (origin: string, name: string, value: string) => jarOf(new URL(origin)).set(name, value);
  const forget = (origin: string, name: string) => jarOf(new URL(origin)).delete(name);

  return { request, follow, cookie, setCookie, forget };
};

export type Browser = ReturnType<typeof createBrowser>;

/** Fills in the provider's login form (`login`, `password`) on the page the last hop shows. */
export const submitLogin = (
  browser: Browser,
  page: Hop,
  credentials: { login: string; password: string },
  stopAt?: (url: URL) => boolean,
) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`No login form on ${page.url}`);
  const body = new URLSearchParams({ prompt: 'login', ...credentials });
  return browser.follow(
    new URL(action.replaceAll('&amp;', '&'), page.url).toString(),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    },
    stopAt,
  );
};

/** Where the last hop redirects to (when `follow` stopped at it). */
export const nextLocation = (hops: readonly Hop[]) => {
  const last = hops.at(-1);
  const location = last?.response.headers.get('location');
  return last && location ? new URL(location, last.url) : null;
};
