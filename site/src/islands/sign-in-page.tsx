/** /sign-in: sign in or register (the destination of /api/login). */
import { LeanIslandShell } from "../components/lean-island-shell.tsx";
import { SignInView } from "../components/auth/sign-in-view.tsx";
import { useCurrentUser } from "../components/betting/session.tsx";

function SignInInner() {
  const me = useCurrentUser();
  return <SignInView user={me.isPending || me.isError ? undefined : me.data} />;
}

export default function SignInPage() {
  return (
    <LeanIslandShell>
      <SignInInner />
    </LeanIslandShell>
  );
}
