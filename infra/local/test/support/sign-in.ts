import { demoPassword } from '../../src/demo-world';
import { createBrowser, submitLogin, type Browser } from '../../src/testing';

/** Signs in through the gateway and the provider's login form, following every redirect to the end. */
export const signIn = async (
  publicUrl: string,
  email: string,
  options: { returnTo?: string; password?: string; browser?: Browser } = {},
) => {
  const browser = options.browser ?? createBrowser();
  const query = options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`;
  const toForm = await browser.follow(`${publicUrl}/api/login${query}`);
  // Still signed in at the provider (single sign-on): it sends the browser straight back, no form.
  if (toForm.at(-1)!.url.startsWith(publicUrl)) return { browser, hops: toForm, landed: toForm.at(-1)! };
  const hops = await submitLogin(browser, toForm.at(-1)!, { login: email, password: options.password ?? demoPassword });
  return { browser, hops, landed: hops.at(-1)! };
};
