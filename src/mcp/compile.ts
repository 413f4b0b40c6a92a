import { z } from "zod"
import type { ToolDef } from "./tool"

/**
 * A tool as the server serves it: its zod schemas with the fields every tool shares (the optional
 * `project` on input; `truncated` and `note` on output, set by the cap) and its `tools/list` entry.
 */
export interface CompiledTool {
  def: ToolDef
  input: z.ZodObject
  output: z.ZodObject
  listing: {
    name: string
    title: string
    description: string
    inputSchema: Record<string, unknown>
    outputSchema: Record<string, unknown>
    annotations: ToolDef["annotations"]
  }
}

const projectField = z.string().max(4096).optional().describe("project folder (default: this session's)")

const shared = { truncated: z.boolean().optional(), note: z.string().optional() }

export function compileTool(def: ToolDef): CompiledTool {
  const inputShape = "project" in def.input ? def.input : { ...def.input, project: projectField }
  const input = z
    .object(Object.fromEntries(Object.entries(inputShape).map(([k, v]) => [k, strictDeep(v as z.ZodType)])))
    .strict()
  const deprecated = def.deprecatedAliases ? { deprecated: z.string().optional() } : {}
  const output = z.object({ ...def.output, ...shared, ...deprecated })
  return {
    def,
    input,
    output,
    listing: {
      name: def.name,
      title: def.title,
      description: def.description.trim(),
      inputSchema: slim(jsonSchema(input, "input")),
      outputSchema: lean(jsonSchema(output, "output")),
      annotations: def.annotations,
    },
  }
}

/**
 * Unknown keys are refused at every depth (a misspelt field must not silently do nothing), so
 * nested objects are made strict too; wrappers and arrays are rebuilt around them, keeping their
 * checks and descriptions. A schema with no object inside is returned as it is.
 */
function strictDeep(s: z.ZodType): z.ZodType {
  const def = (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def
  let out: z.ZodType = s
  if (s instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(s.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)]),
    )
    out = s.clone({ ...def, shape, catchall: z.never() } as never)
  } else if (def.type === "array") {
    const element = strictDeep(def.element as z.ZodType)
    if (element !== def.element) out = s.clone({ ...def, element } as never)
  } else if (def.type === "optional" || def.type === "default" || def.type === "nullable") {
    const innerType = strictDeep(def.innerType as z.ZodType)
    if (innerType !== def.innerType) out = s.clone({ ...def, innerType } as never)
  }
  return out !== s && s.description ? out.describe(s.description) : out
}

function jsonSchema(schema: z.ZodObject, io: "input" | "output"): Record<string, unknown> {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    reused: io === "output" ? "ref" : "inline",
  }) as Record<string, unknown>
  delete out.$schema
  // unknown arguments are still refused (the zod object is strict); listing it costs every turn
  if (io === "input") delete out.additionalProperties
  return out
}

/**
 * The listed output schema keeps types and required fields (clients validate results against it)
 * but drops field descriptions and closedness: the model reads the tool description, and every
 * listed character is paid for on every turn (the context budget).
 */
function lean(node: unknown): Record<string, unknown> {
  if (Array.isArray(node)) return node.map(lean) as unknown as Record<string, unknown>
  if (node === null || typeof node !== "object") return node as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === "description" || k === "additionalProperties") continue
    out[k] =
      k === "properties" || k === "$defs"
        ? Object.fromEntries(Object.entries(v as object).map(([name, s]) => [name, lean(s)]))
        : lean(v)
  }
  return out
}

/**
 * The listed input schema leaves out length limits (minLength, maxLength, minItems, maxItems): the
 * server still enforces them and names the limit in its error, and listing them on every field of
 * every tool costs more context than the rare oversized call they would prevent.
 */
const SLIM_KEYS = new Set(["minLength", "maxLength", "minItems", "maxItems"])
const closed = (k: string, v: unknown) => k === "additionalProperties" && v === false
function slim(node: unknown): Record<string, unknown> {
  if (Array.isArray(node)) return node.map(slim) as unknown as Record<string, unknown>
  if (node === null || typeof node !== "object") return node as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) {
    if (SLIM_KEYS.has(k) || closed(k, v)) continue
    out[k] =
      k === "properties" ? Object.fromEntries(Object.entries(v as object).map(([name, s]) => [name, slim(s)])) : slim(v)
  }
  return out
}

/** Zod issues as one sentence addressed to the model. */
export function describeIssues(tool: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, 6).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join(".") : "arguments"
    return `${where}: ${issue.message}`
  })
  const more = error.issues.length > 6 ? ` (and ${error.issues.length - 6} more)` : ""
  return `invalid arguments for ${tool}: ${parts.join("; ")}${more}. Fix the arguments and call again.`
}
