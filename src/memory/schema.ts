import type { Migration, Schema } from "../core/db"

/**
 * The memory tables. Only `write/` mutates them and only `read/` selects user content from them.
 * Content (title, body, entities, tags, key) is one sealed JSON envelope per row; entity names are
 * mirrored as keyed hashes so the graph can be walked without opening records.
 * `rev` is a store-wide counter bumped by every mutation: readers refresh their caches from it.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE memory_counter (id INTEGER PRIMARY KEY CHECK (id = 1), rev INTEGER NOT NULL);
INSERT INTO memory_counter (id, rev) VALUES (1, 0);
CREATE TABLE memory_projects (id TEXT PRIMARY KEY, display_enc BLOB NOT NULL, consent TEXT, created_at INTEGER NOT NULL);
CREATE TABLE memory_branches (project TEXT NOT NULL, scope TEXT NOT NULL, name_enc BLOB NOT NULL, PRIMARY KEY (project, scope));
CREATE TABLE memory_items (
  id TEXT PRIMARY KEY,
  project TEXT NOT NULL,
  scope TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  confidence REAL NOT NULL,
  base_confidence REAL NOT NULL,
  source TEXT NOT NULL,
  session TEXT,
  tool TEXT,
  content_enc BLOB,
  fp TEXT NOT NULL,
  text_fp TEXT,
  title_fp TEXT,
  key_hash TEXT,
  entity_keys TEXT NOT NULL DEFAULT '',
  disputed INTEGER NOT NULL DEFAULT 0,
  valid_from INTEGER NOT NULL,
  valid_to INTEGER,
  recorded_at INTEGER NOT NULL,
  retracted_at INTEGER,
  expires_at INTEGER,
  last_used_at INTEGER,
  updated_at INTEGER NOT NULL,
  rev INTEGER NOT NULL
);
CREATE INDEX memory_items_scope ON memory_items (project, scope, kind, status);
CREATE INDEX memory_items_fp ON memory_items (project, fp);
CREATE INDEX memory_items_text_fp ON memory_items (project, text_fp);
CREATE INDEX memory_items_rev ON memory_items (project, rev);
CREATE INDEX memory_items_key ON memory_items (project, key_hash) WHERE key_hash IS NOT NULL;
CREATE TABLE memory_versions (id TEXT PRIMARY KEY, item TEXT NOT NULL, project TEXT NOT NULL, content_enc BLOB, recorded_at INTEGER NOT NULL);
CREATE INDEX memory_versions_item ON memory_versions (item);
CREATE TABLE memory_edges (
  project TEXT NOT NULL, src TEXT NOT NULL, dst TEXT NOT NULL, type TEXT NOT NULL, weight REAL NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (src, dst, type)
);
CREATE INDEX memory_edges_dst ON memory_edges (dst);
CREATE TABLE memory_tombstones (
  project TEXT NOT NULL, fp TEXT NOT NULL, created_at INTEGER NOT NULL, source TEXT NOT NULL,
  lifted_at INTEGER, PRIMARY KEY (project, fp)
);
CREATE TABLE memory_grants (
  id TEXT PRIMARY KEY, project TEXT NOT NULL, session TEXT NOT NULL, decision TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, consumed_at INTEGER
);
CREATE INDEX memory_grants_session ON memory_grants (project, session);
CREATE TABLE memory_conflicts (
  id TEXT PRIMARY KEY, project TEXT NOT NULL, new_item TEXT NOT NULL, old_item TEXT NOT NULL, reason TEXT NOT NULL,
  created_at INTEGER NOT NULL, resolved_at INTEGER, resolution TEXT
);
CREATE TABLE memory_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, project TEXT NOT NULL, item TEXT, action TEXT NOT NULL,
  source TEXT NOT NULL, session TEXT, tool TEXT, detail TEXT, prev TEXT NOT NULL, hash TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    sql: `
CREATE TABLE memory_snapshots (project TEXT PRIMARY KEY, rev INTEGER NOT NULL, docs INTEGER NOT NULL, snapshot_enc BLOB NOT NULL, created_at INTEGER NOT NULL);
`,
  },
  {
    // a tombstone's word shingles as keyed hashes, so near copies of forgotten text are refused too
    version: 3,
    sql: `
CREATE TABLE memory_tomb_shingles (project TEXT NOT NULL, fp TEXT NOT NULL, sh TEXT NOT NULL, PRIMARY KEY (project, sh, fp));
CREATE INDEX memory_tomb_shingles_fp ON memory_tomb_shingles (project, fp);
`,
  },
  {
    // created items are checked against the audit (every created item must still have its row);
    // applying this step also seals the head of a store made before the head existed (index.ts)
    version: 4,
    sql: "CREATE INDEX IF NOT EXISTS memory_audit_item ON memory_audit (action, item);",
  },
  {
    // the state view reads a section's best rows in order and counts the rest (read/state-rows.ts), so
    // session start costs what it shows, not what the project holds. The indexes walk a section newest
    // first (a reinforced item counting from its last use), by confidence, and pending items newest
    // first, filtering scope and expiry from the index itself; the tally keeps each
    // (project, scope, kind, status) count current through triggers, so no count scans the items (each statement
    // can run again: a store whose record of applied steps was rolled back is brought level)
    version: 5,
    sql: `
CREATE INDEX IF NOT EXISTS memory_items_recent ON memory_items
  (project, kind, status, max(recorded_at, coalesce(last_used_at, 0)), confidence, recorded_at, scope, expires_at);
CREATE INDEX IF NOT EXISTS memory_items_confident ON memory_items
  (project, kind, status, confidence, max(recorded_at, coalesce(last_used_at, 0)), recorded_at, scope, expires_at);
CREATE INDEX IF NOT EXISTS memory_items_status ON memory_items (project, status, recorded_at, scope, expires_at);
CREATE INDEX IF NOT EXISTS memory_items_expiring ON memory_items (project, expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS memory_tally (
  project TEXT NOT NULL, scope TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (project, scope, kind, status)
) WITHOUT ROWID;
INSERT OR REPLACE INTO memory_tally (project, scope, kind, status, n)
  SELECT project, scope, kind, status, COUNT(*) FROM memory_items GROUP BY project, scope, kind, status;
CREATE TRIGGER IF NOT EXISTS memory_tally_insert AFTER INSERT ON memory_items BEGIN
  INSERT INTO memory_tally (project, scope, kind, status, n) VALUES (new.project, new.scope, new.kind, new.status, 1)
    ON CONFLICT (project, scope, kind, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS memory_tally_delete AFTER DELETE ON memory_items BEGIN
  UPDATE memory_tally SET n = n - 1
    WHERE project = old.project AND scope = old.scope AND kind = old.kind AND status = old.status;
END;
CREATE TRIGGER IF NOT EXISTS memory_tally_update AFTER UPDATE OF project, scope, kind, status ON memory_items
  WHEN old.project IS NOT new.project OR old.scope IS NOT new.scope OR old.kind IS NOT new.kind
    OR old.status IS NOT new.status
BEGIN
  UPDATE memory_tally SET n = n - 1
    WHERE project = old.project AND scope = old.scope AND kind = old.kind AND status = old.status;
  INSERT INTO memory_tally (project, scope, kind, status, n) VALUES (new.project, new.scope, new.kind, new.status, 1)
    ON CONFLICT (project, scope, kind, status) DO UPDATE SET n = n + 1;
END;
`,
  },
  {
    // the owned search index (read/cache.ts, write/index-store.ts) replaces the whole-project MiniSearch
    // snapshot: a sorted term dictionary in shards and posting chunks per term, each sealed and keyed by a
    // keyed hash (no term in clear); the reader rebuilds it from the records once
    version: 6,
    sql: `
DROP TABLE IF EXISTS memory_snapshots;
CREATE TABLE IF NOT EXISTS memory_index_meta (project TEXT PRIMARY KEY, rev INTEGER NOT NULL, meta_enc BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS memory_index_terms (project TEXT NOT NULL, shard TEXT NOT NULL, terms_enc BLOB NOT NULL, PRIMARY KEY (project, shard));
CREATE TABLE IF NOT EXISTS memory_index_postings (
  project TEXT NOT NULL, term TEXT NOT NULL, chunk INTEGER NOT NULL, postings_enc BLOB NOT NULL,
  PRIMARY KEY (project, term, chunk)
);
CREATE TABLE IF NOT EXISTS memory_index_docs (
  project TEXT NOT NULL, short INTEGER NOT NULL, item TEXT NOT NULL, lengths INTEGER NOT NULL,
  PRIMARY KEY (project, short)
);
CREATE INDEX IF NOT EXISTS memory_index_docs_item ON memory_index_docs (project, item);
CREATE TABLE IF NOT EXISTS memory_index_entities (
  project TEXT NOT NULL, key TEXT NOT NULL, short INTEGER NOT NULL, PRIMARY KEY (project, key, short)
) WITHOUT ROWID;
`,
  },
  {
    // a stored document keeps what ranking reads of its item (the item's columns as of the index's revision;
    // a later change retires the document), so the hits of a query are read from one compact table instead
    // of a join into the items. The stored index is kept: its documents are filled from their items
    version: 7,
    sql: `
DROP TABLE IF EXISTS memory_index_docs_next;
CREATE TABLE memory_index_docs_next (
  project TEXT NOT NULL, short INTEGER NOT NULL, item TEXT NOT NULL, lengths INTEGER NOT NULL,
  scope TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, confidence REAL NOT NULL, disputed INTEGER NOT NULL,
  valid_from INTEGER NOT NULL, recorded_at INTEGER NOT NULL, expires_at INTEGER, entity_keys TEXT NOT NULL,
  PRIMARY KEY (project, short)
) WITHOUT ROWID;
INSERT INTO memory_index_docs_next
  SELECT d.project, d.short, d.item, d.lengths, i.scope, i.kind, i.status, i.confidence, i.disputed, i.valid_from,
    i.recorded_at, i.expires_at, i.entity_keys
  FROM memory_index_docs d JOIN memory_items i ON i.id = d.item;
DROP TABLE memory_index_docs;
ALTER TABLE memory_index_docs_next RENAME TO memory_index_docs;
CREATE INDEX IF NOT EXISTS memory_index_docs_item ON memory_index_docs (project, item);
`,
  },
]

export const SCHEMA: Schema = { faculty: "memory", migrations: MIGRATIONS }
