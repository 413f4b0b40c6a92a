#!/usr/bin/env bun
/**
 * Fetch the Bun runtimes that cross-compilation embeds, from the npm registry (`npm pack` of
 * @oven/bun-<platform>-<arch> at the version of our bun devDependency), into .egc-runtimes/.
 * An install-time step: `scripts/build.ts --all` itself never touches the network.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { RUNTIMES_DIR, runtimePath, TARGETS } from "./build"

const ROOT = resolve(import.meta.dir, "..")
const version = (JSON.parse(readFileSync(join(ROOT, "node_modules/bun/package.json"), "utf8")) as { version: string })
  .version

async function sh(cmd: string[], cwd: string): Promise<void> {
  const proc = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe" })
  const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed: ${err}`)
}

for (const t of TARGETS) {
  if (existsSync(runtimePath(t))) continue
  const dir = join(RUNTIMES_DIR, t.pkg.replace("/", "__"))
  mkdirSync(dir, { recursive: true })
  await sh(["npm", "pack", `${t.pkg}@${version}`, "--silent"], dir)
  const tgz = readdirSync(dir).find((f) => f.endsWith(".tgz"))
  if (!tgz) throw new Error(`npm pack produced nothing for ${t.pkg}`)
  await sh(["tar", "-xzf", tgz], dir)
  process.stderr.write(`runtime ${t.target} ready\n`)
}
