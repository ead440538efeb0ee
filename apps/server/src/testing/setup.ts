import { copyMemoryDatabasesFrom } from '../db/database.ts';
import { forgetSharedPGlite, templateBlob } from './databases.ts';

// Run before each test file. A server a test starts in memory (`--memory`, startServer with
// `memory: true`) opens a copy of the run's migrated cluster instead of making a new one: the
// first start of a new cluster (initdb, every migration from nothing) is what cli.test.ts and
// security/durability.security.test.ts prove, on the bundled CLI in processes of its own.
copyMemoryDatabasesFrom(await templateBlob('migrated'));
await forgetSharedPGlite();
