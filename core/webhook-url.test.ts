import type { LookupAddress } from "node:dns";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWebhookUrl, literalHostRefusal, WebhookAddressError, webhookLookup } from "./webhook-url.js";

const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<LookupAddress[]> => {
    const list = table[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const names = resolver({
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "rebind.example.com": ["93.184.215.14", "127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "empty.example.com": [],
});
const strict = { allowPrivate: false, resolve: names };

describe("checkWebhookUrl", () => {
  it("test_checkWebhookUrl_acceptsHttpsToAPublicHost", async () => {
    expect((await checkWebhookUrl("https://hooks.example.com/in?x=1", strict)).href).toBe(
      "https://hooks.example.com/in?x=1",
    );
    expect((await checkWebhookUrl("https://8.8.8.8:8443/hook", strict)).host).toBe("8.8.8.8:8443");
  });

  it("test_checkWebhookUrl_revertsIfAnyAddressIsNotPublic", async () => {
    const cases: [string, string][] = [
      [
        "https://rebind.example.com/",
        "Webhook URL refused: rebind.example.com resolves to 127.0.0.1, a loopback address; webhooks go to public addresses only",
      ],
      [
        "https://metadata.example.com/",
        "Webhook URL refused: metadata.example.com resolves to 169.254.169.254, a link-local address; webhooks go to public addresses only",
      ],
      [
        "https://mapped.example.com/",
        "Webhook URL refused: mapped.example.com resolves to ::ffff:10.0.0.1, a private address; webhooks go to public addresses only",
      ],
      [
        "https://127.0.0.1/",
        "Webhook URL refused: 127.0.0.1 is a loopback address; webhooks go to public addresses only",
      ],
      // The URL parser turns these spellings into the dotted form before the check.
      [
        "https://2130706433/",
        "Webhook URL refused: 127.0.0.1 is a loopback address; webhooks go to public addresses only",
      ],
      ["https://0x7f.1/", "Webhook URL refused: 127.0.0.1 is a loopback address; webhooks go to public addresses only"],
      ["https://[::1]/", "Webhook URL refused: ::1 is a loopback address; webhooks go to public addresses only"],
      [
        "https://[::ffff:169.254.169.254]/",
        "Webhook URL refused: ::ffff:a9fe:a9fe is a link-local address; webhooks go to public addresses only",
      ],
      [
        "https://0.0.0.0/",
        "Webhook URL refused: 0.0.0.0 is an unspecified address; webhooks go to public addresses only",
      ],
      [
        "https://100.100.1.1/",
        "Webhook URL refused: 100.100.1.1 is a CGNAT address; webhooks go to public addresses only",
      ],
      [
        "https://[fd00::1]/",
        "Webhook URL refused: fd00::1 is a unique-local address; webhooks go to public addresses only",
      ],
      ["https://nowhere.example.com/", "Webhook URL refused: nowhere.example.com does not resolve"],
      ["https://empty.example.com/", "Webhook URL refused: empty.example.com does not resolve"],
    ];
    for (const [url, message] of cases) await expect(checkWebhookUrl(url, strict), url).rejects.toThrow(message);
  });

  it("test_checkWebhookUrl_revertsIfNotHttpsOrWithCredentials", async () => {
    await expect(checkWebhookUrl("http://hooks.example.com/", strict)).rejects.toThrow("Webhook URL must use https");
    await expect(checkWebhookUrl("ftp://hooks.example.com/", strict)).rejects.toThrow("Webhook URL must use https");
    await expect(checkWebhookUrl("https://user:pw@hooks.example.com/", strict)).rejects.toThrow(
      "Webhook URL must not contain a user name or password",
    );
    await expect(checkWebhookUrl("not a url", strict)).rejects.toThrow("Invalid url: must be an absolute https URL");
  });

  it("test_checkWebhookUrl_allowPrivateAllowsHttpAndPrivateAddresses", async () => {
    const dev = { allowPrivate: true, resolve: names };
    expect((await checkWebhookUrl("http://127.0.0.1:3000/hook", dev)).port).toBe("3000");
    expect((await checkWebhookUrl("https://rebind.example.com/", dev)).hostname).toBe("rebind.example.com");
    await expect(checkWebhookUrl("ftp://127.0.0.1/", dev)).rejects.toThrow("Webhook URL must use https");
  });
});

describe("webhookLookup", () => {
  let server: ReturnType<typeof createServer>;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** GET http://<host>:<port>/ through the lookup; resolves with the status or rejects with the socket's error. */
  const get = (host: string, allowPrivate: boolean, table: Record<string, string[]>) =>
    new Promise<number>((done, fail) => {
      const req = request(
        { host, port, path: "/", agent: false, lookup: webhookLookup({ allowPrivate, resolve: resolver(table) }) },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on("error", fail);
      req.end();
    });

  it("test_webhookLookup_refusesTheConnectionToARebindingName", async () => {
    const before = hits;
    const error = await get("receiver.test", false, { "receiver.test": ["127.0.0.1"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookAddressError);
    expect((error as Error).message).toBe(
      "Webhook URL refused: receiver.test resolves to 127.0.0.1, a loopback address; webhooks go to public addresses only",
    );
    expect(hits).toBe(before);
  });

  it("test_webhookLookup_connectsToTheVettedAddressWhenAllowed", async () => {
    expect(await get("receiver.test", true, { "receiver.test": ["127.0.0.1"] })).toBe(200);
  });

  it("test_literalHostRefusal_checksIpLiterals", () => {
    expect(literalHostRefusal(new URL("https://[::1]:8443/"), false)).toBe(
      "Webhook URL refused: ::1 is a loopback address; webhooks go to public addresses only",
    );
    expect(literalHostRefusal(new URL("https://[::1]:8443/"), true)).toBeNull();
    expect(literalHostRefusal(new URL("https://8.8.8.8/"), false)).toBeNull();
    expect(literalHostRefusal(new URL("https://hooks.example.com/"), false)).toBeNull();
  });
});
