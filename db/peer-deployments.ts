/**
 * What an attempt at a peer deployment records (app.token_deployments), always under the claim it was made with
 * (db/indexed/peers.ts claimPendingDeployments): the intents it made, a wait for them, or its outcome. Each returns
 * false, recording nothing, when the claim ran out and another worker took the row meanwhile (or it is no longer
 * pending).
 */
import type pg from "pg";

/** A claimed deployment, as every statement here names it. */
export type ClaimedDeployment = { tokenId: string; chainSlug: string; claim: string };

const UNDER = "token_id = $1 AND chain_slug = $2 AND status = 'pending' AND claimed_until = $3::timestamptz";

const claimed = (d: ClaimedDeployment) => [d.tokenId, d.chainSlug, d.claim];

/**
 * Records the intents of this attempt (connectPeer and deploy, each null when not needed), keeping the row claimed
 * for `waitMs` before a worker looks at them again.
 */
export async function attachDeploymentIntents(
  db: pg.Pool,
  schema: string,
  d: ClaimedDeployment,
  intents: { connect: string | null; deploy: string | null },
  waitMs: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE "${schema}".token_deployments
        SET connect_intent_id = $4, deploy_intent_id = $5, updated_at = now(),
            claimed_until = now() + make_interval(secs => $6::float8 / 1000)
      WHERE ${UNDER}`,
    [...claimed(d), intents.connect, intents.deploy, waitMs],
  );
  return rowCount === 1;
}

/** Its intents are still open: looked at again in `waitMs` (not an attempt). */
export async function deferDeployment(
  db: pg.Pool,
  schema: string,
  d: ClaimedDeployment,
  waitMs: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE "${schema}".token_deployments SET claimed_until = now() + make_interval(secs => $4::float8 / 1000)
      WHERE ${UNDER}`,
    [...claimed(d), waitMs],
  );
  return rowCount === 1;
}

/**
 * Records the outcome of one attempt: deployed with its transactions (the claim ends), or still pending with what
 * failed, its intents let go (the next attempt makes its own), left alone for `retryAfterMs`.
 */
export async function recordDeploymentAttempt(
  db: pg.Pool,
  schema: string,
  d: ClaimedDeployment,
  outcome:
    | { deployed: true; connectTx: string | null; deployTx: string | null }
    | { deployed: false; error: string; retryAfterMs: number },
): Promise<boolean> {
  const { rowCount } = outcome.deployed
    ? await db.query(
        `UPDATE "${schema}".token_deployments
            SET status = 'deployed', reason = NULL, attempts = attempts + 1, updated_at = now(), claimed_until = NULL,
                connect_tx = coalesce($4, connect_tx), deploy_tx = coalesce($5, deploy_tx)
          WHERE ${UNDER}`,
        [...claimed(d), outcome.connectTx, outcome.deployTx],
      )
    : await db.query(
        `UPDATE "${schema}".token_deployments
            SET reason = $4, attempts = attempts + 1, updated_at = now(), connect_intent_id = NULL,
                deploy_intent_id = NULL, claimed_until = now() + make_interval(secs => $5::float8 / 1000)
          WHERE ${UNDER}`,
        [...claimed(d), outcome.error, outcome.retryAfterMs],
      );
  return rowCount === 1;
}
