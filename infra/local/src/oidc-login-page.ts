export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Inline and system fonts only: the page must not ask anything of another host (it is the first page offline too).
const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f5;color:#171717}
main{width:100%;max-width:24rem;background:#fff;border:1px solid #e5e5e5;border-radius:.625rem;padding:2rem;
box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.5rem;margin:0 0 .25rem}
p.lead{margin:0 0 1.5rem;color:#525252}
label{display:block;font-weight:600;font-size:.875rem;margin:1rem 0 .375rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #a3a3a3;border-radius:.5rem;background:#fff;color:inherit}
input:focus{outline:2px solid #171717;outline-offset:1px}
input[aria-invalid=true]{border-color:#b91c1c}
.error{margin:1rem 0 0;padding:.75rem;border-radius:.5rem;background:#fef2f2;color:#991b1b;font-size:.875rem}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;padding:.625rem;border:0;border-radius:.5rem;
background:#171717;color:#fff;cursor:pointer}
button:focus-visible{outline:2px solid #171717;outline-offset:2px}
.hint{margin:1.25rem 0 0;font-size:.8125rem;color:#525252}`;

export interface LoginPageOptions {
  readonly uid: string;
  readonly login?: string;
  /** Set after a refused attempt: shown above the form and announced to screen readers. */
  readonly error?: string;
  /** A line under the form, e.g. which local accounts exist. */
  readonly hint?: string;
}

/**
 * The local provider's sign-in page, in the product's look: labelled fields, a clear refusal, no debug output.
 * Field names (`login`, `password`, `prompt=login`) are what the provider's form handler reads.
 */
export const loginPage = ({ uid, login = '', error, hint }: LoginPageOptions) => {
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Discount Manager</title><style>${style}</style></head>
<body><main>
<h1>Discount Manager</h1>
<p class="lead">Sign in with your work account.</p>
<form method="post" action="/interaction/${encodeURIComponent(uid)}" novalidate>
<input type="hidden" name="prompt" value="login">
${error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="login">Email</label>
<input id="login" name="login" type="email" autocomplete="username" required value="${escapeHtml(login)}"${invalid}${login ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${login ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}
</main></body></html>`;
};

/** Any other page of the provider (an expired sign-in, an error), in the same look. */
export const messagePage = (title: string, text: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Discount Manager</title><style>${style}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p class="lead" role="alert">${escapeHtml(text)}</p></main></body></html>`;
