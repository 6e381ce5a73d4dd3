"""Name why a call failed, in the healer's vocabulary (protocol.CAUSES), from the error's text.

Rules are tried in order and the first match wins, so the most certain evidence comes first: the
process dying, then exit statuses and JSON-RPC codes, then specific phrases, then generic ones
("not found" late, since "command not found" and "Method not found" mean a missing tool).
HTTP status codes count only next to an HTTP word ("HTTP 404", "status code 404", "404 Client
Error", npm's "code E404") so that "404 items processed" stays unclassified.

Last come the words of a rejected value, as a ValueError says it ("Invalid timezone: ...", "'x' is not a
valid Color", "invalid literal for int()"): the weakest evidence, read only once every cause of the
server's own (a crash, the network, a refusal, a timeout, a conflict) has had its chance, and never when
"invalid" or "unknown" names the server's own machinery ("invalid response", "unknown error"). An MCP
tool reports such a rejection as a result with isError (a tool execution error), not as JSON-RPC
-32602, so its text is all there is to read.
"""

from __future__ import annotations

import re

from broker.protocol import CAUSES
from broker.vocab import Cause

RETRYABLE = frozenset({Cause.TIMEOUT, Cause.NETWORK, Cause.RATE_LIMITED, Cause.CRASHED})
NEVER_RETRIED = frozenset({Cause.BAD_PARAMS, Cause.PERMISSION, Cause.NOT_FOUND, Cause.TOOL_MISSING})

_HINTS = {
    Cause.TOOL_MISSING: "check the organ, ability or program name, or install the program; retrying will not help",
    Cause.BAD_PARAMS: "fix the arguments: one is missing, of the wrong type or a value the ability does not accept; "
                       "retrying as is will fail again",
    Cause.NOT_FOUND: "check that the path or name exists (list its parent first); retrying as is will fail again",
    Cause.PERMISSION: "use a path or resource you are allowed to touch, or ask the user; retrying will be refused again",
    Cause.TIMEOUT: "retry with a longer timeout or a smaller piece of work",
    Cause.NETWORK: "the service could not be reached; retry shortly, or check that it is running",
    Cause.RATE_LIMITED: "slow down: wait before retrying, as long as Retry-After says if it says",
    Cause.CONFLICT: "the target is in a conflicting state; inspect it and resolve the conflict before retrying",
    Cause.CRASHED: "the program died; retry once, and report it if it dies again",
    Cause.ORGAN_UNHEALTHY: "the organ is unhealthy; wait for the heart to restart it, or use another ability",
    Cause.CANCELLED: "its caller cancelled it; it may have done part of its work: check before calling again",
    Cause.UNKNOWN: "read the error message; its cause could not be classified",
}

# An ability with side effects that timed out or died mid-call may have done its work: a blind retry may do it twice.
_MAY_HAVE_RUN = {
    Cause.TIMEOUT: "it may have run, in whole or in part, after the deadline: check its effects before calling again; "
                   "do not retry it blindly",
    Cause.CRASHED: "it may have run in part before it (or its organ) died: check its effects before calling again; "
                   "do not retry it blindly",
}

_EXIT = r"\bexit(?:ed with)?[ _-]?(?:code|status)\s*[:=]?\s*(?:{})\b"

# Words that, after "invalid" or "unknown", name the server's own machinery or the bytes it read rather than the
# caller's value: "invalid response", "unknown error", "invalid memory address", a decoder's "invalid start byte".
_ITS_OWN = ("response|reply|answer|result|certificate|cert|ssl|tls|signature|session|state|handle|headers?|status"
            "|configuration|config|settings|memory|pointer|instruction|opcode|elf|error|exception|failure|problem"
            "|issue|reason|cause|server|upstream|host|internal|start|continuation|byte|bytes|utf-?8")


def _http(codes: str) -> str:
    return (rf"(?:\bhttp\w*(?:/[\d.]+)?[\s:]*(?:error[\s:]*)?|\bstatus(?:[ _]?code)?[\s:=]*|\bcode[\s:=]*e?"
            rf"|\breturned (?:an? )?error:?\s*\(?|\bresponse code[\s:=]*)(?:{codes})\b"
            rf"|\b(?:{codes}) (?:client|server) error\b")


