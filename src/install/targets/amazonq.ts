import { probe } from "../context"
import type { Target } from "../types"
import { inHome, inProject, mcpJson, ownedFile, protocolRule, serverEntry } from "./_build"
import { AGENT_EVENTS, agentFile } from "./_agent-file"

const id = "amazonq"

export const amazonq: Target = {
  id,
  name: "Amazon Q Developer CLI",
  projectMarkers: [".amazonq"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".aws", "amazonq")(ctx) }, { bin: "q" }]),
  mcp: {
    user: mcpJson(id, inHome(".aws", "amazonq", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".amazonq", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: {
    user: ownedFile(
      id,
      "hooks",
      inHome(".aws", "amazonq", "cli-agents", "egc.json"),
      agentFile(id),
      `agent "egc" with hooks: ${AGENT_EVENTS}`,
    ),
    project: ownedFile(
      id,
      "hooks",
      inProject(".amazonq", "cli-agents", "egc.json"),
      agentFile(id),
      `agent "egc" with hooks: ${AGENT_EVENTS}`,
    ),
    note: "hooks belong to an agent: q chat --agent egc (or q settings chat.defaultAgent egc)",
  },
  instructions: {
    project: protocolRule(id, inProject(".amazonq", "rules", "egc.md")),
    note: "rules are project-level only",
  },
}
