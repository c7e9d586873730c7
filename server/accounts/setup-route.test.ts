import { afterEach, describe, expect, it } from "vitest";
import { createSecondInstance, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The one-time /setup link through the real app and build (needs `npm run build`).
const SQUATTER_PASSWORD = "Mustard-Seed-Faith-42";
const OWNER_PASSWORD = "Still-Waters-Green-Pastures";
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe.each(TEST_ENGINES)("the /setup page on %s", (engine) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createSecondInstance>> | undefined;
  afterEach(async () => {
    await second?.cleanup();
    second = undefined;
    await t?.cleanup();
  });

  const post = (app: TestApp["app"], path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.includes("session_token"))
      .join("; ");

  it("takes a link printed by one instance on another, once; a refused form keeps it; the owner's squatted address comes back", async () => {
    t = await createTestApp(engine);
    second = await createSecondInstance(t);
    const token = t.services.ownerSetup.token!;
    expect(second.services.ownerSetup.token).not.toBe(token);
    expect(await html(await t.app.request("/setup?token=not-it"))).toContain("Setup link not valid");
    expect(await html(await second.app.request(`/setup?token=${token}`))).toContain("Create the admin account");

    // Someone signs up with the owner's address first and keeps a session.
    expect((await post(t.app, "/signup", { email: "owner@example.com", password: SQUATTER_PASSWORD })).status).toBe(
      302,
    );
    const squatter = sessionOf(
      await post(t.app, "/login", { email: "owner@example.com", password: SQUATTER_PASSWORD }),
    );
    expect(squatter).toContain("session_token");

    const refused = await post(second.app, "/setup", { token, email: "owner@example.com", password: "short" });
    expect(refused.status).toBe(400);
    expect(await html(await t.app.request(`/setup?token=${token}`))).toContain("Create the admin account");

    const created = await post(second.app, "/setup", { token, email: "owner@example.com", password: OWNER_PASSWORD });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/login");
    // The squatter's session is over; the owner signs in as an admin.
    const account = await t.app.request("/account", { headers: { accept: "text/html", cookie: squatter } });
    expect(account.status).toBe(302);
    const owner = await post(t.app, "/login", { email: "owner@example.com", password: OWNER_PASSWORD });
    expect(owner.status).toBe(302);
    const admin = await t.app.request("/admin", { headers: { accept: "text/html", cookie: sessionOf(owner) } });
    expect(admin.status).toBe(200);

    // Used once: neither instance takes it again.
    const again = await post(t.app, "/setup", { token, email: "other@example.com", password: OWNER_PASSWORD });
    expect(again.status).toBe(403);
    expect(await html(await second.app.request(`/setup?token=${token}`))).toContain("Setup link not valid");
  });
});
