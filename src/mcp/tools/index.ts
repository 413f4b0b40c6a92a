import type { ToolDef } from "../tool"
import { crushTools } from "./crush"
import { serverHealth } from "./health/server-health"
import { insightTools } from "./insight"
import { memoryTools } from "./memory"
import { meshTools } from "./mesh"

/**
 * Every tool the server can serve, grouped by faculty. Each faculty exports one array from
 * src/mcp/tools/<faculty>/index.ts; add a group here with one import and one spread.
 */
export const allTools: readonly ToolDef[] = [
  ...memoryTools,
  ...meshTools,
  ...(insightTools as unknown as ToolDef[]),
  ...(crushTools as unknown as ToolDef[]),
  serverHealth as unknown as ToolDef,
]
