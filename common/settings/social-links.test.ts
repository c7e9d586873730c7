import { describe, expect, it } from "vitest";
import { httpsUrl, isOnNetwork, readSocialLinks, socialLinkName } from "./social-links.ts";

describe("the footer's social links", () => {
  it("takes only https addresses a visitor can be sent to safely", () => {
    expect(httpsUrl("https://www.facebook.com/littlescrolls")?.hostname).toBe("www.facebook.com");
    for (const refused of [
      "http://www.facebook.com/x",
      "javascript:alert(1)",
      "https://user:pass@facebook.com/",
      "https://facebook.com@evil.example/",
      "https://localhost/",
      "facebook.com/x",
      "",
    ]) {
      expect(httpsUrl(refused), refused).toBeNull();
    }
  });

  it("knows each network by its site, subdomains and country sites included", () => {
    const on = (url: string, network: Parameters<typeof isOnNetwork>[1]) => isOnNetwork(httpsUrl(url)!, network);
    expect(on("https://m.facebook.com/x", "facebook")).toBe(true);
    expect(on("https://youtu.be/abc", "youtube")).toBe(true);
    expect(on("https://twitter.com/x", "x")).toBe(true);
    expect(on("https://www.pinterest.co.uk/x/", "pinterest")).toBe(true);
    expect(on("https://notfacebook.com/x", "facebook")).toBe(false);
    expect(on("https://facebook.com.evil.example/x", "facebook")).toBe(false);
    expect(on("https://www.instagram.com/x", "tiktok")).toBe(false);
  });

  it("reads stored links back in the footer's order, leaving out anything invalid", () => {
    const stored = JSON.stringify([
      { network: "other", name: "Threads", url: "https://www.threads.net/@a" },
      { network: "youtube", url: "https://www.youtube.com/@a" },
      { network: "facebook", url: "https://www.facebook.com/a" },
      { network: "facebook", url: "https://www.facebook.com/second" },
      { network: "tiktok", url: "https://www.instagram.com/a" },
      { network: "other", name: "", url: "https://blog.example" },
      "nonsense",
      null,
    ]);
    const links = readSocialLinks(stored);
    expect(links).toEqual([
      { network: "facebook", url: "https://www.facebook.com/a" },
      { network: "youtube", url: "https://www.youtube.com/@a" },
      { network: "other", name: "Threads", url: "https://www.threads.net/@a" },
    ]);
    expect(links.map(socialLinkName)).toEqual(["Facebook", "YouTube", "Threads"]);
    expect(readSocialLinks("{")).toEqual([]);
    expect(readSocialLinks('{"facebook":"https://facebook.com/a"}')).toEqual([]);
    expect(readSocialLinks(null)).toEqual([]);
  });
});
