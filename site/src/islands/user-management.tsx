/** /user-management: the User Management screen on its own page. */
import { IslandShell } from "../components/island-shell.tsx";
import { StandaloneScreen } from "../components/admin/standalone-screen.tsx";
import { UserManagement } from "../components/admin/users/users-section.tsx";

export default function UserManagementPage() {
  return (
    <IslandShell>
      <StandaloneScreen title="User Management" signedOutMessage="Please log in to access user management.">
        <UserManagement />
      </StandaloneScreen>
    </IslandShell>
  );
}
