import type { ToolDef } from "../tool"
import { serverHealth } from "./health/server-health"

/**
 * Every tool the server can serve, grouped by faculty. Each faculty exports one array from
 * src/mcp/tools/<faculty>/index.ts; add a group here with one import and one spread.
 */
export const allTools: readonly ToolDef[] = [serverHealth].map((t) => t as unknown as ToolDef)
