-- A token's deployment to each of its destination chains (create-token-transaction's destinationChains, the home
-- chain excluded): its peer's address there, and where it stands. The worker deploys pending peers once the token is
-- indexed on its home chain (worker/peers.ts). A chain the deployment cannot serve is recorded as not_deployed with
-- the reason, never dropped.
CREATE TABLE token_deployments (
  token_id   uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
  chain_slug text NOT NULL,
  status     text NOT NULL CHECK (status IN ('pending', 'deployed', 'not_deployed')),
  -- The peer's address (fixed by the home chain, token, name, symbol and URI), for an EVM chain.
  address    text,
  -- Why it is not deployed, or what the last attempt of a pending one failed with.
  reason     text,
  attempts   integer NOT NULL DEFAULT 0,
  -- connectPeer on the home chain, PeerTokenFactory.deploy on the destination.
  connect_tx text,
  deploy_tx  text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_id, chain_slug)
);
CREATE INDEX token_deployments_pending_idx ON token_deployments (created_at) WHERE status = 'pending';
