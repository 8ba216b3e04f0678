/** The API process's logger (core/log.ts): JSON lines, each with the request id of the request being served. */
import { createLogger } from "../core/log.js";

export const apiLog = createLogger("api");
