/** /public: read-only sportsbook view (the default page after a demo login for traders). */
import { useQuery } from "@tanstack/react-query";
import { IslandShell } from "../components/island-shell.tsx";
import { UserOddsFormat } from "../components/odds-format.tsx";
import { PublicView } from "../components/public/public-view.tsx";
import { customerQueries } from "../lib/queries-customer.ts";

function PublicSportsbookInner() {
  const me = useQuery(customerQueries.currentUser());
  // undefined while loading (or if the lookup failed): the header shows no sign-in state yet.
  const user = me.isPending ? undefined : me.isError ? null : me.data;
  return <PublicView user={user} />;
}

export default function PublicSportsbook() {
  return (
    <IslandShell>
      <UserOddsFormat>
        <PublicSportsbookInner />
      </UserOddsFormat>
    </IslandShell>
  );
}
