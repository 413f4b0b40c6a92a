import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { SRC, sourceFiles } from "./_graph"

/**
 * Each table has one owner (AGENTS.md). Writes (INSERT/UPDATE/DELETE/REPLACE) name a table only in
 * its owner; memory tables are also read only by the reader (and by the write layer inside its own
 * transactions). An owner ending in "/" is a folder.
 */
const OWNERS: Array<[RegExp, string[]]> = [
  [/^egc_(meta|migrations)$/, ["core/db.ts"]],
  [/^crush_runs$/, ["crush/ledger.ts"]],
  [/^guard_events$/, ["guard/record.ts"]],
  [/^hooks_/, ["hooks/miner/store.ts"]],
  [/^told_injections$/, ["hooks/told.ts"]],
  [/^insight_/, ["insight/store.ts"]],
  [/^mesh_sessions$/, ["mesh/sessions.ts"]],
  [/^mesh_(claims|audit)$/, ["mesh/claims.ts"]],
  [/^mesh_(events|cursors)$/, ["mesh/events.ts"]],
  [/^memory_/, ["memory/write/", "memory/schema.ts"]],
  [/^sync_/, ["sync/team/store.ts", "sync/team/schema.ts"]],
]
const MEMORY_READERS = ["memory/read/", "memory/write/", "memory/schema.ts"]

const WRITE = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z][a-z0-9_]*)/gi
const READ = /\b(?:FROM|JOIN)\s+(memory_[a-z0-9_]+)/gi

const owns = (owners: string[], file: string) => owners.some((o) => (o.endsWith("/") ? file.startsWith(o) : file === o))
const ownersOf = (table: string) => OWNERS.find(([re]) => re.test(table))?.[1]

const CREATE = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z][a-z0-9_]*)/gi

export function ownershipViolations(files: Array<{ file: string; text: string }>): string[] {
  const tables = new Set(files.flatMap(({ text }) => [...text.matchAll(CREATE)].map((m) => m[1] ?? "")))
  const found: string[] = []
  for (const { file, text } of files) {
    for (const [, table = ""] of text.matchAll(WRITE)) {
      const owners = ownersOf(table)
      if (tables.has(table) && (!owners || !owns(owners, file))) found.push(`writes ${table}: src/${file}`)
    }
    for (const [, table = ""] of text.matchAll(READ)) {
      if (tables.has(table) && !owns(MEMORY_READERS, file)) found.push(`reads ${table}: src/${file}`)
    }
  }
  return [...new Set(found)]
}

describe("table ownership", () => {
  test("the check names a foreign write and a memory read outside the reader, and passes the owners", () => {
    expect(
      ownershipViolations([
        {
          file: "mesh/schema.ts",
          text: "CREATE TABLE mesh_sessions (id); CREATE TABLE IF NOT EXISTS memory_edges (a)",
        },
        { file: "memory/schema.ts", text: "CREATE TABLE memory_items (id)" },
        { file: "mcp/tools/memory/commit.ts", text: "commits a proposal from memory_propose" },
        { file: "mesh/events.ts", text: "db.run(`DELETE FROM mesh_sessions WHERE id = ?`)" },
        { file: "memory/graph.ts", text: "SELECT id FROM memory_edges JOIN memory_items" },
        { file: "mesh/sessions.ts", text: "UPDATE mesh_sessions SET seen = ?" },
        { file: "memory/read/rows.ts", text: "SELECT * FROM memory_items" },
        { file: "guard/rules/databases.ts", text: "a DELETE FROM without WHERE deletes every row" },
      ]),
    ).toEqual([
      "writes mesh_sessions: src/mesh/events.ts",
      "reads memory_edges: src/memory/graph.ts",
      "reads memory_items: src/memory/graph.ts",
    ])
  })

  test("src/ keeps it", () => {
    const files = sourceFiles().map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }))
    expect(ownershipViolations(files)).toEqual([])
  })
})
