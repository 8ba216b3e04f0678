/**
 * The service's machine-readable descriptions as a client's validator reads them: the AsyncAPI document's event
 * payloads (draft-07 JSON Schema) and the OpenAPI document's webhook bodies (OpenAPI 3.1, JSON Schema 2020-12), both
 * fetched from a served API and compiled with Ajv, so that a test holds what the service emits to what it publishes,
 * not to the zod schemas the documents are made from.
 */
import { Ajv, type ErrorObject } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { StreamEvent } from "../../core/events.js";
import { eventWebhookBody } from "../../core/webhooks.js";

const API = "/functions/v1";

type Check = (value: unknown) => string[];

const messagesOf = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);

/** Validators of the documents served at `url` (the API's base, as served.url). */
export async function servedDocuments(url: string) {
  const [asyncapi, openapi] = await Promise.all(
    ["asyncapi.json", "openapi.json"].map(async (name) => {
      const res = await fetch(`${url}${API}/${name}`);
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    }),
  );
  const draft7 = new Ajv({ strict: false, allErrors: true });
  addFormats.default(draft7);
  const oas = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(oas);
  // The whole document under an id, so that a webhook's schema resolves its $refs (#/components/…) in it.
  oas.addSchema({ ...openapi, $id: "https://openapi.invalid/openapi.json" });

  const sse = (asyncapi as { channels: { sse: { messages: Record<string, { payload: object }> } } }).channels.sse
    .messages;
  const events = new Map<string, Check>();
  const bodies = new Map<string, Check>();
  return {
    /** The AsyncAPI payload of the event's kind (its SSE message: the event as streams send it). */
    event(event: StreamEvent): string[] {
      let check = events.get(event.kind);
      if (!check) {
        const message = sse[`sse_${event.kind}`];
        if (!message) return [`no AsyncAPI message for kind ${event.kind}`];
        const validate = draft7.compile(message.payload);
        check = (value) => (validate(value) ? [] : messagesOf(validate.errors));
        events.set(event.kind, check);
      }
      return check(event);
    },
    /** The OpenAPI webhook `event.<kind>`'s request body, for the event's delivery body. */
    webhook(event: StreamEvent): string[] {
      const type = `event.${event.kind}`;
      let check = bodies.get(type);
      if (!check) {
        const validate = oas.getSchema(
          `https://openapi.invalid/openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema`,
        );
        if (!validate) return [`no OpenAPI webhook ${type}`];
        check = (value) => (validate(value) ? [] : messagesOf(validate.errors));
        bodies.set(type, check);
      }
      // As it travels: the JSON the worker posts.
      return check(JSON.parse(JSON.stringify(eventWebhookBody(event))));
    },
  };
}
