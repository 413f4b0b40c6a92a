import { describe, expect, test } from "bun:test"
import { ADAPTERS } from "../../src/hooks/adapters"
import { HOOK_TOOLS, type HookTool, type Rendered } from "../../src/hooks/types"
import { hasFixture, payload } from "./_payloads"

const cwd = "/work/project"
const command = "npm run build"
const parsed = (r: Rendered) => (r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : undefined)
const deny = { decision: { kind: "deny" as const, reason: "no destructive resets" } }

describe("every adapter reads its tool's pre-tool payload", () => {
  for (const tool of HOOK_TOOLS) {
    test(tool, () => {
      const input = ADAPTERS[tool].parse("pre-tool", payload(tool, "pre-tool", { cwd, command }))
      expect(input.call?.kind).toBe("shell")
      expect(input.call?.command).toBe(command)
      expect(input.cwd).toBe(cwd)
      expect(input.tool).toBe(tool)
    })
  }
})

describe("post-tool payloads carry the failure", () => {
  for (const tool of HOOK_TOOLS.filter((t) => t !== "windsurf")) {
    test(tool, () => {
      const input = ADAPTERS[tool].parse(
        "post-tool",
        payload(tool, "post-tool", { cwd, command, error: "Error: cannot find module x" }),
      )
      expect(input.call?.result?.failed).toBe(true)
      expect(`${input.call?.result?.error ?? ""}${input.call?.result?.output ?? ""}`).toContain("cannot find module x")
    })
  }
  test("a successful Claude Code PostToolUse is not a failure", () => {
    const p = {
      session_id: "s",
      cwd,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_response: { stdout: "a\nb", stderr: "", interrupted: false },
    }
    expect(ADAPTERS["claude-code"].parse("post-tool", p).call?.result?.failed).toBe(false)
  })
})

const DENY_SHAPE: Record<HookTool, (r: Rendered) => void> = {
  "claude-code": (r) =>
    expect(parsed(r)?.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: deny.decision.reason,
    }),
  codex: (r) => expect(parsed(r)?.hookSpecificOutput.permissionDecision).toBe("deny"),
  qwen: (r) => expect(parsed(r)?.hookSpecificOutput.permissionDecision).toBe("deny"),
  copilot: (r) =>
    expect(parsed(r)).toEqual({ permissionDecision: "deny", permissionDecisionReason: deny.decision.reason }),
  gemini: (r) => expect(parsed(r)).toEqual({ decision: "deny", reason: deny.decision.reason }),
  cursor: (r) =>
    expect(parsed(r)).toMatchObject({
      permission: "deny",
      user_message: deny.decision.reason,
      agent_message: deny.decision.reason,
    }),
  cline: (r) => expect(parsed(r)?.cancel).toBe(true),
  opencode: (r) => expect(parsed(r)).toEqual({ action: "deny", reason: deny.decision.reason }),
  windsurf: (r) => expect([r.exitCode, r.stdout, r.stderr.includes(deny.decision.reason)]).toEqual([2, "", true]),
  kiro: (r) => expect([r.exitCode, r.stdout, r.stderr.includes(deny.decision.reason)]).toEqual([2, "", true]),
  amazonq: (r) => expect([r.exitCode, r.stdout, r.stderr.includes(deny.decision.reason)]).toEqual([2, "", true]),
}

describe("a deny is rendered in each tool's block format", () => {
  for (const tool of HOOK_TOOLS) {
    test(tool, () => {
      const a = ADAPTERS[tool]
      const input = a.parse("pre-tool", payload(tool, "pre-tool", { cwd, command }))
      const r = a.render("pre-tool", deny, input)
      DENY_SHAPE[tool](r)
      if (tool !== "windsurf" && tool !== "kiro" && tool !== "amazonq") expect(r.exitCode).toBe(0)
    })
  }
})

