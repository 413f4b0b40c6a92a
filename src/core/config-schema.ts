import { z } from "zod"
import { compilePattern } from "./pattern"

/**
 * The one configuration schema. Layers merge in this order: defaults ← $EGC_HOME/config.json ←
 * <project>/.egc/config.json ← environment ← flags. Each faculty owns its section.
 */
const level = z.enum(["allow", "ask", "deny", "off"])

/** A policy entry whose /regex/ does not compile is refused here, so the error names the file it came from. */
const policyEntry = z.string().superRefine((entry, ctx) => {
  const p = compilePattern(entry)
  if ("error" in p) {
    ctx.addIssue({ code: "custom", message: `pattern ${entry} is not a valid regular expression (${p.error})` })
  }
})

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    memory: z
      .object({
        consent: z
          .enum(["agent", "review", "grant", "off"])
          .default("agent")
          .describe("who may store memory without review"),
        recallTokenCap: z.number().int().min(200).max(50_000).default(2500),
        workingTtlHours: z.number().min(0.01).max(168).default(24),
        rememberPrompt: z
          .enum(["active", "pending"])
          .default("active")
          .describe("a person's own 'remember …' prompt: stored active (their consent) or pending review"),
      })
      .strict()
      .default({ consent: "agent", recallTokenCap: 2500, workingTtlHours: 24, rememberPrompt: "active" }),
    guard: z
      .object({
        enabled: z.boolean().default(true),
        rules: z.record(z.string(), level).default({}).describe("rule id → level override"),
        allow: z.array(policyEntry).default([]).describe("exact commands, or /regex/ patterns, matched per command"),
        deny: z.array(policyEntry).default([]).describe("exact commands, or /regex/ patterns, always denied"),
        protectedBranches: z.array(z.string()).default(["main", "master", "production", "release"]),
        protectedPaths: z.array(z.string()).default([]),
      })
      .strict()
      .default({
        enabled: true,
        rules: {},
        allow: [],
        deny: [],
        protectedBranches: ["main", "master", "production", "release"],
        protectedPaths: [],
      }),
    crush: z
      .object({
        enabled: z.boolean().default(true),
        rewrite: z.boolean().default(true).describe("let the pre-tool hook route commands through egc crush"),
        disabledFamilies: z.array(z.string()).default([]),
        keepHours: z.number().min(0).max(168).default(24),
      })
      .strict()
      .default({ enabled: true, rewrite: true, disabledFamilies: [], keepHours: 24 }),
    hooks: z
      .object({
        enabled: z.boolean().default(true),
        disabled: z
          .array(z.string())
          .default([])
          .describe("hook events to skip (post-tool) or event:tool pairs (pre-tool:cursor)"),
      })
      .strict()
      .default({ enabled: true, disabled: [] }),
    mcp: z
      .object({
        tools: z.union([z.enum(["default", "full"]), z.array(z.string())]).default("default"),
      })
      .strict()
      .default({ tools: "default" }),
    mesh: z
      .object({
        claimMinutes: z.number().min(1).max(480).default(15),
        heartbeatSeconds: z.number().min(5).max(3600).default(120),
      })
      .strict()
      .default({ claimMinutes: 15, heartbeatSeconds: 120 }),
    release: z
      .object({
        checkForUpdates: z.boolean().default(false).describe("let egc doctor ask for a newer release (network)"),
      })
      .strict()
      .default({ checkForUpdates: false }),
    sync: z
      .object({
        autoPush: z
          .boolean()
          .default(false)
          .describe("the session-end hook starts egc sync push in the background (a project with a team remote)"),
      })
      .strict()
      .default({ autoPush: false }),
  })
  .strict()

export type Config = z.infer<typeof configSchema>
