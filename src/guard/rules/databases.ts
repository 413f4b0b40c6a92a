import type { Invocation, Walk } from "../invocation"
import { ALLOW, stricter, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

const BACKUP = "take a dump first (pg_dump / mysqldump / .backup) and run it yourself"

/** Destructive SQL: DROP, TRUNCATE, DELETE or UPDATE without WHERE. */
function judgeSql(sql: string, client: string): Verdict {
  let verdict: Verdict = ALLOW
  for (const statement of sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ").split(";")) {
    const s = statement.trim().replace(/\s+/g, " ")
    if (
      /^drop\s+(table|database|schema|keyspace|index|view|materialized view|user|role|function|trigger|sequence|type|extension|collection|measurement|retention policy)\b/i.test(
        s,
      )
    )
      verdict = stricter(verdict, deny("db.drop", `${client}: ${s.slice(0, 60)} deletes it with its data`, BACKUP))
    else if (/^truncate\b/i.test(s))
      verdict = stricter(verdict, deny("db.truncate", `${client}: ${s.slice(0, 60)} empties the table`, BACKUP))
    else if (/^delete\s+from\s/i.test(s) && !/\swhere\s/i.test(s))
      verdict = stricter(
        verdict,
        deny("db.delete-all", `${client}: DELETE without WHERE removes every row`, "add a WHERE clause"),
      )
    else if (/^update\s+\S+\s+set\s/i.test(s) && !/\swhere\s/i.test(s))
      verdict = stricter(
        verdict,
        ask("db.update-all", `${client}: UPDATE without WHERE changes every row`, "add a WHERE clause"),
      )
    else if (/^alter\s+table\s.*\sdrop\s/i.test(s))
      verdict = stricter(
        verdict,
        ask("db.alter-drop", `${client}: ALTER TABLE … DROP removes a column or constraint`, BACKUP),
      )
    else if (/^(flushall|flushdb)\b/i.test(s))
      verdict = stricter(
        verdict,
        deny("db.redis-flush", `${client}: ${s.split(" ")[0]} deletes every key`, "delete the specific keys"),
      )
  }
  return verdict
}

const SQL_FLAG = /^(-c|--command|-e|--execute|-q|--query|-Q|--sql)$/

/** Client meta-commands that run a shell: psql `\\!`, mysql `system` / `\\!`, sqlite `.shell` / `.system`. */
const SHELL_ESCAPE = /(^|[;\n])\s*(\\!|system\s|\.shell\s|\.system\s)\s*([^;\n]*)/i

function shellEscape(sql: string, inv: Invocation, walk: Walk, name: string): Verdict {
  const m = SHELL_ESCAPE.exec(sql)
  if (!m) return ALLOW
  if (m[3]) walk.script(m[3], inv.state, `the shell command run from ${name}`)
  return ask(
    "db.shell-escape",
    `${name} runs a shell command from inside the client (${m[2]!.trim()})`,
    "run the shell command directly",
  )
}

function sqlClient(inv: Invocation, name: string, walk?: Walk): Verdict {
  let verdict: Verdict = ALLOW
  const args = inv.args
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (SQL_FLAG.test(t) && args[i + 1])
      verdict = stricter(
        stricter(verdict, judgeSql(args[i + 1]!.text, name)),
        walk ? shellEscape(args[i + 1]!.text, inv, walk, name) : ALLOW,
      )
    else if (/^--(command|execute|query)=/.test(t))
      verdict = stricter(verdict, judgeSql(t.slice(t.indexOf("=") + 1), name))
    else if (/^-e./.test(t) && name.startsWith("mysql")) verdict = stricter(verdict, judgeSql(t.slice(2), name))
  }
  if (name === "sqlite3" || name === "duckdb") {
    const positional = args.slice(1).filter((a) => !a.text.startsWith("-"))
    if (positional.length >= 2)
      verdict = stricter(
        verdict,
        judgeSql(
          positional
            .slice(1)
            .map((a) => a.text)
            .join(" "),
          name,
        ),
      )
  }
  if (inv.stdin?.kind === "data")
    verdict = stricter(
      stricter(verdict, judgeSql(inv.stdin.text, name)),
      walk ? shellEscape(inv.stdin.text, inv, walk, name) : ALLOW,
    )
  if (walk && (name === "sqlite3" || name === "duckdb"))
    for (const a of args.slice(2)) verdict = stricter(verdict, shellEscape(a.text, inv, walk, name))
  return verdict
}

const redis: Rule = (inv, _w, name) => {
  const words = inv.args.slice(1).map((a) => a.text)
  const cmd = words.find((w, i) => !w.startsWith("-") && !/^-[hpanu]$/.test(words[i - 1] ?? ""))
  if (cmd && /^(flushall|flushdb)$/i.test(cmd))
    return deny("db.redis-flush", `${name} ${cmd} deletes every key`, "delete the specific keys")
  if (inv.stdin?.kind === "data") return judgeSql(inv.stdin.text, name)
  return ALLOW
}

const mongo: Rule = (inv, _w, name) => {
  const code = [...inv.args.map((a) => a.text), inv.stdin?.kind === "data" ? inv.stdin.text : ""].join(" ")
  if (/\.dropDatabase\s*\(|\.drop\s*\(\s*\)|\.(deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/.test(code))
    return deny(
      "db.mongo-drop",
      `${name} drops a database or empties a collection`,
      "mongodump first, and filter the delete",
    )
  return ALLOW
}

const dropTool: Rule = (inv, _w, name) =>
  inv.args.some((a) => a.text === "-i" || a.text === "--interactive")
    ? ALLOW
    : deny("db.drop", `${name} deletes a whole database`, BACKUP)

const mysqladmin: Rule = (inv) =>
  inv.args.some((a) => /^drop$/i.test(a.text))
    ? deny("db.drop", "mysqladmin drop deletes a whole database", BACKUP)
    : ALLOW

const client: Rule = (inv, walk, name) => sqlClient(inv, name, walk)

/** Restores that drop what is there first. */
const restore: Rule = (inv, _w, name) =>
  inv.args.some((a) => /^(-c|--clean|--drop)$/.test(a.text))
    ? ask(
        "db.restore-drop",
        `${name} ${inv.args.find((a) => /^(-c|--clean|--drop)$/.test(a.text))!.text} drops existing objects before restoring`,
        "restore into a new database first",
      )
    : ALLOW

export const databaseRules: Record<string, Rule> = {
  psql: client,
  mysql: client,
  mariadb: client,
  sqlite3: client,
  duckdb: client,
  sqlcmd: client,
  "clickhouse-client": client,
  cockroach: client,
  cqlsh: client,
  influx: client,
  "redis-cli": redis,
  "valkey-cli": redis,
  mongo,
  mongosh: mongo,
  dropdb: dropTool,
  dropuser: dropTool,
  mysqladmin,
  pg_restore: restore,
  mongorestore: restore,
}