describe("a rewrite replaces the command and grants nothing", () => {
  const rewrite = { rewrite: "egc crush -- npm run build" }
  test("claude-code keeps the other input fields and sends no permissionDecision", () => {
    const a = ADAPTERS["claude-code"]
    const out = parsed(
      a.render("pre-tool", rewrite, a.parse("pre-tool", payload("claude-code", "pre-tool", { cwd, command }))),
    )
    expect(out).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: { command: rewrite.rewrite, description: "run it", timeout: 120000 },
      },
    })
  })
  test("gemini merges tool_input", () => {
    const a = ADAPTERS.gemini
    expect(
      parsed(a.render("pre-tool", rewrite, a.parse("pre-tool", payload("gemini", "pre-tool", { cwd, command })))),
    ).toEqual({
      hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: rewrite.rewrite } },
    })
  })
  test("cursor rewrites on preToolUse only, never on beforeShellExecution", () => {
    const a = ADAPTERS.cursor
    expect(
      parsed(
        a.render("pre-tool", rewrite, a.parse("pre-tool", payload("cursor", "pre-tool-generic", { cwd, command }))),
      ),
    )?.toEqual({
      updated_input: { command: rewrite.rewrite, cwd },
    })
    expect(
      a.render("pre-tool", rewrite, a.parse("pre-tool", payload("cursor", "pre-tool", { cwd, command }))).stdout,
    ).toBe("")
  })
  test("opencode", () => {
    const a = ADAPTERS.opencode
    expect(
      parsed(a.render("pre-tool", rewrite, a.parse("pre-tool", payload("opencode", "pre-tool", { cwd, command })))),
    ).toEqual({ action: "rewrite", command: rewrite.rewrite })
  })
  test("copilot: VS Code takes updatedInput, the CLI takes none", () => {
    const a = ADAPTERS.copilot
    const vscode = a.parse("pre-tool", payload("copilot", "pre-tool-vscode", { cwd, command }))
    expect(vscode.call?.kind).toBe("shell")
    expect(parsed(a.render("pre-tool", rewrite, vscode))?.hookSpecificOutput.updatedInput.command).toBe(rewrite.rewrite)
    expect(
      a.render("pre-tool", rewrite, a.parse("pre-tool", payload("copilot", "pre-tool", { cwd, command }))).stdout,
    ).toBe("")
  })
  for (const tool of ["codex", "windsurf", "cline", "kiro", "amazonq"] as const) {
    test(`${tool} never rewrites`, () => {
      const a = ADAPTERS[tool]
      expect(a.canRewrite).toBe(false)
      const r = a.render("pre-tool", rewrite, a.parse("pre-tool", payload(tool, "pre-tool", { cwd, command })))
      expect(r.stdout).not.toContain("egc crush")
      expect(r.exitCode).toBe(0)
    })
  }
})

describe("session-start context lands where each tool reads it", () => {
  const context = "<egc-memory>state</egc-memory>"
  const where: Partial<Record<HookTool, (r: Rendered) => unknown>> = {
    "claude-code": (r) => parsed(r)?.hookSpecificOutput.additionalContext,
    codex: (r) => parsed(r)?.hookSpecificOutput.additionalContext,
    qwen: (r) => parsed(r)?.hookSpecificOutput.additionalContext,
    gemini: (r) => parsed(r)?.hookSpecificOutput.additionalContext,
    cursor: (r) => parsed(r)?.additional_context,
    cline: (r) => parsed(r)?.contextModification,
    opencode: (r) => parsed(r)?.context,
    kiro: (r) => r.stdout.trim(),
    amazonq: (r) => r.stdout.trim(),
  }
  for (const [tool, read] of Object.entries(where) as Array<[HookTool, (r: Rendered) => unknown]>) {
    test(tool, () => {
      const a = ADAPTERS[tool]
      expect(
        read(a.render("session-start", { context }, a.parse("session-start", payload(tool, "session-start", { cwd })))),
      ).toBe(context)
    })
  }
})

describe("neutral answers", () => {
  test("never grant permission and keep stdout protocol-only", () => {
    for (const tool of HOOK_TOOLS) {
      const a = ADAPTERS[tool]
      const r = a.render("pre-tool", {}, a.parse("pre-tool", payload(tool, "pre-tool", { cwd, command })))
      expect(r.exitCode).toBe(0)
      expect(r.stdout).not.toMatch(/"(allow|approve)"/)
      if (r.stdout) expect(() => JSON.parse(r.stdout)).not.toThrow()
    }
  })
  test("prompt payloads are read for every tool that sends one", () => {
    for (const tool of HOOK_TOOLS) {
      if (!hasFixture(tool, "prompt-submit")) continue
      expect(
        ADAPTERS[tool].parse(
          "prompt-submit",
          payload(tool, "prompt-submit", { cwd, prompt: "remember that we use pnpm" }),
        ).prompt,
      ).toBe("remember that we use pnpm")
    }
  })
})

test("cursor postToolUseFailure is a failure with its error text", () => {
  const input = ADAPTERS.cursor.parse("post-tool", {
    conversation_id: "c",
    hook_event_name: "postToolUseFailure",
    workspace_roots: [cwd],
    tool_name: "Shell",
    tool_input: { command: "npm test" },
    error_message: "Command failed with exit code 1",
  })
  expect(input.call?.result).toEqual({ failed: true, error: "Command failed with exit code 1" })
})

describe("a tool named like a property of every object", () => {
  test("is an ordinary tool of kind 'other', beside Bash read as a shell command", () => {
    const read = (tool_name: string) =>
      ADAPTERS["claude-code"].parse("pre-tool", {
        session_id: "s",
        cwd,
        hook_event_name: "PreToolUse",
        tool_name,
        tool_input: { command },
      }).call?.kind
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"])
      expect(read(name)).toBe("other")
    expect(read("Bash")).toBe("shell")
  })
})
