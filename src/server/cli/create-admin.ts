import { runCreateAdmin } from "./create-admin-command";

// Entry point of `npm run create-admin`; the work and its tests live in create-admin-command.ts.
process.exitCode = await runCreateAdmin(process.argv.slice(2));
