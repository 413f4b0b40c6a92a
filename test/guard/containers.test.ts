import { describe, expect, test } from "bun:test"
import { judgeCommand } from "../../src/guard"

/**
 * The container pack's per-verb handlers, each danger beside its harmless neighbour, with the rule
 * that decides. These strings are judged only; nothing here is ever executed.
 */
const PROJECT = "/home/dev/src/app"
const ctx = { cwd: PROJECT, home: "/home/dev", projectRoot: PROJECT }

const CASES: Array<[command: string, decision: string, rule?: string]> = [
  ["docker system prune --volumes", "deny", "container.system-prune"],
  ["docker system prune -a", "allow"],
  ["docker -H tcp://h:2375 system prune -af --volumes", "deny", "container.system-prune"],
  ["podman system reset", "deny", "container.system-reset"],
  ["podman system df", "allow"],
  ["docker volume prune", "deny", "container.volume-rm"],
  ["docker volume remove pgdata", "deny", "container.volume-rm"],
  ["docker volume ls", "allow"],
  ["docker container prune", "ask", "container.prune"],
  ["docker container ls", "allow"],
  ["docker container rm $(docker ps -aq)", "ask", "container.remove-all"],
  ["docker container remove -f web", "ask", "container.force-remove"],
  ["docker container remove web", "allow"],
  ["docker image rm -f app:old", "ask", "container.force-remove"],
  ["docker image rm app:old", "allow"],
  ["docker rmi $(docker images -q)", "ask", "container.remove-all"],
  ["docker rm -f web", "ask", "container.force-remove"],
  ["docker rm web", "allow"],
  ["docker kill $(docker ps -q)", "ask", "container.remove-all"],
  ["docker kill -f web", "allow"],
  ["docker compose --project-name app down --rmi all", "deny", "container.compose-down-volumes"],
  ["docker compose down --remove-orphans", "allow"],
  ["podman-compose down -v", "deny", "container.compose-down-volumes"],
  ["docker down -v", "allow"],
  ["docker run --privileged alpine", "ask", "container.privileged"],
  ["docker create -v /etc:/host-etc alpine", "ask", "container.host-mount"],
  ["docker run -v ./data:/data alpine", "allow"],
  ["nerdctl run --rm alpine git reset --hard", "deny"],
  ["nerdctl run --rm alpine git status", "allow"],
  ["docker exec db git clean -fdx", "deny"],
  ["docker exec db ls", "allow"],
  ["docker constructor prune", "allow"],
]

describe("container pack: one handler per verb", () => {
  for (const [command, decision, rule] of CASES) {
    test(`${command} → ${decision}${rule ? ` (${rule})` : ""}`, () => {
      const v = judgeCommand(command, ctx)
      expect(v.decision).toBe(decision as never)
      if (rule) expect(v.rule).toBe(rule)
    })
  }
})
