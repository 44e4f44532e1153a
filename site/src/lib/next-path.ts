/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site, else the
 * server's suggestion. Anything that could leave the site (//host, /\host, a scheme) or loop back
 * into the sign-in flow is ignored.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(next)) return null;
  const path = next.split(/[?#]/)[0];
  if (path === "/sign-in" || path.startsWith("/sign-in/") || path.startsWith("/api/")) return null;
  return next;
}

/** The sign-in page for the current location (used by "Log in" buttons in the islands). */
export function signInHref(next?: string): string {
  const target = next ?? (typeof window === "undefined" ? "/" : window.location.pathname + window.location.search);
  const safe = safeNextPath(target);
  return safe ? `/sign-in?next=${encodeURIComponent(safe)}` : "/sign-in";
}
