import type { Migration, Schema } from "../core/db"

/** told_injections (owned by told.ts; the miner's hooks_* tables are miner/schema.ts). */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE told_injections (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      project TEXT NOT NULL,
      session_key TEXT NOT NULL,
      event TEXT NOT NULL,
      tool TEXT NOT NULL,
      body_enc BLOB NOT NULL
    );
    CREATE INDEX told_injections_project ON told_injections (project, at);
    CREATE INDEX told_injections_session ON told_injections (project, session_key, at);`,
  },
]

export const SCHEMA: Schema = { faculty: "told", migrations: MIGRATIONS }
