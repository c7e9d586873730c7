import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createBackgroundTasks } from "#server/jobs/background-tasks.ts";
import { DatabasePrivateFileStore } from "#server/files/private-file-store.ts";
import { BucketPrivateFileStore } from "#server/files/bucket-private-file-store.ts";
import { pageGeneration } from "#server/http/page-generation.ts";
import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { openDatabaseRateLimitStore } from "#server/security/rate-limit-store.ts";
import { createRateLimits } from "#server/security/rate-limits.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { FREE_STORY_NOT_PDF_MESSAGE, FREE_STORY_TOO_LARGE_MESSAGE } from "#common/free-story/free-story-fields.ts";
import { capturedLogger } from "#tests/support/captured-logger.ts";
import { attachmentsOf, readOutbox } from "#tests/support/outbox.ts";
import { startS3StandIn, standInBucketOptions, type S3StandIn } from "#tests/support/s3-stand-in.ts";
import { storyPdf } from "#tests/support/story-pdf.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { mailsTo } from "#tests/support/test-mail.ts";
import { getFreeStory } from "./get-free-story.ts";
import { loadFreeStoryFile } from "./load-free-story-file.ts";
import { removeFreeStory } from "./remove-free-story.ts";
import { requestFreeStory } from "./request-free-story.ts";
import { saveFreeStory } from "./save-free-story.ts";

const NOW = new Date("2026-12-01T09:00:00.000Z");
const APP_SECRET = "free-story-test-secret-".padEnd(40, "x");

describe.each(TEST_ENGINES)("the free story on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    await insertDefaultSettings(db, { now: NOW });
    const { logger, lines } = capturedLogger();
    const deps = {
      db,
      clock: () => NOW,
      logger,
      privateFiles: new DatabasePrivateFileStore(db),
      mailer: createMailer({ dataDir: testDb.dataDir, logger }),
      env: { PUBLIC_URL: "https://shop.example", APP_SECRET },
      rateLimits: createRateLimits(openDatabaseRateLimitStore(testDb.handle)),
      backgroundTasks: createBackgroundTasks(logger),
    };
    return { db, deps, lines };
  }
  const storedFiles = () => testDb.handle.db.selectFrom("private_files").select("key").execute();

  it("takes only a PDF within the size limit, by its content, and stores nothing otherwise", async () => {
    const { deps } = await setUp();
    const refusal = (message: string) => ({ code: "VALIDATION", message, fieldErrors: { story: message } });
    const html = Buffer.from("<html>%PDF-1.7 not really</html>");
    await expect(saveFreeStory(deps, { bytes: html, uploadedName: "story.pdf" })).rejects.toMatchObject(
      refusal(FREE_STORY_NOT_PDF_MESSAGE),
    );
    const pdf = await storyPdf();
    const huge = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(5 * 1024 * 1024), pdf.subarray(9)]);
    await expect(saveFreeStory(deps, { bytes: huge, uploadedName: "big.pdf" })).rejects.toMatchObject(
      refusal(FREE_STORY_TOO_LARGE_MESSAGE),
    );
    expect(await getFreeStory(deps)).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  it("offers an uploaded story, replaces it, and removes it, each write renewing the cached pages", async () => {
    const { deps } = await setUp();
    const generation = pageGeneration(testDb.handle);
    const before = await generation.current();

    const first = await storyPdf("Ruth and Naomi");
    expect(await saveFreeStory(deps, { bytes: first, uploadedName: "Ruth & Naomi.pdf" })).toEqual({
      fileName: "Ruth-Naomi.pdf",
      byteLength: first.byteLength,
      uploadedAt: NOW.toISOString(),
    });
    const afterUpload = await generation.current();
    expect(afterUpload).toBeGreaterThan(before!);
    const loaded = await loadFreeStoryFile(deps);
    expect(loaded?.fileName).toBe("Ruth-Naomi.pdf");
    expect(Buffer.compare(Buffer.from(loaded!.bytes), first)).toBe(0);
    const [firstFile] = await storedFiles();

    // The same file again changes nothing but the row; another one replaces the file.
    await saveFreeStory(deps, { bytes: first, uploadedName: "again.pdf" });
    expect(await storedFiles()).toEqual([firstFile]);
    const second = await storyPdf("Jonah and the Big Fish");
    await saveFreeStory(deps, { bytes: second, uploadedName: "jonah.pdf" });
    expect(await storedFiles()).toHaveLength(1);
    expect(await storedFiles()).not.toEqual([firstFile]);
    expect((await getFreeStory(deps))?.fileName).toBe("jonah.pdf");

    await removeFreeStory(deps);
    expect(await generation.current()).toBeGreaterThan(afterUpload!);
    expect(await getFreeStory(deps)).toBeNull();
    expect(await loadFreeStoryFile(deps)).toBeNull();
    expect(await storedFiles()).toEqual([]);
    // Removing again: nothing to do.
    await removeFreeStory(deps);
  });

  it("mails the story as a PDF attachment and keeps no address once it is sent", async () => {
    const { db, deps } = await setUp();
    await expect(requestFreeStory(deps, { email: "hannah@example.com", newsletter: false })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Sorry, there is no free story to send right now.",
    });
    const pdf = await storyPdf();
    await saveFreeStory(deps, { bytes: pdf, uploadedName: "Jonah.pdf" });

    await requestFreeStory(deps, { email: "Hannah@Example.com", newsletter: false });
    expect(await db.selectFrom("mail_outbox").select(["kind", "recipient", "order_id"]).execute()).toEqual([
      { kind: "free-story", recipient: "Hannah@Example.com", order_id: null },
    ]);
    expect(await deliverQueuedMails(deps)).toEqual({ sent: 1, failed: 0 });

    const [mail] = mailsTo(testDb.dataDir, "Hannah@Example.com");
    expect(mail?.headers.subject).toBe("Your free story from Little Scrolls Press");
    const [attachment, ...more] = attachmentsOf(testDb.dataDir, mail!);
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: "Jonah.pdf", contentType: "application/pdf" });
    expect(Buffer.compare(attachment!.bytes, pdf)).toBe(0);
    expect(await db.selectFrom("mail_outbox").select(["recipient", "sent_at"]).execute()).toEqual([
      { recipient: null, sent_at: expect.any(String) },
    ]);
    // No newsletter without the tick.
    expect(await db.selectFrom("email_subscribers").select("email").execute()).toEqual([]);
  });

  it("answers the same past an address's daily stories, and sends it no more", async () => {
    const { db, deps, lines } = await setUp();
    await saveFreeStory(deps, { bytes: await storyPdf(), uploadedName: "story.pdf" });
    const cap = deps.rateLimits.freeStoryPerAddress.limit;
    // Spellings of one mailbox count together.
    const spellings = ["ruth@gmail.com", "R.U.T.H@gmail.com", "ruth+story@gmail.com", "Ruth@GMAIL.com"];
    for (const email of spellings) await requestFreeStory(deps, { email, newsletter: false });
    expect(await db.selectFrom("mail_outbox").select("recipient").execute()).toHaveLength(cap);
    expect(lines.some((line) => String(line.msg).includes("already had its stories"))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain("ruth");
    // Another address is not held back by it.
    await requestFreeStory(deps, { email: "naomi@example.com", newsletter: false });
    expect(await db.selectFrom("mail_outbox").select("recipient").execute()).toHaveLength(cap + 1);
  });

  it("starts the newsletter's double opt-in when ticked, answering the same for a subscribed address", async () => {
    const { db, deps } = await setUp();
    await saveFreeStory(deps, { bytes: await storyPdf(), uploadedName: "story.pdf" });

    await requestFreeStory(deps, { email: "boaz@example.com", newsletter: true });
    await deps.backgroundTasks.settled();
    expect(await db.selectFrom("email_subscribers").select(["email", "confirmed_at"]).execute()).toEqual([
      { email: "boaz@example.com", confirmed_at: null },
    ]);
    const confirmation = mailsTo(testDb.dataDir, "boaz@example.com");
    expect(confirmation.map((mail) => mail.headers.subject)).toEqual([
      "Please confirm your subscription to Little Scrolls Press",
    ]);

    // Already confirmed: the same answer, no error logged, nothing new on the list.
    await db.updateTable("email_subscribers").set({ confirmed_at: NOW.toISOString() }).execute();
    await requestFreeStory(deps, { email: "boaz@example.com", newsletter: true });
    await deps.backgroundTasks.settled();
    expect(await db.selectFrom("email_subscribers").select("email").execute()).toHaveLength(1);
    await deliverQueuedMails(deps);
    expect(
      readOutbox(testDb.dataDir).filter((mail) => mail.headers.subject?.startsWith("Your free story")),
    ).toHaveLength(2);
  });

  it("sends nothing for a request queued before the story was removed", async () => {
    const { db, deps } = await setUp();
    await saveFreeStory(deps, { bytes: await storyPdf(), uploadedName: "story.pdf" });
    await requestFreeStory(deps, { email: "late@example.com", newsletter: false });
    await removeFreeStory(deps);
    expect(await deliverQueuedMails(deps)).toEqual({ sent: 1, failed: 0 });
    expect(readOutbox(testDb.dataDir)).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("recipient").execute()).toEqual([{ recipient: null }]);
  });
});

