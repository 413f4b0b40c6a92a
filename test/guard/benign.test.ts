import { expect, test } from "bun:test"
import { judgeCommand } from "../../src/guard"

/** Everyday commands an agent runs: all must pass untouched. Judged only. */
const BENIGN = [
  "npm test", "npm run build -- --watch", "npm ci", "pnpm install --frozen-lockfile", "yarn add -D typescript", "bun test test/guard",
  "npx tsc --noEmit -p .", "npx eslint . --fix", "npx prettier --write src", "cargo build --release", "cargo clippy -- -D warnings",
  "go test ./...", "go mod tidy", "pytest -q tests/", "python -m pip install -r requirements.txt", "pip uninstall -y requests",
  "make -j4", "make clean", "cmake --build build", "./gradlew test", "mvn -q package",
  "git status", "git diff --stat HEAD~3", "git log --oneline --graph -20", "git add -A && git commit -m 'wip'", "git commit --amend --no-edit",
  "git pull --rebase origin main", "git fetch --prune", "git rebase -i HEAD~5", "git cherry-pick abc123", "git stash push -m 'temp'",
  "git switch -c feature/x", "git merge --no-ff feature/x", "git tag -a v1.2.0 -m 'release'", "git push origin v1.2.0", "git branch -d done",
  "git reset HEAD file.txt", "git reset --soft HEAD~1", "git restore --staged src/app.ts", "git clean -n -d", "git worktree add ../wt feature",
  "git -C ../other status", "git remote add origin git@github.com:org/app.git", "git submodule update --init --recursive", "git blame src/app.ts",
  "ls -la", "ls -la /etc", "cat /etc/hosts", "cat package.json | jq .scripts", "head -50 src/index.ts", "tail -f logs/app.log",
  "grep -rn 'TODO' src/", "rg -n 'rm -rf' .", "find . -name '*.ts' -not -path './node_modules/*'", "find . -type f -newer package.json",
  "wc -l src/**/*.ts", "du -sh node_modules", "df -h", "ps aux | grep node", "lsof -i :3000", "kill 12345", "kill -TERM 4242",
  "mkdir -p build/out", "touch src/new.ts", "cp -r templates/base app/", "mv old.ts new.ts", "ln -s ../shared shared",
  "rm -rf node_modules", "rm -rf dist build .next coverage", "rm -f *.log", "rm -rf /tmp/egc-*", "rm -r ./tmp", "rmdir empty",
  "tar -czf release.tgz dist", "unzip archive.zip -d out", "chmod +x scripts/*.sh", "chmod -R u+w build", "chown -R $USER ./data",
  "curl -s https://api.github.com/repos/org/app | jq .stargazers_count", "curl -fsSLo install.sh https://example.com/install.sh", "wget https://example.com/file.tgz",
  "ssh-keygen -t ed25519 -C me@example.com", "ssh deploy@host 'systemctl status app'", "scp dist.tgz deploy@host:/srv/app/",
  "docker build -t app:dev .", "docker compose up -d", "docker compose logs -f api", "docker run --rm -p 8080:80 nginx", "docker exec -it db psql -U postgres -c 'select 1'",
  "kubectl get pods -n app", "kubectl logs deploy/api -f", "kubectl apply -f k8s/", "kubectl rollout restart deploy/api", "helm upgrade --install api ./chart",
  "terraform init", "terraform plan -out plan.tfplan", "terraform fmt -recursive", "aws s3 ls", "aws sts get-caller-identity", "gcloud config list",
  "psql -c 'SELECT count(*) FROM users'", "psql -f migrations/001.sql", "mysql -e 'SHOW TABLES' app", "sqlite3 app.db '.schema'", "redis-cli INFO",
  "echo \"export PATH=$PATH:~/bin\"", "export NODE_ENV=production", "source .venv/bin/activate", ". ~/.nvm/nvm.sh", "env | grep NODE",
  "for f in src/*.ts; do echo $f; done", "while read -r l; do echo \"$l\"; done < list.txt", "if [ -f .env ]; then echo present; fi",
  "python3 -c 'import sys; print(sys.version)'", "node -e 'console.log(process.version)'", "node -p 'require(\"./package.json\").version'",
  "perl -pi -e 's/foo/bar/g' src/a.txt", "sed -i 's/old/new/g' README.md", "awk -F, '{ print $2 }' data.csv", "jq '.[] | .name' data.json",
  "cat <<'EOF' > .github/workflows/ci.yml\nname: ci\non: push\nEOF", "python3 <<'EOF'\nimport json\nprint(json.dumps({'a': 1}))\nEOF",
  "gh pr create --fill", "gh pr checks", "gh pr merge 42 --squash --delete-branch", "docker compose down --remove-orphans", "gh run watch", "gh issue list --label bug", "gh release create v1.2.0 --generate-notes",
  "npm cache clean --force", "npm version patch", "npm pack --dry-run", "docker system df", "docker image ls",
  "git commit -m \"$(cat <<'EOF'\nFix the thing: rm -rf was wrong\n\nGenerated with a coding agent\nEOF\n)\"",
  "gh pr create --title 'x' --body \"$(cat <<'EOF'\n## Summary\n- git reset --hard no more\nEOF\n)\"",
  "for f in $(git ls-files '*.ts'); do wc -l \"$f\"; done | sort -n | tail",
  "rm -rf ./out && mkdir out", "docker compose exec db psql -U postgres -c 'select 1'",
  "time npm test", "timeout 60 npm test", "nohup npm start > server.log 2>&1 &", "xargs -n1 echo < list.txt", "echo a b | xargs -n1 echo",
  "sudo apt-get install -y jq", "brew install ripgrep", "systemctl status docker", "journalctl -u app --since today", "crontab -l",
]

test("everyday developer commands are allowed", () => {
  const ctx = { cwd: "/home/dev/src/app", home: "/home/dev", projectRoot: "/home/dev/src/app" }
  const refused = BENIGN.map((c) => ({ c, v: judgeCommand(c, ctx) })).filter((x) => x.v.decision !== "allow")
  expect(refused.map((x) => `${JSON.stringify(x.c)} → ${x.v.decision} ${x.v.rule}: ${x.v.reason}`)).toEqual([])
})
