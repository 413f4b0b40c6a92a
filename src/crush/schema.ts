import type { Migration, Schema } from "../core/db"

/** crush_runs (owned by ledger.ts): the savings ledger, one row per crushed run. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE crush_runs (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      project TEXT NOT NULL,
      family TEXT NOT NULL,
      program TEXT NOT NULL,
      mode TEXT NOT NULL,
      bytes_in INTEGER NOT NULL,
      bytes_out INTEGER NOT NULL,
      tokens_in INTEGER NOT NULL,
      tokens_out INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      exit_code INTEGER
    );
    CREATE INDEX crush_runs_at ON crush_runs (at);`,
  },
]

export const SCHEMA: Schema = { faculty: "crush", migrations: MIGRATIONS }