def _rule(cause: str, *alternatives: str) -> tuple[re.Pattern[str], str]:
    return re.compile("|".join(alternatives), re.I), cause


_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # The process died: the last thing that happened, whatever its output said before.
    _rule(Cause.CRASHED, r"killed by signal", r"segmentation fault", r"\bsigsegv\b", r"core dumped",
          r"\b\d+ killed\b", r"段错误", r"核心已转储", r"已杀死"),
    # the MCP SDK's "connection closed" means the server process went away
    _rule(Cause.CRASHED, r"\borgan \S+ (?:died|crashed)", r"\bmcp error -32000: connection closed"),
    # Shell exit statuses and JSON-RPC codes are more certain than the text around them.
    _rule(Cause.TOOL_MISSING, _EXIT.format("127")),
    _rule(Cause.PERMISSION, _EXIT.format("126")),
    _rule(Cause.TIMEOUT, _EXIT.format("124")),
    _rule(Cause.CRASHED, _EXIT.format("134|137|139")),
    # MCP answers a tool it does not have with -32602 and "Unknown tool: NAME": the phrase before the code
    _rule(Cause.TOOL_MISSING, r"-32601\b", r"\bmethod not found\b", r"\bunknown tool\b"),
    _rule(Cause.BAD_PARAMS, r"-32602\b", r"\binvalid params\b"),
    # A missing program or tool, told apart from a missing file by how it was spawned.
    _rule(Cause.TOOL_MISSING, r"command not found", r"is not recognized as an internal or external command",
          r"\bis not a \w+ command\b", r"\bunknown command\b", r"未找到命令", r"找不到命令", r"不是内部或外部命令"),
    _rule(Cause.TOOL_MISSING, r"\bsh: (?:line )?\d+: [^:\n]+: not found"),  # dash: "sh: 1: foo: not found"
    _rule(Cause.TOOL_MISSING, r"executable file not found", r"\bspawn \S+ enoent\b", r"\bexecvp\b.*no such file"),
    _rule(Cause.TOOL_MISSING, r"\bno (?:such|matching) (?:organ|ability|tool|program|executable)\b",
          r"\bno organ named\b", r"\bhas no ability\b", r"\bunknown (?:tool|ability|organ)\b",
          r"\btool\b[^\n]{0,80}\bnot (?:found|available|registered)\b"),
    _rule(Cause.TOOL_MISSING, r"\bmodulenotfounderror\b", r"\bno module named\b", r"\bcannot find module\b",
          r"\bmissing script\b"),
    # Arguments that do not fit.
    _rule(Cause.BAD_PARAMS, r"validation errors? for\b", r"\bvalidationerror\b", r"\bis a required property\b",
          r"additional properties are not allowed", r"\bis not of type\b"),
    _rule(Cause.BAD_PARAMS, r"\bmissing (?:\d+ )?required\b", r"\brequired arguments? (?:were|was) not provided\b",
          r"\barguments? (?:are|is) required\b", r"\bunexpected (?:keyword )?argument\b",
          r"\btakes \d+ positional arguments? but \d+ (?:were|was) given\b", r"\bflag provided but not defined\b"),
    _rule(Cause.BAD_PARAMS, r"\binvalid (?:argument|parameter|option|value|input|choice)s?\b",
          r"\billegal (?:option|argument)\b", r"\bunrecogni[sz]ed (?:option|argument)s?\b",
          r"\bunknown (?:option|flag|argument|parameter)\b", r"\bbad (?:argument|parameter|request)\b",
          r"\bunprocessable entity\b"),
    _rule(Cause.BAD_PARAMS, r"\b(?:type|value)error\b.*\b(?:argument|parameter|param)s?\b"),
    _rule(Cause.BAD_PARAMS, r"\bis a directory\b", r"\beisdir\b", r"\bisadirectoryerror\b"),  # as actors.organ does
    _rule(Cause.BAD_PARAMS, _http("400|422")),
    _rule(Cause.BAD_PARAMS, r"无效的?参数", r"参数(?:错误|无效|不正确|有误)", r"缺少(?:必[需要]的?)?参数", r"无效的?选项",
          r"不适用的选项", r"无法识别的选项"),
    # Transient trouble, before the generic phrases below that a proxy's error page may quote.
    _rule(Cause.RATE_LIMITED, r"\btoo many requests\b", r"\brate[ _-]?limit", r"\bquota exceeded\b", r"\bthrottl",
          r"请求过于频繁", r"请求太频繁", r"频率限制", r"限流"),
    _rule(Cause.RATE_LIMITED, _http("429")),
    _rule(Cause.TIMEOUT, r"\btimed out\b", r"\btimeout ?(?:error|exception|expired)\b", r"\btimeout\b.{0,30}\bexceeded\b",
          r"\betimedout\b", r"\b(?:read|connect|connection|request|gateway|operation|socket)[ _]?time-?out(?:error)?\b",
          r"deadline[ _]exceeded", r"超时"),
    _rule(Cause.TIMEOUT, _http("408|504")),
    _rule(Cause.NETWORK, r"\be(?:connrefused|connreset|connaborted|hostunreach|netunreach|hostdown|ai_again|notfound)\b",
          r"\bconnection (?:refused|reset|aborted)\b", r"\bconnection(?:refused|reset|aborted)?error\b",
          r"network is unreachable", r"no route to host", r"host is unreachable", r"name or service not known",
          r"temporary failure in name resolution", r"could not resolve (?:host|hostname|proxy)",
          r"nodename nor servname", r"\bno such host\b", r"getaddrinfo failed", r"failed to establish a new connection",
          r"remote end closed connection", r"\bremotedisconnected\b", r"socket hang up", r"\bbad gateway\b",
          r"\bservice unavailable\b", r"连接被拒绝", r"连接被对方重[设置]", r"网络不可达", r"没有到主机的路由",
          r"未知的名称或服务", r"域名解析暂时失败", r"无法解析(?:主机|域名|的?地址)"),
    _rule(Cause.NETWORK, _http("502|503")),
    # Refusals, conflicts, then absences.
    _rule(Cause.PERMISSION, r"permission denied", r"operation not permitted", r"\beacces\b", r"\beperm\b",
          r"\bpermissionerror\b", r"access (?:is )?denied", r"\bunauthori[sz]ed\b", r"\bforbidden\b",
          r"\boutside (?:of )?(?:the |its )?allowed\b", r"\bnot (?:in|within|under) (?:the |any )?allowed\b",
          r"authentication (?:failed|required)", r"\binvalid (?:api[ _-]?key|access[ _-]?token|token|credentials?"
          r"|password|username or password)\b", r"\b(?:api[ _-]?key|token|credentials|password) (?:is|are|has|have)"
          r" (?:invalid|expired|been revoked)\b", r"\bsecurity token\b[^\n]{0,60}\b(?:invalid|expired)\b",
          r"\b(?:invalidaccesskeyid|signaturedoesnotmatch|expiredtoken(?:exception)?|invalidclienttokenid"
          r"|unrecognizedclientexception|authfailure)\b", r"read-only file system", r"\berofs\b", r"\bmust be root\b",
          r"\bexternally[ -]managed[ -]environment\b", r"\benvironment is externally managed\b",  # PEP 668
          r"权限不够", r"权限不足", r"拒绝访问", r"没有权限", r"不允许的操作", r"只读文件系统"),
    _rule(Cause.PERMISSION, _http("401|403")),
    _rule(Cause.CONFLICT, r"\beexist\b", r"file exists", r"\bfileexistserror\b", r"already exists",
          r"address already in use", r"\beaddrinuse\b", r"\bebusy\b", r"resource busy", r"device busy",
          r"text file busy", r"\bis busy\b", r"\betxtbsy\b", r"non-fast-forward", r"\(fetch first\)",
          r"updates were rejected", r"would be overwritten", r"\bconflict(?:s|ing|ed)?\b", r"已存在",
          r"设备或资源忙", r"冲突"),
    _rule(Cause.CONFLICT, _http("409")),
    _rule(Cause.NOT_FOUND, r"no such file", r"\benoent\b", r"\b\w*notfounderror\b", r"\bnotadirectoryerror\b",
          r"not a directory", r"\benotdir\b", r"\bnot found\b", r"did not match any", r"does not exist",
          r"doesn't exist", r"\bno such\b", r"\bcannot find\b", r"can't find", r"could not find", r"couldn't find",
          r"unable to locate", r"no matching distribution", r"unknown revision", r"not a git repository",
          r"\bno rule to make target\b",
          r"\bdid not resolve to\b",
          r"没有那个文件或目录", r"找不到", r"不存在", r"未找到"),
    _rule(Cause.NOT_FOUND, _http("404|410")),
    # A panic or memory exhaustion last: the text above it usually names a more useful cause.
    _rule(Cause.CRASHED, r"\bpanicked at\b", r"\bpanic: ", r"\bmemoryerror\b", r"\bout of memory\b", r"\boomkilled\b"),
    # A value the tool rejected (Python's ValueError, Node's ERR_INVALID_ARG_*, Java's IllegalArgumentException):
    # the caller's error, read last of all (see the module's docstring).
    _rule(Cause.BAD_PARAMS, rf"\binvalid (?!(?:{_ITS_OWN})\b)[a-z]",
          r"(?:['\"]|\b(?:value|argument|parameter|input|field))\s+is (?:invalid|not (?:an? )?valid)\b",
          r"\bshould be an? valid\b", r"\binvalid literal for\b", r"\bcould not convert\b",
          r"\bdoes not match (?:the )?format\b", r"\bdoes not appear to be an?\b",
          r"\bmust be (?:in|one of|between)\b", r"\berr_invalid_arg_(?:type|value)\b",
          r"\billegalargumentexception\b", rf"\bunknown (?!(?:{_ITS_OWN})\b)[a-z][\w-]*(?::|\s+['\"])"),
    # An error that says nothing but a path (after its type and an MCP tool's "Error executing tool X:" at most)
    # names that path as what it could not find or use: GitPython's NoSuchPathError, a KeyError of a path.
    _rule(Cause.NOT_FOUND, r"^(?:[\w.]+:\s*)?(?:error executing tool [\w.-]+:\s*)?['\"]?(?:~?/|\.{1,2}/|[a-z]:\\)[^\s'\"]*['\"]?\s*$"),
)

