import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parse as parseToml } from "smol-toml"
import { readJsonc } from "../../src/install/edit/json"
import { readYaml } from "../../src/install/edit/yaml"
import { removeAll } from "../../src/install/ops"
import { loadRecord } from "../../src/install/record"
import type { Scope } from "../../src/install/types"
import { install, read, sandbox, snapshot, uninstall, type Sandbox } from "./_harness"
import { writeSeed } from "./_seeds"

/**
 * Real-shaped user files (written in each tool's documented format, with comments, other servers,
 * other hooks): egc adds its entries, keeps every byte of theirs meaningful, and goes away cleanly.
 */
const CASES: Array<{ fixture: string; target: string; scope?: Scope; at: (sb: Sandbox) => string }> = [
  { fixture: "claude-settings.json", target: "claude-code", at: (sb) => join(sb.home, ".claude", "settings.json") },
  { fixture: "claude.json", target: "claude-code", at: (sb) => join(sb.home, ".claude.json") },
  { fixture: "codex-config.toml", target: "codex", at: (sb) => join(sb.home, ".codex", "config.toml") },
  { fixture: "gemini-settings.json", target: "gemini", at: (sb) => join(sb.home, ".gemini", "settings.json") },
  { fixture: "cursor-hooks.json", target: "cursor", at: (sb) => join(sb.home, ".cursor", "hooks.json") },
  {
    fixture: "cursor-mcp.json",
    target: "cursor",
    scope: "project",
    at: (sb) => join(sb.project, ".cursor", "mcp.json"),
  },
  { fixture: "vscode-mcp.json", target: "vscode", at: (sb) => join(sb.home, ".config", "Code", "User", "mcp.json") },
  {
    fixture: "windsurf-hooks.json",
    target: "windsurf",
    at: (sb) => join(sb.home, ".codeium", "windsurf", "hooks.json"),
  },
  { fixture: "zed-settings.json", target: "zed", at: (sb) => join(sb.home, ".config", "zed", "settings.json") },
  { fixture: "opencode.jsonc", target: "opencode", at: (sb) => join(sb.home, ".config", "opencode", "opencode.jsonc") },
  { fixture: "goose-config.yaml", target: "goose", at: (sb) => join(sb.home, ".config", "goose", "config.yaml") },
  { fixture: "amp-settings.json", target: "amp", at: (sb) => join(sb.home, ".config", "amp", "settings.json") },
  {
    fixture: "kiro-mcp.json",
    target: "kiro",
    scope: "project",
    at: (sb) => join(sb.project, ".kiro", "settings", "mcp.json"),
  },
  { fixture: "AGENTS.md", target: "codex", scope: "project", at: (sb) => join(sb.project, "AGENTS.md") },
]

const parse = (name: string, text: string): unknown =>
  name.endsWith(".toml")
    ? parseToml(text)
    : name.endsWith(".yaml")
      ? readYaml(text)
      : name.endsWith(".md")
        ? text
        : readJsonc(text)

describe("fixtures in each tool's documented format", () => {
  for (const c of CASES) {
    test(`${c.fixture} → ${c.target}`, () => {
      using sb = sandbox()
      const original = readFileSync(join(import.meta.dir, "fixtures", c.fixture), "utf8")
      const file = c.at(sb)
      writeSeed(file, original)
      const before = snapshot(sb)
      const { plan } = install(sb, { targets: [c.target], scope: c.scope ?? "user" })
      expect(plan.targets[0]?.skipped).toBeUndefined()
      const after = read(file)
      expect(after).not.toBe(original)
      for (const line of original.split("\n").filter((l) => /^\s*(\/\/|#)/.test(l)))
        expect(after).toContain(line.trim())
      const entry = loadRecord()?.files[file]
      expect(entry?.ops.length).toBeGreaterThan(0)
      expect(parse(c.fixture, removeAll(after, entry?.ops ?? []) ?? "")).toEqual(parse(c.fixture, original))
      uninstall()
      expect(snapshot(sb)).toEqual(before)
    })
  }
})
