import { defineCommand } from "citty"
import { resolveProject } from "../../core/project"
import { cwdArgs, jsonArgs } from "../_args"
import { printData } from "../ui"

export default defineCommand({
  meta: { name: "project", description: "show how egc identifies the project in this directory" },
  args: { ...cwdArgs, ...jsonArgs },
  run({ args }) {
    const p = resolveProject(args.cwd ?? process.cwd())
    const view = {
      id: p.id,
      basis: p.basis,
      name: p.display,
      root: p.root,
      branch: p.branch ?? null,
      commit: p.commit ?? null,
      scope: p.scope ?? null,
      defaultBranch: p.defaultBranch ?? null,
      worktree: p.repo ? p.repo.gitDir !== p.repo.commonDir : false,
      bare: p.repo?.bare ?? false,
    }
    if (args.json) return printData(view)
    const lines = [
      `project  ${view.id}`,
      `basis    ${view.basis} (${view.name})`,
      `root     ${view.root}`,
      view.branch
        ? `branch   ${view.branch}`
        : view.commit
          ? `commit   ${view.commit} (detached HEAD)`
          : "branch   (not a git repository)",
      view.defaultBranch ? `default  ${view.defaultBranch}` : undefined,
    ]
    printData(lines.filter(Boolean).join("\n"))
  },
})
