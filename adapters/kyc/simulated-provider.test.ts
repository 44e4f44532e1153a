import { describe, expect, it } from "vitest";
import { SimulatedVerificationProvider } from "./simulated-provider.ts";

const provider = new SimulatedVerificationProvider();
const identity = {
  userId: "usr_1",
  firstName: "Jane",
  lastName: "Citizen",
  dateOfBirth: "1990-04-21",
  address: { line1: "1 Collins St", city: "Melbourne", postcode: "3000", country: "Australia" },
};
const document = { userId: "usr_1", firstName: "Jane", lastName: "Citizen", dateOfBirth: "1990-04-21", documentType: "passport" as const, documentNumber: "PA1234567" };

describe("the simulated verification provider", () => {
  it("approves ordinary details with a stable reference", async () => {
    const a = await provider.checkIdentity(identity);
    expect(a).toEqual({ approved: true, reference: expect.stringMatching(/^sim-id-[0-9a-f]{8}$/) });
    expect(await provider.checkIdentity(identity)).toEqual(a);
    expect((await provider.checkIdentity({ ...identity, firstName: "Janet" })).reference).not.toBe(a.reference);
  });

  it("refuses the name 'Reject' (any case) and an all-zero postcode", async () => {
    expect(await provider.checkIdentity({ ...identity, lastName: "REJECT" })).toMatchObject({
      approved: false,
      reason: "identity could not be confirmed",
    });
    expect(await provider.checkIdentity({ ...identity, address: { ...identity.address, postcode: "0000" } })).toMatchObject({
      approved: false,
      reason: "address could not be confirmed",
    });
  });

  it("approves a document unless its number starts with 000 or the name is 'Reject'", async () => {
    expect(await provider.checkDocument(document)).toEqual({ approved: true, reference: expect.stringMatching(/^sim-doc-/) });
    expect(await provider.checkDocument({ ...document, documentNumber: "000123456" })).toMatchObject({
      approved: false,
      reason: "document number not recognised",
    });
    expect(await provider.checkDocument({ ...document, firstName: "reject" })).toMatchObject({ approved: false });
  });
});
