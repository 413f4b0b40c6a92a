import { mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { closeDb } from "../../src/core/db"
import { paths } from "../../src/core/paths"

/**
 * A private $EGC_HOME for one real-client test: the clients' hooks (child processes) and this test
 * process (reading memory back) share it, and nothing else in the run touches it.
 */
export function privateEgcHome(): { path: string; [Symbol.dispose](): void } {
  const saved = process.env.EGC_HOME
  const path = mkdtempSync(join(process.env.EGC_TEST_ROOT ?? "/tmp", "egc-home-"))
  process.env.EGC_HOME = path
  return {
    path,
    [Symbol.dispose]() {
      closeDb(paths.db())
      process.env.EGC_HOME = saved
      rmSync(path, { recursive: true, force: true })
    },
  }
}
