import type { Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { insertDefaultSettings, STORE_SETTINGS_ID } from "./default-settings.ts";

/**
 * Turns maintenance ("Coming Soon") mode on or off. A store still running on defaults gets its
 * settings row here, with the default values and shipping methods, so switching the mode never
 * loses the shipping methods the store was offering.
 */
export async function setMaintenanceMode(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { on }: { on: boolean },
): Promise<{ enableMaintenanceMode: boolean; updatedAt: Timestamp }> {
  const now = clock();
  if (typeof on !== "boolean") throw new AppError("VALIDATION", "Please choose whether maintenance mode is on or off.");
  const updatedAt = now.toISOString();

  await db.transaction().execute(async (trx) => {
    // A row created meanwhile by another request is simply updated below.
    if (await insertDefaultSettings(trx, { now, maintenanceMode: on })) return;
    await trx
      .updateTable("store_settings")
      .set({ enable_maintenance_mode: on, updated_at: updatedAt })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
  });

  return { enableMaintenanceMode: on, updatedAt };
}
