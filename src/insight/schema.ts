import type { Migration, Schema } from "../core/db"

/** The insight tables (owned by store.ts): observations, their roll-ups, repeated failures already a lesson. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE insight_observations (
  id TEXT PRIMARY KEY,
  project TEXT NOT NULL,
  session TEXT NOT NULL,
  tool TEXT NOT NULL,
  family TEXT NOT NULL,
  failed INTEGER NOT NULL,
  exit_code INTEGER,
  signature TEXT NOT NULL DEFAULT '',
  body BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX insight_obs_by_time ON insight_observations(project, created_at);
CREATE INDEX insight_obs_by_sig ON insight_observations(project, signature, failed);
CREATE TABLE insight_rollups (
  project TEXT NOT NULL,
  family TEXT NOT NULL,
  signature TEXT NOT NULL,
  failed INTEGER NOT NULL,
  count INTEGER NOT NULL,
  first_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  sample BLOB,
  sample_id TEXT,
  PRIMARY KEY (project, family, signature, failed)
);
CREATE TABLE insight_lessons (
  project TEXT NOT NULL,
  signature TEXT NOT NULL,
  item_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (project, signature)
);`,
  },
]

export const SCHEMA: Schema = { faculty: "insight", migrations: MIGRATIONS }
