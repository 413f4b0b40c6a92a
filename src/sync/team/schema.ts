import type { Migration, Schema } from "../../core/db"

/**
 * The sync tables (owned by team/store.ts). A project's team: the remote and the team keys, sealed
 * under the person's own key; links between a shared item and its local copy; files already read.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE sync_teams (
  project TEXT PRIMARY KEY, config_enc BLOB NOT NULL, trusted INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL,
  pushed_at INTEGER, pulled_at INTEGER
);
CREATE TABLE sync_links (
  project TEXT NOT NULL, shared TEXT NOT NULL, local TEXT NOT NULL, version TEXT NOT NULL, direction TEXT NOT NULL,
  author_enc BLOB, at INTEGER NOT NULL, forgotten INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (project, shared)
);
CREATE INDEX sync_links_local ON sync_links (project, local);
CREATE TABLE sync_seen (
  project TEXT NOT NULL, file TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT, at INTEGER NOT NULL,
  PRIMARY KEY (project, file)
);
`,
  },
  {
    // branches memory follows: the head last seen (a rename), since when it is gone, held after an undo
    version: 2,
    sql: `
CREATE TABLE sync_branches (
  project TEXT NOT NULL, scope TEXT NOT NULL, last_head TEXT, missing_since INTEGER, held INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (project, scope)
);
`,
  },
]

export const SCHEMA: Schema = { faculty: "sync", migrations: MIGRATIONS }
