import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox-key.ts";

describe("mailboxKey", () => {
  it("counts every spelling of one mailbox as one recipient", () => {
    expect(mailboxKey(" Ruth@Example.org ")).toBe("ruth@example.org");
    expect(mailboxKey("ruth+invoices@example.org")).toBe("ruth@example.org");
    expect(mailboxKey("R.u.t.h+1@GoogleMail.com")).toBe("ruth@gmail.com");
    // Dots matter elsewhere: two people.
    expect(mailboxKey("r.uth@example.org")).not.toBe(mailboxKey("ruth@example.org"));
    expect(mailboxKey("+only@example.org")).toBe("+only@example.org");
  });
});
