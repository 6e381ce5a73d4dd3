"""Failure causes: real error texts from shells, Python, Node, Go, Rust, git, curl, HTTP and MCP."""

from __future__ import annotations

import pytest

from broker.causes import NEVER_RETRIED, RETRYABLE, classify, hint, retry_after
from broker.protocol import CAUSES

# (message, type_name, cause): the shapes real programs print, verbatim where possible.
ERRORS = [
    # -- tool_missing ------------------------------------------------------------------------
    ("bash: line 1: foo: command not found", "", "tool_missing"),
    ("zsh: command not found: rg", "", "tool_missing"),
    ("sh: 1: foo: not found", "", "tool_missing"),
    ("/bin/sh: 1: jq: not found", "", "tool_missing"),
    ("fish: Unknown command: foo", "", "tool_missing"),
    ("'foo' is not recognized as an internal or external command,\noperable program or batch file.", "",
     "tool_missing"),
    ("git: 'stauts' is not a git command. See 'git --help'.", "", "tool_missing"),
    ("Error: spawn rg ENOENT", "", "tool_missing"),
    ('exec: "rg": executable file not found in $PATH', "", "tool_missing"),
    ("exit code 127: bash: line 1: ./deploy.sh: No such file or directory", "ExitStatus", "tool_missing"),
    ("Command 'foo' returned non-zero exit status 127.", "CalledProcessError", "tool_missing"),
    ("MCP error -32601: Method not found", "McpError", "tool_missing"),
    ('{"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "Method not found"}}', "", "tool_missing"),
    ("Unknown tool: search_web", "", "tool_missing"),
    ("Unknown tool: no_such_tool (JSON-RPC -32602)", "McpError", "tool_missing"),  # mcp-server-time, verbatim
    ("Tool 'grep_files' not found", "", "tool_missing"),
    ("no organ named 'browser' (organs: fs, shell)", "UnknownOrgan", "tool_missing"),
    ("organ fs has no ability 'delete' (abilities: read, write)", "UnknownAbility", "tool_missing"),
    ("ModuleNotFoundError: No module named 'requests'", "", "tool_missing"),
    ("Error: Cannot find module 'express'", "", "tool_missing"),
    ('npm ERR! Missing script: "build"', "", "tool_missing"),
    # -- bad_params --------------------------------------------------------------------------
    ("MCP error -32602: Invalid params: 'path' is required", "McpError", "bad_params"),
    ("TypeError: read() missing 1 required positional argument: 'path'", "", "bad_params"),
    ("TypeError: run() got an unexpected keyword argument 'cmd'", "", "bad_params"),
    ("TypeError: write() takes 2 positional arguments but 3 were given", "", "bad_params"),
    ("ValueError: invalid argument 'mode': expected 'r' or 'w'", "", "bad_params"),
    ("OSError: [Errno 22] Invalid argument", "", "bad_params"),
    ("1 validation error for ReadArgs\npath\n  Field required [type=missing, input_value={}, input_type=dict]", "",
     "bad_params"),
    ("'path' is a required property", "ValidationError", "bad_params"),
    ("ls: invalid option -- 'z'\nTry 'ls --help' for more information.", "", "bad_params"),
    ("grep: unrecognized option '--colour=sometimes'", "", "bad_params"),
    ("error: unexpected argument '--foo' found\n\nUsage: rg [OPTIONS] PATTERN", "", "bad_params"),
    ("flag provided but not defined: -verbose", "", "bad_params"),
    ("usage: tool.py [-h] --name NAME\ntool.py: error: the following arguments are required: --name", "",
     "bad_params"),
    ("HTTPError: 400 Client Error: Bad Request for url: https://api.example.com/v1/items", "", "bad_params"),
    ("requests.exceptions.HTTPError: 422 Client Error: Unprocessable Entity for url: https://api.example.com/x",
     "", "bad_params"),
    ("IsADirectoryError: [Errno 21] Is a directory: 'src'", "", "bad_params"),
    # a value the tool rejected, as real MCP servers report it in a tool result with isError (verbatim from
    # mcp-server-time 2025.x and mcp-server-git under /opt/actors-test, .ci/install-test-servers) and as
    # Python, Node and Java word the same class of error
    ("Error executing tool get_current_time: Invalid timezone: 'No time zone found with key Mars/Olympus'",
     "McpError", "bad_params"),
    ("Error executing tool convert_time: Invalid time format. Expected HH:MM [24-hour format]", "McpError",
     "bad_params"),
    ("Error executing tool git_log: 1 validation error for logArguments | max_count | Input should be a valid "
     "integer, unable to parse string as an integer [type=int_parsing, input_value='many', input_type=str]",
     "McpError", "bad_params"),
    ("MCP error -32602: Input validation error: Invalid arguments for tool read_text_file: Invalid input: "
     "expected string, received undefined at path", "McpError", "bad_params"),
    ("ValueError: invalid literal for int() with base 10: 'abc'", "", "bad_params"),
    ("ValueError: could not convert string to float: 'x'", "", "bad_params"),
    ("ValueError: time data '25:99' does not match format '%H:%M'", "", "bad_params"),
    ("ValueError: month must be in 1..12", "", "bad_params"),
    ("ValueError: 'purple' is not a valid Color", "", "bad_params"),
    ('The CustomResourceDefinition "backups.ops.example.io" is invalid: metadata.annotations: Too long', "",
     "bad_params"),  # a dev journal's (bench/data), kubectl's words for a manifest it refuses
    ("Error executing tool send: value is not a valid email address", "McpError", "bad_params"),
    ("ValueError: '999.1.1.1' does not appear to be an IPv4 or IPv6 address", "", "bad_params"),
    ("LookupError: unknown encoding: nope", "", "bad_params"),
    ("TypeError [ERR_INVALID_ARG_TYPE]: The \"path\" argument must be of type string. Received undefined", "",
     "bad_params"),
    ("TypeError [ERR_INVALID_URL]: Invalid URL", "", "bad_params"),
    ("java.lang.IllegalArgumentException: No enum constant com.example.Color.PURPLE", "", "bad_params"),
    ('strconv.Atoi: parsing "x": invalid syntax', "", "bad_params"),
    # -- not_found ---------------------------------------------------------------------------
    ("make: *** No rule to make target 'all'.  Stop.", "", "not_found"),
    ("FileNotFoundError: [Errno 2] No such file or directory: 'src/app.py'", "", "not_found"),
    ("ENOENT: No such file or directory: 'notes.txt'", "FileNotFoundError", "not_found"),
    ("ls: cannot access 'x': No such file or directory", "", "not_found"),
    ("bash: cd: build: No such file or directory", "", "not_found"),
    ("exit code 1: cat: README.mdx: No such file or directory", "ExitStatus", "not_found"),
    ("Error: ENOENT: no such file or directory, open 'config.json'", "", "not_found"),
    ("open /etc/app/config.yaml: no such file or directory", "", "not_found"),
    ('Error: Os { code: 2, kind: NotFound, message: "No such file or directory" }', "", "not_found"),
    ("NotADirectoryError: [Errno 20] Not a directory: 'README.md/x'", "", "not_found"),
    ("error: pathspec 'foo' did not match any file(s) known to git", "", "not_found"),
    ("fatal: ambiguous argument 'v9': unknown revision or path not in the working tree.", "", "not_found"),
    ("fatal: not a git repository (or any of the parent directories): .git", "", "not_found"),
    ("npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/left-padd - Not found", "",
     "not_found"),
    ("requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://api.github.com/repos/a/b", "",
     "not_found"),
    ("urllib.error.HTTPError: HTTP Error 404: Not Found", "", "not_found"),
    ("curl: (22) The requested URL returned error: 404", "", "not_found"),
    ('relation "users" does not exist', "", "not_found"),
    ("The system cannot find the file specified.", "", "not_found"),
    ("Error executing tool git_show: Ref 'nosuchrev123' did not resolve to an object", "McpError", "not_found"),
    ("'No time zone found with key Mars/Olympus'", "ZoneInfoNotFoundError", "not_found"),
    # nothing but a path: mcp-server-git's words for a repo_path that does not exist (a new user's report)
    ("Error executing tool git_status: /tmp/nu3/nonexistent", "McpError", "not_found"),
    ("Error executing tool git_status: /tmp/notrepo", "McpError", "not_found"),  # a path that is no repository
    ("KeyError: '/srv/app/settings.toml'", "", "not_found"),
    # -- permission --------------------------------------------------------------------------
    # the AWS CLI's refusals of a key, verbatim: "does not exist" names the key, not a missing resource
    ("An error occurred (InvalidAccessKeyId) when calling the PutObject operation: The AWS Access Key Id you "
     "provided does not exist in our records.", "", "permission"),
    ("An error occurred (SignatureDoesNotMatch) when calling the ListBuckets operation: The request signature we "
     "calculated does not match the signature you provided. Check your key and signing method.", "", "permission"),
    ("An error occurred (ExpiredToken) when calling the GetCallerIdentity operation: The security token included "
     "in the request is expired", "", "permission"),
    ("cat: /etc/shadow: Permission denied", "", "permission"),
    # the system's Python refusing an install (PEP 668), as pip 23+ prints it: a policy, not a missing thing
    ("error: externally-managed-environment\n\n\u00d7 This environment is externally managed\n\u2570\u2500> To "
     "install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying "
     "to install.", "", "permission"),
    ("This environment is externally managed", "", "permission"),
    # mcp-server-git's refusal of a repository beyond its --repository, verbatim
    ("Repository path '/tmp' is outside the allowed repository '/srv/app'", "ValueError", "permission"),
    ("Error: path /etc/passwd is not within the allowed directories", "", "permission"),
    ("PermissionError: [Errno 13] Permission denied: '/etc/hosts'", "", "permission"),
    ("Error: EACCES: permission denied, open '/usr/lib/node_modules/x'", "", "permission"),
    ("rm: cannot remove '/sys/kernel/x': Operation not permitted", "", "permission"),
    ("bash: ./run.sh: Permission denied", "", "permission"),
    ("exit code 126: ", "ExitStatus", "permission"),
    ("git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.", "",
     "permission"),
    ("remote: Invalid username or token.\nfatal: Authentication failed for 'https://github.com/a/b.git/'", "",
     "permission"),
    ("HTTPError: 401 Client Error: Unauthorized for url: https://api.example.com/me", "", "permission"),
    ("urllib.error.HTTPError: HTTP Error 403: Forbidden", "", "permission"),
    ("cp: cannot create regular file '/usr/bin/x': Read-only file system", "", "permission"),
    ("npm ERR! code EACCES", "", "permission"),
    # -- timeout -----------------------------------------------------------------------------
    ("curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received", "", "timeout"),
    ("subprocess.TimeoutExpired: Command 'sleep 60' timed out after 5 seconds", "", "timeout"),
    ("", "TimeoutError", "timeout"),
    ("Error: connect ETIMEDOUT 10.0.0.7:443", "", "timeout"),
    ("context deadline exceeded", "", "timeout"),
    ("rpc error: code = DeadlineExceeded desc = DEADLINE_EXCEEDED", "", "timeout"),
    ("requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', port=443): "
     "Read timed out. (read timeout=10)", "", "timeout"),
    ("HTTP Error 504: Gateway Time-out", "", "timeout"),
    ("exit code 124: ", "ExitStatus", "timeout"),
    ("timed out after 30s: building...", "Timeout", "timeout"),
    ("MCP error -32001: Request timed out", "McpError", "timeout"),
    ("Error: Timeout of 2000ms exceeded.", "", "timeout"),
    # -- network -----------------------------------------------------------------------------
    ("Error: connect ECONNREFUSED 127.0.0.1:5432", "", "network"),
    ("Error: read ECONNRESET", "", "network"),
    ("Error: getaddrinfo ENOTFOUND registry.npmjs.org", "", "network"),
    ("curl: (6) Could not resolve host: example.invalid", "", "network"),
    ("curl: (7) Failed to connect to localhost port 8080 after 0 ms: Connection refused", "", "network"),
    ("ConnectionRefusedError: [Errno 111] Connection refused", "", "network"),
    ("ConnectionResetError: [Errno 104] Connection reset by peer", "", "network"),
    ("socket.gaierror: [Errno -2] Name or service not known", "", "network"),
    ("socket.gaierror: [Errno -3] Temporary failure in name resolution", "", "network"),
    ("dial tcp: lookup db.internal on 127.0.0.53:53: no such host", "", "network"),
    ("dial tcp 127.0.0.1:6379: connect: connection refused", "", "network"),
    ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='example.invalid', port=443): Max retries "
     "exceeded with url: / (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at "
     "0x7f2c>: Failed to establish a new connection: [Errno -2] Name or service not known'))", "", "network"),
    ("requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: https://api.example.com/",
     "", "network"),
    ("502 Bad Gateway", "", "network"),
    ("ssh: connect to host 10.0.0.9 port 22: No route to host", "", "network"),
    ("fatal: unable to access 'https://github.com/a/b.git/': Could not resolve host: github.com", "", "network"),
    ("Error: socket hang up", "", "network"),
    # -- rate_limited ------------------------------------------------------------------------
    ("HTTPError: 429 Client Error: Too Many Requests for url: https://api.github.com/search", "", "rate_limited"),
    ("API rate limit exceeded for 203.0.113.9.", "", "rate_limited"),
    ("openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached'}}", "", "rate_limited"),
    ("status code 429", "", "rate_limited"),
    # -- conflict ----------------------------------------------------------------------------
    ("mkdir: cannot create directory 'build': File exists", "", "conflict"),
    ("FileExistsError: [Errno 17] File exists: 'out'", "", "conflict"),
    (" ! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs", "", "conflict"),
    (" ! [rejected]        main -> main (fetch first)", "", "conflict"),
    ("CONFLICT (content): Merge conflict in src/app.py\nAutomatic merge failed; fix conflicts and then commit.", "",
     "conflict"),
    ("fatal: destination path 'repo' already exists and is not an empty directory.", "", "conflict"),
    ("fatal: Unable to create '/repo/.git/index.lock': File exists.", "", "conflict"),
    ("umount: /mnt/data: target is busy.", "", "conflict"),
    ("OSError: [Errno 16] Device or resource busy: '/mnt/data'", "", "conflict"),
    ("Error: listen EADDRINUSE: address already in use :::3000", "", "conflict"),
    ("HTTP 409 Conflict", "", "conflict"),
    ("npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! Conflicting peer "
     "dependency: react@17.0.2", "", "conflict"),
    # -- crashed -----------------------------------------------------------------------------
    ("killed by signal SIGKILL", "Signal", "crashed"),
    ("killed by signal SIGSEGV: Permission denied", "Signal", "crashed"),
    ("bash: line 1:  4242 Segmentation fault      (core dumped) ./a.out", "", "crashed"),
    ("bash: line 1:  4242 Killed                  python train.py", "", "crashed"),
    ("exit code 139: ", "ExitStatus", "crashed"),
    ("thread 'main' panicked at src/main.rs:4:5:\nindex out of bounds: the len is 3 but the index is 7", "",
     "crashed"),
    ("panic: runtime error: invalid memory address or nil pointer dereference", "", "crashed"),
    ("organ shell died (exit -9)", "", "crashed"),
    ("McpError: MCP error -32000: Connection closed", "", "crashed"),
    # -- Chinese locales ---------------------------------------------------------------------
    ("ls: 无法访问 'x': 没有那个文件或目录", "", "not_found"),
    ("系统找不到指定的文件。", "", "not_found"),
    ("bash: foo: 未找到命令", "", "tool_missing"),
    ("'foo' 不是内部或外部命令，也不是可运行的程序\n或批处理文件。", "", "tool_missing"),
    ("cat: /root/x: 权限不够", "", "permission"),
    ("拒绝访问。", "", "permission"),
    ("rm: 无法删除 '/sys/x': 不允许的操作", "", "permission"),
    ("curl: (7) Failed to connect to 127.0.0.1 port 80: 连接被拒绝", "", "network"),
    ("ssh: connect to host 10.0.0.9 port 22: 连接超时", "", "timeout"),
    ("参数错误：缺少 path", "", "bad_params"),
    ("ValueError: 无效的参数", "", "bad_params"),
    ("请求过于频繁，请稍后再试", "", "rate_limited"),
    ("mkdir: 无法创建目录 'build': 文件已存在", "", "conflict"),
    ("段错误 (核心已转储)", "", "crashed"),
]

