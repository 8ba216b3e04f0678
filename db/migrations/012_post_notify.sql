-- Finer change notifications for the API's social caches (api/services/versions.ts, api/services/social/caches.ts):
-- * channel `<schema>_posts`: the ids of the posts an UPDATE changed (counters, rank), once per statement, or `*`
--   when a statement changed more than 100 of them or deleted any, so that each process drops exactly those cached
--   post views;
-- * `posts_inserted` on `<schema>_changes` after an INSERT into posts: cached timelines and search candidates
--   then look for posts newer than their watermark;
-- * `follows` on `<schema>_changes` after a follow or unfollow: cached following timelines are rebuilt.
CREATE OR REPLACE FUNCTION notify_posts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF (SELECT count(*) FROM changed) > 100 THEN
    ids := '*';
  ELSE
    SELECT string_agg(id::text, ',') INTO ids FROM changed;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify(TG_TABLE_SCHEMA || '_posts', ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER notify_posts_updated AFTER UPDATE ON posts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_posts_updated();

-- The service never deletes posts; should anyone (an operator, a test's cleanup), every cached view goes.
CREATE OR REPLACE FUNCTION notify_posts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_posts', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER notify_posts_removed AFTER DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_posts_removed();

CREATE OR REPLACE FUNCTION notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_changes', TG_TABLE_NAME || '_inserted');
  RETURN NULL;
END $$;

CREATE TRIGGER notify_posts_inserted AFTER INSERT ON posts FOR EACH STATEMENT EXECUTE FUNCTION notify_inserted();

CREATE TRIGGER notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON follows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
