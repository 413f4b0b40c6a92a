import { probe } from "../context"
import type { Target } from "../types"
import { inHome, inProject, mcpJson, ownedFile, protocolRule, serverEntry } from "./_build"
import { AGENT_EVENTS, agentFile } from "./_agent-file"

const id = "kiro"

export const kiro: Target = {
  id,
  name: "Kiro",
  projectMarkers: [".kiro"],
  detect: (ctx) => probe(ctx, [{ dir: inHome(".kiro")(ctx) }, { bin: "kiro" }, { bin: "kiro-cli" }]),
  mcp: {
    user: mcpJson(id, inHome(".kiro", "settings", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
    project: mcpJson(id, inProject(".kiro", "settings", "mcp.json"), ["mcpServers", "egc"], (ctx) => serverEntry(ctx)),
  },
  hooks: {
    user: ownedFile(
      id,
      "hooks",
      inHome(".kiro", "agents", "egc.json"),
      agentFile(id),
      `agent "egc" with hooks: ${AGENT_EVENTS}`,
    ),
    project: ownedFile(
      id,
      "hooks",
      inProject(".kiro", "agents", "egc.json"),
      agentFile(id),
      `agent "egc" with hooks: ${AGENT_EVENTS}`,
    ),
    note: "CLI hooks belong to an agent: choose the egc agent (kiro-cli --agent egc); IDE hooks are made in Kiro's UI",
  },
  instructions: {
    user: protocolRule(id, inHome(".kiro", "steering", "egc.md"), "inclusion: always"),
    project: protocolRule(id, inProject(".kiro", "steering", "egc.md"), "inclusion: always"),
  },
}
