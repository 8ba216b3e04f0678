/**
 * Starts Swagger UI (swagger-ui-bundle.js, loaded before this script) on the docs page, with the OpenAPI document
 * named by the page. No validator badge (it would send the document to an outside service), and no deep links: their
 * anchors inside each operation's toggle button are interactive elements nested in another.
 */
type SwaggerUIBundleType = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

const root = document.getElementById("swagger-ui");
const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUIBundleType }).SwaggerUIBundle;
if (root && bundle) {
  // Swagger UI renders the servers menu without a label; name it for assistive technology once it appears.
  new MutationObserver(() => {
    const servers = root.querySelector("select#servers");
    if (servers && !servers.hasAttribute("aria-label")) servers.setAttribute("aria-label", "Server");
  }).observe(root, { childList: true, subtree: true });
  bundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    presets: [bundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: false,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
}
