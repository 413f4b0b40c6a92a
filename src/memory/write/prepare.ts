import { z } from "zod"
import { redactSecrets } from "../_redact"
import { scanFields } from "../../core/screen"
import { cleanText } from "../../core/screen"
import type { ItemInput, RefusalCode } from "../types"

/** Size limits per field, in characters after cleaning. */
export const LIMITS = {
  kind: 40,
  title: 300,
  body: 20_000,
  entity: 200,
  entities: 200,
  tag: 64,
  tags: 32,
  key: 200,
} as const

const EDGE_TYPES = ["supersedes", "contradicts", "relates_to", "depends_on", "mentions"] as const

// built on first use: a process that only reads memory (session start) never constructs a schema
let schema: ReturnType<typeof buildSchema> | undefined
const itemInputSchema = () => (schema ??= buildSchema())
const buildSchema = () =>
  z
    .object({
      kind: z
        .string()
        .min(1)
        .max(LIMITS.kind)
        .regex(/^[a-z][a-z0-9_-]*$/, "kind is lower-case letters, digits, _ or -"),
      title: z
        .string()
        .max(LIMITS.title * 4)
        .optional(),
      body: z.string().max(LIMITS.body * 4),
      scope: z.enum(["branch", "project", "global"]).optional(),
      entities: z
        .array(z.string().max(LIMITS.entity * 4))
        .max(LIMITS.entities)
        .optional(),
      tags: z
        .array(z.string().max(LIMITS.tag * 4))
        .max(LIMITS.tags)
        .optional(),
      confidence: z.number().min(0).max(1).optional(),
      validFrom: z.number().int().nonnegative().optional(),
      ttlMs: z.number().int().positive().optional(),
      key: z
        .string()
        .min(1)
        .max(LIMITS.key * 4)
        .optional(),
      supersedes: z.string().min(1).max(100).optional(),
      links: z
        .array(
          z.object({
            to: z.string().min(1).max(100),
            type: z.enum(EDGE_TYPES),
            weight: z.number().min(0).max(1).optional(),
          }),
        )
        .max(50)
        .optional(),
    })
    .strict()

export interface Prepared {
  input: ItemInput
  title: string
  body: string
  entities: string[]
  tags: string[]
  key: string | undefined
  redacted: string[]
}

type Refusal = { refused: true; code: RefusalCode; reason: string }

function fieldLimit(name: string, value: string, max: number): Refusal | undefined {
  return value.length > max
    ? { refused: true, code: "invalid", reason: `${name} is ${value.length} characters; the limit is ${max}` }
    : undefined
}

/** Validate, clean, redact and scan one item; nothing here touches the database. */
export function prepareItem(raw: unknown): Prepared | Refusal {
  const parsed = itemInputSchema().safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      refused: true,
      code: "invalid",
      reason: `${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}`,
    }
  }
  const input = parsed.data as ItemInput
  const redacted: string[] = []
  const clean = (value: string) => {
    const r = redactSecrets(cleanText(value))
    redacted.push(...r.kinds)
    return r.text
  }
  const body = clean(input.body)
  const title = clean(input.title ?? "")
    .replace(/\s+/g, " ")
    .trim()
  const entities = [...new Set((input.entities ?? []).map((e) => clean(e).trim()).filter(Boolean))]
  const tags = [...new Set((input.tags ?? []).map((t) => clean(t).trim()).filter(Boolean))]
  const key = input.key === undefined ? undefined : clean(input.key).trim()
  if (!body.trim() && !title) return { refused: true, code: "invalid", reason: "body: empty after cleaning" }
  const tooLong =
    fieldLimit("title", title, LIMITS.title) ??
    fieldLimit("body", body, LIMITS.body) ??
    entities.map((e) => fieldLimit("entity", e, LIMITS.entity)).find(Boolean) ??
    tags.map((t) => fieldLimit("tag", t, LIMITS.tag)).find(Boolean) ??
    (key === undefined ? undefined : fieldLimit("key", key, LIMITS.key))
  if (tooLong) return tooLong
  const injection = scanFields({ title, body, entities: entities.join(" "), tags: tags.join(" "), key: key ?? "" })
  if (injection) return { refused: true, code: "injection", reason: `refused: ${injection}` }
  return { input, title, body, entities, tags, key, redacted: [...new Set(redacted)] }
}

export const isRefusal = (v: unknown): v is Refusal =>
  typeof v === "object" && v !== null && (v as Refusal).refused === true
