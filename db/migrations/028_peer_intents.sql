-- Peer deployments are intents like every other transaction the service sends: connectPeer on the home chain and
-- PeerTokenFactory.deploy on the destination, signed by the operator (wallet_index -1, DEPLOYER_PRIVATE_KEY) with no
-- user. A deployment row names the intents of its current attempt (worker/peers.ts).
ALTER TABLE intents DROP CONSTRAINT intents_kind_check;
ALTER TABLE intents ADD CONSTRAINT intents_kind_check
  CHECK (kind IN ('create_token', 'trade', 'approval', 'transaction', 'claim_fees', 'peer_connect', 'peer_deploy'));
ALTER TABLE token_deployments
  ADD COLUMN connect_intent_id uuid REFERENCES intents (id),
  ADD COLUMN deploy_intent_id uuid REFERENCES intents (id);
