import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { isAdminRole } from "./admin-role.ts";
import { countAdmins } from "./owner-setup.ts";

describe("isAdminRole", () => {
  it("finds admin anywhere in better-auth's comma-separated role list", () => {
    for (const role of ["admin", "user,admin", "admin, user"]) expect(isAdminRole(role), role).toBe(true);
    for (const role of [null, undefined, "", "user", "administrator", "user,superadmin"])
      expect(isAdminRole(role), String(role)).toBe(false);
  });
});

// Through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)('an account whose roles are "user,admin" on %s', (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  it("is an admin for the admin area and the owner set-up, as it is for the customer screens", async () => {
    setT(await createTestApp(engine));
    const before = await countAdmins(t.services);
    const cookie = await signedInCookie(t.services, "staff@example.com");
    await t.services.db
      .updateTable("user")
      .set({ role: "user,admin" })
      .where("email", "=", "staff@example.com")
      .execute();

    const response = await t.app.request("/admin", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Admin Panel");
    expect(await countAdmins(t.services)).toBe(before + 1);
  });
});
