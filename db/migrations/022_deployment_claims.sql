-- A pending deployment a worker is working on: claimed until this time (worker/peers.ts), in a statement of its own,
-- so that no transaction stays open while the worker waits on two chains. A worker that dies mid-deployment leaves
-- the claim to run out; another then takes the row and makes the (idempotent) calls again.
ALTER TABLE token_deployments ADD COLUMN claimed_until timestamptz;
