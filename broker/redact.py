"""Redact secrets (keys, tokens, passwords) from text and arguments before anything is stored. Pure.

Four kinds of evidence, each a list of rules:

1. shapes that are secrets wherever they appear: vendors' documented token formats (prefixes such as
   `ghp_`, `xoxb-`, `AKIA`, `sk_live_`), private key blocks, JWTs, webhook URLs;
2. values given under a secret's name: `NAME=value`, `NAME: value`, `"name": "value"`, `'name' => 'value'`,
   `<name>value</name>`, `--name value`, headers (`Authorization: Bearer …`), query parameters, netrc lines,
   connection strings; a name is a secret's when one of its words is (password, token, secret, api key, …)
   and its last word does not say it is about something else (`password_min_length`, `TOKEN_URL`,
   `secret_name`);
3. programs' own options: `mysql -pPASS`, `redis-cli -a`, `sshpass -p`, `docker login -p`, `curl -u user:pass`,
   `openssl … pass:X`, `htpasswd -b`, `smbclient -U user%pass`, `keytool -storepass`, `zip -P`, …;
4. URLs' user parts (`scheme://user:pass@`, `scheme://TOKEN@`) and prose (`with password hunter2`,
   `the password is X`).

A value that only stands for a secret (`${DB_PASSWORD}`, `$(cat …)`, `<redacted>`, `****`, `null`, `true`, a
number) is left as it is. The name and the punctuation around a value are kept, so the text stays readable:
`DB_PASSWORD=[REDACTED]`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

MASK = "[REDACTED]"
MAX_STRING = 500  # longer argument values (file contents) are cut: the journal records what was done, not data
MAX_DEPTH = 8
MARGIN = 16 * 1024  # text past a cut that is still redacted first, so no secret is split by the cut

# -- names ---------------------------------------------------------------------------------

# words that make a name a secret's wherever they stand in it
_SECRET_WORDS = frozenset((
    "password", "passwords", "passwd", "passphrase", "pwd", "secret", "secrets", "token", "tokens", "apikey",
    "credential", "credentials", "creds", "sessionid", "signature", "privatekey", "accesskey", "secretkey", "authkey",
    "otp", "totp", "jwt", "bearer", "sas", "dsn", "mnemonic", "authorization", "auth", "sessiontoken", "authtoken",
    "accesstoken", "refreshtoken", "idtoken", "clientsecret", "apitoken", "masterkey", "phpsessid", "jsessionid"))
# words that are a secret's only as the name's last word (DB_PASS, sig=, sid=, session=)
_LAST_WORDS = frozenset(("pass", "pw", "pin", "sig", "sid"))
# "key" is a secret's only with one of these before it (APP_KEY, x-api-key, AccountKey; not sort_key, cache_key)
_KEY_KINDS = frozenset(("api", "app", "secret", "private", "access", "signing", "encryption", "master", "auth",
                        "account", "shared", "client", "license", "subscription", "service", "deploy", "ssh", "gpg",
                        "pgp", "consumer", "storage", "admin", "webhook", "session", "root", "crypt", "hmac", "jwt",
                        "ingest", "sdk"))
# ... or with one of these, when the value also looks random (primaryKey of a storage account, not of a table)
_WEAK_KEY_KINDS = frozenset(("primary", "secondary", "function", "host", "write", "read"))
# a name whose last word is one of these is about a secret, not one (password_min_length, TOKEN_URL)
_NOT_A_SECRET = frozenset((
    "name", "names", "id", "ids", "url", "uri", "urls", "path", "file", "files", "dir", "ttl", "expiry", "expires",
    "expiration", "exp", "length", "len", "min", "max", "enabled", "enable", "disabled", "policy", "attempts",
    "type", "types", "version", "region", "header", "prefix", "count", "size", "seconds", "timeout", "algorithm",
    "alg", "mode", "format", "hint", "field", "label", "required", "provider", "endpoint", "port", "user",
    "username", "login", "email", "scope", "scopes", "method", "manager", "store", "storage", "env", "var", "arn",
    "ref", "hash", "hashed", "digest", "stdin", "rotation", "reset", "changed", "created", "updated", "at", "date",
    "time", "limit", "bucket", "rate", "used", "usage", "kind", "class", "source", "pattern", "regex", "validator",
    "strength", "schema", "mask", "masked", "set", "list", "check", "checked", "valid", "invalid", "is", "has",
    "needed", "prompt", "command", "cmd", "encoding", "encoded", "sha", "md5", "public", "pub", "fingerprint",
    "purpose", "location", "lifetime", "age", "issuer", "audience", "style", "reference", "secs", "ms"))
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
_ENDINGS = ("password", "passwd", "token", "secret", "apikey", "passphrase", "pwd", "secretkey", "accesskey",
            "privatekey", "authkey", "sessid", "sessionid")


def secret_name(name: str) -> bool:
    """Tell whether a key, variable, option or header name names a secret (DB_PASSWORD yes, TOKEN_URL no)."""
    words = [w for w in _SPLIT.split(_CAMEL.sub("_", name).lower()) if w]
    if not words or words[-1] in _NOT_A_SECRET:
        return False
    if any(w in _SECRET_WORDS for w in words) or words[-1] in _LAST_WORDS:
        return True
    if words[-1] == "key" and (len(words) > 1 and words[-2] in _KEY_KINDS):
        return True
    return "".join(words).endswith(_ENDINGS) or any(w.endswith(_ENDINGS) for w in words)


def _weak_name(name: str) -> bool:
    """A name that is a secret's only when its value looks random (primary_key, host_key)."""
    words = [w for w in _SPLIT.split(_CAMEL.sub("_", name).lower()) if w]
    return len(words) > 1 and words[-1] == "key" and words[-2] in _WEAK_KEY_KINDS


