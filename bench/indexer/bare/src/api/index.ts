/** Ponder requires an API file; the bare app serves only Ponder's built-in /ready, /status and /metrics. */
import { Hono } from "hono";

export default new Hono();
