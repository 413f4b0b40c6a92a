import text from "../mcp/instructions.md" with { type: "text" }
import type { Op } from "./types"

/**
 * The memory protocol written into instruction files is the MCP server's own instructions
 * (src/mcp/instructions.md, one source). Bump the version when that text changes, so installed
 * blocks are upgraded in place.
 */
export const PROTOCOL_VERSION = 1
export const PROTOCOL_TEXT = text.trim()

export const protocolBlock = (): Op => ({ kind: "md-block", text: PROTOCOL_TEXT, version: PROTOCOL_VERSION })

/** A standalone rule file (Cursor .mdc, Windsurf/Kiro/Continue rules) with the tool's front matter. */
export const protocolFile = (frontMatter?: string): Op => ({
  kind: "file",
  content: `${frontMatter ? `---\n${frontMatter.trim()}\n---\n\n` : ""}<!-- egc:protocol v${PROTOCOL_VERSION} (managed by egc install; egc uninstall removes this file) -->\n${PROTOCOL_TEXT}\n`,
})