def _random_looking(value: str) -> bool:
    value = value.strip("'\"")
    classes = sum((any(c.isdigit() for c in value), any(c.islower() for c in value), any(c.isupper() for c in value),
                   any(not c.isalnum() for c in value)))
    return len(value) >= 16 and classes >= 2


# -- values --------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"""^(?:\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%|\{\{[^}]*\}\}|<[^>]*>|\[REDACTED\]|\**|x+|X+|"""
    r"""\.\.\.|…|null|none|nil|true|false|yes|no|on|off|undefined|-?\d+(?:\.\d+)?|)$""", re.I)


def _placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value.strip("'\"")))


# -- rules ---------------------------------------------------------------------------------

# 1. shapes that are secrets wherever they appear (longest and most specific first)
_SHAPES = tuple(re.compile(p) for p in (
    r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    r"(?s)PuTTY-User-Key-File-\d+:.*?Private-Lines: *\d+(?:\s+[A-Za-z0-9+/=]+)+",
    r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}",
    r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{8,}",  # JWT
    r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b",
    r"\bgh[pousr]_[A-Za-z0-9]{30,255}\b",
    r"\bgithub_pat_[A-Za-z0-9_]{22,255}",
    r"\bgl(?:pat|dt|rt|cbt|ptt|ft|imt|oas|soat|agent)-[A-Za-z0-9_\-]{16,}",
    r"\bgl(?:sa|c)_[A-Za-z0-9_=+/\-]{30,}",
    r"\bxox[abposre]-[A-Za-z0-9\-]{10,}",
    r"\bxapp-\d-[A-Za-z0-9\-]{20,}",
    r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/\-]{10,}",
    r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{20,}",
    r"webhook\.office\.com/webhookb2/\S+|outlook\.office(?:365)?\.com/webhook/\S+",
    r"\bAIza[0-9A-Za-z_\-]{35}",
    r"\bya29\.[0-9A-Za-z_\-]{20,}",
    r"\bGOCSPX-[A-Za-z0-9_\-]{20,}",
    r"\bsk-(?:proj-|ant-(?:api|admin|sid)\d\d-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}",
    r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}",
    r"\bwhsec_[A-Za-z0-9+/=]{20,}",
    r"\bnpm_[A-Za-z0-9]{30,}",
    r"\bpypi-AgE[A-Za-z0-9_\-]{20,}",
    r"\bhf_[A-Za-z0-9]{30,}",
    r"\bdckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}",
    r"\bdo[por]_v1_[a-f0-9]{64}",
    r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}",
    r"\bsntr[ysu]_[A-Za-z0-9_=+/\-]{30,}",
    r"\bhv[sbr]\.[A-Za-z0-9_\-]{20,}",
    r"\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}",
    r"\blin_(?:api|oauth)_[A-Za-z0-9]{32,}",
    r"\b(?:ntn|secret)_[A-Za-z0-9]{40,}",
    r"\bATATT[A-Za-z0-9_\-=+/]{40,}",
    r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}",
    r"\bkey-[a-z0-9]{32}\b",
    r"\b[0-9a-f]{32}-us\d{1,2}\b",
    r"(?<![0-9])\d{6,10}:[A-Za-z0-9_\-]{34,36}\b",  # Telegram bot
    r"\bAC[0-9a-f]{32}\W{1,6}[0-9a-f]{32}\b",  # a Twilio account SID, then its auth token
    r"\b(?:SK|AC)[0-9a-fA-F]{32}\b",  # Twilio API key, account SID
    r"\bdapi[a-f0-9]{32}(?:-\d)?\b",
    r"\bHRKU-[A-Za-z0-9_\-]{40,}",
    r"\b(?:EAAA|sq0atp-|sq0csp-)[A-Za-z0-9_\-]{22,}",
    r"\bEAA[A-Z][A-Za-z0-9]{30,}",  # Facebook / Meta access token
    r"\bpul-[a-f0-9]{40}\b",
    r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-]{40,}",
    r"\bdp\.(?:st|ct|sa|scim|audit|pt)\.[A-Za-z0-9_\-]{30,}",
    r"\bNRAK-[A-Z0-9]{27}\b",
    r"\b[A-Za-z0-9_~.\-]{3}8Q~[A-Za-z0-9_~.\-]{31,34}",  # Azure AD client secret
    r"\bFwoGZXIvYXdzE[A-Za-z0-9+/=]{20,}",  # AWS session token
    # an AWS secret access key on its own: exactly 40 of base64's characters, a slash or plus among them, with digits
    # and both cases, and not a path (two parts between slashes that are lowercase words: src/components/…)
    r"(?<![A-Za-z0-9/+=%])(?=[A-Za-z0-9/+]{0,39}[/+])(?=[A-Za-z0-9/+]{0,39}[0-9])(?=[A-Za-z0-9/+]{0,39}[a-z])"
    r"(?=[A-Za-z0-9/+]{0,39}[A-Z])(?!(?:[A-Za-z0-9/+]*?(?:^|/|(?<![A-Za-z0-9+]))[a-z]{3,}(?=/)){2})"
    r"[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
))
# 2. values under a secret's name. Every rule keeps its value in a lookahead, so the scan goes on right
# after the name: a pair never hides another one inside its value ("loaded: accessToken=…").
_VALUE = r"""(?P<value>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\$\{[^}\s]*\}|\$\([^)\n]*\)|<[^>\s]*>|(?:base64:)?[^\s,;'"<>(){}\[\]&]+(?:&[^\s=&]+(?=\s|$))?)"""
_AUTH_HEADER = re.compile(r"\b(?:proxy-)?authorization\s*[:=]\s*[\"']?(?=(?P<scheme>(?:bearer|basic|token|digest|bot|"
                          r"negotiate|apikey|sso-key|splunk|dsn)\s+)?(?P<value>[^\s,;'\"]+))", re.I)
