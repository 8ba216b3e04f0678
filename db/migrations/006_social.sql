-- The social layer: posts (plain, replies, polls, media, club and topic posts, posts tagged with a coin), votes
-- weighted by indexed holdings, follows, topics, clubs, livestreams and notifications.
--
-- Units: every weight and balance is numeric(78,0) in token base units (wei, 18 decimals); the API turns them into
-- whole-token numbers only at the JSON boundary. Counters are denormalised so that a feed page reads one index range
-- and a few rows, never an aggregate over votes:
--   posts.upvotes/downvotes/weighted_*/reply_count  kept by the vote and create-post services in the same transaction
--   posts.popularity, posts.rank_score              recomputed from those counters by post_popularity()/post_rank()
--   vote_tallies                                     the same counters for tokens, livestreams and poll options
-- Ordering columns: posts.seq (bigserial, insertion order) is the keyset of every "newest first" read and the tie
-- breaker of every ranked one, so a cursor is (sort key, seq) and never depends on timestamp precision.

CREATE TABLE topics (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_by  uuid NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX topics_name_idx ON topics (lower(name));

-- Visibility: public (anyone), holders (a minimum balance of token_id, in base units, on any chain, read from the
-- indexer at each access), invite (members and invited users only). The owner is always a member.
CREATE TABLE clubs (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  visibility   text NOT NULL CHECK (visibility IN ('public', 'holders', 'invite')),
  token_id     uuid REFERENCES tokens(id),
  min_balance  numeric(78, 0) NOT NULL DEFAULT 0 CHECK (min_balance >= 0),
  owner_id     uuid NOT NULL REFERENCES users(id),
  member_count integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (visibility <> 'holders' OR token_id IS NOT NULL)
);
CREATE INDEX clubs_token_idx ON clubs (token_id);

CREATE TABLE club_members (
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  user_id   uuid NOT NULL REFERENCES users(id),
  role      text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_members_user_idx ON club_members (user_id);

CREATE TABLE club_invites (
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users(id),
  invited_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, user_id)
);

CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users(id),
  followee_id uuid NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_followee_idx ON follows (followee_id, created_at DESC);

CREATE TABLE livestreams (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users(id),
  token_id   uuid REFERENCES tokens(id),
  title      text NOT NULL,
  stream_url text NOT NULL DEFAULT '',
  is_live    boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX livestreams_token_idx ON livestreams (token_id) WHERE is_live;

-- Hot-style ranking from the counters (see README, "Ranking"): engagement E = (upvotes - downvotes) + 2 * replies
-- + log10(1 + weighted up in whole tokens) - log10(1 + weighted down); rank = sign(E) * log10(1 + |E|) + age term,
-- where each 45,000 s (12.5 h) of newer creation is worth ten times the engagement. The age term grows with
-- creation time, so a stored rank never needs a periodic refresh.
CREATE FUNCTION post_popularity(up integer, down integer, wup numeric, wdown numeric, replies integer)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (up - down + 2 * replies)::double precision
       + log(1 + wup / 1e18)::double precision - log(1 + wdown / 1e18)::double precision
$$;
CREATE FUNCTION post_rank(popularity double precision, created timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sign(popularity) * log(1 + abs(popularity)) + (extract(epoch FROM created) - 1704067200) / 45000
$$;

CREATE TABLE posts (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq                bigserial NOT NULL UNIQUE,
  user_id            uuid NOT NULL REFERENCES users(id),
  title              text NOT NULL DEFAULT '',
  content            text NOT NULL DEFAULT '',
  parent_post_id     uuid REFERENCES posts(id),
  club_id            uuid REFERENCES clubs(id),
  topic_id           uuid REFERENCES topics(id),
  -- The token the post is about (taggedCoinId); a reply inherits its parent's unless it names one.
  tagged_token_id    uuid REFERENCES tokens(id),
  -- Media items as sent (media, media_type, order_index, alt_text, preview_image_url, link_*), ordered by order_index.
  media              jsonb NOT NULL DEFAULT '[]'::jsonb,
  has_media          boolean NOT NULL DEFAULT false,
  has_poll           boolean NOT NULL DEFAULT false,
  upvotes            integer NOT NULL DEFAULT 0,
  downvotes          integer NOT NULL DEFAULT 0,
  weighted_upvotes   numeric(78, 0) NOT NULL DEFAULT 0,
  weighted_downvotes numeric(78, 0) NOT NULL DEFAULT 0,
  reply_count        integer NOT NULL DEFAULT 0,
  popularity         double precision NOT NULL DEFAULT 0,
  -- Kept by the posts_rank trigger below.
  rank_score         double precision NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  search             tsvector GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || content)) STORED
);
-- popularity and rank_score follow the counters on every write, so no writer (service, seed or benchmark) can
-- store a rank that disagrees with the formula.
CREATE FUNCTION posts_rank_trigger() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.popularity := post_popularity(NEW.upvotes, NEW.downvotes, NEW.weighted_upvotes, NEW.weighted_downvotes,
                                    NEW.reply_count);
  NEW.rank_score := post_rank(NEW.popularity, NEW.created_at);
  RETURN NEW;
END
$$;
CREATE TRIGGER posts_rank BEFORE INSERT OR UPDATE OF upvotes, downvotes, weighted_upvotes, weighted_downvotes,
  reply_count, created_at ON posts FOR EACH ROW EXECUTE FUNCTION posts_rank_trigger();

-- Feeds read only top-level posts outside clubs (club posts are read through the club), so the feed indexes are
-- partial on exactly that, and each one is the keyset of one ordering.
CREATE INDEX posts_rank_idx ON posts (rank_score DESC, seq DESC) WHERE parent_post_id IS NULL AND club_id IS NULL;
CREATE INDEX posts_new_idx ON posts (seq DESC) WHERE parent_post_id IS NULL AND club_id IS NULL;
CREATE INDEX posts_popular_idx ON posts (popularity DESC, seq DESC) WHERE parent_post_id IS NULL AND club_id IS NULL;
CREATE INDEX posts_token_rank_idx ON posts (tagged_token_id, rank_score DESC, seq DESC)
  WHERE parent_post_id IS NULL AND club_id IS NULL;
CREATE INDEX posts_token_new_idx ON posts (tagged_token_id, seq DESC) WHERE parent_post_id IS NULL AND club_id IS NULL;
CREATE INDEX posts_token_popular_idx ON posts (tagged_token_id, popularity DESC, seq DESC)
  WHERE parent_post_id IS NULL AND club_id IS NULL;
-- The following timeline reads each followee's newest posts (one short range per followee).
CREATE INDEX posts_user_idx ON posts (user_id, seq DESC) WHERE parent_post_id IS NULL AND club_id IS NULL;
-- my_posts / my_replies and the club feed.
CREATE INDEX posts_author_idx ON posts (user_id, seq DESC);
CREATE INDEX posts_parent_idx ON posts (parent_post_id, seq) WHERE parent_post_id IS NOT NULL;
CREATE INDEX posts_club_idx ON posts (club_id, seq DESC) WHERE club_id IS NOT NULL AND parent_post_id IS NULL;
CREATE INDEX posts_topic_idx ON posts (topic_id, seq DESC) WHERE topic_id IS NOT NULL;
CREATE INDEX posts_search_idx ON posts USING gin (search);

-- A poll belongs to its post. Its votes weigh the balance of token_id at snapshot_block (the indexed block when
-- the poll was created): poll_snapshot_balances copies every holder's balance of that token at that block, read in
-- one repeatable-read transaction with the indexer's checkpoint, so later buys cannot add weight (no flash votes).
CREATE TABLE polls (
  post_id        uuid PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  question       text NOT NULL,
  is_weighted    boolean NOT NULL DEFAULT false,
  token_id       uuid REFERENCES tokens(id),
  snapshot_block bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE poll_options (
  id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id  uuid NOT NULL REFERENCES polls(post_id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- The option id the client sent (any string); votes address options by the uuid above.
  key      text NOT NULL,
  text     text NOT NULL,
  emoji    text NOT NULL DEFAULT '',
  UNIQUE (post_id, position),
  UNIQUE (post_id, key)
);

CREATE TABLE poll_snapshot_balances (
  post_id  uuid NOT NULL REFERENCES polls(post_id) ON DELETE CASCADE,
  address  text NOT NULL,
  chain_id integer NOT NULL,
  balance  numeric(78, 0) NOT NULL,
  PRIMARY KEY (post_id, address, chain_id)
);

-- One vote per user and target. weight is server-owned: the voter's indexed balance of voting_token_id (base
-- units) when the vote was cast, or the poll snapshot balance for a poll option.
CREATE TABLE votes (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users(id),
  content_type    text NOT NULL CHECK (content_type IN ('token', 'post', 'livestream', 'poll_option')),
  content_id      uuid NOT NULL,
  vote_type       text NOT NULL CHECK (vote_type IN ('upvote', 'downvote')),
  weight          numeric(78, 0) NOT NULL DEFAULT 0 CHECK (weight >= 0),
  voting_token_id uuid REFERENCES tokens(id),
  -- The poll's post for a poll-option vote: a user has at most one vote per poll.
  poll_post_id    uuid REFERENCES polls(post_id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, content_type, content_id)
);
CREATE UNIQUE INDEX votes_one_per_poll_idx ON votes (poll_post_id, user_id) WHERE poll_post_id IS NOT NULL;
CREATE INDEX votes_content_idx ON votes (content_type, content_id);

CREATE TABLE vote_tallies (
  content_type       text NOT NULL,
  content_id         uuid NOT NULL,
  upvotes            integer NOT NULL DEFAULT 0,
  downvotes          integer NOT NULL DEFAULT 0,
  weighted_upvotes   numeric(78, 0) NOT NULL DEFAULT 0,
  weighted_downvotes numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (content_type, content_id)
);

-- kind: reply (post_id = the reply), vote (post_id = your post), mention (post_id = the post naming you), follow
-- (actor_id = the new follower), graduation (token_id = a token you hold that graduated). dedupe_key makes each
-- event notify once: re-voting, re-following or re-reading graduation state adds nothing.
CREATE TABLE notifications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq        bigserial NOT NULL UNIQUE,
  user_id    uuid NOT NULL REFERENCES users(id),
  kind       text NOT NULL CHECK (kind IN ('reply', 'vote', 'mention', 'follow', 'graduation')),
  actor_id   uuid REFERENCES users(id),
  post_id    uuid REFERENCES posts(id) ON DELETE CASCADE,
  token_id   uuid REFERENCES tokens(id),
  dedupe_key text NOT NULL,
  read_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, dedupe_key)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, seq DESC) WHERE read_at IS NULL;

-- Post search ranks full-text matches (posts_search_idx) and trigram matches on the content, when pg_trgm exists
-- (002 installs it in public).
DO $$
DECLARE ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  IF ext_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX posts_content_trgm_idx ON posts USING gin (content %I.gin_trgm_ops)', ext_schema);
  END IF;
END
$$;
