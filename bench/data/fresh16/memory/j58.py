"""journal-58: quillpost, a Django 5 blog/newsletter app on PostgreSQL 16 (docker compose on port 5433),
pytest-django, ruff, pip-tools, a staging site."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

DB = "DATABASE_URL=postgres://quill:quill@localhost:5433/quill"
REFUSED = ("django.db.utils.OperationalError: connection to server at \"localhost\" (127.0.0.1), port 5432 failed: "
           "Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?")
PGDUMP = ("pg_dump: error: aborting because of server version mismatch\n"
          "pg_dump: detail: server version: 16.4 (Debian 16.4-1.pgdg120+2); pg_dump version: 14.13 (Ubuntu 14.13-0ubuntu0.22.04.1)")
ENV = "ENOENT: no such file or directory, open '.env'"
ST = "https://staging.quillpost.app"
DUMP = "pg_dump -h localhost -p 5433 -U quill -Fc -f /tmp/quill-%s.dump quill"

S1 = [
    P("add an optional `subtitle` field to Post, shown under the title"),
    ed("blog/models.py", "    title = models.CharField(max_length=200)\n",
       "    title = models.CharField(max_length=200)\n    subtitle = models.CharField(max_length=300, blank=True)\n"),
    sh("./manage.py makemigrations blog"),
    rd("blog/migrations/0014_post_subtitle.py"),
    gad(["blog/models.py", "blog/migrations/0014_post_subtitle.py"]),
    P("show the subtitle on the post detail page and cover it with a test"),
    rd("blog/templates/blog/post_detail.html"),
    ed("blog/templates/blog/post_detail.html", "<h1>{{ post.title }}</h1>",
       "<h1>{{ post.title }}</h1>\n{% if post.subtitle %}<p class=\"subtitle\">{{ post.subtitle }}</p>{% endif %}"),
    ed("blog/tests/test_views.py", "def test_detail_shows_title(", "def test_detail_shows_subtitle(client, post_factory):\n    p = post_factory(subtitle=\"Second line\")\n    assert \"Second line\" in client.get(p.get_absolute_url()).text\n\n\ndef test_detail_shows_title("),
    sh("pytest blog/tests/test_views.py -q"),
    sh("ruff check blog"),
    P("take a dump of the local db before playing with migrations"),
    sh(DUMP % "1123", err=PGDUMP),
    sh("psql -h localhost -p 5433 -U quill -c 'select version()' quill"),
    P("is staging up with last week's deploy?"),
    get(ST + "/healthz"),
    get(ST + "/api/posts?limit=1", err="502 Bad Gateway"),
    P("commit the subtitle work"),
    gst(), gad(["blog/templates/blog/post_detail.html", "blog/tests/test_views.py"]), gcm("blog: optional post subtitle"),
]

S2 = [
    P("apply the migrations locally and look at the admin"),
    rd(".env", err=ENV),
    rd(".env.example"),
    sh("./manage.py migrate", err=REFUSED),
    sh("docker compose ps"),
    sh(DB + " ./manage.py migrate"),
    sh(DB + " ./manage.py check --deploy --fail-level ERROR"),
    P("tag filter should be case-insensitive"),
    rd("blog/views.py"),
    ed("blog/views.py", "qs.filter(tags__name=tag)", "qs.filter(tags__name__iexact=tag)"),
    ed("blog/tests/test_tags.py", "def test_tag_filter(", "def test_tag_filter_ignores_case(client, tagged_post):\n    assert tagged_post.title in client.get(\"/tag/Django/\").text\n\n\ndef test_tag_filter("),
    sh("pytest blog/tests/test_tags.py -q"),
    sh("ruff check blog", err="blog/views.py:48:5: F841 Local variable `qs_all` is assigned to but never used"),
    ed("blog/views.py", "    qs_all = Post.objects.all()\n", ""),
    sh("ruff check blog/views.py"),
    P("staging smoke check"),
    get(ST + "/healthz", err="504 Gateway Timeout"),
    get(ST + "/healthz"),
    P("commit the tag filter fix"),
    gdf(), gad(["blog/views.py", "blog/tests/test_tags.py"]), gcm("blog: case-insensitive tag filter"),
]

S3 = [
    P("add `reading_time` to Post, computed on save"),
    ed("blog/models.py", "    subtitle = models.CharField(max_length=300, blank=True)\n",
       "    subtitle = models.CharField(max_length=300, blank=True)\n    reading_time = models.PositiveSmallIntegerField(default=0)\n"),
    sh("./manage.py makemigrations blog"),
    rd("blog/migrations/0015_post_reading_time.py"),
    gad(["blog/models.py", "blog/migrations/0015_post_reading_time.py"]),
    P("dump the db before running a backfill"),
    sh(DUMP % "1125", err=PGDUMP),
    sh("ls /usr/lib/postgresql"),
    P("backfill reading_time for existing posts with a data migration"),
    sh("./manage.py makemigrations blog --empty -n backfill_reading_time"),
    ed("blog/migrations/0016_backfill_reading_time.py", "    operations = [\n    ]",
       "    operations = [\n        migrations.RunPython(backfill, migrations.RunPython.noop),\n    ]"),
    sh(DB + " ./manage.py migrate blog"),
    sh("pytest blog -q"),
    P("commit reading time"),
    gad(["blog/migrations/0016_backfill_reading_time.py"]), gcm("blog: reading_time with backfill"), glg(3),
]

S4 = [
    P("newsletter signup returns 500 when the email has a plus sign"),
    rd(".env", err=ENV),
    rd("quillpost/settings/base.py"),
    rd("newsletter/forms.py"),
    ed("newsletter/forms.py", "EMAIL_RE = re.compile(r\"^[\\w.-]+@\")", "EMAIL_RE = re.compile(r\"^[\\w.+-]+@\")"),
    ed("newsletter/tests/test_forms.py", "def test_valid_email(", "def test_plus_address(client):\n    r = client.post(\"/newsletter/\", {\"email\": \"a+b@example.org\"})\n    assert r.status_code == 200\n\n\ndef test_valid_email("),
    sh("pytest newsletter -q", err="FAILED newsletter/tests/test_forms.py::test_plus_address - AssertionError: assert 400 == 200"),
    ed("newsletter/forms.py", "        raise ValidationError(\"invalid\")", "        raise ValidationError(\"invalid\", code=\"invalid\")"),
    sh("pytest newsletter -q -x"),
    P("dump a copy of the local data to reproduce the subscriber list"),
    sh(DUMP % "1126", err=PGDUMP),
    sh(DUMP.replace("-Fc", "-Fp --no-sync") % "1126b", err=PGDUMP),
    P("staging check after the hotfix deploy"),
    get(ST + "/healthz", err="timeout after 10000 ms"),
    get(ST + "/newsletter/"),
    get(ST + "/healthz"),
    P("commit the plus-address fix"),
    gst(), gdf(), gad(["newsletter/forms.py", "newsletter/tests/test_forms.py"]), gcm("newsletter: accept plus addresses"),
]

S5 = [
    P("upgrade Django to 5.1.4 and rerun the migrations"),
    rd("requirements.in"),
    ed("requirements.in", "django>=5.0,<5.1", "django>=5.1.4,<5.2"),
    sh("pip-compile requirements.in"),
    sh("pip install -r requirements.txt"),
    sh("./manage.py migrate", err=REFUSED),
    sh(DB + " ./manage.py migrate"),
    sh("pytest -q"),
    P("read the Django release notes for anything that touches us"),
    get("https://docs.djangoproject.com/en/5.1/releases/5.1.4/"),
    rd("quillpost/settings/base.py"), rd("quillpost/urls.py"),
    P("comments admin list is slow; add list_select_related"),
    ed("comments/admin.py", "    list_display = (\"author\", \"post\")", "    list_display = (\"author\", \"post\")\n    list_select_related = (\"post\",)",
       err="old_text not found in comments/admin.py"),
    rd("comments/admin.py"),
    ed("comments/admin.py", "    list_display = (\"author\", \"post\", \"created\")", "    list_display = (\"author\", \"post\", \"created\")\n    list_select_related = (\"post\", \"author\")"),
    sh("./manage.py check"),
    P("staging before I tell the team"),
    get(ST + "/healthz", err="ECONNREFUSED: connect ECONNREFUSED 203.0.113.40:443"),
    get(ST + "/healthz"),
    P("commit the upgrade"),
    gad(["requirements.in", "requirements.txt", "comments/admin.py"]), gcm("deps: django 5.1.4; comments admin select_related"),
]

S6 = [
    P("add `is_featured` to Post for the homepage carousel"),
    ed("blog/models.py", "    reading_time = models.PositiveSmallIntegerField(default=0)\n",
       "    reading_time = models.PositiveSmallIntegerField(default=0)\n    is_featured = models.BooleanField(default=False, db_index=True)\n"),
    sh("./manage.py makemigrations blog"),
    rd("blog/migrations/0017_post_is_featured.py"),
    gad(["blog/models.py", "blog/migrations/0017_post_is_featured.py"]),
    P("carousel size setting: where do local overrides live"),
    rd(".env", err=ENV),
    ls("quillpost/settings"),
    rd("quillpost/settings/dev.py"),
    P("carousel query in the home view, a test, and commit"),
    rd("blog/views.py"),
    ed("blog/views.py", "def home(request):\n", "def home(request):\n    featured = Post.objects.filter(is_featured=True)[: settings.CAROUSEL_SIZE]\n"),
    ed("blog/tests/test_home.py", "def test_home_ok(", "def test_home_lists_featured(client, post_factory):\n    post_factory(is_featured=True, title=\"Pinned\")\n    assert \"Pinned\" in client.get(\"/\").text\n\n\ndef test_home_ok("),
    sh("pytest blog/tests/test_home.py -q"),
    sh(DB + " ./manage.py migrate"),
    gad(["blog/views.py", "blog/tests/test_home.py"]),
    gcm("blog: featured posts carousel"),
    P("staging"),
    get(ST + "/healthz"),
    get(ST + "/api/posts?featured=1", err="503 Service Unavailable"),
]

SESSIONS = [
    ("s1", "2026-11-23T08:50", S1),
    ("s2", "2026-11-24T09:10", S2),
    ("s3", "2026-11-25T08:35", S3),
    ("s4", "2026-11-26T09:40", S4),
    ("s5", "2026-11-27T08:55", S5),
    ("s6", "2026-11-28T09:15", S6),
]
