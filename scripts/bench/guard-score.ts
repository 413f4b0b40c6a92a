#!/usr/bin/env bun
/**
 * Guard decisions on labelled sets. Decisions only: no command in these files is ever executed.
 *   bun run scripts/bench/guard-score.ts            Markdown tables on stdout
 *   bun run scripts/bench/guard-score.ts --misses   also list the misses and false alarms of the tuning halves
 *   (--misses-all: of the held-out halves too; kept apart so tuning does not read them)
 * Sets: the shared development corpus, the documented examples of test/fixtures/guard/docs-examples.json
 * (tuning and held-out halves, split by a hash of the command before any run) and the obfuscation set
 * test/fixtures/guard/obfuscation.json. Block = deny or ask.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { judgeCommand } from "../../src/guard"

const ROOT = resolve(import.meta.dir, "../..")
const FIXTURES = join(ROOT, "test/fixtures/guard")
const showAll = process.argv.includes("--misses-all")
const showMisses = showAll || process.argv.includes("--misses")

interface Item {
  command: string
  expected: "block" | "allow"
  category: string
  split?: "tune" | "heldout"
  policy_note?: string
}

/** The scene the anchors' harness used: a project inside the home folder that need not exist on disk. */
const scene = { cwd: "/home/tester/work/proj", home: "/home/tester", projectRoot: "/home/tester/work/proj" }

const load = (name: string): Item[] => {
  const shared = join(ROOT, "../shared/corpora/guard", name)
  return JSON.parse(readFileSync(existsSync(shared) ? shared : join(FIXTURES, name), "utf8")) as Item[]
}

interface Tally {
  blocks: number
  caught: number
  allows: number
  passed: number
  misses: string[]
  alarms: string[]
}

function tally(items: Item[], where = scene): Tally {
  const t: Tally = { blocks: 0, caught: 0, allows: 0, passed: 0, misses: [], alarms: [] }
  for (const item of items) {
    if (item.policy_note) continue
    const v = judgeCommand(item.command, where)
    if (item.expected === "block") {
      t.blocks++
      if (v.decision !== "allow") t.caught++
      else t.misses.push(item.command)
    } else {
      t.allows++
      if (v.decision === "allow") t.passed++
      else t.alarms.push(`${item.command}  → ${v.decision} ${v.rule}`)
    }
  }
  return t
}

const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(3)} (${a}/${b})` : "–")
const row = (name: string, t: Tally) => `| ${name} | ${ratio(t.caught, t.blocks)} | ${ratio(t.passed, t.allows)} |`

function section(
  title: string,
  items: Item[],
  byCategory: boolean,
  out: string[],
  heldOut = false,
  where = scene,
): void {
  out.push(`### ${title}`, "", "| slice | block recall | allow specificity |", "| --- | ---: | ---: |")
  const all = tally(items, where)
  out.push(row(`**all (${items.length})**`, all))
  if (byCategory) {
    const cats = [...new Set(items.map((i) => i.category))].sort()
    for (const c of cats) out.push(row(c, tally(items.filter((i) => i.category === c))))
  }
  out.push("")
  if (showMisses && (!heldOut || showAll) && (all.misses.length || all.alarms.length)) {
    out.push("<details><summary>misses and false alarms</summary>", "")
    for (const m of all.misses) out.push(`- miss: \`${m}\``)
    for (const a of all.alarms) out.push(`- false alarm: \`${a}\``)
    out.push("", "</details>", "")
  }
}

/** Categories of the documented examples, grouped the way the issue reports them. */
function family(category: string): string {
  const page = category.replace(/^(common|linux|osx)\//, "")
  if (/^git/.test(page)) return "git"
  if (/^(npm|yarn|pnpm|bun|deno|cargo|gem|twine|poetry|uv)/.test(page)) return "package managers / publishing"
  if (/^(docker|kubectl|helm|terraform|aws|az|gcloud|gh|podman)/.test(page)) return "containers / cloud / hosting"
  if (/^(dropdb|redis|psql|mysql|mongo)/.test(page)) return "databases"
  if (/^(cryptsetup|lv|vg|pv|wipefs|zfs|zpool|btrfs|mkfs|fdisk|parted|sgdisk|dd)/.test(page))
    return "disks / filesystems"
  if (/^(ufw|iptables|nft|crontab|userdel|passwd|shutdown|systemctl)/.test(page)) return "system / security"
  return "file commands"
}

const out: string[] = []
const dev = load("dev.json")
section("Shared development corpus (tuned on)", dev, false, out)
// The same corpus where the project is a real git repository with work to lose: a committed file
// changed since, an untracked file and a stash (the corpus labels assume there is something to lose).
const base = mkdtempSync(join(tmpdir(), "egc-guard-score-"))
const realProject = join(base, "home", "work", "proj")
mkdirSync(realProject, { recursive: true })
const git = (...args: string[]) =>
  spawnSync("git", ["-C", realProject, "-c", "user.name=b", "-c", "user.email=b@b", ...args])
git("init", "-q")
writeFileSync(join(realProject, "file.txt"), "one\n")
git("add", ".")
git("commit", "-qm", "one")
writeFileSync(join(realProject, "file.txt"), "stashed\n")
git("stash", "-q")
writeFileSync(join(realProject, "file.txt"), "uncommitted\n")
writeFileSync(join(realProject, "notes.md"), "untracked\n")
const realScene = { cwd: realProject, home: join(base, "home"), projectRoot: realProject }
section(
  "Shared development corpus, project = a real git repository with uncommitted, untracked and stashed work",
  dev,
  false,
  out,
  false,
  realScene,
)
rmSync(base, { recursive: true, force: true })
const docs = JSON.parse(readFileSync(join(FIXTURES, "docs-examples.json"), "utf8")) as Item[]
const grouped = docs.map((d) => ({ ...d, category: family(d.category) }))
section(
  "Documented examples, tuning half",
  grouped.filter((d) => d.split === "tune"),
  true,
  out,
)
section(
  "Documented examples, held-out half",
  grouped.filter((d) => d.split === "heldout"),
  true,
  out,
  true,
)
// Gathered after the rules were written, labelled before its first run: the closest thing to unseen material here.
const fresh = (JSON.parse(readFileSync(join(FIXTURES, "docs-fresh.json"), "utf8")) as Item[]).map((d) => ({
  ...d,
  category: family(d.category),
}))
section("Fresh documented examples (gathered after the rules, labelled before their first run)", fresh, true, out, true)
const obf = JSON.parse(readFileSync(join(FIXTURES, "obfuscation.json"), "utf8")) as Item[]
for (const half of ["tune", "heldout"] as const) {
  const items = obf.filter((o) => o.split === half)
  const t = tally(items.filter((i) => i.expected === "block"))
  out.push(
    `Obfuscation, ${half === "tune" ? "tuning" : "held-out"} half: **${t.misses.length} of ${t.blocks} allowed (${((100 * t.misses.length) / Math.max(1, t.blocks)).toFixed(1)} %)**`,
    "",
  )
  section(
    `Obfuscation set, ${half === "tune" ? "tuning" : "held-out"} half (harmless neighbours give the specificity)`,
    items,
    true,
    out,
    half === "heldout",
  )
}
const holdout = join(ROOT, "../shared/corpora/holdout/guard.json.enc")
out.push(
  `Held-back shared material (\`shared/corpora/holdout/guard.json.enc\`): ${existsSync(holdout) ? "present but encrypted; this run cannot read it, so it is not scored here (never tuned on)" : "not present"}.`,
)
process.stdout.write(`${out.join("\n")}\n`)
