import { describe, expect, test } from "bun:test"
import { judgeCommand, judgeWrite } from "../../src/guard"
import { egcHome } from "../../src/core/paths"

/** The write gate on agent and egc configuration. Strings are judged only; nothing is executed. */
const HOME = "/home/dev"
const PROJECT = "/home/dev/src/app"
const ctx = { cwd: PROJECT, home: HOME, projectRoot: PROJECT }

describe("writes to agent configuration ask; writes under $EGC_HOME are denied", () => {
  test("project and home settings, hooks and MCP files ask; ordinary files beside them do not", () => {
    const asked = [
      ".egc/config.json",
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".gemini/settings.json",
      ".codex/hooks.json",
      ".cursor/hooks.json",
      ".cursor/mcp.json",
      ".vscode/mcp.json",
      ".qwen/settings.json",
      "opencode.json",
      "opencode.jsonc",
      ".kiro/agents/egc.json",
      ".windsurf/hooks.json",
      ".clinerules/hooks/PreToolUse",
      ".github/hooks/egc.json",
      "~/.claude/settings.json",
      "~/.codex/config.toml",
      "~/.gemini/settings.json",
      "~/.codeium/windsurf/hooks.json",
      "~/.config/opencode/opencode.json",
    ]
    for (const path of asked)
      expect([path, judgeWrite({ path, content: "{}" }, ctx)]).toMatchObject([
        path,
        { decision: "ask", rule: "write.agent-config" },
      ])
    for (const path of [
      ".egc/notes.md",
      "src/settings.json",
      "docs/.claude.md",
      "CLAUDE.md",
      ".github/workflows/ci.yml",
      "config.json",
    ]) {
      expect([path, judgeWrite({ path, content: "{}" }, ctx).decision]).toEqual([path, "allow"])
    }
  })

  test("$EGC_HOME is denied, whatever the file", () => {
    for (const file of ["config.json", "trust.json", "mirror.json", "keys/master.key"]) {
      expect(judgeWrite({ path: `${egcHome()}/${file}` }, ctx)).toMatchObject({
        decision: "deny",
        rule: "write.egc-home",
      })
    }
    expect(
      judgeWrite(
        { path: `${egcHome()}-other/notes.txt` },
        { ...ctx, projectRoot: `${egcHome()}-other`, cwd: `${egcHome()}-other` },
      ).decision,
    ).toBe("allow")
  })

  test("shell writes to the same files are judged the same way", () => {
    const cases: Array<[string, string]> = [
      ["echo '{}' > .egc/config.json", "ask"],
      ["echo x >> .claude/settings.json", "ask"],
      ["cat patch.json | tee .cursor/hooks.json", "ask"],
      ["cp /tmp/evil.json .gemini/settings.json", "ask"],
      ["mv new.json opencode.json", "ask"],
      ["sed -i 's/ask/allow/' .claude/settings.local.json", "ask"],
      ["sed -i.bak -e 's/a/b/' .qwen/settings.json", "ask"],
      [`echo '{}' > ${egcHome()}/config.json`, "deny"],
      [`cp x.json ${egcHome()}/trust.json`, "deny"],
      [`echo '{"repos":{}}' > ${egcHome()}/mirror.json`, "deny"],
      ["echo x > notes.txt", "allow"],
      ["cp a.json b.json", "allow"],
      ["sed -i 's/a/b/' src/index.ts", "allow"],
      ["sed 's/ask/allow/' .claude/settings.json", "allow"],
      ["cat .egc/config.json", "allow"],
    ]
    for (const [command, want] of cases)
      expect([command, judgeCommand(command, ctx).decision]).toEqual([command, want as "allow"])
  })

  test("egc trust run by an agent asks; --show and --revoke do not", () => {
    expect(judgeCommand("egc trust", ctx)).toMatchObject({ decision: "ask", rule: "egc.trust" })
    expect(judgeCommand("cd sub && egc trust --cwd ..", ctx).decision).toBe("ask")
    expect(judgeCommand("egc trust --show", ctx).decision).toBe("allow")
    expect(judgeCommand("egc trust --revoke", ctx).decision).toBe("allow")
    expect(judgeCommand("egc doctor", ctx).decision).toBe("allow")
  })

  test("egc keys rotate run by an agent asks; listing the keys does not", () => {
    expect(judgeCommand("egc keys rotate", ctx)).toMatchObject({ decision: "ask", rule: "egc.keys-rotate" })
    expect(judgeCommand("egc keys rotate --keep-old", ctx).decision).toBe("ask")
    expect(judgeCommand("egc keys", ctx).decision).toBe("allow")
    expect(judgeCommand("egc keys --json", ctx).decision).toBe("allow")
  })

  test("egc mirror on run by an agent asks; status, refresh, off and the clean filter do not", () => {
    expect(judgeCommand("egc mirror on", ctx)).toMatchObject({ decision: "ask", rule: "egc.mirror" })
    expect(judgeCommand("egc mirror --cwd . on --files AGENTS.md", ctx).decision).toBe("ask")
    expect(judgeCommand("cd sub && egc mirror on", ctx).decision).toBe("ask")
    for (const sub of ["status", "refresh", "off", "clean"])
      expect([sub, judgeCommand(`egc mirror ${sub}`, ctx).decision]).toEqual([sub, "allow"])
  })
})
