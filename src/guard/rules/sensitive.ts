import { basename } from "node:path"
import type { Scene } from "../invocation"
import { inside } from "../paths"
import { ALLOW, type Verdict } from "../types"
import { agentConfigWrite } from "./agent-config"
import { ask, deny } from "./finding"

const RC_FILES =
  /^\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc|inputrc)$/
const SECRET_NAME =
  /^(\.env(\..+)?|\.envrc|\.netrc|\.npmrc|\.pypirc|\.git-credentials|credentials(\.json)?|id_(rsa|dsa|ecdsa|ed25519)(_sk)?|.*\.(pem|key|p12|pfx|keystore|jks|kdbx|asc|gpg)|secrets?\.(ya?ml|json|toml)|service-account.*\.json)$/
const SECRET_DIRS = [".ssh", ".aws", ".gnupg", ".kube", ".docker", ".config/gh", ".config/gcloud", ".azure", ".egc"]
const SYSTEM_FILE = /^\/(etc|boot|usr|bin|sbin|lib\w*|System|Library)\//

export const isSecretName = (path: string): boolean => {
  const name = basename(path)
  return SECRET_NAME.test(name) && !/\.(example|sample|template|dist)$/.test(name)
}

export const inSecretDir = (abs: string, home: string): boolean => SECRET_DIRS.some((d) => inside(abs, `${home}/${d}`))

/** Where writing a file is a risk whatever writes it: git internals, secrets, shell start-up files, the system. */
export function sensitiveWrite(abs: string, scene: Scene, via: string, secretNames = true): Verdict {
  const root = scene.projectRoot
  const config = agentConfigWrite(abs, scene, via)
  if (config.decision === "deny") return config
  if (root && inside(abs, `${root}/.git`) && !inside(abs, `${root}/.git/info/exclude`))
    return deny(
      "write.git-internals",
      `${via} writes into .git internals (${abs.slice(root.length + 1)}), which can corrupt the repository or plant hooks`,
      "use git commands to change repository state",
    )
  if (/(^|\/)\.git\/(hooks|config)(\/|$)/.test(abs))
    return deny(
      "write.git-internals",
      `${via} writes into .git internals (${abs})`,
      "use git commands to change repository state",
    )
  if (config.decision !== "allow") return config
  if (inSecretDir(abs, scene.home)) return ask("write.secrets", `${via} writes into ${abs}, where credentials live`)
  if (secretNames && isSecretName(abs)) return ask("write.secrets", `${via} writes ${basename(abs)}, a secrets file`)
  if (RC_FILES.test(basename(abs)) && inside(abs, scene.home))
    return ask("write.shell-rc", `${via} changes ${abs}, which runs in every new shell`)
  if (SYSTEM_FILE.test(abs)) return ask("write.system", `${via} writes the system file ${abs}`)
  return ALLOW
}
