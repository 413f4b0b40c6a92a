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
  {
    // automatic follow: the refs digest it last ran on, when a waiting branch falls due, the last report
    // (sealed: it names branches); a deleted branch's question to the person (a pending memory item);
    // the default branch's head a branch's last head was checked against (unchanged pair: not again)
    version: 3,
    sql: `
ALTER TABLE sync_branches ADD COLUMN question TEXT;
ALTER TABLE sync_branches ADD COLUMN checked_main TEXT;
CREATE TABLE sync_follow (
  project TEXT PRIMARY KEY, digest TEXT NOT NULL, due INTEGER, report_enc BLOB, report_at INTEGER
);
`,
  },
]

export const SCHEMA: Schema = { faculty: "sync", migrations: MIGRATIONS }
