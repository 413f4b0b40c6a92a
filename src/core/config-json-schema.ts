import { z } from "zod"
import { configSchema } from "./config-schema"

/** The config's JSON Schema for editors, generated from the one zod schema (never written by hand). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>
  return { ...schema, title: "egc configuration", description: "$EGC_HOME/config.json or <project>/.egc/config.json" }
}
