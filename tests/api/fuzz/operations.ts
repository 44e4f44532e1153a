/**
 * The operations the fuzzer aims at, as the app describes them: its OpenAPI document, and Hono's own
 * list of registered routes to cross-check it against.
 */
import type { Hono } from "hono";
import { inspectRoutes } from "hono/dev";
import type { JsonSchema, Operation, Parameter } from "./values.ts";

export type OpenApiDocument = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } };

const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];

/** Every operation the document lists, with its parameters, JSON body schema and statuses. */
export function documentedOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]) => {
        const params = [...((item.parameters as Parameter[] | undefined) ?? []), ...((op.parameters as Parameter[] | undefined) ?? [])];
        const json = op.requestBody?.content?.["application/json"]?.schema ?? null;
        return {
          method: m.toUpperCase(),
          path,
          parameters: params,
          body: json,
          statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
        } satisfies Operation;
      }),
  );
}

/** Hono's own list of what answers requests under /api (handlers, not middleware), as "METHOD /path{param}". */
export function registeredApiRoutes(app: Hono<any>): string[] {
  const keys = inspectRoutes(app)
    .filter((r) => !r.isMiddleware && (r.path === "/api" || r.path.startsWith("/api/")))
    // Hono writes parameters as :id (optionally :id{regex}); OpenAPI as {id}.
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}")}`);
  return [...new Set(keys)].sort();
}

export const opKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
