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
const groups: ReadonlyArray<readonly unknown[]> = [memoryTools, meshTools, insightTools, crushTools, [serverHealth]]

export const allTools: readonly ToolDef[] = groups.flat() as ToolDef[]