# Texts that look alarming or contain a near-miss and must stay unclassified.
UNKNOWN = [
    "AssertionError",
    "AssertionError: expected 3, got 4",
    "something odd happened",
    "exit code 1: ",
    "exit code 1: done, 404 items processed",
    "processed 4040 items in 2.1s",
    "exit code 2: 3 tests failed",
    "KeyError: 'name'",
    "ZeroDivisionError: division by zero",
    "TypeError: Cannot read properties of undefined (reading 'map')",
    "RuntimeError: Event loop is closed",
    "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.example.com/",
    "MCP error -32603: Internal error",
    "found 0 vulnerabilities",
    # the server's own trouble in a rejection's words: never the caller's value
    "Error executing tool fetch: Invalid response from upstream server",
    "Error executing tool query: Unknown error occurred while executing the query",
    "Error executing tool search: invalid certificate chain for api.example.com",
    "Error executing tool db: invalid state: the index is being rebuilt",
    "RuntimeError: invalid configuration: OPENAI_API_KEY must be set",
    "see /tmp/build.log for details",  # words besides the path: not the bare-path rule's
    "Error executing tool fetch: the server's certificate is not valid for api.example.com",
    "Error executing tool db: the session is invalid; reconnecting",
    "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe3 in position 10: invalid start byte",  # a dev journal's
    "exit code 1270: weird",
    "",
]


