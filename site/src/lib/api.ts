/**
 * The browser's API client. Reads and writes include cookies; every non-ok response becomes an
 * ApiError carrying the server's error envelope (code, message, details) so screens can show the
 * server's own message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Seconds from the Retry-After header (throttled sign-ins), or null. */
  readonly retryAfter: number | null;
  constructor(status: number, code: string, message: string, details?: unknown, retryAfter: number | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  const retry = Number.parseInt(res.headers.get("retry-after") ?? "", 10);
  const retryAfter = Number.isFinite(retry) ? retry : null;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; details?: unknown } };
    if (body?.error?.message) {
      return new ApiError(res.status, body.error.code ?? "UNKNOWN", body.error.message, body.error.details, retryAfter);
    }
  } catch {
    /* not JSON: fall through to the spec's "status: body" message */
  }
  return new ApiError(res.status, "UNKNOWN", `${res.status}: ${text || res.statusText}`, undefined, retryAfter);
}

export async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: "include", headers: { accept: "application/json" } });
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}

/** A text body (a CSV download): the server's error envelope on failure, as apiGet. */
export async function apiGetText(path: string): Promise<string> {
  const res = await fetch(path, { credentials: "include" });
  if (!res.ok) throw await toError(res);
  return res.text();
}

export async function apiSend<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}

/**
 * The one query-string builder of the site's reads: "?a=1&b=2" from the defined values (undefined,
 * null and empty strings left out), keys sorted so equal filters give equal URLs and query keys; ""
 * when nothing is left.
 */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const k of Object.keys(params).sort()) {
    const v = params[k];
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : "";
}
