/** Ponder requires an API file; the floor app serves only Ponder's built-in /ready, /status and /metrics. */
import { Hono } from "hono";

export default new Hono();
