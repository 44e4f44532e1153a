/**
 * Open a real staff account on the server's own database (the first admin of a new book; demo
 * logins never can). Run where the server runs, with its DATABASE_URL:
 *
 *   STAFF_PASSWORD='…' npm run staff -- add --email ann@book.example --first Ann --last Lee --role admin
 *
 * Several at once (one process, one start-up): repeat the group, e.g.
 *   … add --email ann@… --first Ann --last Lee --role admin --email bo@… --first Bo --last Ng --role trader
 *
 * The password comes from the environment, never the command line (which other users of the
 * machine can read in the process list). Exits 0 with the new account's id, 1 with the refusal.
 */
import { parseArgs } from "node:util";
import { libsqlPorts, openDatabase } from "../adapters/libsql/index.ts";
import { randomIds, systemClock } from "../adapters/system/clock.ts";
import { addStaffFromConsole } from "../domain/users/add-staff-from-console.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string", multiple: true },
    first: { type: "string", multiple: true },
    last: { type: "string", multiple: true },
    role: { type: "string", multiple: true },
  },
});
const emails = values.email ?? [];
if (positionals[0] !== "add" || emails.length === 0) {
  console.error("usage: STAFF_PASSWORD=... npm run staff -- add --email EMAIL --first NAME --last NAME [--role admin|trader]");
  process.exit(2);
}
// With several groups, the names and roles pair with the emails by position: a missing one would
// shift the rest onto the wrong person (a trader opened as an admin), so each must be given once per email.
const counts = [values.first, values.last, values.role].map((v) => v?.length ?? 0);
if (emails.length > 1 && counts.some((n) => n !== emails.length)) {
  console.error("with several --email, give --first, --last and --role once for each of them, in the same order");
  process.exit(2);
}
const database = await openDatabase({
  url: process.env.DATABASE_URL || "file:data/sportsbook.db",
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
const ctx = { ports: libsqlPorts(database), clock: systemClock, ids: randomIds };
let failed = false;
for (const [i, email] of emails.entries()) {
  const added = await addStaffFromConsole(
    ctx,
    {
      email,
      firstName: values.first?.[i] ?? "",
      lastName: values.last?.[i] ?? "",
      role: (values.role?.[i] ?? "admin") as "admin" | "trader",
      password: process.env.STAFF_PASSWORD ?? "",
    },
  );
  if (added.ok) console.log(`${added.value.role} ${added.value.email} added (${added.value.id})`);
  else {
    console.error(`${email}: ${added.error.code}: ${added.error.message}`);
    failed = true;
    break;
  }
}
database.client.close();
if (failed) process.exit(1);
