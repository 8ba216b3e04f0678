-- The app schema: what is not on chain. Created and changed only by versioned migrations (db/migrate.ts).

CREATE TABLE users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The identity provider's subject (JWT `sub`); null for users known only by API key.
  external_sub    text UNIQUE,
  username        text NOT NULL UNIQUE,
  profile_picture text NOT NULL DEFAULT '',
  -- Index of the custodial wallet derived from the server secret; its address is the wallet on record.
  wallet_index    integer NOT NULL UNIQUE,
  wallet_address  text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE wallet_index_seq START 1 OWNED BY users.wallet_index;

CREATE TABLE api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name        text NOT NULL DEFAULT '',
  -- SHA-256 of the key; the key itself is shown once, at creation, and never stored.
  key_hash    bytea NOT NULL UNIQUE,
  -- Shown in listings so a user can tell keys apart: the key's first characters.
  key_prefix  text NOT NULL,
  tier        text NOT NULL DEFAULT 'authenticated' CHECK (tier IN ('authenticated', 'premium')),
  -- Most a key may spend per UTC day through write tools, in USDC base units; null for no cap.
  daily_spend_cap_usdc numeric(78, 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

-- A token as the service knows it: the uuid and the metadata. Its on-chain state lives in the indexer's schema,
-- joined on token_layer_id.
CREATE TABLE tokens (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_layer_id     text NOT NULL UNIQUE,
  name               text NOT NULL,
  symbol             text NOT NULL,
  slug               text NOT NULL UNIQUE,
  description        text NOT NULL DEFAULT '',
  logo               text NOT NULL DEFAULT '',
  banner_url         text NOT NULL DEFAULT '',
  video_url          text NOT NULL DEFAULT '',
  links              jsonb NOT NULL DEFAULT '{}'::jsonb,
  pool_type          integer NOT NULL,
  chain_slug         text NOT NULL,
  destination_chains text[] NOT NULL DEFAULT '{}',
  creator_user_id    uuid REFERENCES users(id),
  creator_address    text NOT NULL,
  salt               text NOT NULL,
  metadata_cid       text,
  verified           boolean NOT NULL DEFAULT false,
  launch_post_id     uuid,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tokens_symbol_idx ON tokens (upper(symbol));

CREATE TABLE token_hashtags (
  token_id uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
  hashtag  text NOT NULL,
  PRIMARY KEY (token_id, hashtag)
);
CREATE INDEX token_hashtags_tag_idx ON token_hashtags (hashtag);

-- Content-addressed blobs (token metadata JSON, uploaded media), served at /ipfs/<cid>.
CREATE TABLE blobs (
  cid          text PRIMARY KEY,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
