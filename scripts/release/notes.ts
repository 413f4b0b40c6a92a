/** The CHANGELOG.md section of one version (`## [1.2.3]` or `## 1.2.3`), else Unreleased, else "". */
export function changelogSection(changelog: string, version: string): string {
  const sections = changelog.split(/^(?=## )/m)
  const heading = (s: string) => s.split("\n", 1)[0] ?? ""
  const escaped = version.replace(/\./g, "\\.")
  const pick =
    sections.find((s) => new RegExp(`^## \\[?v?${escaped}\\]?(\\s|$)`).test(heading(s))) ??
    sections.find((s) => /^## \[?Unreleased\]?/i.test(heading(s)))
  return pick ? pick.slice(heading(pick).length).trim() : ""
}

if (import.meta.main) {
  const [file, version] = process.argv.slice(2)
  if (!file || !version) {
    process.stderr.write("usage: bun run scripts/release/notes.ts CHANGELOG.md VERSION\n")
    process.exit(64)
  }
  process.stdout.write(`${changelogSection(await Bun.file(file).text(), version)}\n`)
}