_BEARER = re.compile(r"\bbearer\s+(?=(?P<value>[A-Za-z0-9_\-.=+/~]{8,}))", re.I)
_PAIR = re.compile(  # "name": "value"  'name' => 'value'  NAME=value  name: value  ?name=value
    r"""(?<![A-Za-z0-9_\-])(?P<lead>["']?)(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,80})(?P=lead)"""
    r"""[ \t]*(?:=>|:=|=|(?<!:):(?!:))[ \t]*(?=""" + _VALUE + ")")
_SUBSCRIPT = re.compile(  # os.environ["NAME"] = "value"   setenv("NAME", "value")   .set('name', 'value')
    r"""(?:\[\s*(?P<q1>["'])(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,80})(?P=q1)\s*\]\s*=|"""
    r"""\b(?:setenv|putenv|setdefault|set|put|setItem|setProperty)\(\s*(?P<q2>["'])(?P<name2>[A-Za-z_][A-Za-z0-9_.\-]{0,80})(?P=q2)\s*,)"""
    r"""\s*(?=(?P<value>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'))""")
_SET_TO = re.compile(  # Setting DB_PASSWORD to value
    r"""\b(?:set|setting|sets|changed?|changing|updated?|updating)\s+(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,80})\s+(?:to|=)\s+"""
    r"""(?=(?P<value>"[^"\n]*"|'[^'\n]*'|[^\s'"]+))""", re.I)
