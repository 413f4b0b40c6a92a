import type { ToolDef } from "../tool"
import { serverHealth } from "./health/server-health"
import { meshTools } from "./mesh"

/**
 * Every tool the server can serve, grouped by faculty. Each faculty exports one array from
 * src/mcp/tools/<faculty>/index.ts; add a group here with one import and one spread.
 */
export const allTools: readonly ToolDef[] = [...meshTools, serverHealth as unknown as ToolDef]
