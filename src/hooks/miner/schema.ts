import type { Migration, Schema } from "../../core/db"

/** hooks_* tables (owned by store.ts): transcript offsets and fingerprints of what was mined. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE hooks_transcripts (key TEXT PRIMARY KEY, offset INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE hooks_mined (project TEXT NOT NULL, fingerprint TEXT NOT NULL, item_id TEXT, created_at INTEGER NOT NULL, PRIMARY KEY (project, fingerprint));`,
  },
]

export const SCHEMA: Schema = { faculty: "hooks", migrations: MIGRATIONS }