@pytest.mark.parametrize("message, type_name, cause", ERRORS, ids=[f"{c}-{i}" for i, (_, _, c) in enumerate(ERRORS)])
def test_classify_names_the_cause_of_a_real_error_text(message, type_name, cause):
    assert classify(message, type_name) == cause


@pytest.mark.parametrize("message", UNKNOWN)
def test_classify_leaves_texts_without_a_recognisable_cause_unknown(message):
    assert classify(message) == "unknown"


def test_the_table_feeds_at_least_seventy_errors_covering_every_derivable_cause():
    assert len(ERRORS) >= 70
    # the breaker and a cancel are said by the heart and the organ loop, never read from an error's text
    assert {cause for _, _, cause in ERRORS} == set(CAUSES) - {"organ_unhealthy", "cancelled", "unknown"}


@pytest.mark.parametrize("message, cause", [
    ("Error executing tool fetch: [Errno 111] Connection refused", "network"),
    ("Error executing tool fetch: Invalid response: Connection reset by peer", "network"),
    ("Error executing tool git_status: [Errno 13] Permission denied: '/root/repo'", "permission"),
    ("Error executing tool search: Invalid API key provided", "permission"),
    ("Error executing tool search: Your API token is invalid or has expired", "permission"),
    ("Error executing tool fetch: Request timed out: invalid or no reply from the upstream", "timeout"),
    ("Error executing tool build: Killed by signal SIGKILL: invalid argument", "crashed"),
    ("thread 'main' panicked at src/main.rs:9:5: invalid utf-8 sequence", "crashed"),
    ("panic: runtime error: invalid memory address or nil pointer dereference", "crashed"),
])
def test_a_server_failing_on_its_own_is_never_told_its_arguments_are_bad(message, cause):
    # the same wrapper ("Error executing tool X: ...") carries the server's own trouble: the network, a refusal,
    # a crash win over a rejection's words, which are read last
    assert classify(message, "McpError") == cause


