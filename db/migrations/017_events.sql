-- The event log (issue 16): every change a client may want, with a global, gap-free sequence number. One
-- sequencer at a time (db/events.ts, under an advisory lock) appends to it, from two sources:
-- - the indexer's stream_event rows (one per chain log that matters, written in the same Ponder transaction as the
--   state it describes), sequenced block by block once the indexer's checkpoint has passed them;
-- - event_outbox, written by the triggers below in the same transaction as the app write they describe.
-- Nothing in it is rewritten: a reorg appends a `removed` event for each event of the blocks it undid (newest
-- first), and the original's removed_by points at it.
CREATE TABLE events (
  seq          bigint PRIMARY KEY,
  kind         text NOT NULL,
  -- Concrete keys the event is published on: tokens, token:<uuid>, token:<address>, account:<address>,
  -- chain:<chainId>, user:<uuid>, fees:<address> (addresses lower case). Subscriptions (core/events.ts) expand to these.
  channels     text[] NOT NULL,
  chain_id     integer,
  block_number bigint,
  block_hash   text,
  -- The indexer's stream_event id an event was derived from (several events can share one), or null.
  source       text,
  -- For a `removed` event: the seq it undoes.
  removes      bigint,
  -- For an event a reorg undid: the seq of its `removed` event.
  removed_by   bigint,
  data         jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_channels_idx ON events USING gin (channels);
-- Reorg checks look at the live events of a chain's recent blocks.
CREATE INDEX events_chain_block_idx ON events (chain_id, block_number)
  WHERE block_number IS NOT NULL AND removed_by IS NULL AND kind <> 'removed';
CREATE INDEX events_created_idx ON events (created_at);

-- Per indexed chain (Ponder's chain name): the last block whose stream_event rows are in the log.
CREATE TABLE event_cursors (
  chain_name text PRIMARY KEY,
  block      bigint NOT NULL
);

-- App writes waiting for the sequencer. Ids order them; a row is deleted in the transaction that sequences it.
CREATE TABLE event_outbox (
  id         bigserial PRIMARY KEY,
  kind       text NOT NULL,
  channels   text[] NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION event_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_outbox', '');
  RETURN NULL;
END $$;
CREATE TRIGGER event_outbox_notify AFTER INSERT ON event_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION event_outbox_notify();

-- The channels of a token's public events, or none for a token the app does not know.
CREATE FUNCTION token_channels(token uuid) RETURNS text[] LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT CASE WHEN token IS NULL THEN '{}'::text[] ELSE ARRAY['token:' || token::text] END
$$;

-- Posts and replies about a token, outside clubs (a club's posts are read through the club, and an invisible club
-- stays invisible): on the token's channel.
CREATE FUNCTION posts_event() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW.tagged_token_id IS NULL OR NEW.club_id IS NOT NULL THEN RETURN NULL; END IF;
  INSERT INTO event_outbox (kind, channels, data) VALUES (
    CASE WHEN NEW.parent_post_id IS NULL THEN 'post' ELSE 'reply' END,
    token_channels(NEW.tagged_token_id),
    jsonb_build_object('id', NEW.id, 'tokenId', NEW.tagged_token_id, 'userId', NEW.user_id,
                       'parentPostId', NEW.parent_post_id, 'title', NEW.title, 'content', NEW.content,
                       'hasPoll', NEW.has_poll, 'createdAt', NEW.created_at));
  RETURN NULL;
END $$;
CREATE TRIGGER posts_event AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_event();

-- Votes on a token, on a token's post or on the options of a token's poll (outside clubs): on the token's channel,
-- with the content's tally after the vote.
CREATE FUNCTION votes_event() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  token uuid;
  row votes%ROWTYPE;
BEGIN
  row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF row.content_type = 'token' THEN
    token := row.content_id;
  ELSIF row.content_type = 'post' THEN
    SELECT p.tagged_token_id INTO token FROM posts p WHERE p.id = row.content_id AND p.club_id IS NULL;
  ELSIF row.content_type = 'poll_option' THEN
    SELECT p.tagged_token_id INTO token FROM posts p WHERE p.id = row.poll_post_id AND p.club_id IS NULL;
  END IF;
  IF token IS NULL THEN RETURN NULL; END IF;
  INSERT INTO event_outbox (kind, channels, data) VALUES ('vote', token_channels(token),
    jsonb_build_object('tokenId', token, 'userId', row.user_id, 'contentType', row.content_type,
                       'contentId', row.content_id, 'pollPostId', row.poll_post_id,
                       'voteType', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE row.vote_type END,
                       'weight', row.weight::text, 'at', now()));
  RETURN NULL;
END $$;
CREATE TRIGGER votes_event AFTER INSERT OR UPDATE OF vote_type, weight OR DELETE ON votes
  FOR EACH ROW EXECUTE FUNCTION votes_event();

-- A notification: to its user only.
CREATE FUNCTION notifications_event() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO event_outbox (kind, channels, data) VALUES ('notification', ARRAY['user:' || NEW.user_id::text],
    jsonb_build_object('id', NEW.id, 'kind', NEW.kind, 'actorId', NEW.actor_id, 'postId', NEW.post_id,
                       'tokenId', NEW.token_id, 'createdAt', NEW.created_at));
  RETURN NULL;
END $$;
CREATE TRIGGER notifications_event AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_event();

-- An intent's status: to its user only. The signed transaction and its calldata stay out.
CREATE FUNCTION intents_event() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW.user_id IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN RETURN NULL; END IF;
  INSERT INTO event_outbox (kind, channels, data) VALUES ('intent', ARRAY['user:' || NEW.user_id::text],
    jsonb_build_object('id', NEW.id, 'kind', NEW.kind, 'status', NEW.status, 'chainSlug', NEW.chain_slug,
                       'transactionHash', NEW.tx_hash, 'blockNumber', NEW.block_number,
                       'errorCode', NEW.error_code, 'errorReason', NEW.error_reason, 'at', NEW.updated_at));
  RETURN NULL;
END $$;
CREATE TRIGGER intents_event AFTER INSERT OR UPDATE OF status ON intents
  FOR EACH ROW EXECUTE FUNCTION intents_event();
