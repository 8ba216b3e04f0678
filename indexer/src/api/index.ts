/**
 * Ponder's own HTTP server: /ready, /status and /metrics come built in; GraphQL over the indexed tables is added
 * for debugging. The service's public API is api/ (Hono), which reads the same tables from Postgres.
 */
import { db } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { graphql } from "ponder";

const app = new Hono();
app.use("/graphql", graphql({ db, schema }));

export default app;
