import { expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

it("keeps an IPv4 address as it is", () => {
  expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
  expect(clientKey("192.0.2.1")).not.toBe(clientKey("192.0.2.2"));
});

it("treats an IPv4-mapped IPv6 address as the IPv4 client it stands for", () => {
  expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  expect(clientKey("::FFFF:c000:201")).toBe("192.0.2.1");
});

it("groups IPv6 clients by their /64: two addresses of one /64 share a key, two /64s do not", () => {
  const a = clientKey("2001:db8:1:2::1");
  expect(a).toBe("2001:db8:1:2::/64");
  expect(clientKey("2001:0db8:0001:0002:ffff:1234:abcd:9")).toBe(a);
  expect(clientKey("2001:db8:1:2:aaaa::%eth0")).toBe(a);
  expect(clientKey("2001:db8:1:3::1")).not.toBe(a);
  expect(clientKey("::1")).toBe("0:0:0:0::/64");
});

it("keeps anything that is not an address as its own key", () => {
  expect(clientKey("unknown")).toBe("unknown");
});
