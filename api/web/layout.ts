/**
 * The shell every page shares: head (title, description, Open Graph and Twitter card tags, stylesheet, icon), a
 * header with the site's links, and the Content-Security-Policy pages are served with.
 */
import { type AssetManifest, assetPath } from "./assets.js";
import { type Html, html } from "./html.js";

/**
 * The pages' CSP: scripts and styles only from this origin (no inline script or style, no eval), images also as
 * data: and from https (token images may live elsewhere), fetches only to this origin, never framed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** HTML pages change with every block: browsers may keep them a few seconds, shared caches must revalidate. */
export const PAGE_CACHE = "public, max-age=5, must-revalidate";

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page (og:url), and of its preview image (og:image). */
  url?: string;
  image?: string;
};

export type PageParameters = {
  manifest: AssetManifest;
  meta: PageMeta;
  /** Logical names of the page's scripts (assets.ts), loaded deferred. */
  scripts?: string[];
  body: Html;
  /** Extra stylesheets by logical name. */
  styles?: string[];
};

export function page(p: PageParameters): Html {
  const { meta } = p;
  const css = ["site.css", ...(p.styles ?? [])].map(
    (name) => html`<link rel="stylesheet" href="${assetPath(p.manifest, name)}">`,
  );
  const scripts = (p.scripts ?? []).map((name) => html`<script defer src="${assetPath(p.manifest, name)}"></script>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta property="og:type" content="website">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
${meta.url ? html`<meta property="og:url" content="${meta.url}">` : null}
${meta.image ? html`<meta property="og:image" content="${meta.image}">` : null}
<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}">
<meta name="twitter:title" content="${meta.title}">
<meta name="twitter:description" content="${meta.description}">
${meta.image ? html`<meta name="twitter:image" content="${meta.image}">` : null}
<link rel="icon" href="${assetPath(p.manifest, "icon.svg")}" type="image/svg+xml">
${css}
${scripts}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/"><img src="${assetPath(p.manifest, "icon.svg")}" alt="" width="24" height="24"> Social tokens</a>
  <nav class="site-nav" aria-label="Site"><a href="/">Explore</a> <a href="/docs">API docs</a></nav>
</header>
<main id="main">
${p.body}
</main>
</body>
</html>
`;
}

/** The 404 page of an unknown token (or any unknown page path). */
export function notFoundPage(manifest: AssetManifest, what: string): Html {
  return page({
    manifest,
    meta: { title: "Not found · Social tokens", description: `${what} was not found.` },
    body: html`<section class="panel notfound">
  <h1>Not found</h1>
  <p>${what} was not found. It may not exist, or it may not be indexed yet.</p>
  <p><a href="/">Explore tokens</a></p>
</section>`,
  });
}
