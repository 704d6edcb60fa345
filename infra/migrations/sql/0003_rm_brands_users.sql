CREATE TABLE rm.brands (
  id int PRIMARY KEY,
  name text NOT NULL
);

-- One row per person and brand (spec 000 §3 "Permission/user record").
CREATE TABLE rm.user_permissions (
  user_id text NOT NULL,
  email text NOT NULL,
  brand_id int NOT NULL,
  permission_level text NOT NULL,
  auth_type text NOT NULL DEFAULT 'replit',
  display_name text,
  username text,
  profile_image text,
  PRIMARY KEY (user_id, brand_id)
);
CREATE INDEX user_permissions_email_idx ON rm.user_permissions (email);
