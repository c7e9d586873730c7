import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formErrors } from "#common/forms/form-errors.ts";
import { formValues } from "#common/forms/form-values.ts";
import { CARRIERS, trackingUrl } from "./carriers.ts";
import { bulkShipOrdersSchema } from "./order-action-schema.ts";
import { orderStatusChangeSchema, PARCELS_NEED_SHIPPED } from "./order-status-schema.ts";
import {
  CARRIER_MESSAGE,
  DUPLICATE_TRACKING_NUMBER,
  TRACKING_NUMBER_CHARACTERS,
  TRACKING_NUMBER_LENGTH,
  TRACKING_NUMBER_REQUIRED,
} from "./parcel-schema.ts";
import { addTrackingNumberSchema } from "./tracking-number-schema.ts";
import { orderNoteSchema } from "./order-note-schema.ts";

/** What the schema makes of a posted form, as parseFields reads it: values, or field messages. */
function read(schema: z.ZodType, fields: string[][]) {
  const parsed = schema.safeParse(formValues(new URLSearchParams(fields), schema));
  return parsed.success ? { ok: parsed.data } : { errors: formErrors(parsed.error).fieldErrors };
}

describe("tracking number fields", () => {
  it("keeps letters, digits, single spaces and dashes, in upper case", () => {
    expect(
      read(addTrackingNumberSchema, [
        ["orderId", "ORD-1"],
        ["carrier", "ups"],
        ["trackingNumber", "  1z 999\taa1-0123  "],
      ]),
    ).toEqual({ ok: { orderId: "ORD-1", carrier: "ups", trackingNumber: "1Z 999 AA1-0123" } });
  });

  it("refuses links, markup, odd lengths and unknown carriers with a clear message", () => {
    const refused: [string, string, string][] = [
      ["usps", "https://evil.example/track", TRACKING_NUMBER_CHARACTERS],
      ["usps", "<b>12345</b>", TRACKING_NUMBER_CHARACTERS],
      ["usps", "1234'; drop", TRACKING_NUMBER_CHARACTERS],
      ["usps", "-1234", TRACKING_NUMBER_CHARACTERS],
      ["usps", "12", TRACKING_NUMBER_LENGTH],
      ["usps", "1".repeat(41), TRACKING_NUMBER_LENGTH],
      ["usps", "   ", TRACKING_NUMBER_REQUIRED],
    ];
    for (const [carrier, trackingNumber, message] of refused) {
      expect(
        read(addTrackingNumberSchema, [
          ["orderId", "ORD-1"],
          ["carrier", carrier],
          ["trackingNumber", trackingNumber],
        ]),
        trackingNumber,
      ).toEqual({ errors: { trackingNumber: message } });
    }
    for (const carrier of ["", "royal-mail", "USPS"]) {
      expect(
        read(addTrackingNumberSchema, [
          ["orderId", "ORD-1"],
          ["carrier", carrier],
          ["trackingNumber", "1Z12345"],
        ]),
      ).toEqual({ errors: { carrier: CARRIER_MESSAGE } });
    }
    expect(CARRIER_MESSAGE).toBe("Please choose a carrier: USPS, UPS, FedEx, DHL or Other.");
  });

  it("links each carrier's number to its tracking page, but not Other's", () => {
    expect(CARRIERS.map((carrier) => trackingUrl(carrier, "9400 1000-22"))).toEqual([
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100022",
      "https://www.ups.com/track?tracknum=9400100022",
      "https://www.fedex.com/fedextrack/?trknbr=9400100022",
      "https://www.dhl.com/us-en/home/tracking.html?tracking-id=9400100022&submit=1",
      null,
    ]);
  });
});

describe("the ship forms' parcel rows", () => {
  const ship = (status: string, rows: [string, string][]) =>
    read(orderStatusChangeSchema, [
      ["orderId", "ORD-1"],
      ["status", status],
      ...rows.flatMap(([carrier, number], index) => [
        [`parcels.${index}.carrier`, carrier],
        [`parcels.${index}.trackingNumber`, number],
      ]),
    ]);

  it("leaves out rows without a number and checks the others where they stand", () => {
    expect(ship("Shipped", [])).toEqual({ ok: { orderId: "ORD-1", status: "Shipped", parcels: [] } });
    expect(
      ship("Shipped", [
        ["usps", ""],
        ["fedex", "7489 1234"],
      ]),
    ).toEqual({
      ok: { orderId: "ORD-1", status: "Shipped", parcels: [{ carrier: "fedex", trackingNumber: "7489 1234" }] },
    });
    expect(
      ship("Shipped", [
        ["usps", ""],
        ["pigeon", "1234"],
        ["ups", "<i>x</i>"],
      ]),
    ).toEqual({
      errors: { "parcels.1.carrier": CARRIER_MESSAGE, "parcels.2.trackingNumber": TRACKING_NUMBER_CHARACTERS },
    });
    expect(
      ship("Shipped", [
        ["usps", "1234 5678"],
        ["ups", "1234  5678"],
      ]),
    ).toEqual({ errors: { "parcels.1.trackingNumber": DUPLICATE_TRACKING_NUMBER } });
  });

  it("takes parcels only with Shipped", () => {
    expect(ship("Processing", [["usps", "1234 5678"]])).toEqual({ errors: { parcels: PARCELS_NEED_SHIPPED } });
    expect(ship("Processing", [["usps", ""]])).toMatchObject({ ok: { status: "Processing", parcels: [] } });
  });

  it("takes one parcel per ticked order in bulk, and none for an order not ticked", () => {
    const bulk = (orderIds: string[], parcels: [string, string, string][]) =>
      read(bulkShipOrdersSchema, [
        ...orderIds.map((id) => ["orderIds", id]),
        ...parcels.flatMap(([orderId, carrier, number], index) => [
          [`parcels.${index}.orderId`, orderId],
          [`parcels.${index}.carrier`, carrier],
          [`parcels.${index}.trackingNumber`, number],
        ]),
      ]);
    expect(
      bulk(
        ["A", "B"],
        [
          ["A", "usps", ""],
          ["B", "dhl", "1234567890"],
        ],
      ),
    ).toEqual({
      ok: { orderIds: ["A", "B"], parcels: [{ orderId: "B", carrier: "dhl", trackingNumber: "1234567890" }] },
    });
    expect(bulk(["A"], [["B", "dhl", "1234567890"]])).toEqual({
      errors: { parcels: "A tracking number was entered for an order that is not ticked." },
    });
  });
});

describe("staff notes", () => {
  it("takes a note of up to 2,000 characters, trimmed", () => {
    expect(
      read(orderNoteSchema, [
        ["orderId", "ORD-1"],
        ["note", "  Called the school.\nLeave at the office. "],
      ]),
    ).toEqual({
      ok: { orderId: "ORD-1", note: "Called the school.\nLeave at the office." },
    });
    expect(
      read(orderNoteSchema, [
        ["orderId", "ORD-1"],
        ["note", " "],
      ]),
    ).toEqual({
      errors: { note: "Please write the note." },
    });
    expect(
      read(orderNoteSchema, [
        ["orderId", "ORD-1"],
        ["note", "x".repeat(2001)],
      ]),
    ).toEqual({
      errors: { note: "A note has at most 2,000 characters." },
    });
  });
});