_XML_ELEMENT = re.compile(r"<(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,80})>(?=(?P<value>[^<\n]{1,500})</(?P=name)>)")
_XML_KEY_VALUE = re.compile(r"""\bkey\s*=\s*["'](?P<name>[^"']{1,80})["']\s+value\s*=\s*["'](?=(?P<value>[^"']*))""", re.I)
_OPTION = re.compile(  # --password X  --token=X
    r"""(?<![\w-])--?(?P<name>[A-Za-z][A-Za-z0-9_\-]{1,60})(?P<sep>=|[ \t]+)"""
    r"""(?=(?P<value>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s'"]+))""")
_NETRC = re.compile(r"(?:\blogin\s+\S+\s+password\s+|^[ \t]*password[ \t]+)(?=(?P<value>\S+))", re.M)
_CONFIG_SET = re.compile(r"""\b(?:configure|config)\s+set\s+(?P<name>\S+)\s+(?=(?P<value>"[^"\n]*"|'[^'\n]*'|\S+))""")
# 3. programs' own options
_QUOTED_OR_WORD = r"""(?P<value>'[^'\n]*'|"[^"\n]*"|[^\s'"]+)"""
_PROGRAMS = tuple(re.compile(p + "(?=" + v + ")") for p, v in (
    (r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlshow)\b[^\n|;&]*?\s-p", _QUOTED_OR_WORD),
    (r"\b7za?\b[^\n|;&]*?\s-p", r"(?P<value>\S+)"),
    (r"\bredis-cli\b[^\n|;&]*?\s(?:-a|--pass)\s+", _QUOTED_OR_WORD),
    (r"\bsshpass\b[^\n|;&]*?\s-p\s*", _QUOTED_OR_WORD),
    (r"\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\b[^\n|;&]*?\blogin\b[^\n|;&]*?\s-p\s+", _QUOTED_OR_WORD),
    (r"\baz\b[^\n|;&]*?\blogin\b[^\n|;&]*?\s-p\s+", _QUOTED_OR_WORD),
    (r"\bzip\b[^\n|;&]*?\s-P\s+", r"(?P<value>\S+)"),
    (r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;&]*?\s-P\s*", _QUOTED_OR_WORD),
    (r"\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]*?\s-w\s+", _QUOTED_OR_WORD),
    (r"""\b(?:curl|wget|http|httpie|xh)\b[^\n|;&]*?(?:\s-u|\s--user|\s--proxy-user|\s-U)[=\s]+['"]?[^\s:'"]*:""",
     r"""(?P<value>[^\s'"]+)"""),
    (r"""\bsmbclient\b[^\n|;&]*?\s-U\s+['"]?[^\s%'"]+%""", r"""(?P<value>[^\s'"]+)"""),
    (r"\bhtpasswd\b(?:\s+-[a-zA-Z]+)*\s+-[a-zA-Z]*b[a-zA-Z]*(?:\s+-[a-zA-Z]+)*\s+\S+\s+\S+\s+", r"(?P<value>\S+)"),
    (r"\bpass:", r"(?P<value>\S+)"),  # openssl -passin pass:X
    (r"\s-(?:storepass|keypass|srcstorepass|deststorepass|srckeypass|destkeypass)\s+", r"(?P<value>\S+)"),
    (r"\bmongo(?:sh|dump|restore|import|export)?\b[^\n|;&]*?\s-p\s+", r"(?P<value>\S+)"),
    (r"\bnet\s+use\b[^\n]*?/user:\S+\s+", r"(?P<value>\S+)"),
    (r"""\bauth\s*=\s*\(\s*(?:'[^']*'|"[^"]*")\s*,\s*""", r"""(?P<value>'[^']*'|"[^"]*")"""),  # auth=('user', 'pw')
))
# 4. URLs and prose
_URL_USERINFO = re.compile(r"""\b[a-z][a-z0-9+.\-]*://[^\s:/@'"]*:(?=(?P<value>[^\s@/'"]+)@)""", re.I)
_URL_TOKEN_USER = re.compile(r"""\b[a-z][a-z0-9+.\-]*://(?=(?P<value>[^\s:/@'"]{16,})@)""", re.I)
_PROSE = re.compile(
    r"""\b(?:password|passphrase|passwd|pwd|secret|api key|access key|secret key|token)s?\b(?!["'])(?:\s+(?:is|was|=|of|to|set to|now))?"""
    r"""[ \t]*[:=]?[ \t]*(?=(?P<value>"[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s'",;)]{4,200}))""", re.I)
