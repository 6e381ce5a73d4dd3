"""Generate the held-out redaction corpus (test.jsonl) from vendors' documented token formats. Seeded.

A different method from dev.jsonl (lines written by hand): each secret here is a random value of a format
that a vendor documents (or that detect-secrets' plugin list names), placed in a context drawn at random
from places secrets really appear (shell history, .env, YAML, JSON, Dockerfiles, CI files, code, URLs,
logs). Near misses are random values that only look like secrets (digests, ids, encodings) and secret-ish
words around values that are not secrets. Run: python tests/data/redaction/generate_test.py
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

SEED = 20261201
HERE = Path(__file__).parent
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


# -- formats, as vendors document them ----------------------------------------------------------
FORMATS = {
    "aws access key id": lambda r: "AKIA" + pick(r, string.ascii_uppercase + "234567", 16),
    "aws temporary key id": lambda r: "ASIA" + pick(r, string.ascii_uppercase + "234567", 16),
    "aws secret access key": lambda r: pick(r, B64, 40),
    "github classic token": lambda r: "ghp_" + pick(r, ALNUM, 36),
    "github oauth token": lambda r: "gho_" + pick(r, ALNUM, 36),
    "github fine-grained token": lambda r: "github_pat_" + pick(r, ALNUM, 22) + "_" + pick(r, ALNUM, 59),
    "gitlab personal token": lambda r: "glpat-" + pick(r, URLSAFE, 20),
    "slack bot token": lambda r: f"xoxb-{pick(r, string.digits, 12)}-{pick(r, string.digits, 13)}-{pick(r, ALNUM, 24)}",
    "slack user token": lambda r: f"xoxp-{pick(r, string.digits, 12)}-{pick(r, string.digits, 12)}-{pick(r, string.digits, 13)}-{pick(r, HEX, 32)}",
    "slack webhook": lambda r: f"https://hooks.slack.com/services/T{pick(r, string.ascii_uppercase + string.digits, 8)}/B{pick(r, string.ascii_uppercase + string.digits, 10)}/{pick(r, ALNUM, 24)}",
    "stripe secret key": lambda r: "sk_live_" + pick(r, ALNUM, 24),
    "stripe restricted key": lambda r: "rk_live_" + pick(r, ALNUM, 24),
    "google api key": lambda r: "AIza" + pick(r, URLSAFE, 35),
    "openai key": lambda r: "sk-proj-" + pick(r, URLSAFE, 48),
    "anthropic key": lambda r: "sk-ant-api03-" + pick(r, URLSAFE, 93) + "AA",
    "npm token": lambda r: "npm_" + pick(r, ALNUM, 36),
    "pypi token": lambda r: "pypi-AgEIcHlwaS5vcmc" + pick(r, URLSAFE, 60),
    "hugging face token": lambda r: "hf_" + pick(r, ALNUM, 34),
    "sendgrid key": lambda r: "SG." + pick(r, URLSAFE, 22) + "." + pick(r, URLSAFE, 43),
    "twilio api key": lambda r: "SK" + pick(r, HEX, 32),
    "mailchimp key": lambda r: pick(r, HEX, 32) + "-us" + str(r.randint(1, 20)),
    "telegram bot token": lambda r: f"{r.randint(10**8, 10**10 - 1)}:AA{pick(r, URLSAFE, 33)}",
    "discord webhook": lambda r: f"https://discord.com/api/webhooks/{r.randint(10**17, 10**18)}/{pick(r, URLSAFE, 68)}",
    "square access token": lambda r: "EAAA" + pick(r, URLSAFE, 60),
    "shopify token": lambda r: "shpat_" + pick(r, HEX, 32),
    "digitalocean token": lambda r: "dop_v1_" + pick(r, HEX, 64),
    "databricks token": lambda r: "dapi" + pick(r, HEX, 32),
    "jwt": lambda r: "eyJhbGciOiJSUzI1NiJ9.eyJ" + pick(r, URLSAFE, 60) + "." + pick(r, URLSAFE, 43),
    "azure storage key": lambda r: pick(r, B64, 86) + "==",
    "artifactory api key": lambda r: "AKCp" + pick(r, ALNUM, 69),
    "ibm cloud iam key": lambda r: pick(r, URLSAFE, 44),
    "age secret key": lambda r: "AGE-SECRET-KEY-1" + pick(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper(), 58),
    "vault token": lambda r: "hvs." + pick(r, URLSAFE, 90),
    "password": lambda r: pick(r, ALNUM + "!@#%^*-_", r.randint(10, 20)),
    "passphrase": lambda r: "-".join(r.choice(["orbit", "maple", "quartz", "lantern", "velvet", "cactus", "harbor",
                                               "pixel", "tundra", "saffron"]) for _ in range(4)) + str(r.randint(10, 99)),
}
NAMED_ONLY = {"aws secret access key", "password", "passphrase", "ibm cloud iam key", "azure storage key",
              "artifactory api key"}  # formats with no prefix of their own: only their name says what they are
NAMES = ["PASSWORD", "DB_PASSWORD", "db_pass", "MYSQL_PWD", "api_key", "API_TOKEN", "apiKey", "authToken",
         "client_secret", "SECRET_KEY", "secret", "ACCESS_TOKEN", "private_key", "SMTP_PASSWORD", "REDIS_PASS",
         "accessKey", "auth_token", "SESSION_SECRET", "WEBHOOK_SECRET", "ENCRYPTION_KEY", "x-api-key",
         "AWS_SECRET_ACCESS_KEY", "AZURE_STORAGE_KEY", "IBM_API_KEY", "ARTIFACTORY_API_KEY", "passphrase"]

# -- where secrets appear -------------------------------------------------------------------------
NAMED_CONTEXTS = [
    "{name}={value}", "export {name}={value}", 'export {name}="{value}"', "{name}: {value}", '{name}: "{value}"',
    '{{"{name}": "{value}", "region": "eu-west-1"}}', "  - {name}={value}", "docker run -e {name}={value} app:latest",
    "ENV {name}={value}", "ENV {name} {value}", "--{lname} {value}", "--{lname}={value}", "{name} = '{value}'",
    'os.environ["{name}"] = "{value}"', "$env:{name} = \"{value}\"", "set {name}={value}", "{name} := {value}",
    "<{name}>{value}</{name}>", 'config.{lname} = "{value}"', "env:\n  {name}: ${{{{ secrets.X }}}}\n  {name}: {value}",
    "[{name}]\nvalue = {value}", "{name}:{value}", "Setting {name} to {value}", "kubectl create secret generic app --from-literal={lname}={value}",
]
FREE_CONTEXTS = [
    "{value}", "token: {value}", "curl -H 'Authorization: Bearer {value}' https://api.example.com/v1/me",
    "Authorization: token {value}", "git clone https://x-access-token:{value}@github.com/acme/app.git",
    "error: 401 for key {value}", "Using {value} from the environment", 'client = Client("{value}")',
    "POST {value} -> 404", "echo {value} | docker login --password-stdin", "https://api.example.com/v1?key={value}",
    "  File \"deploy.py\", line 12, in <module>\n    api = Api(\"{value}\")", "curl {value}",
]
CMD_CONTEXTS = [  # a password given to a program on its command line
    ("mysql -h db -u app -p{value} app", "password"), ("mysqldump -uroot -p'{value}' shop > shop.sql", "password"),
    ("redis-cli -a {value} info", "password"), ("sshpass -p '{value}' ssh ops@10.1.2.3", "password"),
    ("docker login -u bot -p {value} registry.example.com", "password"),
    ("curl -u admin:{value} http://localhost:8080/api", "password"),
    ("psql postgresql://app:{value}@db:5432/app", "password"), ("mongosh mongodb://root:{value}@mongo:27017", "password"),
    ("PGPASSWORD={value} pg_dump app", "password"), ("sqlcmd -S . -U sa -P {value}", "password"),
    ("openssl enc -aes-256-cbc -pass pass:{value} -in a -out b", "password"),
    ("htpasswd -bc users.db bob {value}", "password"), ("ldapwhoami -x -D cn=bob -w {value}", "password"),
    ("wget --http-password={value} https://files.example.com/x", "password"),
    ("mysql -uroot --password={value}", "password"), ("net use Z: \\\\fs\\share /user:ACME\\bob {value}", "password"),
    ("vault login {value}", "vault token"), ("gh auth login --with-token <<< {value}", "github classic token"),
    ("aws configure set aws_secret_access_key {value}", "aws secret access key"),
    ("smbclient //fs/x -U bob%{value}", "password"), ("7z a -p{value} backup.7z data/", "password"),
    ("Login failed: wrong password {value}", "password"), ("the new password is {value}", "password"),
]
# -- near misses ----------------------------------------------------------------------------------
NEAR = [
    lambda r: f"commit {pick(r, HEX, 40)}", lambda r: f"Merge {pick(r, HEX, 7)} into {pick(r, HEX, 7)}",
    lambda r: f"sha256:{pick(r, HEX, 64)}", lambda r: f"{pick(r, HEX, 32)}  dist/app-1.2.3.tar.gz",
    lambda r: f"request_id={pick(r, HEX, 8)}-{pick(r, HEX, 4)}-4{pick(r, HEX, 3)}-a{pick(r, HEX, 3)}-{pick(r, HEX, 12)}",
    lambda r: f'"integrity": "sha512-{pick(r, B64, 86)}=="',
    lambda r: f"data:image/png;base64,{pick(r, B64, 120)}=",
    lambda r: f"Content-Length: {r.randint(1, 10**6)}", lambda r: f"listening on 127.0.0.1:{r.randint(1024, 65535)}",
    lambda r: f"version {r.randint(0, 9)}.{r.randint(0, 30)}.{r.randint(0, 99)}",
    lambda r: f"{r.choice(['PASSWORD', 'TOKEN', 'SECRET', 'API_KEY'])}_{r.choice(['TTL', 'URL', 'FILE', 'PATH', 'NAME', 'LENGTH', 'MIN_LENGTH', 'ENABLED'])}={r.choice(['3600', 'true', '/run/secrets/x', 'https://auth.example.com/token', 'db-creds', '12'])}",
    lambda r: f"{r.choice(['password', 'token', 'secret'])} {r.choice(['expired', 'rotated', 'required', 'missing', 'reset'])} for user {r.choice(['alice', 'bob', 'ci'])}",
    lambda r: f"{r.choice(['DB_PASSWORD', 'API_TOKEN', 'secret'])}=${{{pick(r, string.ascii_uppercase, 6)}}}",
    lambda r: f"{r.choice(['password', 'api_key', 'token'])}: {r.choice(['<your-key-here>', '********', 'null', '${TOKEN}', 'changeme-later?'.replace('changeme-later?', '')]) or '~'}",
    lambda r: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{pick(r, B64, 43)} {r.choice(['alice', 'ci'])}@laptop",
    lambda r: f"image: ghcr.io/acme/app@sha256:{pick(r, HEX, 64)}",
    lambda r: f"trace {pick(r, HEX, 32)} span {pick(r, HEX, 16)}",
    lambda r: f"ETag: \"{pick(r, HEX, 40)}\"", lambda r: f"X-Request-Id: {pick(r, HEX, 32)}",
    lambda r: f"see https://github.com/acme/app/commit/{pick(r, HEX, 40)}",
    lambda r: f"pip install {r.choice(['keyring', 'python-dotenv', 'cryptography'])}=={r.randint(1, 40)}.{r.randint(0, 9)}",
    lambda r: f"{r.choice(['FAILED', 'PASSED'])} tests/test_{r.choice(['auth', 'password', 'token', 'secrets'])}.py::test_{r.choice(['rotate', 'login', 'expiry'])}",
    lambda r: f"grep -rn {r.choice(['password', 'SECRET', 'token'])} {r.choice(['src/', 'config/', '.'])}",
    lambda r: f"The {r.choice(['password', 'token', 'API key', 'secret'])} {r.choice(['is stored in Vault', 'must be rotated', 'was not found', 'is invalid'])}.",
    lambda r: f"uuid {pick(r, HEX, 8)}-{pick(r, HEX, 4)}-{pick(r, HEX, 4)}-{pick(r, HEX, 4)}-{pick(r, HEX, 12)}",
    lambda r: f"{pick(r, string.ascii_uppercase + string.digits, 26)} (ULID)",
    lambda r: f"bucket={r.choice(['logs', 'assets'])}-{pick(r, string.ascii_lowercase + string.digits, 8)}",
    lambda r: f"https://example.com/{r.choice(['reset-password', 'token-help', 'secrets-guide'])}?lang=en",
    lambda r: f"{r.choice(['password_hash', 'token_hash', 'secret_digest'])} = {pick(r, HEX, 64)}",
    lambda r: f"{r.choice(['key', 'cache_key', 'sort_key', 'primary_key'])}={r.choice(['user:42', 'id', 'created_at', pick(r, HEX, 12)])}",
    lambda r: f"--{r.choice(['password-file', 'token-file', 'secret-name', 'api-key-env'])} {r.choice(['/run/secrets/db', 'prod-db', 'API_KEY'])}",
    lambda r: f"Enter {r.choice(['password', 'passphrase', 'PIN'])} for {r.choice(['alice', 'key id_ed25519', 'the vault'])}:",
    lambda r: f"{r.choice(['Token', 'Password', 'Secret'])} rotation scheduled at 0{r.randint(0, 9)}:00 UTC",
]


def main() -> None:
    rng = random.Random(SEED)
    rows = []
    for kind, make in FORMATS.items():
        for _ in range(3):
            value = make(rng)
            if kind in NAMED_ONLY:
                name = rng.choice(NAMES)
                context = rng.choice(NAMED_CONTEXTS)
                text = context.format(name=name, lname=name.lower().replace("_", "-"), value=value)
            else:
                text = rng.choice(FREE_CONTEXTS).format(value=value)
            # a webhook URL's secret is its path; the scheme and host are public
            secret = value.split("/services/", 1)[-1] if "slack" in kind else value.rsplit("/", 1)[-1] \
                if "webhook" in kind else value
            rows.append({"kind": kind, "text": text, "secrets": [secret]})
    for template, kind in CMD_CONTEXTS:
        value = FORMATS[kind](rng)
        rows.append({"kind": f"command line: {kind}", "text": template.format(value=value), "secrets": [value]})
    secrets = len(rows)
    for i in range(secrets):
        rows.append({"kind": "near-miss", "text": NEAR[i % len(NEAR)](rng), "secrets": []})
    with open(HERE / "test.jsonl", "w", encoding="utf-8") as out:
        for i, row in enumerate(rows):
            out.write(json.dumps({"id": f"test-{i:03d}", **row}, ensure_ascii=False) + "\n")
    print(f"{secrets} secrets, {len(rows) - secrets} near misses")


if __name__ == "__main__":
    main()
