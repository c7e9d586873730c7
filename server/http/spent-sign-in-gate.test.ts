import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { FLASH_COOKIE } from "#server/http/flash.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// Through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("a spent client's sign-in on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const post = (path: string, fields: Record<string, string>, client: string) =>
    t.app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", "x-forwarded-for": client },
    });
  const wrongPassword = { email: "nobody@example.com", password: "Not-The-Password-1" };
  const toastOf = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${FLASH_COOKIE}=`));
    const value = cookie?.split(";")[0]!.slice(FLASH_COOKIE.length + 1) ?? "";
    return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Record<string, string>;
  };

  it("is sent back to the form with the wait in a toast, before its form is read or a page rendered", async () => {
    setT(await createTestApp(engine, { env: { TRUST_PROXY: "true" } }));
    for (let i = 0; i < 5; i++) {
      const refused = await post("/login?redirectTo=%2Fbooks", wrongPassword, "203.0.113.5");
      expect(refused.status).toBe(401);
      await refused.arrayBuffer();
    }

    const spent = await post("/login?redirectTo=%2Fbooks", wrongPassword, "203.0.113.5");
    expect(spent.status).toBe(303);
    expect(spent.headers.get("location")).toBe("/login?redirectTo=%2Fbooks");
    expect(Number(spent.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await spent.text()).toBe("");
    expect(toastOf(spent)).toMatchObject({
      title: "Sign in Failed",
      description: expect.stringMatching(/^Too many attempts, try again in \d+ seconds?\.$/),
      variant: "destructive",
    });
    // The form is not read: a post the form's rules would refuse gets the same answer.
    expect((await post("/LOGIN/", {}, "203.0.113.5")).status).toBe(303);

    // The form with JavaScript (a data request) gets its action's own refusal, which it reads.
    const data = await post("/login.data", wrongPassword, "203.0.113.5");
    expect(data.status).toBe(429);
    // Another client is not concerned.
    expect((await post("/login", wrongPassword, "203.0.113.6")).status).toBe(401);
  });
});
