import { describe, expect, test } from "bun:test"
import { existsSync, statSync, writeFileSync } from "node:fs"
import { parse as parseToml } from "smol-toml"
import { makeContext } from "../../src/install/context"
import { opPresent } from "../../src/install/edit"
import { readJsonc, setJson } from "../../src/install/edit/json"
import { readYaml } from "../../src/install/edit/yaml"
import { TARGETS } from "../../src/install/targets"
import type { Edit, Op, Scope, Target } from "../../src/install/types"
import { fakeBin, install, plan, read, sandbox, snapshot, uninstall, type Sandbox } from "./_harness"
import { seedFor, writeSeed } from "./_seeds"

const editsOf = (t: Target, scope: Scope, sb: Sandbox, bin = sb.bin): Edit[] => {
  const ctx = makeContext({ scope, project: sb.project, bin, home: sb.home, pathDirs: [] })
  return [t.mcp, t.hooks, t.instructions].flatMap((f) => f[scope]?.edits(ctx) ?? [])
}

const byFile = (edits: Edit[]) => {
  const m = new Map<string, Edit[]>()
  for (const e of edits) m.set(e.file, [...(m.get(e.file) ?? []), e])
  return m
}

/** The file is valid in its own format and every op egc made is in it. */
function expectValid(file: string, ops: Op[]): void {
  const text = read(file)
  for (const op of ops) {
    if (op.kind === "json-set" || op.kind === "json-hooks") readJsonc(text)
    if (op.kind === "toml-table") parseToml(text)
    if (op.kind === "yaml-set") readYaml(text)
    if (op.kind === "file" && file.endsWith(".json")) JSON.parse(text)
    expect(opPresent(text, op)).toBe(true)
  }
}

const countHookLines = (text: string) =>
  (text.match(/ hook (session-start|prompt-submit|pre-tool|post-tool|pre-compact|stop|session-end) --tool /g) ?? [])
    .length

for (const target of TARGETS) {
  for (const scope of ["user", "project"] as const) {
    const has = [target.mcp, target.hooks, target.instructions].some((f) => f[scope])
    describe(`${target.id} (${scope})`, () => {
      if (!has) {
        test("has nothing to install here and says why", () => {
          using sb = sandbox()
          const p = plan(sb, { targets: [target.id], scope })
          expect(p.targets[0]?.skipped).toMatch(/^nothing to install/)
          expect(p.files).toEqual([])
        })
        return
      }

      test("fresh: valid files with every entry; re-run changes nothing; uninstall leaves no trace", () => {
        using sb = sandbox()
        const before = snapshot(sb)
        const { plan: p, result } = install(sb, { targets: [target.id], scope })
        expect(p.targets[0]?.skipped).toBeUndefined()
        expect(result.failed).toEqual([])
        const files = byFile(editsOf(target, scope, sb))
        for (const [file, edits] of files)
          expectValid(
            file,
            edits.map((e) => e.op),
          )
        for (const e of editsOf(target, scope, sb))
          if (e.op.kind === "file" && e.op.mode) expect(statSync(e.file).mode & 0o777).toBe(e.op.mode)
        const again = plan(sb, { targets: [target.id], scope })
        expect(again.files.filter((f) => f.before !== f.after)).toEqual([])
        uninstall()
        expect(snapshot(sb)).toEqual(before)
      })

      test("existing user files: comments and unrelated entries kept; uninstall restores every byte", () => {
        using sb = sandbox()
        const survivors = new Map<string, string[]>()
        for (const [file, edits] of byFile(editsOf(target, scope, sb))) {
          const seed = seedFor(edits)
          if (!seed) continue
          writeSeed(file, seed.content)
          survivors.set(file, seed.survivors)
        }
        const before = snapshot(sb)
        install(sb, { targets: [target.id], scope })
        for (const [file, words] of survivors) for (const w of words) expect(read(file)).toContain(w)
        for (const [file, edits] of byFile(editsOf(target, scope, sb)))
          expectValid(
            file,
            edits.map((e) => e.op),
          )
        uninstall()
        expect(snapshot(sb)).toEqual(before)
      })

      test("upgrade: an older egc entry is updated in place, never duplicated", () => {
        using sb = sandbox()
        const oldBin = fakeBin(`${sb.tmp.path}/old bin/egc`)
        const before = snapshot(sb)
        install(sb, { targets: [target.id], scope, bin: oldBin })
        const fresh = new Map(
          [...byFile(editsOf(target, scope, sb, oldBin))].map(([f]) => [f, countHookLines(read(f))]),
        )
        install(sb, { targets: [target.id], scope })
        for (const [file, edits] of byFile(editsOf(target, scope, sb))) {
          expectValid(
            file,
            edits.map((e) => e.op),
          )
          expect(read(file)).not.toContain("old bin")
          expect(countHookLines(read(file))).toBe(fresh.get(file) ?? 0)
        }
        uninstall()
        expect(snapshot(sb)).toEqual(before)
      })

      test("changed by the user after install: uninstall takes out only egc's entries", () => {
        using sb = sandbox()
        const files = byFile(editsOf(target, scope, sb))
        for (const [file, edits] of files) {
          const seed = seedFor(edits)
          if (seed) writeSeed(file, seed.content)
        }
        install(sb, { targets: [target.id], scope })
        const edited: string[] = []
        for (const [file, edits] of files) {
          const kind = edits[0]?.op.kind
          const text = read(file)
          if (kind === "json-set" || kind === "json-hooks") writeFileSync(file, setJson(text, ["addedLater"], true))
          else if (kind === "toml-table") writeFileSync(file, `${text}\n[added_later]\nx = 1\n`)
          else if (kind === "yaml-set") writeFileSync(file, `${text}addedLater: true\n`)
          else if (kind === "md-block") writeFileSync(file, `${text}\naddedLater\n`)
          else continue
          edited.push(file)
        }
        uninstall()
        for (const file of edited) {
          const text = read(file)
          expect(text).toMatch(/addedLater|added_later/)
          expect(text).not.toContain(sb.bin)
          expect(text).not.toContain("egc:protocol")
        }
        for (const [file, edits] of files) if (edits[0]?.op.kind === "file") expect(existsSync(file)).toBe(false)
      })
    })
  }
}