# a value with slashes is a path, unless it is a long run of the base64 alphabet with digits and both cases, as an AWS
# secret access key is (40 characters): "secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
_BASE64 = re.compile(r"(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9/+]{20,}=*")
# the secret key printed next to its (already masked) access key id, with no name of its own: "AKIA… wJalr…"
_KEY_PARTNER = re.compile(r"""\[REDACTED\][\s:,;=|"']{1,5}(?=(?P<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=]))""")
_PROSE_STOP = frozenset("""a an the is was are be been being for to of in on at by with and or not no yes field fields
    required must should cannot can may will expired expires expiry reset manager policy prompt prompted changed change
    updated update set unset missing invalid incorrect wrong empty store stored storage file files length minimum
    maximum attempts too strength rotation rotate authentication auth provider hash hashed please again here there
    this that these those which who what when you your it its has have had does do did using via from into""".split())


def _value_span(match: re.Match) -> tuple[int, int] | None:
    """The span of the value to mask (inside its quotes), or None when it only stands for a secret."""
    value = match.group("value")
    if _placeholder(value):
        return None
    start, end = match.span("value")
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        start, end = start + 1, end - 1
    return (start, end) if end > start else None


def _a_word(value: str) -> bool:
    """A bare value that is an ordinary word of prose ("passwd: password updated"), not a secret."""
    word = value.lower()
    return value.isalpha() and (word in _PROSE_STOP or word in _SECRET_WORDS or word in _LAST_WORDS or word == "key")


def _named(match: re.Match) -> tuple[int, int] | None:
    name, value = match.group("name"), match.group("value")
    if _a_word(value) or not (secret_name(name) or _weak_name(name) and _random_looking(value)):
        return None
    return _value_span(match)


def _subscript(match: re.Match) -> tuple[int, int] | None:
    name = match.group("name") or match.group("name2")
    return _value_span(match) if secret_name(name) and not _a_word(match.group("value")) else None


def _option(match: re.Match) -> tuple[int, int] | None:
    if match.group("sep") != "=" and match.group("value").startswith("-"):
        return None  # the next option, not this one's value
    return _named(match)


