/**
 * HTML built with a tagged template that escapes what it interpolates: `html\`<p>${name}</p>\`` is safe whatever
 * `name` holds. Only values that are already `Html` (another `html` template, or `raw` for markup the server wrote
 * itself) pass through unescaped; arrays are joined; null, undefined and false render nothing.
 */

/** Markup that is safe to place in a page as is. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export type Interpolation = Html | string | number | bigint | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML: the five characters that can end a text node or a quoted attribute value are escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function render(value: Interpolation): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** The template's markup with every interpolation escaped (attribute values must be quoted). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new Html(out);
}

/** Markup the server wrote itself (never user input), trusted as is. */
export const raw = (markup: string) => new Html(markup);

/**
 * A URL safe to put in an href or src: http(s) URLs, data:image URLs (for src), and paths on this origin. Anything
 * else (javascript:, vbscript:, protocol-relative) becomes undefined, so the attribute is left out.
 */
export function safeUrl(url: string, options: { allowData?: boolean } = {}): string | undefined {
  const u = url.trim();
  if (u.startsWith("/") && !u.startsWith("//")) return u;
  if (options.allowData && /^data:image\/(png|jpe?g|gif|webp|avif);base64,/i.test(u)) return u;
  try {
    const parsed = new URL(u);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
