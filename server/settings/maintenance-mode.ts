import { isDatabaseUnavailable } from "#server/db/database-errors.ts";
import type { AppServices } from "#server/services.ts";
import { STORE_SETTINGS_ID } from "./default-settings.ts";

/**
 * Whether the store is in maintenance ("Coming Soon") mode. A failed read is logged and counts
 * as off: an unreadable setting must not lock every visitor out.
 */
export async function isMaintenanceModeOn({ db, logger }: Pick<AppServices, "db" | "logger">): Promise<boolean> {
  try {
    const row = await db
      .selectFrom("store_settings")
      .select("enable_maintenance_mode")
      .where("id", "=", STORE_SETTINGS_ID)
      .executeTakeFirst();
    return Boolean(row?.enable_maintenance_mode);
  } catch (error) {
    // An unreachable database is answered with a 503 by the server, not read as "off".
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, "maintenance flag could not be read; treating maintenance as off");
    return false;
  }
}
