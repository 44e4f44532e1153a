/**
 * Open a real staff account on the server's own database (the first admin of a new book; demo
 * logins never can). Run where the server runs, with its DATABASE_URL:
 *
 *   STAFF_PASSWORD='…' npm run staff -- add --email ann@book.example --first Ann --last Lee --role admin
 *
 * The password comes from the environment, never the command line (which other users of the
 * machine can read in the process list). Exits 0 with the new account's id, 1 with the refusal.
 */
import { parseArgs } from "node:util";
import { libsqlPorts, openDatabase } from "../adapters/libsql/index.ts";
import { randomIds, systemClock } from "../adapters/system/clock.ts";
import { ScryptPasswordHasher } from "../adapters/system/password.ts";
import { addStaffFromConsole } from "../domain/users/add-staff-from-console.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, first: { type: "string" }, last: { type: "string" }, role: { type: "string", default: "admin" } },
});
if (positionals[0] !== "add" || !values.email) {
  console.error("usage: STAFF_PASSWORD=... npm run staff -- add --email EMAIL --first NAME --last NAME [--role admin|trader]");
  process.exit(2);
}
const database = await openDatabase({
  url: process.env.DATABASE_URL || "file:data/sportsbook.db",
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
const added = await addStaffFromConsole(
  { ports: libsqlPorts(database), clock: systemClock, ids: randomIds },
  {
    email: values.email,
    firstName: values.first ?? "",
    lastName: values.last ?? "",
    role: values.role as "admin" | "trader",
    password: process.env.STAFF_PASSWORD ?? "",
  },
  new ScryptPasswordHasher(),
);
database.client.close();
if (!added.ok) {
  console.error(`${added.error.code}: ${added.error.message}`);
  process.exit(1);
}
console.log(`${added.value.role} ${added.value.email} added (${added.value.id})`);
