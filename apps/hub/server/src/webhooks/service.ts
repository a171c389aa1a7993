// Webhooks at run time: events arrive through `emit` (events.ts) into a bounded in-memory queue; one worker turns
// each into a payload, matches it against the enabled webhooks (matching.ts) and records one pending delivery per
// webhook (delivery-store.ts). The sender then POSTs due deliveries, at most `concurrency` at once, and records each
// attempt: delivered, retried after an exponential backoff, or failed after the last attempt. Everything is
// persisted before it is sent, so a restart resumes pending deliveries; nothing here ever blocks a request.
import type { HubContext } from "../hub-context.js";
import type { Db } from "../store/db.js";
import { deliver } from "./deliver.js";
import { DeliveryStore, type DueDelivery } from "./delivery-store.js";
import type { HubEvent } from "./events.js";
import { MAX_QUEUED_EVENTS, retryDelayMs, type WebhookLimits } from "./limits.js";
import { ownerMayRead, watches } from "./matching.js";
import { prepareEvent } from "./payload.js";
import { repoWatchKeys, WebhookStore } from "./webhook-store.js";

/** How long a claimed delivery is ours before it is due again (longer than any attempt can take). */
const LEASE_MARGIN_MS = 30_000;
/** The longest the sender sleeps with nothing due (a delivery queued by another server on the same database). */
const IDLE_WAIT_MS = 60_000;
/** Finished deliveries of a webhook between two trims of its log (the log holds at most this many extra). */
const PRUNE_EVERY = 20;

export class WebhookService {
  readonly webhooks: WebhookStore;
  readonly deliveries: DeliveryStore;
  private readonly events: HubEvent[] = [];
  private matching = false;
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private pumping = false;
  private pumpAgain = false;
  private readonly finishedSincePrune = new Map<string, number>();
  private stopped = false;
  private ctx: HubContext | undefined;
  /** Aborts the attempts in flight when the hub stops. */
  private readonly abort = new AbortController();

  constructor(
    db: Db,
    readonly limits: WebhookLimits,
  ) {
    this.webhooks = new WebhookStore(db);
    this.deliveries = new DeliveryStore(db);
  }

  /** Starts sending (pending deliveries of an earlier run first); events are matched against `ctx`'s repositories. */
  start(ctx: HubContext): void {
    this.ctx = ctx;
    this.schedule(0);
  }

  /**
   * Stops the sender (before the database closes): attempts in flight are aborted and their deliveries due again
   * at once, so the next start sends them without waiting out their lease. Delivery is at least once: an attempt
   * the receiver got but whose answer was cut off here is sent again.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    if (this.inFlight.size > 0) await this.deliveries.release([...this.inFlight]).catch(() => {});
  }

  /** Looks at the queue now (a webhook was enabled: its pending deliveries are due). */
  wake(): void {
    this.schedule(0);
  }

  /** Queues an event (events.ts emitHubEvent). Never blocks; beyond MAX_QUEUED_EVENTS the event is dropped. */
  emit(event: HubEvent): void {
    if (this.stopped || this.ctx === undefined) return;
    if (this.events.length >= MAX_QUEUED_EVENTS) {
      console.error(`[hub] webhook event queue full: ${event.change.kind} dropped`);
      return;
    }
    this.events.push(event);
    void this.matchEvents();
  }

