"""The knowledge sources selection draws on, by name: each can be left out to measure what it brings."""

from __future__ import annotations

from enum import StrEnum


class Source(StrEnum):
    """One source of knowledge beside the words of the intent and of the schemas."""

    SYNONYMS = "synonyms"  # broker/text/data/synonyms.txt: words people type -> words schemas use
    GLOSSARY = "glossary"  # broker/text/data/cjk_glossary.txt: CJK words <-> English, both sides
    ABBREVIATIONS = "abbreviations"  # PR, k8s, repo, msg: resolved against the catalogue's own words
    WHOLE_WORDS = "abbreviations.whole_words"  # an everyday English word is no abbreviation: pay is not payload
    COMPLETIONS = "completions"  # a cut word that is no English word (WordPiece's) -> the catalogue word it starts
    SPELLING = "spelling"  # typos corrected towards the catalogue's words (rapidfuzz)
    DERIVATIONS = "derivations"  # WordNet's derivationally related forms: remember -> memory, store -> storage
    OPPOSITES = "derivations.opposites"  # a word the catalogue lacks, read through its antonym: forget -> remember -> memory
    COGNATES = "cognates"  # a word of another Latin-script language sharing a catalogue stem: committer -> commit
    CODES = "codes"  # a long unknown word -> the code the catalogue writes in capitals for it: bitcoin -> BTC
    COMPOUNDS = "compounds"  # "sequential thinking" -> sequentialthinking
    ZONES = "zones"  # places of the IANA time-zone database -> time tools
    CITIES = "cities"  # GeoNames' large cities (text/data/cities.tsv.gz) are places too -> weather and time tools
    COMMANDS = "commands"  # command-line syntax (flags, &&, a quoted command) -> tools that run commands
    QUESTIONS = "questions"  # who is X, what is X: a question of identity -> tools that look things up
    PERCENTILES = "percentiles"  # a percentile as monitoring writes it (p95, p99.9) -> tools of quantiles
    SYMBOLS = "symbols"  # a name written as code (snake_case, camelCase, f()) -> tools about a code base's symbols
    CURRENCIES = "currencies"  # an amount in a currency CLDR names (Babel) -> exchange-rate tools
    PACKAGES = "packages"  # a library's name (Debian's library packages) -> tools answering from libraries' docs
    PORTS = "ports"  # a service and its registered port (IANA's names in /etc/services) -> tools that forward ports
    UNITS = "units"  # a measure and another unit of its quantity (CLDR's unit names) -> unit converters
    ARITHMETIC = "arithmetic"  # numbers against math signs (17.5%, 3×4) -> tools that evaluate expressions
    CALENDAR = "calendar"  # weekday names (the calendar module) -> the current date
    DOMAINS = "domains"  # a dotted name ending in a top-level domain (Public Suffix List) is a host, not a file
    MEDIA_TYPES = "media_types"  # a file's extension -> its kind, from the platform's MIME table
    REFERENCES = "references"  # paths, URLs, file names and issue keys in the request, and what they hint
    FILLS = "references.fills"  # a URL in the request is what a tool taking only an address needs
    READERS = "references.readers"  # a file the request reads is what a reader taking only its path needs
    QUOTES = "references.quotes"  # a quotation in the request is a literal (a title, a status): its words count less
    SLUG_PATHS = "references.slug_paths"  # a two-part name without #N (data/exports) may be a directory too
    REVISIONS = "references.revisions"  # a commit's abbreviated hex name (3f9a2c1) -> tools that show commits
    CREDENTIALS = "references.credentials"  # a mailbox and its secret (qa@example.com / hunter2) -> a login form
    WRITTEN = "references.written"  # a file named where something is created or changed is written, not read
    QUOTED = "quoted"  # quotations in a tool's description are examples: they count a quarter
    PRIOR = "prior"  # how common a word is in English (wordfreq) weighs beside a small catalogue's own idf
    MEANING = "meaning"  # sentence embeddings of the intent and of each tool (all-MiniLM-L6-v2), if installed
    CLAUSES = "clauses"  # each clause of a compound request gets its own best tools
    ORGANS = "organs"  # organ evidence lifts the siblings of well-matched tools
    NAMED_ORGAN = "organs.named"  # an organ the request calls by its name is pointed at fully
    NAMED_EVENLY = "organs.named_evenly"  # a named organ's tools are ranked by the rest of the words, not its name
    WHOLE = "organs.whole"  # a small organ the intent clearly points at is sent whole
    UNMATCHED = "catalogue.unmatched"  # a request nothing matches gets a catalogue that fits the budget whole
    EXECUTORS = "catalogue.executors"  # a tool that runs any command is within reach of every matched request
    EVERYDAY = "catalogue.everyday"  # and so does one that matches only everyday English words (get, next)
    NAMED = "companions.named"  # a sibling the schema names
    PRODUCER = "companions.producer"  # a sibling that gives out an identifier the tool requires
    GIVER = "companions.giver"  # the sibling that computes a value most of the organ's tools take (geocode)
    OBJECT = "companions.object"  # siblings acting on the same object
    READ = "companions.read"  # the sibling that reads what a tool changes
    LIST = "companions.list"  # the sibling that lists or searches what a tool takes the id of
    ENTRY = "companions.entry"  # the sibling that opens what the others act on (navigate before the console)
    OPENER = "companions.opener"  # a fetcher of another organ, for a search that gives out URLs or links
    BRIEF = "budget.brief"  # past a fifth of the budget, tools are sent without their prose: about twice as many fit
    PRECONDITIONS = "companions.first"  # a chosen tool's strong companions are spent on before the rest
    SIMILAR = "learned.similar"  # abilities used after similar instructions
    TOGETHER = "learned.together"  # abilities used together
    STATEMENTS = "learned.statements"  # a request opening as a statement gets what was used after past ones
    POPULAR = "learned.popular"  # among tools the request matches alike, those used more often come first
