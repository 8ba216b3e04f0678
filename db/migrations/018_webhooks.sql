-- Webhooks (issue 16): endpoints users register, one delivery per matching event of the log (017_events.sql) and
-- endpoint, each attempt of a delivery, and the dispatcher's place in the log. Postgres is the record; Redis
-- (BullMQ) only dispatches the deliveries (worker/webhook-worker.ts).

CREATE TABLE webhook_endpoints (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id              uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url                  text NOT NULL,
  -- As the client named them (core/events.ts parseChannel): tokens, token:<id or address>, account:<address>, me.
  -- The dispatcher expands them to event keys when it matches.
  channels             text[] NOT NULL,
  -- The signing secret, whsec_<base64>. The worker signs with it; the API shows it once, at creation. It is in no
  -- job payload and no log line.
  secret               text NOT NULL,
  -- active: deliveries are made. paused (by its owner) and disabled (by the worker, after failing deliveries; see
  -- disabled_reason): no delivery is created for new events, and pending ones wait until it is active again.
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'disabled')),
  description          text NOT NULL DEFAULT '',
  -- The log's last seq when the endpoint was created: only later events are delivered to it.
  from_seq             bigint NOT NULL,
  -- Deliveries in a row that failed after every retry (a delivered one resets it); WEBHOOK_DISABLE_AFTER disables.
  consecutive_failures integer NOT NULL DEFAULT 0,
  disabled_reason      text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, created_at);
CREATE INDEX webhook_endpoints_active_idx ON webhook_endpoints (id) WHERE status = 'active';

CREATE TABLE webhook_deliveries (
  -- The Standard Webhooks webhook-id (msg_…): the same on every attempt and every redelivery, so that a receiver
  -- can drop repeats.
  id              text PRIMARY KEY,
  -- The delivery log's order (newest first) and keyset cursor.
  position        bigserial NOT NULL UNIQUE,
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  -- The event delivered; null for a test delivery (test-webhook).
  seq             bigint,
  -- The body's type: event.<kind>, or webhook.test.
  type            text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  -- Attempts since it was last queued (a redelivery starts again at 0; webhook_attempts keeps every one).
  attempts        integer NOT NULL DEFAULT 0,
  -- When a pending delivery's next attempt is due.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  -- The last attempt's HTTP status (null when there was no response) and what went wrong.
  last_status     integer,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  delivered_at    timestamptz,
  UNIQUE (endpoint_id, seq),
  CHECK ((seq IS NULL) = (type = 'webhook.test'))
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, position DESC);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

-- Every attempt of a delivery, for the delivery log.
CREATE TABLE webhook_attempts (
  id           bigserial PRIMARY KEY,
  delivery_id  text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  duration_ms  integer NOT NULL,
  -- HTTP status, null when no response came (refused address, connection error, timeout).
  status       integer,
  error        text
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);

-- The dispatcher's place in the log: every event up to seq has its deliveries. One row.
CREATE TABLE webhook_cursor (
  id  boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL
);
INSERT INTO webhook_cursor (seq) SELECT COALESCE(max(seq), 0) FROM events;

-- The owner hears of an endpoint the worker disabled: kind webhook_disabled, webhook_endpoint_id = the endpoint.
ALTER TABLE notifications ADD COLUMN webhook_endpoint_id uuid REFERENCES webhook_endpoints(id) ON DELETE SET NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('reply', 'vote', 'mention', 'follow', 'graduation', 'tip', 'webhook_disabled'));
