/**
 * List cursors: the last row's sort key, [number, id], as base64url JSON. Opaque to clients; a
 * value that does not decode is refused as invalid input (400), never a 500.
 */
export function encodeCursor(at: number, id: string): string {
  return btoa(JSON.stringify([at, id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(cursor: string): { at: number; id: string } | null {
  try {
    const v: unknown = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && typeof v[1] === "string" && v[1].length <= 64)
      return { at: v[0], id: v[1] };
  } catch {
    /* not one of ours */
  }
  return null;
}
