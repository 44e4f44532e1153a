/**
 * /fantasy: daily fantasy contests. Sidebar (My Contests, My Lineups, Sports Betting, Settings,
 * Logout), the contest lobby (sport tabs, pinned contests, filters, create and join), the lineup
 * builder behind ENTER, and the customer's entries. Signed-out visitors are asked to sign in or
 * try the demo when they try to play.
 */
import { mayEnterAgain } from "../components/fantasy/contest-table.tsx";
import { ExclusionBanner } from "../components/session/exclusion-banner.tsx";
import { SuspensionBanner } from "../components/session/suspension.tsx";
import { VerifyPointer } from "../components/session/verify-pointer.tsx";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FantasyContest, FantasyEntry } from "../../../api/schemas/fantasy.ts";
import { IslandShell } from "../components/island-shell.tsx";
import { useCurrentUser } from "../components/betting/session.tsx";
import { CreatePrivateContestDialog } from "../components/fantasy/create-private-contest-dialog.tsx";
import { EnterContestDialog, type EnterTarget } from "../components/fantasy/enter-contest-dialog.tsx";
import { FantasyHeader } from "../components/fantasy/fantasy-header.tsx";
import { FantasySidebar, type FantasyView } from "../components/fantasy/fantasy-sidebar.tsx";
import { JoinByCodeDialog } from "../components/fantasy/join-by-code-dialog.tsx";
import { Lobby } from "../components/fantasy/lobby.tsx";
import { MyContests, MyLineups } from "../components/fantasy/my-entries.tsx";
import { SignInDialog } from "../components/fantasy/sign-in-dialog.tsx";
import { useToast } from "../components/toast.tsx";
import { fantasyQueries } from "../lib/queries-fantasy.ts";
import "../components/fantasy/fantasy.css";

function FantasyScreen() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [view, setView] = useState<FantasyView>("lobby");
  const [target, setTarget] = useState<EnterTarget | null>(null);
  const [signIn, setSignIn] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState(false);
  const [pendingInvite, setPendingInvite] = useState<{ contestId: string; code: string } | null>(null);

  /** Playing needs a customer account: visitors are asked to sign in, staff are told why not. */
  function mayPlay(reason: string): boolean {
    if (!user) {
      setSignIn(reason);
      return false;
    }
    if (user.role !== "customer") {
      toast({ title: "Customer account required", description: "Contests are entered from a customer account.", variant: "destructive" });
      return false;
    }
    return true;
  }

  async function openEdit(entry: FantasyEntry, contest?: FantasyContest) {
    try {
      const c = contest ?? (await queryClient.fetchQuery(fantasyQueries.fantasyContest(entry.contestId)));
      setTarget({ mode: "edit", entry, contest: c });
    } catch (e) {
      toast({ title: "Contest unavailable", description: (e as Error).message, variant: "destructive" });
    }
  }

  async function enter(contest: FantasyContest, inviteCode?: string) {
    if (!mayPlay("Sign in to enter contests and pay entry fees from your wallet.")) return;
    if (contest.entered && !mayEnterAgain(contest)) {
      try {
        const entries = await queryClient.fetchQuery(fantasyQueries.myFantasyEntries());
        const mine = entries.find((e) => e.contestId === contest.id);
        if (mine?.editable) return void openEdit(mine, contest);
        toast({ title: "Already entered", description: `You're in ${contest.name}. See My Contests.` });
        return;
      } catch (e) {
        toast({ title: "Entries unavailable", description: (e as Error).message, variant: "destructive" });
        return;
      }
    }
    setTarget({ mode: "enter", contest, inviteCode });
  }

  // An invite link (/fantasy?join=<contest>&code=<code>) opens the builder for that contest.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const contestId = params.get("join");
    const code = params.get("code");
    if (contestId && code) setPendingInvite({ contestId, code: code.toUpperCase() });
  }, []);
  useEffect(() => {
    if (!pendingInvite || user === undefined) return;
    if (!user) {
      setSignIn("Sign in to join the private contest you were invited to.");
      return;
    }
    const invite = pendingInvite;
    setPendingInvite(null);
    window.history.replaceState(window.history.state, "", "/fantasy");
    queryClient
      .fetchQuery(fantasyQueries.fantasyContest(invite.contestId))
      .then((c) => enter(c, invite.code))
      .catch((e: Error) => toast({ title: "Invite not found", description: e.message, variant: "destructive" }));
  }, [pendingInvite, user]); // eslint-disable-line react-hooks/exhaustive-deps

  const signedIn = !!user;
  return (
    <div className="fx-page">
      <FantasyHeader />
      <ExclusionBanner enabled={user?.role === "customer"} />
      <SuspensionBanner />
      <VerifyPointer user={user} />
      <div className="fx-layout">
        <FantasySidebar view={view} onView={setView} />
        <main className="fx-main" id="main">
          {view === "lobby" && (
            <Lobby
              onEnter={(c) => void enter(c)}
              onCreate={() => mayPlay("Sign in to create a private contest.") && setCreating(true)}
              onJoin={() => mayPlay("Sign in to join a private contest.") && setJoining(true)}
            />
          )}
          {view === "my-contests" && <MyContests signedIn={signedIn} onBack={() => setView("lobby")} onSignIn={() => setSignIn("Sign in to see your contests.")} />}
          {view === "my-lineups" && (
            <MyLineups
              signedIn={signedIn}
              onBack={() => setView("lobby")}
              onEdit={(e) => void openEdit(e)}
              onSignIn={() => setSignIn("Sign in to see your lineups.")}
            />
          )}
        </main>
      </div>
      <EnterContestDialog target={target} onClose={() => setTarget(null)} />
      <CreatePrivateContestDialog open={creating} onOpenChange={setCreating} defaultSportId="" />
      <JoinByCodeDialog open={joining} onOpenChange={setJoining} onJoin={(c, code) => void enter(c, code)} />
      <SignInDialog open={signIn !== null} onOpenChange={(o) => !o && setSignIn(null)} reason={signIn ?? ""} />
    </div>
  );
}

export default function FantasyPage() {
  return (
    <IslandShell>
      <FantasyScreen />
    </IslandShell>
  );
}
