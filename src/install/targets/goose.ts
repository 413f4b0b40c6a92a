import { SERVE_ARGS } from "../command"
import { probe } from "../context"
import type { Facet, InstallContext, Target } from "../types"
import { inProject, inXdg, protocolIn, tilde } from "./_build"

const id = "goose"

/** Goose: a stdio extension in config.yaml, edited through the YAML document model. */
const extension: Facet = {
  describe: (ctx) => `${tilde(ctx, inXdg("goose", "config.yaml")(ctx))} (extensions.egc)`,
  edits: (ctx: InstallContext) => [
    {
      file: inXdg("goose", "config.yaml")(ctx),
      op: {
        kind: "yaml-set",
        path: ["extensions", "egc"],
        value: { enabled: true, name: "egc", type: "stdio", cmd: ctx.bin, args: SERVE_ARGS, envs: {}, timeout: 300 },
      },
      target: id,
      purpose: "mcp",
    },
  ],
}

export const goose: Target = {
  id,
  name: "Goose",
  projectMarkers: [".goosehints"],
  detect: (ctx) => probe(ctx, [{ dir: inXdg("goose")(ctx) }, { bin: "goose" }]),
  mcp: { user: extension, note: "extensions are user-level only" },
  hooks: { note: "Goose has no command-hook API" },
  instructions: {
    user: protocolIn(id, inXdg("goose", ".goosehints")),
    project: protocolIn(id, inProject(".goosehints")),
  },
}
