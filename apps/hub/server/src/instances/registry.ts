// The servers alive on one PostgreSQL: each server process writes a row (its instance id) and refreshes its
// `seen_at` every heartbeat; a row older than the staleness bound is a dead server (killed, crashed, cut off). The
// database's clock decides, so servers with skewed clocks agree. A clean shutdown removes its row at once; rows of
// dead servers are dropped after a day (they only matter to the clean-up of their leftovers, which needs none).
import { hostname } from "node:os";
import type { Db } from "../store/db.js";
import type { InstanceLimits } from "./limits.js";
import { type LeftoverOwnership, sharedOwnership } from "./ownership.js";

/** Rows of servers gone this long are removed when a server joins. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

export class InstanceRegistry {
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  private constructor(
    private readonly db: Pick<Db, "query">,
    readonly instance: string,
    private readonly limits: InstanceLimits,
  ) {}

  /** Registers `instance` as alive and starts its heartbeat. */
  static async join(db: Pick<Db, "query">, instance: string, limits: InstanceLimits): Promise<InstanceRegistry> {
    const registry = new InstanceRegistry(db, instance, limits);
    await db.query("DELETE FROM hub_server_instances WHERE seen_at < now() - make_interval(secs => $1)", [
      FORGET_AFTER_SECONDS,
    ]);
    await registry.beat();
    registry.timer = setInterval(() => void registry.beat().catch(() => {}), limits.heartbeatMs);
    registry.timer.unref();
    return registry;
  }

  /** Writes the heartbeat (re-creating the row if someone removed it); a failure is logged once per outage. */
  private async beat(): Promise<void> {
    try {
      await this.db.query(
        `INSERT INTO hub_server_instances (id, host, pid) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
        [this.instance, hostname().slice(0, 255), process.pid],
      );
      if (this.failing) console.error(`[hub] instance heartbeat of ${this.instance} written again`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) console.error(`[hub] instance heartbeat of ${this.instance} failed: ${String(error)}`);
      this.failing = true;
      throw error;
    }
  }

  /** The instances with a fresh heartbeat (this one included). */
  async alive(): Promise<Set<string>> {
    const rows = await this.db.query<{ id: string }>(
      "SELECT id FROM hub_server_instances WHERE seen_at > now() - make_interval(secs => $1)",
      [this.limits.staleAfterMs / 1000],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** What this server may clean up now: leftovers of servers that are not alive (ownership.ts). */
  async ownership(): Promise<LeftoverOwnership> {
    return sharedOwnership(this.instance, await this.alive(), this.limits);
  }

  /** Stops the heartbeat and removes the row (a clean shutdown: the others may clean up after this server now). */
  async leave(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.db.query("DELETE FROM hub_server_instances WHERE id = $1", [this.instance]).catch(() => {});
  }
}
