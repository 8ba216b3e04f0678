-- Change notifications for the API's per-process caches (api/services/versions.ts): a write to a table that token
-- records or authentication read notifies channel `<schema>_changes` with the table's name, once per statement, at
-- commit. The intents, notifications and rate-limit paths are not here: nothing cached reads them.
CREATE OR REPLACE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'api_keys', 'tokens', 'token_hashtags', 'posts', 'votes', 'vote_tallies',
                           'livestreams', 'clubs'] LOOP
    EXECUTE format('CREATE TRIGGER notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_change()', t);
  END LOOP;
END $$;
