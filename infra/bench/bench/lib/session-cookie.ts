// A signed-in session for measuring pages from outside: the gateway's sign-in, the provider's form and the
// callback, followed over HTTP as a browser would, keeping cookies per host.

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const unescape = (text: string) => text.replaceAll('&amp;', '&');

/** The form's fields with their values, the email field and the password field filled in. */
const filledForm = (html: string, email: string, password: string) => {
  const form = /<form[^>]*>[\s\S]*?<\/form>/i.exec(html)?.[0];
  const action = form && attribute(/<form[^>]*>/i.exec(form)![0], 'action');
  if (!form || !action) return null;
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (!name) continue;
    const type = (attribute(input, 'type') ?? 'text').toLowerCase();
    const value =
      type === 'password' ? password : type === 'email' || name === 'login' ? email : attribute(input, 'value');
    fields.set(name, unescape(value ?? ''));
  }
  return { action: unescape(action), fields };
};

/** The `Cookie` header of a session of `email` on the app at `origin`. */
export const sessionCookie = async (origin: string, email: string, password: string): Promise<string> => {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (url: URL) => jars.get(url.host) ?? jars.set(url.host, new Map()).get(url.host)!;
  const header = (url: URL) => [...jarOf(url)].map(([name, value]) => `${name}=${value}`).join('; ');

  let url = new URL('/api/login?returnTo=%2F', origin);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const headers = new Headers(init.headers);
    headers.set('accept', 'text/html');
    if (jarOf(url).size > 0) headers.set('cookie', header(url));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jarOf(url).set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      init = {};
      if (url.origin === origin && !url.pathname.startsWith('/api/')) break; // back in the app: signed in
      continue;
    }
    const form = filledForm(await response.text(), email, password);
    if (!form) throw new Error(`Sign-in stopped at ${url.href} (${response.status}) with no form to fill`);
    url = new URL(form.action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.fields.toString(),
    };
  }
  const cookie = header(new URL(origin));
  const me = await fetch(new URL('/api/auth/user', origin), { headers: { cookie } });
  if (!me.ok) throw new Error(`Signing in as ${email} gave no session (GET /api/auth/user: ${me.status})`);
  return cookie;
};
