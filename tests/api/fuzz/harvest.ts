/**
 * What the API itself hands out, gathered from its own GET answers: ids by kind (to aim path
 * parameters at), sample values by field name, and whole objects with the ids of the objects they
 * sit in (to build near-valid request bodies from). One Harvest per test file: nothing is kept in
 * the module, so files sharing a fork do not see each other's ids.
 */
import { kindOf } from "./values.ts";

export type Primitive = string | number | boolean;

export class Harvest {
  readonly idsByKind = new Map<string, Set<string>>();
  readonly allIds = new Set<string>();
  readonly samplesByKey = new Map<string, Set<string | number | boolean>>();
  readonly records: Record<string, Primitive>[] = [];

  private addId(kind: string, id: string) {
    if (id.length === 0 || id.length > 64) return;
    if (!this.idsByKind.has(kind)) this.idsByKind.set(kind, new Set());
    const set = this.idsByKind.get(kind)!;
    if (set.size < 60) set.add(id);
    if (this.allIds.size < 400) this.allIds.add(id);
  }
  private addSample(key: string, v: string | number | boolean) {
    if (typeof v === "string" && v.length > 200) return;
    if (!this.samplesByKey.has(key)) this.samplesByKey.set(key, new Set());
    const set = this.samplesByKey.get(key)!;
    if (set.size < 40) set.add(v);
  }

  harvest(value: unknown, kind: string, context: Record<string, Primitive> = {}) {
    if (Array.isArray(value)) return value.slice(0, 100).forEach((v) => this.harvest(v, kind, context));
    if (!value || typeof value !== "object") return;
    const own: Record<string, Primitive> = {};
    const inner: Record<string, Primitive> = { ...context };
    for (const [k, v] of Object.entries(value)) {
      if (k === "id" && typeof v === "string") {
        this.addId(kind, v);
        inner[`${kind}Id`] = v;
      } else if (/Id$/.test(k) && typeof v === "string") this.addId(kindOf(k), v);
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
        this.addSample(k, v);
        own[k] = v;
      }
    }
    if (this.records.length < 2_000) this.records.push({ ...inner, ...own });
    for (const [k, v] of Object.entries(value)) if (v && typeof v === "object") this.harvest(v, kindOf(k), inner);
  }
}
