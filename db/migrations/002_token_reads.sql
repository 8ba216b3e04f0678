-- Indexes for the token read endpoints (search-token, get-tokens, search, get-token-holders).

-- The indexer stores hex lowercase; joins and lookups compare lower(token_layer_id), so they can use this index
-- whatever case a writer used.
CREATE INDEX tokens_layer_lower_idx ON tokens (lower(token_layer_id));
-- Holders and token creators are matched to users by wallet address, case-insensitively.
CREATE INDEX users_wallet_lower_idx ON users (lower(wallet_address));
CREATE INDEX tokens_creator_lower_idx ON tokens (lower(creator_address));
CREATE INDEX token_hashtags_tag_lower_idx ON token_hashtags (lower(hashtag));

-- Partial-name search (`search`, search-token's last resort) uses ILIKE '%q%'; trigram indexes serve it when the
-- pg_trgm extension is available on the server. Without it the queries still work, as scans.
DO $$
DECLARE ext_schema text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    -- In public, never in the app schema: dropping an app schema must not drop an extension others use.
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX tokens_name_trgm_idx ON tokens USING gin (name %I.gin_trgm_ops)', ext_schema);
    EXECUTE format('CREATE INDEX tokens_slug_trgm_idx ON tokens USING gin (slug %I.gin_trgm_ops)', ext_schema);
    EXECUTE format('CREATE INDEX users_username_trgm_idx ON users USING gin (username %I.gin_trgm_ops)', ext_schema);
  END IF;
END
$$;
