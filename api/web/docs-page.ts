/**
 * The API docs page (GET /docs): Swagger UI from the installed swagger-ui-dist (its pinned version), every file
 * served by the service under a hashed name, started by a script of ours (./client/docs.ts) that reads the OpenAPI
 * document's URL from the page. Nothing is loaded from elsewhere, and no script or style is inline.
 */
import type { AssetManifest } from "./assets.js";
import { type Html, html } from "./html.js";
import { page } from "./layout.js";

export function renderDocs(manifest: AssetManifest, openapiUrl: string): Html {
  return page({
    manifest,
    meta: {
      title: "API docs · Social tokens",
      description: "The REST API under /functions/v1: every endpoint, its request and its response.",
    },
    styles: ["swagger-ui.css", "docs.css"],
    scripts: ["swagger-ui-bundle.js", "docs.js"],
    body: html`<h1 class="docs-title">API documentation</h1>
<div id="swagger-ui" data-openapi-url="${openapiUrl}"><p class="muted">Loading the OpenAPI document…</p></div>`,
  });
}
