/** The `diff` package (Myers, O(ND)): loaded on the first `--dry-run` diff, never by a plain install. */
const jsdiff = (): typeof import("diff") => require("diff")

/** A unified diff of two texts (for `--dry-run`), three lines of context. */
export function unifiedDiff(path: string, before: string | null, after: string | null, context = 3): string {
  const out = [`--- ${before === null ? "/dev/null" : path}`, `+++ ${after === null ? "/dev/null" : path}`]
  const patch = jsdiff().structuredPatch(path, path, withEol(before), withEol(after), "", "", { context })
  for (const h of patch.hunks) {
    // an empty side is written as the line before the hunk (0 for an empty file), as diff -u does
    const oldStart = h.oldLines ? h.oldStart : h.oldStart - 1
    const newStart = h.newLines ? h.newStart : h.newStart - 1
    out.push(
      `@@ -${oldStart},${h.oldLines} +${newStart},${h.newLines} @@`,
      ...h.lines.filter((l) => !l.startsWith("\\")),
    )
  }
  return out.join("\n")
}

/** A missing final newline is not a change worth showing: both sides end with one. */
const withEol = (text: string | null): string => (!text ? "" : text.endsWith("\n") ? text : `${text}\n`)
