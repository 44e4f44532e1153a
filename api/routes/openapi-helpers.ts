import { ErrorEnvelope } from "../schemas/common.ts";

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: the failing fields are in error.details",
  401: "No session",
  403: "Not allowed for this role, or a cross-site request",
  404: "Not found",
  409: "Conflicts with the current state (see error.code)",
  422: "The request disagrees with the server's own figures",
  503: "Busy (BET.BUSY / SYSTEM.BUSY): the writer is too far behind, nothing was done; Retry-After says when to try again",
};

/** Error responses for the OpenAPI document, all in the one envelope. */
export function errorResponses(...codes: (keyof typeof DESCRIPTIONS)[]) {
  return Object.fromEntries(
    codes.map((code) => [code, { description: DESCRIPTIONS[code], content: { "application/json": { schema: ErrorEnvelope } } }]),
  ) as Record<number, { description: string; content: { "application/json": { schema: typeof ErrorEnvelope } } }>;
}

export const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
