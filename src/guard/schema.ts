import type { Migration, Schema } from "../core/db"

/** guard_events (owned by record.ts): the verdict log, one sealed row per deny or ask. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE guard_events (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      decision TEXT NOT NULL,
      rule TEXT,
      command_hash TEXT NOT NULL,
      command_sealed BLOB NOT NULL,
      project TEXT NOT NULL DEFAULT '',
      session TEXT,
      tool TEXT
    );
    CREATE INDEX guard_events_at ON guard_events(at);
    CREATE INDEX guard_events_project ON guard_events(project, at);`,
  },
]

export const SCHEMA: Schema = { faculty: "guard", migrations: MIGRATIONS }
