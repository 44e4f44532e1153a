/**
 * The Fantasy port on libSQL. Every write is one `client.batch([...], "write")`: guards are
 * statements inside the write (assertStatement, CHECKs, triggers of migration 0015), never a read
 * followed by a write in JavaScript. The statements live by sub-area in ./fantasy/ (catalogue,
 * contests, entries, lifecycle); this class is the one port object the app is given.
 */
import type { Client } from "@libsql/client";
import type { Fantasy } from "../../domain/ports/index.ts";
import { FantasyCatalogue } from "./fantasy/catalogue.ts";
import { FantasyContests } from "./fantasy/contests.ts";
import { FantasyEntries } from "./fantasy/entries.ts";
import { FantasyLifecycle } from "./fantasy/lifecycle.ts";

type Args<K extends keyof Fantasy> = Parameters<Fantasy[K]>;

export class LibsqlFantasy implements Fantasy {
  private readonly catalogue: FantasyCatalogue;
  private readonly contests: FantasyContests;
  private readonly entries: FantasyEntries;
  private readonly lifecycle: FantasyLifecycle;
  constructor(client: Client) {
    this.catalogue = new FantasyCatalogue(client);
    this.contests = new FantasyContests(client);
    this.entries = new FantasyEntries(client);
    this.lifecycle = new FantasyLifecycle(client);
  }

  // ---------- catalogue ----------
  listSports(...a: Args<"listSports">) {
    return this.catalogue.listSports(...a);
  }
  findSport(...a: Args<"findSport">) {
    return this.catalogue.findSport(...a);
  }
  createSport(...a: Args<"createSport">) {
    return this.catalogue.createSport(...a);
  }
  listLeagues(...a: Args<"listLeagues">) {
    return this.catalogue.listLeagues(...a);
  }
  createLeague(...a: Args<"createLeague">) {
    return this.catalogue.createLeague(...a);
  }
  listPlayers(...a: Args<"listPlayers">) {
    return this.catalogue.listPlayers(...a);
  }
  findPlayers(...a: Args<"findPlayers">) {
    return this.catalogue.findPlayers(...a);
  }
  createPlayer(...a: Args<"createPlayer">) {
    return this.catalogue.createPlayer(...a);
  }

  // ---------- contests ----------
  listContests(...a: Args<"listContests">) {
    return this.contests.listContests(...a);
  }
  findContest(...a: Args<"findContest">) {
    return this.contests.findContest(...a);
  }
  createContest(...a: Args<"createContest">) {
    return this.contests.createContest(...a);
  }

  // ---------- entries ----------
  enter(...a: Args<"enter">) {
    return this.entries.enter(...a);
  }
  editLineup(...a: Args<"editLineup">) {
    return this.entries.editLineup(...a);
  }
  findEntry(...a: Args<"findEntry">) {
    return this.entries.findEntry(...a);
  }
  entriesForUser(...a: Args<"entriesForUser">) {
    return this.entries.entriesForUser(...a);
  }
  entriesOf(...a: Args<"entriesOf">) {
    return this.entries.entriesOf(...a);
  }
  enteredBy(...a: Args<"enteredBy">) {
    return this.entries.enteredBy(...a);
  }
  playerPoints(...a: Args<"playerPoints">) {
    return this.entries.playerPoints(...a);
  }

  // ---------- lifecycle ----------
  contestsToAdvance(...a: Args<"contestsToAdvance">) {
    return this.lifecycle.contestsToAdvance(...a);
  }
  lock(...a: Args<"lock">) {
    return this.lifecycle.lock(...a);
  }
  lockNow(...a: Args<"lockNow">) {
    return this.lifecycle.lockNow(...a);
  }
  score(...a: Args<"score">) {
    return this.lifecycle.score(...a);
  }
  resolve(...a: Args<"resolve">) {
    return this.lifecycle.resolve(...a);
  }
}
