import { describe, expect, it } from "vitest";
import { useSignedInTestApp } from "#tests/support/admin-test-app.ts";
import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import { SITE_PAGES, taxCertificateFilePath } from "#common/pages/site-paths.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { getPage, postPageForm } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

const PAGE = SITE_PAGES.taxExemption.path;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const ORGANISATION = {
  intent: "organisation",
  name: "Hope Homeschool Co-op",
  kind: "homeschool_co_op",
  street: "400 Mustard Seed Way",
  city: "Nashville",
  state: "TN",
  postalCode: "37201",
};

// The account page, the certificate file and the review screen through the real app and build
// (needs `npm run build`).
describe.each(TEST_ENGINES)("tax exemption routes on %s", (engine) => {
  const shop = useSignedInTestApp(engine, {
    customer: "co-op@example.com",
    otherCustomer: "someone-else@example.com",
    admin: { email: "staff@example.com", admin: true },
  });

  const get = (url: string, cookie?: string) => getPage(shop.t, url, cookie);
  const postForm = (url: string, fields: Record<string, string>, cookie?: string) =>
    postPageForm(shop.t, url, fields, cookie);
  function sendCertificate(
    fields: Record<string, string>,
    file: Uint8Array | null,
    cookie = shop.customer,
    name = "cert.pdf",
  ) {
    const form = new FormData();
    const all = {
      intent: "certificate",
      state: "TN",
      documentKind: "streamlined",
      certificateNumber: "SST-4471",
      expiresOn: "2099-12-31",
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) form.set(key, value);
    if (file) form.set("certificateFile", new Blob([new Uint8Array(file)], { type: "application/pdf" }), name);
    return shop.t.app.request(PAGE, { method: "POST", body: form, headers: { accept: "text/html", cookie } });
  }
  const certificates = () =>
    shop.t.services.db.selectFrom("tax_exemption_certificates").selectAll().orderBy("submitted_at").execute();

  it("sends a visitor to sign in, and refuses a visitor's post without reading it", async () => {
    const page = await get(PAGE);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Ftax-exemption");
    const post = await sendCertificate({}, PDF, "");
    expect(post.status).toBe(302);
    expect(await certificates()).toEqual([]);
  });

  it("saves the organisation, then takes a certificate for review", async () => {
    const before = await (await get(PAGE, shop.customer)).text();
    expect(before).toContain('data-island="organisation-form"');
    expect(before).not.toContain('data-island="certificate-form"');
    expect(before).toContain("Please save your organisation above first");

    const refusedOrganisation = await postForm(PAGE, { ...ORGANISATION, postalCode: "ABC" }, shop.customer);
    expect(refusedOrganisation.status).toBe(400);
    expect(await refusedOrganisation.text()).toContain("Please enter a ZIP code such as 37201 or 37201-1234.");

    const saved = await postForm(PAGE, ORGANISATION, shop.customer);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(PAGE);
    const page = await (await get(PAGE, shop.customer)).text();
    expect(page).toContain('value="Hope Homeschool Co-op"');
    expect(page).toContain('data-island="certificate-form"');

    const sent = await sendCertificate({}, PDF);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(PAGE);
    expect(sent.headers.getSetCookie().join()).toContain("shop_flash=");
    expect(await certificates()).toEqual([
      expect.objectContaining({ state: "TN", status: "pending", organisation_name: "Hope Homeschool Co-op" }),
    ]);
    const listed = await (await get(PAGE, shop.customer)).text();
    expect(listed).toContain("SST-4471");
    expect(listed).toContain("Pending review");
  });

  it("refuses bad certificates with the page again and a clear message, storing nothing", async () => {
    const count = (await certificates()).length;
    const text = new TextEncoder().encode("just some words, named like a PDF");
    const cases: [Record<string, string>, Uint8Array | null, number, string][] = [
      [{ state: "ZZ" }, PDF, 400, "Please choose a US state."],
      [{}, text, 400, "The file must be a PDF, JPEG, PNG or WebP image."],
      [{ state: "KY" }, null, 400, "Please choose the certificate file (PDF, JPEG, PNG or WebP)."],
      [
        { state: "KY" },
        new Uint8Array(5 * 1024 * 1024 + 10).fill(0x25),
        400,
        "The file is too large. Please choose a file of at most 5 MB.",
      ],
      [{ state: "KY", expiresOn: "2001-01-01" }, PDF, 400, "The expiry date January 1, 2001 is in the past."],
      [
        { state: "KY", expiresOn: "2027-02-30" },
        PDF,
        400,
        "Please enter the expiry date as a date, such as 2027-06-30.",
      ],
      [{}, PDF, 409, "A certificate for Tennessee is already waiting for review."],
    ];
    for (const [fields, file, status, message] of cases) {
      const response = await sendCertificate(fields, file);
      expect(response.status, message).toBe(status);
      const html = await response.text();
      expect(html, message).toContain(message);
      expect(html, message).toContain('data-island="certificate-form"');
    }
    expect(await certificates()).toHaveLength(count);
    const files = await shop.t.services.db.selectFrom("tax_certificate_files").select("certificate_id").execute();
    expect(files).toHaveLength(count);
  });

  it("refuses a body over the route's limit before reading it", async () => {
    const response = await shop.t.app.request(PAGE, {
      method: "POST",
      body: "x",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(6 * 1024 * 1024),
        cookie: shop.customer,
      },
    });
    expect(response.status).toBe(413);
  });

  it("serves a certificate's file to its account and to admins only, never cached", async () => {
    const [certificate] = await certificates();
    const url = taxCertificateFilePath(certificate!.id);
    for (const cookie of [shop.customer, shop.admin]) {
      const response = await get(url, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="tax-certificate-TN-${certificate!.id.slice(0, 8)}.pdf"`,
      );
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    }
    for (const [cookie, path] of [
      [shop.otherCustomer, url],
      [undefined, url],
      [shop.admin, taxCertificateFilePath("00000000-0000-0000-0000-000000000000")],
      [shop.admin, taxCertificateFilePath("not-a-certificate")],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.text()).toBe("This certificate could not be found.");
    }
  });

  it("lets only admins review; the customer sees the decision and is e-mailed it", async () => {
    const [certificate] = await certificates();
    const asCustomer = await get("/admin/tax-exemptions", shop.customer);
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("location")).toBe("/account");
    const forbidden = await postForm(
      "/admin/tax-exemptions",
      { intent: "approve", certificateId: certificate!.id },
      shop.customer,
    );
    expect(forbidden.status).toBe(403);
    expect((await certificates())[0]!.status).toBe("pending");

    const queue = await (await get("/admin/tax-exemptions", shop.admin)).text();
    expect(queue).toContain("Hope Homeschool Co-op · Tennessee");
    expect(queue).toContain("co-op@example.com");

    const noReason = await postForm(
      "/admin/tax-exemptions",
      { intent: "reject", certificateId: certificate!.id, reason: " " },
      shop.admin,
    );
    expect(noReason.status).toBe(400);
    const approved = await postForm(
      "/admin/tax-exemptions",
      { intent: "approve", certificateId: certificate!.id },
      shop.admin,
    );
    expect(approved.status).toBe(200);
    expect((await certificates())[0]).toMatchObject({ status: "approved", reviewed_by: expect.any(String) });
    expect(await (await get(PAGE, shop.customer)).text()).toContain("Approved");

    await deliverQueuedMails(shop.t.services);
    const mails = readOutbox(shop.t.testDb.dataDir).filter((mail) => mail.headers.to === "co-op@example.com");
    expect(mails.map((mail) => mail.headers.subject)).toContain("Your tax exemption for Tennessee is approved");
  });

  it("withdraws a pending certificate on its account's request only", async () => {
    const sent = await sendCertificate({ state: "GA", certificateNumber: "GA-1" }, PDF);
    expect(sent.status).toBe(302);
    const georgia = (await certificates()).find((c) => c.state === "GA")!;
    const stranger = await postForm(PAGE, { intent: "withdraw", certificateId: georgia.id }, shop.otherCustomer);
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("This certificate is no longer waiting for review.");
    const withdrawn = await postForm(PAGE, { intent: "withdraw", certificateId: georgia.id }, shop.customer);
    expect(withdrawn.status).toBe(302);
    expect((await certificates()).find((c) => c.state === "GA")).toBeUndefined();
  });
});
