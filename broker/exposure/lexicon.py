"""Text to index terms: split names, stem English, pair CJK characters, expand a small glossary.

Both sides go through the same `terms`, so the stemmer only has to be consistent, not correct:
`pull_requests`, `PullRequest` and "pull requests" all become `pull`, `request`.
"""

from __future__ import annotations

import functools
import re

# a latin run (letters and digits) or a run of CJK characters (Han, kana, hangul)
_RUN = re.compile(r"[A-Za-z0-9]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
_CAMEL = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")  # PRs, URLs: plurals
_CJK_START = "\u3040"
# references inside a request: a URL, a path (absolute, home, relative or ending in /), a file name
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|\bwww\.\S+", re.IGNORECASE)
_PATH = re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[\w.*@+-]+(?:/[\w.*@+-]*)*|(?<![\w/.])[\w.*@+-]+/(?:[\w.*@+-]+/)*(?:[\w.*@+-]+\.[A-Za-z]\w{0,11}\b|(?=\s|$))")
_CLAUSE = re.compile(r"[,;!?]\s+|\.\s+|\s+(?:and|then|also|plus|after that|afterwards)\s+|[，。；！？]|然后|并且|再|接着",
                     re.IGNORECASE)
_KEY = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-[0-9]+\b")  # an issue tracker key: PAY-88, INC-77
_FILE = re.compile(r"(?<![\w/])[\w*@+-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,11}\b(?![/(])")
_VOWELS = frozenset("aeiouy")

STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be been before being below between both but
by can could did do does doing done down during each else etc few for from further had has have having he her
here hers him his how i if im in into is it its itself just let lets like me might mine more most much must my
myself no nor not now of off ok okay on once only onto or other our ours out over own please pls plz same she
should so some such than thank thanks that the their theirs them then there these they this those through to too
under until up us very was we were what when where whether which while who whom whose why will with within
without would yes yet you your yours hey hi hello wanna gonna gotta kinda sure really thing stuff something
somewhere anything everything every via e g ie eg rn lol tell help want need give still already again maybe actually quick quickly
someone one ones get got ll ve re don doesn didn isn aren wasn won shouldn couldn wouldn
""".split())

# query-side expansion: words people type -> words tool schemas use (weighted lower than the words typed)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "pr": ("pull", "request"), "prs": ("pull", "request"),
    "repo": ("repository",), "repos": ("repository",),
    "k8s": ("kubernetes",), "kube": ("kubernetes",), "ns": ("namespace",),
    "dir": ("directory",), "dirs": ("directory",), "folder": ("directory",), "folders": ("directory",),
    "doc": ("documentation",), "docs": ("documentation",), "msg": ("message",), "img": ("image",),
    "pic": ("image",), "picture": ("image",), "photo": ("image",), "env": ("environment",),
    "config": ("configuration",), "cfg": ("configuration",), "db": ("database",),
    "js": ("javascript",), "ts": ("typescript",), "py": ("python",),
    "deploy": ("deployment",), "ticket": ("issue",), "tickets": ("issue",), "bug": ("issue",),
    "bugs": ("issue",), "make": ("create",), "new": ("create",), "fix": ("edit",), "change": ("edit", "update"),
    "modify": ("edit", "update"), "bump": ("update", "edit"), "rm": ("delete", "remove"), "remove": ("delete",),
    "delete": ("remove",), "ls": ("list",), "grep": ("search",), "find": ("search",), "lookup": ("search",),
    "look": ("search",), "open": ("read", "create"), "cat": ("read",), "view": ("read", "get"), "run": ("execute", "start"),
    "exec": ("execute",), "launch": ("start",), "kill": ("terminate",), "crash": ("error",), "crashes": ("error",),
    "exception": ("error",), "url": ("page",), "link": ("url",), "site": ("page", "url"), "website": ("page", "url"),
    "webpage": ("page", "url"), "summarise": ("summary",), "summarize": ("summary",), "today": ("date", "current", "time"),
    "tomorrow": ("date", "current", "time"), "yesterday": ("date", "current", "time"), "now": ("current",),
    "latest": ("current", "recent"),
    "rename": ("move",), "logs": ("log",), "sha": ("commit",), "timezone": ("time", "zone"), "tz": ("time", "zone"),
    "save": ("write",), "store": ("write",), "dump": ("write",), "export": ("write",), "note": ("comment",),
    "ppt": ("presentation", "powerpoint"), "slides": ("presentation",), "deck": ("presentation",),
    "xlsx": ("excel", "spreadsheet"), "spreadsheet": ("excel", "sheet"), "docx": ("word", "document"),
    "remember": ("memory",), "stored": ("memory",), "recall": ("memory",),
    # a day named relative to today can only be resolved by knowing today's date
    **{day: ("date", "current", "time") for day in (
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend", "tonight")},
    "compute": ("calculate",), "estimate": ("calculate",), "percentage": ("calculate",), "percent": ("calculate",),
    "sum": ("calculate",), "average": ("calculate",), "total": ("calculate",),
}

# what a referenced file's extension says about the tool that will handle it
EXTENSIONS: dict[str, tuple[str, ...]] = {
    "pdf": ("pdf",), "ppt": ("presentation", "powerpoint"), "pptx": ("presentation", "powerpoint"),
    "xls": ("excel", "spreadsheet"), "xlsx": ("excel", "spreadsheet"), "csv": ("csv", "spreadsheet"),
    "doc": ("word", "document"), "docx": ("word", "document"), "md": ("markdown",), "html": ("html",),
    "htm": ("html",), "png": ("image",), "jpg": ("image",), "jpeg": ("image",), "gif": ("image",),
    "svg": ("svg", "image"), "webp": ("image",), "json": ("json",), "yaml": ("yaml",), "yml": ("yaml",),
    "log": ("log",), "wav": ("audio",), "mp3": ("audio",), "mp4": ("video",), "ipynb": ("notebook",),
}

# CJK words people mix into requests -> the English a tool schema uses (matched as substrings)
GLOSSARY: dict[str, tuple[str, ...]] = {
    "提交": ("commit",), "分支": ("branch",), "合并": ("merge",), "日志": ("log",), "状态": ("status",),
    "查询": ("query", "search"), "搜索": ("search",), "查找": ("find", "search"), "查": ("search", "query"),
    "找": ("find", "search"), "读取": ("read",), "读": ("read",), "打开": ("open", "navigate"),
    "写入": ("write",), "写": ("write",), "文件夹": ("directory",), "文件": ("file",), "目录": ("directory",),
    "删除": ("delete",), "删": ("delete",), "创建": ("create",), "新建": ("create",), "更新": ("update",),
    "修改": ("edit", "update"), "运行": ("run", "execute"), "执行": ("execute",), "页面": ("page",),
    "网页": ("page",), "网站": ("page", "url"), "截图": ("screenshot",), "截个图": ("screenshot",),
    "点击": ("click",), "部署": ("deployment",), "重启": ("restart",), "错误": ("error",), "报错": ("error",),
    "崩溃": ("crash", "error"), "挂掉": ("crash", "error"), "问题": ("issue",), "评论": ("comment",),
    "文档": ("documentation",), "时间": ("time",), "现在": ("current",), "当前": ("current",),
    "转到": ("transition",), "服务": ("service",), "容器": ("container",), "命名空间": ("namespace",),
    "仪表盘": ("dashboard",), "看板": ("dashboard", "board"), "告警": ("alert",), "记忆": ("memory",),
    "思考": ("thinking",), "一步步": ("sequential", "step"), "浏览器": ("browser",), "代码": ("code",),
    "仓库": ("repository",), "差异": ("diff",), "改动": ("change",), "变更": ("change",),
    "暂存": ("stage",), "测试": ("test",), "进程": ("process",), "终端": ("terminal",), "命令": ("command",),
    "天气": ("weather",), "股票": ("stock",), "地图": ("map",), "翻译": ("translate",), "图片": ("image",),
    "图表": ("chart",), "表格": ("table", "spreadsheet"), "邮件": ("email",), "用户": ("user",),
    "项目": ("project",), "任务": ("task",), "日历": ("calendar",), "新闻": ("news",), "价格": ("price",),
    "火车": ("train",), "酒店": ("hotel",), "视频": ("video",), "音乐": ("music",), "论文": ("paper",),
    "延迟": ("latency",), "指标": ("metric",), "节点": ("node",), "集群": ("cluster",), "数据库": ("database",),
    "资讯": ("news",), "快讯": ("news",), "热榜": ("trending", "rank"), "热搜": ("trending",),
    "热门": ("trending", "popular"), "趋势": ("trend",), "排行榜": ("rank",), "榜单": ("rank",), "游戏": ("game",),
    "科技": ("technology",), "商业": ("business",), "财经": ("finance",), "金融": ("finance",), "电影": ("movie",),
    "图书": ("book",), "书": ("book",), "购物": ("shopping",), "好物": ("shopping", "deal"), "优惠": ("deal",),
    "推荐": ("recommend",), "搜索引擎": ("search",), "天": ("day",), "日期": ("date",), "车站": ("station",),
    "车票": ("ticket",), "余票": ("ticket",), "航班": ("flight",), "城市": ("city",), "翻译成": ("translate",),
    # common words of Chinese tool descriptions (news, trending and review sites), so English requests meet them
    "苹果": ("apple",), "人工智能": ("ai", "artificial", "intelligence"), "数码": ("digital", "electronics"),
    "电子": ("electronics",), "产品": ("product",), "商品": ("product", "goods"), "评测": ("review",),
    "消费": ("consumer",), "经济": ("economy", "economic"), "政治": ("politics",), "时政": ("politics",),
    "娱乐": ("entertainment",), "体育": ("sports",), "健康": ("health",), "教育": ("education",),
    "技术": ("technology", "tech"), "开发": ("development", "developer"), "软件": ("software",),
    "投融资": ("investment",), "投资": ("investment",), "创业": ("startup",), "国际": ("international", "world"),
    "全球": ("global", "world"), "文章": ("article",), "教程": ("tutorial",), "小说": ("novel", "fiction"),
    "阅读": ("reading",), "读书": ("reading", "book"), "话题": ("topic",), "热点": ("trending", "hot"),
    "动态": ("update", "news"), "评分": ("rating",), "排名": ("rank",), "排行": ("rank",), "电视剧": ("tv",),
    "实时": ("realtime", "live"), "最新": ("latest",), "设备": ("device",), "互联网": ("internet",),
    "社会": ("society", "social"), "事件": ("event",), "云计算": ("cloud",), "前端": ("frontend",),
    "后端": ("backend",), "问答": ("question", "answer"), "讨论": ("discussion",), "明星": ("celebrity",),
    "ファイル": ("file",), "検索": ("search",), "파일": ("file",), "검색": ("search",),
}
_GLOSSARY_KEYS = sorted(GLOSSARY, key=len, reverse=True)


def words(text: str) -> list[str]:
    """Split text into lowercase words: on punctuation, `_`, `-`, `.`, camelCase, and CJK runs kept whole."""
    out: list[str] = []
    for run in _RUN.findall(text):
        if run[0] >= _CJK_START:
            out.append(run)
        else:
            out.extend(part.lower() for part in _CAMEL.findall(run))
    return out


def terms(text: str) -> list[str]:
    """Index terms of a text: stemmed words without stopwords or bare numbers, CJK as character pairs."""
    return terms_of(words(text))


def terms_of(split: list[str]) -> list[str]:
    """Index terms of words already split by `words`."""
    out: list[str] = []
    for word in split:
        if word[0] >= _CJK_START:
            out.extend(cjk_pairs(word))
            out.extend(stem(english) for english in glossary(word))
        elif len(word) > 1 and word not in STOPWORDS and not word.isdigit():
            out.append(stem(word))
    return out


def references(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Cut URLs, paths, file names and issue keys out of a text: (the rest, [(kind, reference)])."""
    found: list[tuple[str, str]] = []

    def cut(kind: str) -> object:
        def replace(match: re.Match) -> str:
            ref = match.group(0).rstrip(".,;:!?)'\"")
            if kind == "file" and len(ref.split(".")[0].lstrip("*")) < 2 and not ref.startswith("."):
                return match.group(0)  # "e.g", "i.e": abbreviations, not files
            last = ref.rsplit("/", 1)[-1]
            found.append(("file" if kind == "path" and "." in last.strip(".") else kind, ref))
            return " " + match.group(0)[len(ref):]
        return replace

    text = _URL.sub(cut("url"), text)
    text = _PATH.sub(cut("path"), text)
    text = _FILE.sub(cut("file"), text)
    text = _KEY.sub(cut("key"), text)
    return text, found


def clauses(text: str) -> list[str]:
    """Split a compound request into its clauses ("do X, then Y and Z"); short fragments join the previous."""
    parts = [p.strip() for p in _CLAUSE.split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and not terms(part):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged


def cjk_pairs(run: str) -> list[str]:
    """Overlapping character pairs of a CJK run (the run itself when it is one character)."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def synonyms(word: str) -> tuple[str, ...]:
    """Words tool schemas use for a word people type (lowercase, unstemmed)."""
    return SYNONYMS.get(word, ())


def glossary(text: str) -> list[str]:
    """English words for the CJK words found in a text, longest match first."""
    found: list[str] = []
    for run in _RUN.findall(text):
        if run[0] < _CJK_START:
            continue
        i = 0
        while i < len(run):
            key = next((k for k in _GLOSSARY_KEYS if run.startswith(k, i)), None)
            if key is None:
                i += 1
                continue
            found.extend(GLOSSARY[key])
            i += len(key)
    return found


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """Strip common English inflections (plural, -ing, -ed, -ment, final e) so forms of a word meet."""
    if len(word) <= 3 or not word.isalpha() or not word.isascii():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        root = word[:-len(suffix)]
        if word.endswith(suffix) and len(root) >= 3 and _VOWELS.intersection(root):
            word = root
            if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # stopped -> stop, running -> run
            break
    if word.endswith("ment") and len(word) >= 9:
        word = word[:-4]
    if word.endswith("e") and not word.endswith("ee") and len(word) > 4:
        word = word[:-1]
    return word


class Speller:
    """Guess the catalogue word a mistyped word meant: one swap, insertion, deletion or substitution away."""

    MIN_LEN = 4  # shorter words have too many neighbours one edit away to guess safely
    ANY_EDIT_LEN = 5  # below this, only a swap of two letters (the commonest typo) is trusted

    def __init__(self, vocabulary: set[str]) -> None:
        self.vocabulary = frozenset(w for w in vocabulary if w.isascii() and w.isalpha())
        self._deletes: dict[str, tuple[str, ...]] | None = None

    def suggest(self, word: str) -> tuple[str, ...]:
        """Catalogue words one edit from an unknown word (swaps preferred), sorted; () when known or unsure."""
        if word in self.vocabulary or len(word) < self.MIN_LEN or not word.isascii() or not word.isalpha():
            return ()
        swaps = sorted(w for w in _swaps(word) if w in self.vocabulary)
        if swaps or len(word) < self.ANY_EDIT_LEN:
            return tuple(swaps)
        if self._deletes is None:
            self._deletes = _deletion_map(self.vocabulary)
        found = set(self._deletes.get(word, ()))  # the word lost a letter
        for variant in _deletions(word):
            if variant in self.vocabulary:
                found.add(variant)  # the word gained a letter
            found.update(w for w in self._deletes.get(variant, ()) if _substituted(word, w))
        return tuple(sorted(found))


def _swaps(word: str) -> set[str]:
    return {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)} - {word}


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _substituted(a: str, b: str) -> bool:
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1


def _deletion_map(vocabulary: frozenset[str]) -> dict[str, tuple[str, ...]]:
    variants: dict[str, list[str]] = {}
    for word in sorted(vocabulary):
        if len(word) >= Speller.ANY_EDIT_LEN:
            for variant in _deletions(word):
                variants.setdefault(variant, []).append(word)
    return {v: tuple(words) for v, words in variants.items()}
