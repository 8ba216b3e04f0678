/**
 * The SSRF rule of webhooks: a delivery goes only to an https URL whose host is, and resolves only to, public
 * addresses (core/address-class.ts). The API checks it when an endpoint is registered or its URL changed
 * (checkWebhookUrl); the worker checks it again at every attempt, against the addresses it is about to connect to
 * (webhookLookup: the connection is made to exactly the addresses it vetted, so a name that resolved to a public
 * address at registration and to a private one now, DNS rebinding, is refused). WEBHOOK_ALLOW_PRIVATE=true (a
 * development setting) lifts the address rule and allows http.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { type AddressClass, addressClass } from "./address-class.js";
import { AppError } from "./errors.js";

export type WebhookUrlOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: private addresses and http allowed (development and tests). */
  allowPrivate: boolean;
  /** Resolves a host name to all its addresses; default the system resolver (dns.lookup, all: true). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
};

const article = (c: AddressClass) => (c === "unspecified" ? "an" : "a");

/** Why a connection to `address` (for `host`) is refused, or null when it is allowed. */
function refusal(host: string, address: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const c = addressClass(address);
  if (c === null) return null;
  const what = `${article(c)} ${c} address; webhooks go to public addresses only`;
  return host === address
    ? `Webhook URL refused: ${host} is ${what}`
    : `Webhook URL refused: ${host} resolves to ${address}, ${what}`;
}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((done, fail) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? fail(error) : done(addresses))),
  );

/** The URL's host as a resolver or an IP check takes it: IPv6 literals without their brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The scheme and credential rules alone (no resolution): https (http too with allowPrivate), no user name or
 * password in the URL. Returns the parsed URL; throws 400 with the rule broken.
 */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("INVALID_PARAMETERS", "Invalid url: must be an absolute https URL");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new AppError("INVALID_PARAMETERS", "Webhook URL must use https");
  }
  if (url.username !== "" || url.password !== "") {
    throw new AppError("INVALID_PARAMETERS", "Webhook URL must not contain a user name or password");
  }
  return url;
}

/**
 * Registration's check: the URL's rules (parseWebhookUrl), then its host, an IP literal or every address the name
 * resolves to, must be public. Throws 400 naming the host and the refused address; a name that does not resolve
 * is refused too (a delivery to it could not be made).
 */
export async function checkWebhookUrl(raw: string, o: WebhookUrlOptions): Promise<URL> {
  const url = parseWebhookUrl(raw, o.allowPrivate);
  const host = hostOf(url);
  if (isIP(host)) {
    const refused = refusal(host, host, o.allowPrivate);
    if (refused) throw new AppError("INVALID_PARAMETERS", refused);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (o.resolve ?? systemResolve)(host);
  } catch (error) {
    throw new AppError("INVALID_PARAMETERS", `Webhook URL refused: ${host} does not resolve`, { cause: error });
  }
  if (addresses.length === 0) throw new AppError("INVALID_PARAMETERS", `Webhook URL refused: ${host} does not resolve`);
  for (const a of addresses) {
    const refused = refusal(host, a.address, o.allowPrivate);
    if (refused) throw new AppError("INVALID_PARAMETERS", refused);
  }
  return url;
}

/** Thrown by a delivery's connection when the address rule refuses where it would go. */
export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

/** The check an IP-literal host gets at delivery (a literal never reaches a lookup function); null when allowed. */
export function literalHostRefusal(url: URL, allowPrivate: boolean): string | null {
  const host = hostOf(url);
  return isIP(host) ? refusal(host, host, allowPrivate) : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests and sockets: resolves the name, refuses the connection (a
 * WebhookAddressError) when ANY address it resolves to is not public, and otherwise hands the socket exactly the
 * addresses it vetted. IP-literal hosts never reach it: check them with literalHostRefusal.
 */
export function webhookLookup(o: WebhookUrlOptions) {
  const resolve = o.resolve ?? systemResolve;
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string } | number | undefined,
    callback: LookupCallback,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        for (const a of addresses) {
          const refused = refusal(hostname, a.address, o.allowPrivate);
          if (refused) return callback(new WebhookAddressError(refused), "");
        }
        const asked = typeof options === "number" ? options : options?.family;
        const family = asked === 4 || asked === "IPv4" ? 4 : asked === 6 || asked === "IPv6" ? 6 : 0;
        const usable = family !== 0 ? addresses.filter((a) => a.family === family) : addresses;
        const first = usable[0];
        if (!first) return callback(new WebhookAddressError(`Webhook URL refused: ${hostname} does not resolve`), "");
        if (typeof options === "object" && options?.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
