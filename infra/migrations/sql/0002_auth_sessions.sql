-- Server-side sessions (ARCHITECTURE §5). Operational state, not business decisions, so not events:
-- sign-ins themselves are recorded as UserSignedIn events.
CREATE SCHEMA IF NOT EXISTS auth;

CREATE TABLE auth.sessions (
  id_hash text PRIMARY KEY,            -- sha256 of the cookie value; the raw value is never stored
  email text NOT NULL,
  user_id text NOT NULL,
  first_name text,
  last_name text,
  profile_image_url text,
  id_token text,                       -- for RP-initiated logout at the provider
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_email_idx ON auth.sessions (email);

-- Short-lived state of a sign-in in flight (state, nonce, PKCE verifier, where to return).
CREATE TABLE auth.login_attempts (
  state text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  return_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
