import { describe, expect, test } from "bun:test"
import { judgeWrite } from "../../src/guard"

const HOME = "/home/dev"
const PROJECT = "/home/dev/src/app"
const ctx = { cwd: PROJECT, home: HOME, projectRoot: PROJECT }

describe("write gate", () => {
  test("ordinary files inside the project are allowed", () => {
    expect(judgeWrite({ path: "src/index.ts", content: "export const x = 1\n" }, ctx).decision).toBe("allow")
    expect(judgeWrite({ path: `${PROJECT}/README.md` }, ctx).decision).toBe("allow")
    expect(judgeWrite({ path: ".env.example", content: "API_KEY=\n" }, ctx).decision).toBe("allow")
  })

  test(".git internals are denied", () => {
    for (const p of [".git/config", ".git/hooks/pre-commit", ".git/HEAD", `${PROJECT}/.git/refs/heads/main`]) {
      const v = judgeWrite({ path: p }, ctx)
      expect(v.decision).toBe("deny")
      expect(v.rule).toBe("write.git-internals")
    }
  })

  test("outside the project asks; temp dirs do not", () => {
    expect(judgeWrite({ path: "../other/file.ts" }, ctx)).toMatchObject({
      decision: "ask",
      rule: "write.outside-project",
    })
    expect(judgeWrite({ path: "/etc/hosts" }, ctx).decision).toBe("ask")
    expect(judgeWrite({ path: "/tmp/scratch.txt" }, ctx).decision).toBe("allow")
  })

  test("secrets files, key folders and shell rc files ask", () => {
    expect(judgeWrite({ path: ".env" }, ctx)).toMatchObject({ decision: "ask", rule: "write.secrets" })
    expect(judgeWrite({ path: ".env.production" }, ctx).rule).toBe("write.secrets")
    expect(judgeWrite({ path: "certs/server.key" }, ctx).rule).toBe("write.secrets")
    expect(judgeWrite({ path: "~/.ssh/authorized_keys" }, ctx).decision).toBe("ask")
    expect(judgeWrite({ path: "~/.aws/credentials" }, ctx).decision).toBe("ask")
    expect(judgeWrite({ path: "~/.bashrc" }, ctx)).toMatchObject({ decision: "ask", rule: "write.shell-rc" })
    expect(judgeWrite({ path: "~/.zshrc" }, ctx).decision).toBe("ask")
  })

  test("content with a private key or a live-looking token is denied, with the reason", () => {
    const key = judgeWrite(
      {
        path: "deploy/key.txt",
        content: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----\n",
      },
      ctx,
    )
    expect(key).toMatchObject({ decision: "deny", rule: "write.private-key" })
    const token = judgeWrite(
      { path: "src/config.ts", content: `export const token = "ghp_${"a1B2c3D4e5".repeat(4)}"\n` },
      ctx,
    )
    expect(token).toMatchObject({ decision: "deny", rule: "write.live-token" })
    expect(token.reason).toContain("token")
    expect(
      judgeWrite({ path: "src/config.ts", content: "export const token = process.env.GITHUB_TOKEN\n" }, ctx).decision,
    ).toBe("allow")
  })

  test("a path claimed by another live session asks, naming the holder", () => {
    const claimHolder = (abs: string) => (abs === `${PROJECT}/src/db.ts` ? "claude session 7 (refactor db)" : undefined)
    const v = judgeWrite({ path: "src/db.ts", claimHolder }, ctx)
    expect(v).toMatchObject({ decision: "ask", rule: "write.claimed" })
    expect(v.reason).toContain("claude session 7")
    expect(judgeWrite({ path: "src/other.ts", claimHolder }, ctx).decision).toBe("allow")
  })

  test("policy: protected paths ask, a disabled guard allows", () => {
    const policy = {
      enabled: true,
      rules: {},
      allow: [],
      deny: [],
      protectedBranches: ["main"],
      protectedPaths: ["migrations"],
    }
    expect(judgeWrite({ path: "migrations/001.sql" }, { ...ctx, policy }).decision).toBe("ask")
    expect(judgeWrite({ path: ".git/config" }, { ...ctx, policy: { ...policy, enabled: false } }).decision).toBe(
      "allow",
    )
  })
})

describe("patches", () => {
  test("every file of an apply_patch envelope or a unified diff is judged; the strictest wins", async () => {
    const { filesInPatch, judgePatch } = await import("../../src/guard")
    const envelope =
      "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-old\n+new\n*** Add File: .git/hooks/post-merge\n+#!/bin/sh\n*** End Patch\n"
    expect(filesInPatch(envelope).map((f) => f.path)).toEqual(["src/a.ts", ".git/hooks/post-merge"])
    expect(judgePatch(envelope, ctx)).toMatchObject({ decision: "deny", rule: "write.git-internals" })
    const diff = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-x\n+const k = "AKIAABCDEFGHIJKLMNOP"\n'
    expect(judgePatch(diff, ctx)).toMatchObject({ decision: "deny", rule: "write.live-token" })
    expect(judgePatch("--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-x\n+y\n", ctx).decision).toBe("allow")
  })
})
