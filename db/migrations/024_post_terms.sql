-- Post search's newest matches (api/services/social/search.ts), read newest first. The GIN index on posts.search
-- answers "which posts match" but not in any order: the newest matches of a pair of common words cost their whole
-- match list (thousands of posts read and sorted; 35-56 ms for a pair in the 1M-post benchmark seed). Here each
-- lexeme of a post outside clubs has a row, and (term, seq) is a btree: the posts holding every word of a query come
-- out newest first from a merge of the words' ranges, which stops at the page's bound.
--
-- Kept by triggers on posts, so it holds exactly the lexemes of posts.search for every post outside a club:
-- inserts, deletes and truncates by statement (one INSERT ... SELECT for a bulk insert), updates by row, and only when
-- the text or the club changed (votes and replies update posts all the time and never touch it).
CREATE TABLE post_terms (
  term text NOT NULL,
  seq  bigint NOT NULL,
  PRIMARY KEY (term, seq)
);

CREATE FUNCTION post_terms_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO post_terms (term, seq)
    SELECT l.lexeme, n.seq FROM new_posts n, unnest(n.search) l WHERE n.club_id IS NULL;
  RETURN NULL;
END
$$;

CREATE FUNCTION post_terms_delete() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM post_terms t USING old_posts o, unnest(o.search) l
   WHERE o.club_id IS NULL AND t.term = l.lexeme AND t.seq = o.seq;
  RETURN NULL;
END
$$;

CREATE FUNCTION post_terms_update() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF OLD.club_id IS NULL THEN
    DELETE FROM post_terms t USING unnest(OLD.search) l WHERE t.term = l.lexeme AND t.seq = OLD.seq;
  END IF;
  IF NEW.club_id IS NULL THEN
    INSERT INTO post_terms (term, seq) SELECT l.lexeme, NEW.seq FROM unnest(NEW.search) l;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION post_terms_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  TRUNCATE post_terms;
  RETURN NULL;
END
$$;

CREATE TRIGGER post_terms_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_insert();
CREATE TRIGGER post_terms_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_posts
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_delete();
CREATE TRIGGER post_terms_update AFTER UPDATE OF title, content, club_id, seq ON posts FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.club_id IS DISTINCT FROM NEW.club_id OR OLD.seq <> NEW.seq)
  EXECUTE FUNCTION post_terms_update();
-- An operator's or a test's TRUNCATE of posts (012 expects one): left behind, the rows would clash with the posts
-- of a restarted sequence.
CREATE TRIGGER post_terms_truncate AFTER TRUNCATE ON posts FOR EACH STATEMENT EXECUTE FUNCTION post_terms_truncate();

INSERT INTO post_terms (term, seq) SELECT l.lexeme, p.seq FROM posts p, unnest(p.search) l WHERE p.club_id IS NULL;
ANALYZE post_terms;
