import type { Migration, Schema } from "../core/db"

/**
 * The mesh's own tables. Sessions are keyed by (id, project): one server process may serve several
 * bound projects, and no row of one project can speak for another. Free text (task, cwd, branch,
 * claim patterns and reasons, message bodies) is sealed; names are keyed hashes.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE mesh_sessions (
  id TEXT NOT NULL,
  project TEXT NOT NULL,
  worktree TEXT NOT NULL,
  pid INTEGER NOT NULL,
  tool TEXT NOT NULL,
  info BLOB NOT NULL,
  started_at INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL,
  ended_at INTEGER,
  PRIMARY KEY (id, project)
);
CREATE INDEX mesh_sessions_live ON mesh_sessions (project, ended_at);
CREATE TABLE mesh_claims (
  id TEXT PRIMARY KEY,
  project TEXT NOT NULL,
  worktree TEXT NOT NULL,
  session_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('exclusive', 'shared')),
  pattern_key TEXT NOT NULL,
  body BLOB NOT NULL,
  since INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  released_at INTEGER,
  released_by TEXT
);
CREATE INDEX mesh_claims_live ON mesh_claims (project, worktree, released_at);
CREATE TABLE mesh_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  project TEXT NOT NULL,
  from_session TEXT NOT NULL,
  to_session TEXT,
  kind TEXT NOT NULL,
  body BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX mesh_events_project ON mesh_events (project, seq);
CREATE INDEX mesh_events_sender ON mesh_events (from_session, created_at);
CREATE TABLE mesh_cursors (
  session_id TEXT NOT NULL,
  project TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (session_id, project)
);
CREATE TABLE mesh_audit (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  project TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  claim_id TEXT,
  detail BLOB NOT NULL
);
`,
  },
  {
    version: 2,
    sql: "ALTER TABLE mesh_sessions ADD COLUMN host_pid INTEGER; CREATE INDEX mesh_sessions_host ON mesh_sessions (host_pid) WHERE ended_at IS NULL;",
  },
]

export const SCHEMA: Schema = { faculty: "mesh", migrations: MIGRATIONS }
