/**
 * The landing page's only script (no framework): live odds cards polled from GET /api/live-odds,
 * demo logins (POST /api/demo/login) and a tiny toast that behaves like the islands' Radix one.
 * Server strings only ever reach the page through textContent. Each concern lives in landing/.
 */
import { wireDemoLogins } from "./landing/demo-login.ts";
import { hasLiveGrid, startPolling } from "./landing/live-odds.ts";
import { loadSession } from "./landing/session.ts";
import { listenForToastHotkey } from "./landing/toast.ts";

listenForToastHotkey();
wireDemoLogins();
if (hasLiveGrid()) {
  // The session is asked first, so a customer's odds format is known as early as possible.
  void loadSession();
  startPolling();
}
