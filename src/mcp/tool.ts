import type { z } from "zod"
import type { Config } from "../core/config"
import { EgcError, type ErrorCode } from "../core/errors"
import type { Project } from "../core/project"
import type { Ask } from "./ask"

/**
 * The shape every MCP tool file exports (one tool per file under src/mcp/tools/<faculty>/). The
 * server (src/mcp/server.ts) registers them: it validates input, binds the project, runs the
 * handler, caps the result in one place, and turns an EgcError (ToolFailure among them) into an `isError` result.
 */
export interface ToolContext {
  /** The project this call acts on: one of the server's bound projects (client roots or cwd). */
  project: Project
  /** Every project the server is bound to (a call may name one of these, and no other). */
  boundProjects: readonly Project[]
  /** This server's session (one `egc serve` process per agent session). */
  session: { id: string; client?: string }
  config: Config
  /** Aborted when the client cancels the call or disconnects (long waits should honour it). */
  signal?: AbortSignal
  /** Ask the person in the client's dialog (src/mcp/ask.ts); absent means the client cannot ask. */
  ask?: Ask
}

interface ToolAnnotations {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

export interface ToolDef<I extends z.ZodRawShape = z.ZodRawShape, O extends z.ZodRawShape = z.ZodRawShape> {
  name: string
  title: string
  /** Written for a model: what, when, when not, limits. Kept as a .md file beside the tool. */
  description: string
  /** `default` tools are listed in the default profile (at most 16 in all); `full` adds the rest. */
  profile: "default" | "full"
  input: I
  /**
   * Old argument name → its snake_case name, accepted for one release (src/mcp/aliases.ts); a call
   * that uses one gets a `deprecated` note in its result.
   */
  deprecatedAliases?: Readonly<Record<string, string>>
  output: O
  annotations: ToolAnnotations
  handler: (
    args: z.infer<z.ZodObject<I>>,
    ctx: ToolContext,
  ) => Promise<z.infer<z.ZodObject<O>>> | z.infer<z.ZodObject<O>>
}

export const defineTool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(def: ToolDef<I, O>): ToolDef<I, O> => def

/**
 * A domain failure at the MCP edge: an EgcError whose message is a sentence for the agent saying what
 * to do next; call.ts returns it as a tool result with isError and that text (the code stays out of
 * the text, which clients and tests read). The code defaults to E_INPUT: the agent's arguments.
 */
export class ToolFailure extends EgcError {
  constructor(message: string, code: ErrorCode = "E_INPUT") {
    super(code, message)
    this.name = "ToolFailure"
  }
}