describe("the free story in a bucket", () => {
  let standIn: S3StandIn;
  let testDb: TestDatabase;
  beforeEach(async () => {
    standIn = await startS3StandIn();
    testDb = await createTestDatabase("sqlite");
  });
  afterEach(async () => {
    await testDb.cleanup();
    await standIn.close();
  });

  it("keeps the PDF under the prefix's private folder, not in the database, and deletes the one replaced", async () => {
    const { db } = testDb.handle;
    const privateFiles = new BucketPrivateFileStore(standInBucketOptions(standIn));
    const deps = { db, clock: () => NOW, logger: capturedLogger().logger, privateFiles };
    const first = await storyPdf("Ruth");
    await saveFreeStory(deps, { bytes: first, uploadedName: "ruth.pdf" });
    const names = () => [...standIn.objects.keys()];
    expect(names()).toEqual([expect.stringMatching(/^covers\/private\/free-story-[0-9a-f]{64}\.pdf$/)]);
    expect(standIn.objects.get(names()[0]!)).toMatchObject({
      contentType: "application/pdf",
      cacheControl: "private, no-store",
    });
    expect(await db.selectFrom("private_files").select("key").execute()).toEqual([]);
    expect(Buffer.compare(Buffer.from((await loadFreeStoryFile(deps))!.bytes), first)).toBe(0);

    const firstName = names()[0];
    await saveFreeStory(deps, { bytes: await storyPdf("Jonah"), uploadedName: "jonah.pdf" });
    expect(names()).toHaveLength(1);
    expect(names()[0]).not.toBe(firstName);
    await removeFreeStory(deps);
    expect(names()).toEqual([]);
  });
});