def test_a_value_rejected_by_a_tool_is_the_callers_error_and_never_retried():
    cause = classify("Error executing tool get_current_time: Invalid timezone: 'No time zone found with key "
                     "Mars/Olympus'", "McpError")
    assert cause == "bad_params" and cause in NEVER_RETRIED
    assert "a value the ability does not accept" in hint(cause) and "retrying as is will fail again" in hint(cause)


def test_a_python_file_not_found_error_is_not_found_even_when_it_came_from_spawning():
    # open("rg") and subprocess.run(["rg"]) raise the same text; only the shell's 127 tells them apart
    assert classify("FileNotFoundError: [Errno 2] No such file or directory: 'rg'") == "not_found"


@pytest.mark.parametrize("declared, message, cause", [
    ("permission", "something odd happened", "permission"),
    ("not_found", "bash: line 1: foo: command not found", "not_found"),
    ("organ_unhealthy", "", "organ_unhealthy"),
    ("unknown", "cat: x: Permission denied", "permission"),
    ("", "cat: x: Permission denied", "permission"),
    ("made_up", "cat: x: Permission denied", "permission"),
])
def test_a_declared_cause_wins_over_the_text_unless_it_is_unknown_or_invalid(declared, message, cause):
    assert classify(message, declared=declared) == cause