def _plain(match: re.Match) -> tuple[int, int] | None:
    return None if _a_word(match.group("value")) else _value_span(match)


def _token_user(match: re.Match) -> tuple[int, int] | None:
    user = match.group("value")
    looks_random = sum(c.isdigit() for c in user) >= 2 and sum(c.isalpha() for c in user) >= 2
    return match.span("value") if looks_random and "." not in user else None


def _prose(match: re.Match) -> tuple[int, int] | None:
    value = match.group("value")
    if value[0] in "'\"":
        return _value_span(match)
    bare = value.rstrip(".!?:")
    kinds = sum((any(c.isdigit() for c in bare), any(c.isupper() for c in bare) and any(c.islower() for c in bare),
                 any(not c.isalnum() for c in bare)))
    if (not bare or not bare[0].isalnum() or bare.lower() in _PROSE_STOP or "/" in bare and not _BASE64.fullmatch(bare)
            or "." in bare or kinds == 0 or _placeholder(bare)):
        return None
    start = match.start("value")
    return start, start + len(bare)


_LABELLED: tuple[tuple[re.Pattern, Callable[[re.Match], tuple[int, int] | None]], ...] = (
    (_AUTH_HEADER, _value_span),
    (_BEARER, _value_span),
    (_XML_KEY_VALUE, _named),
    (_XML_ELEMENT, _named),
    (_PAIR, _named),
    (_SUBSCRIPT, _subscript),
    (_SET_TO, _named),
    (_CONFIG_SET, _named),
    (_OPTION, _option),
    (_NETRC, _plain),
    *((p, _value_span) for p in _PROGRAMS),
    (_URL_USERINFO, _value_span),
    (_URL_TOKEN_USER, _token_user),
    (_PROSE, _prose),
    (_KEY_PARTNER, _value_span),
)


def redact_text(text: str) -> str:
    """Replace every secret in a text with [REDACTED], keeping the name it was given under."""
    if not text:
        return text
    for pattern in _SHAPES:
        text = pattern.sub(MASK, text)
    spans = sorted(span for pattern, decide in _LABELLED for m in pattern.finditer(text)
                   if (span := decide(m)) is not None)
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        if end <= at:
            continue  # inside a span already masked
        start = max(start, at)
        out.append(text[at:start])
        out.append(MASK)
        at = end
    out.append(text[at:])
    return "".join(out)


def clip(text: str, cap: int) -> str:
    """Redact, then cut to cap characters (a cut never leaves half a secret behind)."""
    return redact_text(text[: cap + MARGIN])[:cap]


def redact_value(value: Any, depth: int = 0) -> Any:
    """Redact a JSON-like value: secret-named keys lose their values, strings lose secrets, long strings are cut."""
    if depth > MAX_DEPTH:
        return "[nested too deeply]"
    if isinstance(value, dict):
        return {str(k): (MASK if secret_name(str(k)) and _a_secret_value(value[k])
                         else redact_value(value[k], depth + 1)) for k in value}
    if isinstance(value, (list, tuple)):
        return [redact_value(v, depth + 1) for v in value[:100]]
    if isinstance(value, str):
        cut = clip(value, MAX_STRING)
        return cut if len(value) <= MAX_STRING else cut + f"…[+{len(value) - MAX_STRING} chars]"
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return clip(str(value), MAX_STRING)


_REFERENCE = re.compile(r"^(?:\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z_][A-Za-z0-9_]*|\{\{[^}]*\}\}|<[^>]*>|\[REDACTED\])$")


def _a_secret_value(value: Any) -> bool:
    """Whether a value under a secret's name is one: any text but an empty one or a reference to a secret."""
    if isinstance(value, str):
        return bool(value) and not _REFERENCE.match(value.strip())
    return isinstance(value, (dict, list, tuple, bytes))


def scrub(value: Any) -> Any:
    """Redact every string inside a JSON-like value, cutting nothing (for stored documents such as snapshots)."""
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, str):
        return redact_text(value)
    return value
