import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { waitForLinks, waitForVerificationLink } from "#tests/support/test-mail.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { expectIslandPage, recordScriptPaths } from "#tests/support/island-page.ts";
import { signUpInBrowser } from "#tests/support/sign-up-page.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
/** A form field of the page's main content, by its exact label (the footer has an e-mail field too). */
const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });
const NEW_PASSWORD = "Loaves-And-Fishes-5000";
const ADMIN_PASSWORD = "Shepherd-Psalm-23-Still-Waters";

describe("accounts in a browser", () => {
  const shop = useShop({ TRUST_PROXY: "true" });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await shop.browser.newContext();
    return { context, page: await context.newPage() };
  }

  async function signUp(page: Page, email: string, password = PASSWORD) {
    await signUpInBrowser(page, shop.server.url, email, password);
    await expectToast(page, "Account Created!");
  }

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  it("signs up, signs in (back to the page that asked), shows the account, and signs out", async () => {
    const { context, page } = await newPage();
    await signUp(page, "ruth@example.com");

    await page.goto(`${shop.server.url}/account`);
    await page.waitForURL(`${shop.server.url}/login?redirectTo=%2Faccount`);
    await waitForHydration(page);
    await signIn(page, "ruth@example.com");
    await page.waitForURL(`${shop.server.url}/account`);
    await expectToast(page, "Login Successful! Welcome back!");
    await page.getByText("Welcome, ruth@example.com").waitFor();
    expect(await page.getByRole("link", { name: "Go to Admin Dashboard" }).count()).toBe(0);
    // Signing in works before verifying; the account page says the address still needs it.
    await page.getByRole("heading", { name: "Please confirm your e-mail address" }).waitFor();
    expect(await waitForVerificationLink(shop.dataDir, "ruth@example.com")).toMatch(/\/verify-email\?token=/);

    // The session cookie is HttpOnly and SameSite=Lax.
    const cookie = (await context.cookies()).find((c) => c.name.includes("session_token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // My Account is an island page (decision 21): its buttons are an island, posted as documents.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await waitForHydration(page);
    // Sign Out says so while its post is on its way (noted where the next page can read it), then
    // lands home with the toast.
    await page.evaluate(() => {
      const button = document.querySelector('form[action="/resources/sign-out"] button')!;
      new MutationObserver(() => sessionStorage.setItem("signOutLabel", button.textContent ?? "")).observe(button, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${shop.server.url}/`);
    await expectToast(page, "Signed Out");
    expect(await page.evaluate(() => sessionStorage.getItem("signOutLabel"))).toBe("Signing out...");
    await page.goto(`${shop.server.url}/account`);
    await page.waitForURL(/\/login\?redirectTo=/);
    await context.close();
  });

  it("refuses a wrong password without saying whether the account exists", async () => {
    const { context, page } = await newPage();
    const scripts = recordScriptPaths(page);
    await page.goto(`${shop.server.url}/login`);
    await waitForHydration(page);
    // An island page (decision 21): the islands' script and the form's chunk, no React Router.
    await expectIslandPage(page, scripts);
    // The form posts as a document: each refusal is a new page to wait for.
    for (const [email, password] of [
      ["nobody@example.com", "whatever-password"],
      ["ruth@example.com", "wrong-password-here"],
    ] as const) {
      const refused = page.waitForEvent("load");
      await signIn(page, email, password);
      await refused;
      await expectToast(page, "Sign in Failed Invalid email or password.");
    }
    await context.close();
  });

  it("refuses short and common passwords at sign-up with a clear message", async () => {
    const { context, page } = await newPage();
    await page.goto(`${shop.server.url}/signup`);
    await waitForHydration(page);
    await field(page, "Email").fill("short@example.com");
    await field(page, "Password").fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectToast(page, "Your password must be at least 8 characters long.");
    await field(page, "Password").fill("password123");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectToast(page, "Sign up Failed This password is too common");
    expect(page.url()).toContain("/signup");
    await context.close();
  });

  it("resets a forgotten password through the e-mailed link and ends the old sessions", async () => {
    const email = "naomi@example.com";
    const old = await newPage();
    await signUp(old.page, email);
    await waitForHydration(old.page);
    await signIn(old.page, email);
    await old.page.waitForURL(`${shop.server.url}/`);

    const { context, page } = await newPage();
    await page.goto(`${shop.server.url}/forgot-password`);
    await waitForHydration(page);
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Password reset link sent! Check your email for a password reset link.");

    const mailDir = path.join(shop.dataDir, "mail");
    let link: string | undefined;
    await expect
      .poll(() => {
        if (!existsSync(mailDir)) return undefined;
        for (const file of readdirSync(mailDir)) {
          const text = readFileSync(path.join(mailDir, file), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "=");
          if (!text.includes(`To: ${email}`)) continue;
          link = text.match(/http:\/\/[^\s]+\/reset-password\?token=[\w-]+/)?.[0] ?? link;
        }
        return link;
      })
      .toBeDefined();
    expect(link!.startsWith(shop.server.url.replace("127.0.0.1", "localhost"))).toBe(true);

    await page.goto(link!.replace(/^http:\/\/localhost:\d+/, shop.server.url));
    await waitForHydration(page);
    await field(page, "New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL(`${shop.server.url}/login`);
    await expectToast(page, "Your password has been reset successfully. Please log in.");

    // The link works once.
    await page.goto(link!.replace(/^http:\/\/localhost:\d+/, shop.server.url));
    await waitForHydration(page);
    await field(page, "New password").fill("Another-Long-Password-1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").innerText()).toMatch(/invalid|expired/i);

    // The session from before the reset is gone.
    await old.page.goto(`${shop.server.url}/account`);
    await old.page.waitForURL(/\/login/);
    await expectToast(old.page, "Session Expired");
    await old.context.close();

    await page.goto(`${shop.server.url}/login`);
    await waitForHydration(page);
    // The sign-in form posts as a document (an island page): the refusal is a new page to wait for.
    const refused = page.waitForEvent("load");
    await signIn(page, email, PASSWORD);
    await refused;
    await expectToast(page, "Invalid email or password.");
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(`${shop.server.url}/`);
    await context.close();
  });

  it("edits the profile and refuses a username someone else has", async () => {
    const other = await newPage();
    await signUp(other.page, "boaz@example.com");
    await waitForHydration(other.page);
    await signIn(other.page, "boaz@example.com");
    await other.page.waitForURL(`${shop.server.url}/`);
    await other.page.goto(`${shop.server.url}/edit-profile`);
    await waitForHydration(other.page);
    await field(other.page, "Username").fill("Boaz");
    await other.page.getByRole("button", { name: "Update Profile" }).click();
    await expectToast(other.page, "Profile updated! Your information has been successfully saved.");
    await other.context.close();

    const { context, page } = await newPage();
    await page.goto(`${shop.server.url}/edit-profile`);
    await page.waitForURL(/\/login\?redirectTo=%2Fedit-profile/);
    await waitForHydration(page);
    await signIn(page, "ruth@example.com");
    await page.waitForURL(`${shop.server.url}/edit-profile`);
    // An island page: the form is an island that checks its schema, then posts as a document.
    await waitForHydration(page);
    await field(page, "Full name").waitFor();
    expect(await field(page, "Email").isDisabled()).toBe(true);
    await field(page, "Full name").fill("Ruth of Moab");
    await field(page, "Username").fill("boaz");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expectToast(page, "Error updating profile That username is already taken.");
    // The refusal is the page again, with what was typed.
    expect(await field(page, "Full name").inputValue()).toBe("Ruth of Moab");
    expect(await field(page, "Username").inputValue()).toBe("boaz");
    await field(page, "Username").fill("ruth");
    await field(page, "Website").fill("https://ruth.example");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expectToast(page, "Profile updated!");
    await page.reload();
    expect(await field(page, "Full name").inputValue()).toBe("Ruth of Moab");
    expect(await field(page, "Website").inputValue()).toBe("https://ruth.example");
    await context.close();
  });

  it("shows the orders placed with the e-mail (any letter case) once it is verified through the e-mailed link, and no one else's", async () => {
    const { context, page } = await newPage();
    await signUp(page, "Sarah.Miller@Example.com");
    await waitForHydration(page);
    await signIn(page, "sarah.miller@example.com");
    await page.waitForURL(`${shop.server.url}/`);
    // Anyone could sign up with Sarah's address: her orders wait until the address is proven.
    await page.goto(`${shop.server.url}/order-history`);
    await page.getByRole("heading", { name: "No Orders Yet" }).waitFor();
    await page.goto(`${shop.server.url}/account`);
    await page.getByRole("heading", { name: "Please confirm your e-mail address" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const link = await waitForVerificationLink(shop.dataDir, "sarah.miller@example.com");
    expect(link.startsWith(shop.server.url.replace("127.0.0.1", "localhost"))).toBe(true);
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, shop.server.url));
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await page.getByRole("heading", { name: "E-mail address confirmed" }).waitFor();
    await page.getByRole("link", { name: "Go to My Account" }).click();
    await page.waitForURL(`${shop.server.url}/account`);
    await page.getByText("Welcome, sarah.miller@example.com").waitFor();
    expect(await page.getByRole("heading", { name: "Please confirm your e-mail address" }).count()).toBe(0);

    await page.goto(`${shop.server.url}/order-history`);
    const ids = await page.getByTestId("order-card").locator("h2 .font-mono").allInnerTexts();
    expect(ids).toEqual(["ORD-2025-001", "ORD-2025-003"]);
    await page.getByRole("link", { name: "Track order ORD-2025-001" }).click();
    await page.waitForURL(`${shop.server.url}/track-order?orderId=ORD-2025-001`);
    await context.close();

    const empty = await newPage();
    await empty.page.goto(`${shop.server.url}/order-history`);
    await waitForHydration(empty.page);
    await signIn(empty.page, "ruth@example.com");
    await empty.page.waitForURL(`${shop.server.url}/order-history`);
    await empty.page.getByRole("heading", { name: "No Orders Yet" }).waitFor();
    await empty.page.getByRole("link", { name: "Start Shopping" }).waitFor();
    await empty.context.close();
  });

  it("sets a new password from the e-mailed link before the page's scripts have run (a plain form post)", async () => {
    const email = "lydia@example.com";
    const first = await newPage();
    await signUp(first.page, email);
    await first.page.goto(`${shop.server.url}/forgot-password`);
    await waitForHydration(first.page);
    await field(first.page, "Email").fill(email);
    await first.page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(first.page, "Password reset link sent! Check your email for a password reset link.");
    await first.context.close();
    const [link] = await waitForLinks(shop.dataDir, email, "/reset-password");

    // The page keeps its token out of Referer headers to other sites; its own form must still
    // say where it comes from (a policy of no-referrer made the browser send "Origin: null",
    // which the cross-site guard refused).
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(link!.replace(/^http:\/\/localhost:\d+/, shop.server.url));
    await field(page, "New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL(`${shop.server.url}/login`);
    await context.close();
  });

  it("creates the owner's admin through the setup link; admins land on /admin; customers are kept out", async () => {
    const token = shop.server.output().match(/\/setup\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    const { context, page } = await newPage();
    await page.goto(`${shop.server.url}/setup?token=${token}`);
    await waitForHydration(page);
    await field(page, "Email").fill("owner@example.com");
    await field(page, "Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.waitForURL(`${shop.server.url}/login`);
    await waitForHydration(page);
    await signIn(page, "owner@example.com", ADMIN_PASSWORD);
    await page.waitForURL(`${shop.server.url}/admin`);
    await page.goto(`${shop.server.url}/account`);
    await page.getByRole("link", { name: "Go to Admin Dashboard" }).waitFor();
    await context.close();

    // The link is spent once an admin exists.
    const again = await newPage();
    await again.page.goto(`${shop.server.url}/setup?token=${token}`);
    await again.page.getByRole("heading", { name: "Setup link not valid" }).waitFor();
    await again.context.close();

    const customer = await newPage();
    await customer.page.goto(`${shop.server.url}/admin`);
    await customer.page.waitForURL(/\/login\?redirectTo=%2Fadmin/);
    await waitForHydration(customer.page);
    await signIn(customer.page, "ruth@example.com");
    // A customer who signs in on the way to /admin ends up on /account instead.
    await customer.page.waitForURL(`${shop.server.url}/account`);
    const cookieHeader = (await customer.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await fetch(`${shop.server.url}/admin.data`, { headers: { cookie: cookieHeader } })).status).toBe(403);
    expect(
      (await fetch(`${shop.server.url}/admin/books`, { method: "POST", headers: { cookie: cookieHeader } })).status,
    ).toBe(403);
    expect((await fetch(`${shop.server.url}/admin/books.data`)).status).toBe(401);
    await customer.context.close();
  });

  it("lets a signed-in admin through the maintenance gate while visitors see Coming Soon", async () => {
    const setMaintenance = async (on: boolean) => {
      const db = shop.openDatabase();
      await db.db.updateTable("store_settings").set({ enable_maintenance_mode: on }).execute();
      await db.close();
    };
    const admin = await newPage();
    await admin.page.goto(`${shop.server.url}/login`);
    await waitForHydration(admin.page);
    await signIn(admin.page, "owner@example.com", ADMIN_PASSWORD);
    await admin.page.waitForURL(`${shop.server.url}/admin`);
    await setMaintenance(true);
    try {
      const visitor = await fetch(`${shop.server.url}/our-mission`);
      expect(visitor.status).toBe(503);
      expect(await visitor.text()).toContain("Coming Soon");
      const login = await fetch(`${shop.server.url}/login`);
      expect(login.status).toBe(200);
      const response = await admin.page.goto(`${shop.server.url}/our-mission`);
      expect(response?.status()).toBe(200);
      await admin.page.getByRole("heading", { name: "Our Mission", level: 1 }).waitFor();
      // A customer is not an admin: Coming Soon for them too.
      const customer = await newPage();
      await customer.page.goto(`${shop.server.url}/login`);
      await waitForHydration(customer.page);
      await signIn(customer.page, "ruth@example.com");
      await customer.page.waitForURL(`${shop.server.url}/`);
      await customer.page.getByRole("heading", { name: "Coming Soon" }).waitFor();
      await customer.context.close();
    } finally {
      await setMaintenance(false);
      await admin.context.close();
    }
  });

  it("rate-limits failed sign-ins per client while another client still signs in", async () => {
    const post = (action: string, client: string, password: string) =>
      fetch(`${shop.server.url}${action}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client },
        body: new URLSearchParams({ email: "miriam@example.com", password }).toString(),
      });
    // An account of its own: the tests above already spent much of ruth's password budget for this minute.
    expect((await post("/signup", "192.0.2.99", PASSWORD)).status).toBe(302);
    const attempt = (client: string, password: string) => post("/login", client, password);
    for (let i = 0; i < 5; i++) expect((await attempt("203.0.113.7", "not-the-password")).status).toBe(401);
    // A form posted without JavaScript goes back to the form with the wait in its failure toast,
    // before any page is rendered (server/http/spent-sign-in-gate.ts).
    const limited = await attempt("203.0.113.7", PASSWORD);
    expect(limited.status).toBe(303);
    expect(limited.headers.get("location")).toMatch(/^\/login/);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const toast = limited.headers.get("set-cookie")?.match(/shop_flash=([\w-]+)/)?.[1] ?? "";
    expect(Buffer.from(toast, "base64url").toString("utf8")).toMatch(/Too many attempts, try again in \d+ seconds?\./);
    expect(limited.headers.get("set-cookie")).not.toContain("session_token");
    const other = await attempt("198.51.100.20", PASSWORD);
    expect(other.status).toBe(302);
    expect(other.headers.get("set-cookie")).toContain("session_token");
  });

  it("never writes a password, token or cookie value to the logs", async () => {
    const logs = shop.server.output();
    for (const secret of [PASSWORD, NEW_PASSWORD, ADMIN_PASSWORD, "not-the-password"])
      expect(logs).not.toContain(secret);
    const token = logs.match(/\/setup\?token=([\w-]+)/)?.[1];
    const jsonLines = logs.split("\n").filter((l) => l.startsWith("{"));
    expect(jsonLines.length).toBeGreaterThan(10);
    for (const line of jsonLines) {
      expect(line).not.toMatch(/session_token|reset-password\?token|verify-email\?token|set-cookie/i);
      if (token) expect(line).not.toContain(token);
    }
  });
});