def test_the_type_name_alone_can_name_the_cause():
    assert classify("[Errno 13] Permission denied: 'x'", "PermissionError") == "permission"
    assert classify("boom", "ConnectionResetError") == "network"


@pytest.mark.parametrize("cause", CAUSES)
def test_every_cause_has_a_one_line_hint(cause):
    text = hint(cause)
    assert text and "\n" not in text
    assert text != hint("unknown") or cause == "unknown"


def test_an_unrecognised_cause_gets_the_unknown_hint():
    assert hint("bogus") == hint("unknown")


def test_the_bad_params_hint_says_retrying_as_is_will_fail():
    assert "retrying as is will fail again" in hint("bad_params")


@pytest.mark.parametrize("cause", ["timeout", "crashed"])
def test_a_failed_call_with_side_effects_is_told_it_may_have_run_and_never_to_retry_blindly(cause):
    text = hint(cause, side_effects=True)

    assert "may have run" in text
    assert "do not retry it blindly" in text
    assert "retry with" not in text and "retry once" not in text


def test_a_read_only_timeout_still_suggests_a_longer_timeout():
    assert hint("timeout", side_effects=False).startswith("retry with a longer timeout")
    assert hint("not_found", side_effects=True) == hint("not_found")


def test_a_command_rejecting_its_own_arguments_is_not_a_bad_call():
    # `pytest -q` without pytest-xdist under a config with `-n 4`: the command line was fine for the ability
    message = "exit code 4: ERROR: usage: pytest [options] | pytest: error: unrecognized arguments: -n 4"
    assert classify(message, "ExitStatus") == "unknown"
    assert classify("unrecognized arguments: -n 4", "McpError") == "bad_params"


def test_retry_sets_are_disjoint_causes():
    assert RETRYABLE <= set(CAUSES) and NEVER_RETRIED <= set(CAUSES)
    assert not RETRYABLE & NEVER_RETRIED


@pytest.mark.parametrize("message, seconds", [
    ("Retry-After: 5", 5.0),
    ("HTTP/1.1 429 Too Many Requests\r\nretry-after: 120\r\n", 120.0),
    ("rate limited, retry after 2.5s", 2.5),
    ("retry_after=3", 3.0),
    ('{"error": "slow down", "retry_after": 7}', 7.0),
    ("Please retry after 20 seconds.", 20.0),
    ("Retry after 1 minute", 60.0),
    ("Rate limit reached for gpt-4. Please try again in 350ms.", 0.35),
    ("Retry-After: 0", 0.0),
    ("Retry-After: Wed, 21 Oct 2015 07:28:00 GMT", None),
    ("HTTPError: 429 Client Error: Too Many Requests", None),
    ("", None),
])
def test_retry_after_reads_the_wait_in_seconds_or_none(message, seconds):
    assert retry_after(message) == (pytest.approx(seconds) if seconds is not None else None)
