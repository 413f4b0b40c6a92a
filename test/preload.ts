/**
 * Runs before any test file imports src/: every test run gets its own HOME and EGC_HOME under a
 * fresh temp dir, and credentials of the machine are cleared, so no test touches the real home,
 * a real key, or a provider account.
 */
import { afterAll } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const root = mkdtempSync(join(tmpdir(), "egc-test-"))
process.env.HOME = join(root, "home")
process.env.USERPROFILE = process.env.HOME
process.env.EGC_HOME = join(root, "egc-home")
process.env.XDG_CONFIG_HOME = join(root, "home", ".config")
process.env.XDG_DATA_HOME = join(root, "home", ".local", "share")
process.env.XDG_STATE_HOME = join(root, "home", ".local", "state")
process.env.XDG_CACHE_HOME = join(root, "home", ".cache")
mkdirSync(process.env.HOME, { recursive: true })
process.env.NO_COLOR = "1"
process.env.EGC_TEST_ROOT = root
const CREDENTIALS = /(_API_KEY|_TOKEN|_SECRET|^ANTHROPIC_|^OPENAI_|^GEMINI_|^GOOGLE_|^AWS_|^AZURE_)/i
for (const key of Object.keys(process.env)) {
  const egcSetting = key.startsWith("EGC_") && key !== "EGC_HOME" && !key.startsWith("EGC_TEST_")
  if (CREDENTIALS.test(key) || egcSetting) delete process.env[key]
}
delete process.env.EGC_TEST_NOW

// once, after every file of the run (bun test never emits the process's "exit": each run left its root behind,
// 1.3 GB after a full run)
afterAll(() => rmSync(root, { recursive: true, force: true }))
