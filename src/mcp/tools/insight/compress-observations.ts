import { z } from "zod"
import { compressObservations } from "../../../insight"
import { defineTool } from "../../tool"

const DESCRIPTION = `Fold this project's older raw tool-call observations into per-pattern counts, keeping one redacted example per group, and delete the raw rows.
Use it when detect_patterns gets slow or the observation log is long. Patterns and counts are preserved; individual old observations are not.
Only this project is touched; re-running it on the same data changes nothing.`

export default defineTool({
  name: "compress_observations",
  title: "Compress old observations",
  description: DESCRIPTION,
  profile: "full",
  input: {
    older_than_days: z.number().min(0).max(365).default(7).describe("fold observations older than this many days"),
  },
  deprecatedAliases: { olderThanDays: "older_than_days" },
  output: {
    compressed: z.number().int().describe("raw observations folded into roll-ups"),
    groups: z.number().int().describe("roll-up groups touched"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: ({ older_than_days }, ctx) =>
    compressObservations(ctx.project.id, { olderThanMs: older_than_days * 86_400_000 }),
})
