import { describe, expect, it } from "vitest";
import { checkPrivateForm, emptyPrivateForm, inviteLink, parseInvite, toLocalInput } from "./private-contest.ts";

const now = new Date(2026, 10, 21, 10, 20);

describe("private contest form", () => {
  it("defaults to 10 free entries starting at least an hour away", () => {
    const f = emptyPrivateForm("fs_1", now);
    expect(f.maxEntries).toBe("10");
    expect(Date.parse(f.startTime) - now.getTime()).toBeGreaterThanOrEqual(60 * 60_000);
    const r = checkPrivateForm({ ...f, name: "Office league" }, now);
    expect(r.ok && r.value).toMatchObject({ sportId: "fs_1", name: "Office league", entryFee: 0, maxEntries: 10 });
  });
  it("takes the fee in dollars and cents, up to $1,000", () => {
    const base = { ...emptyPrivateForm("fs_1", now), name: "x" };
    const r = checkPrivateForm({ ...base, entryFee: "12.50" }, now);
    expect(r.ok && r.value.entryFee).toBe(1250);
    expect(checkPrivateForm({ ...base, entryFee: "1000" }, now).ok).toBe(true);
    expect(checkPrivateForm({ ...base, entryFee: "1000.01" }, now).ok).toBe(false);
    expect(checkPrivateForm({ ...base, entryFee: "-1" }, now).ok).toBe(false);
  });
  it("keeps entries within 2 to 100 and the start 5 minutes to 30 days away", () => {
    const base = { ...emptyPrivateForm("fs_1", now), name: "x" };
    expect(checkPrivateForm({ ...base, maxEntries: "1" }, now).ok).toBe(false);
    expect(checkPrivateForm({ ...base, maxEntries: "101" }, now).ok).toBe(false);
    expect(checkPrivateForm({ ...base, startTime: toLocalInput(new Date(now.getTime() + 4 * 60_000)) }, now).ok).toBe(false);
    expect(checkPrivateForm({ ...base, startTime: toLocalInput(new Date(now.getTime() + 31 * 86_400_000)) }, now).ok).toBe(false);
    expect(checkPrivateForm({ ...base, sportId: "" }, now).ok).toBe(false);
  });
  it("round-trips an invite link", () => {
    const link = inviteLink("https://bet.example", "fc_01", "K7QX2MPA");
    expect(parseInvite(link)).toEqual({ contestId: "fc_01", code: "K7QX2MPA" });
    expect(parseInvite("K7QX2MPA")).toBeNull();
  });
});
