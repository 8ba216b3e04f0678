-- Tips (api/services/tip.ts): a transfer of a launched token or USDC from one user's wallet on record to another
-- user's, for one of their posts (post_id) or for themselves (post_id null). Amounts are base units (USDC 6
-- decimals, launched tokens 18).
--
-- A tip counts (in its post's tip_count and tip_totals, and with a 'tip' notification to its recipient) while its
-- transfer is confirmed on chain, and only then:
-- * sent by the service (autoExecute): the row is written with its intent (status from the intent's) and follows the
--   intent from then on (tips_follow_intent): confirmed when the worker confirms the transaction, pending again if a
--   reorg drops it, failed if it fails or reverts. So a tip whose transaction outlasts the request's wait counts when
--   it lands, whoever is waiting, and an intent executes once however often the request is repeated;
-- * prepared and sent by the client: written confirmed when the client reports the mined transaction
--   (transactionHash) and the service has checked its receipt; a transaction is one tip (tips_reported_tx_idx).
-- Counting lives in one place, the tips_count trigger on this table, whoever writes the row.
CREATE TABLE tips (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  from_user_id  uuid NOT NULL REFERENCES users(id),
  to_user_id    uuid NOT NULL REFERENCES users(id),
  post_id       uuid REFERENCES posts(id) ON DELETE SET NULL,
  chain_id      integer NOT NULL,
  -- The ERC-20 sent: a launched token (its address on chain_id, lower case, and its app id), or USDC (both null).
  token_address text,
  token_id      uuid REFERENCES tokens(id),
  amount        numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- The service's intent (autoExecute), or null for a tip the client sent and reported.
  intent_id     uuid UNIQUE REFERENCES intents(id),
  tx_hash       text,
  status        text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((token_address IS NULL) = (token_id IS NULL)),
  CHECK (intent_id IS NOT NULL OR (tx_hash IS NOT NULL AND status = 'confirmed'))
);
-- A reported transaction counts once. (An intent's hash is refused as a report: the intent's tip has it.)
CREATE UNIQUE INDEX tips_reported_tx_idx ON tips (chain_id, tx_hash) WHERE intent_id IS NULL;
CREATE INDEX tips_post_idx ON tips (post_id) WHERE status = 'confirmed';
CREATE INDEX tips_to_user_idx ON tips (to_user_id, created_at DESC);

-- The post's confirmed tips: how many, and per chain and asset [{chain_id, token_id, symbol, count, amount}]
-- (amount in base units, as text). Read with the post (api/services/social/post-cache.ts): written here, the
-- UPDATE drops the cached post in every API process (012_post_notify.sql).
ALTER TABLE posts ADD COLUMN tip_count integer NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN tip_totals jsonb NOT NULL DEFAULT '[]'::jsonb;

ALTER TABLE notifications ADD COLUMN tip_id uuid REFERENCES tips(id) ON DELETE CASCADE;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('reply', 'vote', 'mention', 'follow', 'graduation', 'tip'));

-- A tip's status from its intent's: pending, signed and broadcast are pending; reverted and failed are failed.
CREATE FUNCTION tip_status(intent_status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE intent_status WHEN 'confirmed' THEN 'confirmed' WHEN 'reverted' THEN 'failed' WHEN 'failed' THEN 'failed'
         ELSE 'pending' END
$$;

-- The worker moves intents; their tips follow.
CREATE FUNCTION tips_follow_intent() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE tips SET status = tip_status(NEW.status), tx_hash = NEW.tx_hash
   WHERE intent_id = NEW.id
     AND (status IS DISTINCT FROM tip_status(NEW.status) OR tx_hash IS DISTINCT FROM NEW.tx_hash);
  RETURN NULL;
END
$$;
CREATE TRIGGER tips_follow_intent AFTER UPDATE OF status, tx_hash ON intents FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.tx_hash IS DISTINCT FROM NEW.tx_hash)
  EXECUTE FUNCTION tips_follow_intent();

-- A tip that becomes confirmed, or stops being confirmed (a reorg), recounts its post; the first confirmation
-- notifies its recipient (once: the dedupe key is the tip's).
CREATE FUNCTION tips_count() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status <> 'confirmed' AND (TG_OP = 'INSERT' OR OLD.status <> 'confirmed') THEN
    RETURN NULL;
  END IF;
  IF NEW.post_id IS NOT NULL THEN
    -- Locked first, so that the sums below (a statement of their own, with a snapshot taken after the lock) see
    -- every tip a concurrent transaction confirmed on this post before it let go.
    PERFORM 1 FROM posts WHERE id = NEW.post_id FOR UPDATE;
    UPDATE posts p SET tip_count = t.n, tip_totals = t.totals
      FROM (SELECT COALESCE(sum(g.n), 0)::int AS n,
                   COALESCE(jsonb_agg(jsonb_build_object('chain_id', g.chain_id, 'token_id', g.token_id,
                                                         'symbol', COALESCE(k.symbol, 'USDC'), 'count', g.n,
                                                         'amount', g.amount::text)
                                      ORDER BY g.chain_id, g.token_id NULLS FIRST), '[]'::jsonb) AS totals
              FROM (SELECT chain_id, token_id, count(*) AS n, sum(amount) AS amount FROM tips
                     WHERE post_id = NEW.post_id AND status = 'confirmed'
                     GROUP BY chain_id, token_id) g
              LEFT JOIN tokens k ON k.id = g.token_id) t
     WHERE p.id = NEW.post_id;
  END IF;
  IF NEW.status = 'confirmed' THEN
    INSERT INTO notifications (user_id, kind, actor_id, post_id, token_id, tip_id, dedupe_key)
    VALUES (NEW.to_user_id, 'tip', NEW.from_user_id, NEW.post_id, NEW.token_id, NEW.id, 'tip:' || NEW.id)
    ON CONFLICT (user_id, dedupe_key) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER tips_count AFTER INSERT OR UPDATE OF status ON tips FOR EACH ROW EXECUTE FUNCTION tips_count();
