-- Profiles (api/services/profiles.ts): a bio, whether others may see one's holdings (private by default), and
-- usernames unique without regard to case (the existing unique constraint is case-sensitive; both hold).
ALTER TABLE users ADD COLUMN bio text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN show_holdings boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));


-- Cached post views carry their author's username and picture (api/services/social/post-cache.ts): a rename or a
-- new picture drops them all, as a deletion does. Renames are rare; a per-author list is not worth keeping.
CREATE OR REPLACE FUNCTION notify_author_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_posts', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER notify_author_changed AFTER UPDATE OF username, profile_picture ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.profile_picture IS DISTINCT FROM NEW.profile_picture)
  EXECUTE FUNCTION notify_author_changed();
