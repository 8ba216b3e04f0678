/**
 * The API docs page (GET /docs): Swagger UI from the installed swagger-ui-dist (its pinned version), every file
 * served by the service under a hashed name, started by a script of ours (./client/docs.ts) that reads the OpenAPI
 * document's URL from the page. Nothing is loaded from elsewhere, and no script or style is inline.
 */
import { EVENT_KINDS } from "../../core/events.js";
import { CLOSE, CLOSE_REASONS } from "../streams/subscribe.js";
import type { AssetManifest } from "./assets.js";
import { type Html, html } from "./html.js";
import { page } from "./layout.js";

export function renderDocs(manifest: AssetManifest, openapiUrl: string, asyncapiUrl: string): Html {
  return page({
    manifest,
    meta: {
      title: "API docs · Social tokens",
      description: "The REST API under /functions/v1: every endpoint, its request and its response.",
    },
    styles: ["swagger-ui.css", "docs.css"],
    scripts: ["swagger-ui-bundle.js", "docs.js"],
    body: html`<h1 class="docs-title">API documentation</h1>
<div id="swagger-ui" data-openapi-url="${openapiUrl}"><p class="muted">Loading the OpenAPI document…</p></div>
<section class="docs-streams" aria-labelledby="streams-title">
<h2 id="streams-title">Streams</h2>
<p>GET /stream over WebSocket or Server-Sent Events, described by an AsyncAPI 3 document:
<a href="${asyncapiUrl}">${asyncapiUrl}</a>. Events: ${EVENT_KINDS.join(", ")}.</p>
<table><caption>WebSocket close codes</caption><thead><tr><th scope="col">Code</th><th scope="col">Why</th></tr></thead>
<tbody>${Object.entries(CLOSE).map(
      ([name, code]) => html`<tr><td>${String(code)}</td><td>${CLOSE_REASONS[name as keyof typeof CLOSE]}</td></tr>`,
    )}</tbody></table>
</section>`,
  });
}
