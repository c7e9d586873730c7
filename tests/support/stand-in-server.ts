import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * The HTTP scaffolding the payment providers' stand-ins share (stripe-stand-in.ts,
 * paypal-stand-in.ts): listening on a random loopback port, reading requests, sending webhooks.
 */

/** Where webhooks go: a URL, or a function such as `(request) => app.request(request)` for in-process apps. */
export type WebhookTarget = string | ((request: Request) => Response | Promise<Response>);

/** Starts the server on 127.0.0.1 at a random port: its `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the server and every connection still open to it. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The first value of a request header, or null. */
export function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A request as a stand-in reads it: its body, its address (on the stand-in's origin) and its method. */
export async function readRequest(req: IncomingMessage): Promise<{ raw: string; url: URL; method: string }> {
  return { raw: await readBody(req), url: new URL(req.url ?? "/", "http://127.0.0.1"), method: req.method ?? "GET" };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Posts one webhook to its target (`inProcessUrl` is the address a function target is given):
 * the shop's answer status, or 0 when it could not be reached.
 */
export async function postWebhook(
  target: WebhookTarget,
  inProcessUrl: string,
  init: { headers: Record<string, string>; body: string },
): Promise<number> {
  const request = new Request(typeof target === "string" ? target : inProcessUrl, {
    method: "POST",
    headers: init.headers,
    body: init.body,
  });
  try {
    const response = typeof target === "string" ? await fetch(request) : await target(request);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** What a stand-in's tests do with its webhooks: hold them, then send or drop them, or replay one. */
export interface HeldWebhooks<Event, Delivery> {
  /** From now on events are kept instead of sent, until `sendHeld` (or `dropHeld`: a webhook that never arrives). */
  holdWebhooks(hold?: boolean): void;
  /** Held events, oldest first. */
  heldEvents(): Event[];
  /** Sends the held events (all, or the given ids in the given order) and stops holding them. */
  sendHeld(eventIds?: string[]): Promise<Delivery[]>;
  /** Forgets the held events: the provider gave up on them. */
  dropHeld(): void;
  /** Sends an event again (same id and body, newly signed): what the provider's retry looks like. */
  replayEvent(eventId: string): Promise<Delivery>;
}

/** What every stand-in shows its tests besides its held webhooks: its address and what it received, made and sent. */
export interface StandIn<Event, Recorded, Delivery> extends HeldWebhooks<Event, Delivery> {
  /** `http://127.0.0.1:<port>`: the value for the app's provider API address (STRIPE_API_URL, PAYPAL_API_URL). */
  url: string;
  /** Every event created, held ones included, by id. */
  events: Map<string, Event>;
  /** Every API request received (not the page the buyer pays on), oldest first. */
  requests(): Recorded[];
  /** Every webhook sent so far (replays included), oldest first. */
  deliveries(): Delivery[];
  close(): Promise<void>;
}

/**
 * The held webhooks of a stand-in: while held, its events are kept instead of sent, until
 * `sendHeld` (or `dropHeld`: a webhook that never arrives); `replayEvent` sends one again.
 * `events` is the stand-in's own map of every event; `send` delivers one.
 */
export function heldWebhooks<Event extends { id: string }, Delivery>(options: {
  provider: string;
  events: Map<string, Event>;
  send: (event: Event) => Promise<Delivery>;
}): HeldWebhooks<Event, Delivery> & { dispatch(event: Event): Promise<void> } {
  const { provider, events, send } = options;
  let holding = false;
  const held: string[] = [];
  return {
    /** Sends a new event now, or keeps it while webhooks are held. */
    async dispatch(event: Event): Promise<void> {
      if (holding) held.push(event.id);
      else await send(event);
    },
    holdWebhooks(hold = true) {
      holding = hold;
    },
    heldEvents: () => held.map((id) => events.get(id)!),
    async sendHeld(eventIds) {
      const ids = eventIds ?? [...held];
      const sent: Delivery[] = [];
      for (const id of ids) {
        const index = held.indexOf(id);
        if (index === -1) throw new Error(`${provider} stand-in: event ${id} is not held`);
        held.splice(index, 1);
        sent.push(await send(events.get(id)!));
      }
      return sent;
    },
    dropHeld() {
      held.length = 0;
    },
    async replayEvent(eventId) {
      const event = events.get(eventId);
      if (!event) throw new Error(`${provider} stand-in: no event ${eventId}`);
      return send(event);
    },
  };
}

/** A webhook target for a stand-in's tests: keeps each delivery's headers and event (`received`) and answers 200. */
export function webhookRecorder() {
  const received: { headers: Headers; event: Record<string, unknown> }[] = [];
  const target: WebhookTarget = async (request) => {
    received.push({ headers: request.headers, event: (await request.json()) as Record<string, unknown> });
    return new Response(null, { status: 200 });
  };
  return { received, target };
}