  /** Resolves once every queued event has been matched and every delivery due now attempted (for tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (!this.matching && this.events.length === 0 && this.inFlight.size === 0 && !this.pumping) {
        const next = await this.deliveries.nextDueInMs();
        if (next === undefined || next > 0) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async matchEvents(): Promise<void> {
    if (this.matching) return;
    this.matching = true;
    try {
      for (let event = this.events.shift(); event !== undefined; event = this.events.shift())
        await this.fanOut(event).catch((error: unknown) => {
          if (!this.stopped) console.error(`[hub] webhook event ${event?.change.kind} not queued: ${String(error)}`);
        });
    } finally {
      this.matching = false;
    }
    this.schedule(0);
  }

  private async fanOut(event: HubEvent): Promise<void> {
    const ctx = this.ctx;
    if (ctx === undefined) return;
    const prepared = await prepareEvent(ctx, event);
    if (prepared === undefined) return;
    const repos = prepared.formerRepo !== undefined ? [prepared.repo, prepared.formerRepo] : [prepared.repo];
    const keys = repos.flatMap((repo) => repoWatchKeys(repo.type, repo.id));
    const mayRead = new Map<string, Promise<boolean>>(); // per owner, once per event (an owner has many webhooks)
    const targets: string[] = [];
    for (const webhook of await this.webhooks.enabledFor(prepared.domain, keys)) {
      if (!watches(webhook, prepared)) continue;
      let allowed = mayRead.get(webhook.ownerKey);
      if (allowed === undefined) {
        allowed = ownerMayRead(ctx.accounts, webhook, prepared);
        mayRead.set(webhook.ownerKey, allowed);
      }
      if (await allowed) targets.push(webhook.id);
    }
    const queued = new Set(
      await this.deliveries.enqueue({
        webhookIds: targets,
        action: prepared.action,
        scope: prepared.scope,
        repoType: prepared.repo.type,
        repoId: prepared.formerRepo?.id ?? prepared.repo.id,
        payload: prepared.body,
      }),
    );
    for (const id of targets)
      if (!queued.has(id))
        console.error(`[hub] webhook ${id} is gone or has too many pending deliveries: event not queued`);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, delayMs);
    this.timer.unref();
  }

  /** Claims due deliveries up to the free concurrency and sends them; then looks again after `pollMs`. */
  private async pump(): Promise<void> {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true; // something changed while this pump was reading: look again right after it
      return;
    }
    this.pumping = true;
    this.pumpAgain = false;
    let wait = this.limits.pollMs;
    try {
      const free = this.limits.concurrency - this.inFlight.size;
      const due = await this.deliveries.claimDue(free, this.limits.timeoutMs + LEASE_MARGIN_MS, [...this.inFlight]);
      for (const delivery of due) {
        this.inFlight.add(delivery.id);
        void this.attempt(delivery).finally(() => {
          this.inFlight.delete(delivery.id);
          this.schedule(0);
        });
      }
      // Nothing due: sleep until the next retry is (at most IDLE_WAIT_MS, new events wake the sender anyway).
      const next = due.length === 0 && free > 0 ? await this.deliveries.nextDueInMs() : 0;
      wait = Math.min(IDLE_WAIT_MS, Math.max(this.limits.pollMs, next ?? IDLE_WAIT_MS));
    } catch (error) {
      if (!this.stopped) console.error(`[hub] webhook deliveries not claimed: ${String(error)}`);
    } finally {
      this.pumping = false;
    }
    this.schedule(this.pumpAgain ? 0 : wait);
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const outcome = await deliver(
      delivery.url,
      delivery.secret,
      delivery.payload,
      this.limits.timeoutMs,
      this.abort.signal,
    );
    if (this.stopped) return;
    const attempts = delivery.attempts + 1;
    const retryIn = outcome.ok || attempts >= this.limits.maxAttempts ? undefined : retryDelayMs(this.limits, attempts);
    try {
      await this.deliveries.recordAttempt(delivery.id, outcome, retryIn);
      // The log is trimmed now and then (every PRUNE_EVERY finished deliveries of a webhook), not after each one.
      if (retryIn === undefined) {
        const finished = (this.finishedSincePrune.get(delivery.webhookId) ?? 0) + 1;
        this.finishedSincePrune.set(delivery.webhookId, finished % PRUNE_EVERY);
        if (finished >= PRUNE_EVERY) await this.deliveries.prune(delivery.webhookId);
      }
    } catch (error) {
      console.error(`[hub] webhook delivery ${delivery.id} not recorded: ${String(error)}`);
    }
  }
}
