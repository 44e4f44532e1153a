/** The identity documents the verification provider checks; the port itself is domain/ports/verification.ts. */
export const DOCUMENT_TYPES = ["passport", "driving_licence", "national_id"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
