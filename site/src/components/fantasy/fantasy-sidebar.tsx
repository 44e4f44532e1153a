/**
 * Left navigation of /fantasy: My Contests, My Lineups, Sports Betting (/betting),
 * Settings (/account) and Logout. My Contests and My Lineups switch the main view.
 */
import { useCurrentUser, useLogout } from "../betting/session.tsx";

export type FantasyView = "lobby" | "my-contests" | "my-lineups";

export function FantasySidebar({ view, onView }: { view: FantasyView; onView: (v: FantasyView) => void }) {
  const { data: user } = useCurrentUser();
  const { logout, pending } = useLogout();
  const item = (v: FantasyView, label: string) => (
    <li>
      <button type="button" aria-current={view === v ? "page" : undefined} onClick={() => onView(v)} data-testid={`nav-${v}`}>
        {label}
      </button>
    </li>
  );
  return (
    <aside className="fx-sidebar" aria-label="Sidebar">
      <nav aria-label="Fantasy" className="fx-nav">
        <ul>
          {item("my-contests", "My Contests")}
          {item("my-lineups", "My Lineups")}
          <li>
            <a href="/betting" data-testid="nav-betting">
              Sports Betting
            </a>
          </li>
          <li>
            <a href="/account" data-testid="nav-settings">
              Settings
            </a>
          </li>
          <li>
            {user ? (
              <button type="button" onClick={() => void logout()} disabled={pending} data-testid="nav-logout">
                Logout
              </button>
            ) : (
              <a href="/api/login?next=/fantasy">Log in</a>
            )}
          </li>
        </ul>
      </nav>
    </aside>
  );
}