_RETRY_AFTER = re.compile(
    r"(?:\bretry[\s_-]?after\b[\"']?\s*[:=]?\s*[\"']?|\btry again in\s+)(\d+(?:\.\d+)?)\s*"
    r"(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)?\b", re.I)


def classify(message: str, type_name: str = "", declared: str = "") -> str:
    """Name the cause of a failure from what the organ declared and the error text."""
    if declared in CAUSES and declared != "unknown":
        return declared
    text = f"{type_name}: {message}" if type_name else message
    cause = next((cause for pattern, cause in _RULES if pattern.search(text)), "unknown")
    if cause == "bad_params" and type_name == "ExitStatus":
        return "unknown"  # a command rejecting its own arguments says nothing of the call's arguments
    return cause


def may_have_run(cause: str, side_effects: bool) -> bool:
    """Tell whether a failed call of an ability with side effects may still have done its work."""
    return side_effects and cause in _MAY_HAVE_RUN


def hint(cause: str, side_effects: bool = False) -> str:
    """Tell the agent, in one line, what to do about a failure with this cause."""
    if may_have_run(cause, side_effects):
        return _MAY_HAVE_RUN[cause]
    return _HINTS.get(cause, _HINTS["unknown"])


def retry_after(message: str) -> float | None:
    """Return the wait in seconds a failure's text asks for (Retry-After and kin), or None."""
    match = _RETRY_AFTER.search(message)
    if match is None:
        return None
    value, unit = float(match.group(1)), (match.group(2) or "s").lower()
    if unit.startswith("ms") or unit.startswith("milli"):
        return value / 1000
    if unit.startswith("m"):
        return value * 60
    return value
