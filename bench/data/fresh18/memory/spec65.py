"""journal-65: gullwing, a Perl 5.36 mailing-list digest tool (lib/, bin/gullwing, prove, a perl -c
pre-commit hook, cpanfile with Debian-packaged deps, a HyperKitty archive API). Replayed for real by capture.py."""
from jlib import P, H, SH, READ, WRITE, EDIT, LS, GSTATUS, GDIFF, GADD, GCOMMIT, GLOG, HTTP

ROOT = "/tmp/f18/gullwing"
ARCH = "https://lists.fenwick-hosting.net/hyperkitty/api"

SETUP = r'''
set -e
git init -q -b main . && git config user.name "dev" && git config user.email dev@gullwing.example
git init -q --bare -b main ../gullwing-origin.git && git remote add origin ../gullwing-origin.git
mkdir -p lib/Gullwing bin t/data templates config
cat > lib/Gullwing.pm <<'EOF'
package Gullwing;
use strict;
use warnings;
our $VERSION = '0.9.2';
1;
EOF
cat > lib/Gullwing/Template.pm <<'EOF'
package Gullwing::Template;
use strict;
use warnings;

our $DIR = 'templates';

sub load {
    my ($name) = @_;
    my $path = "$DIR/$name.tt";
    open my $fh, '<', $path or die "template '$name' not found ($path)\n";
    local $/;
    my $text = <$fh>;
    close $fh;
    return $text;
}

sub fill {
    my ($text, $vars) = @_;
    $text =~ s/\{\{\s*(\w+)\s*\}\}/exists $vars->{$1} ? $vars->{$1} : ''/ge;
    return $text;
}

1;
EOF
cat > lib/Gullwing/Digest.pm <<'EOF'
package Gullwing::Digest;
use strict;
use warnings;
use Gullwing;
use Gullwing::Template;

sub new {
    my ($class, %a) = @_;
    return bless { list => $a{list} // 'unknown', messages => [] }, $class;
}

sub add_message {
    my ($self, %m) = @_;
    push @{ $self->{messages} }, \%m;
    return scalar @{ $self->{messages} };
}

sub count    { scalar @{ $_[0]{messages} } }
sub subjects { map { $_->{subject} } @{ $_[0]{messages} } }

sub render {
    my ($self, $name) = @_;
    my $t = Gullwing::Template::load($name);
    my $items = join "\n", map { "- $_->{subject} ($_->{from})" } @{ $self->{messages} };
    return Gullwing::Template::fill($t, { list => $self->{list}, count => $self->count,
        items => $items, version => $Gullwing::VERSION });
}

1;
EOF
cat > lib/Gullwing/Mbox.pm <<'EOF'
package Gullwing::Mbox;
use strict;
use warnings;

sub parse_eml {
    my ($file) = @_;
    open my $fh, '<', $file or die "cannot open $file: $!\n";
    my (%h, $last);
    while (my $l = <$fh>) {
        chomp $l;
        last if $l eq '';
        if ($l =~ /^([\w-]+):\s*(.*)$/) { $last = lc $1; $h{$last} = $2; }
    }
    close $fh;
    return { subject => $h{subject} // '(no subject)', from => $h{from} // '?', date => $h{date} // '' };
}

1;
EOF
cat > bin/gullwing <<'EOF'
#!/usr/bin/perl
use strict;
use warnings;
use Getopt::Long;
use Gullwing::Digest;
use Gullwing::Mbox;

my $cmd = shift @ARGV // 'help';
if ($cmd eq 'render') {
    my ($tpl, $sample, $list) = ('daily', undef, 'dev');
    GetOptions('template=s' => \$tpl, 'sample=s' => \$sample, 'list=s' => \$list) or die "bad options\n";
    die "render needs --sample FILE\n" unless $sample;
    my $d = Gullwing::Digest->new(list => $list);
    $d->add_message(%{ Gullwing::Mbox::parse_eml($sample) });
    print $d->render($tpl);
    exit 0;
}
if ($cmd eq 'templates') {
    opendir my $dh, 'templates' or die "no templates dir\n";
    print "$_\n" for sort map { s/\.tt$//r } grep { /\.tt$/ } readdir $dh;
    exit 0;
}
print "usage: gullwing render --template NAME --sample FILE | gullwing templates\n";
exit 2;
EOF
chmod +x bin/gullwing
cat > templates/daily.tt <<'EOF'
[{{list}}] daily digest: {{count}} message(s)

{{items}}
EOF
cat > templates/weekly.tt <<'EOF'
[{{list}}] weekly digest ({{count}} messages)
------------------------------------------
{{items}}

-- gullwing {{version}}
EOF
cat > t/01-digest.t <<'EOF'
use strict;
use warnings;
use Test::More;
use Gullwing::Digest;

my $d = Gullwing::Digest->new(list => 'dev');
is($d->count, 0, 'empty digest');
$d->add_message(subject => 'Hello', from => 'a@example.org');
is($d->count, 1, 'one message');
is_deeply([ $d->subjects ], ['Hello'], 'subjects');
done_testing;
EOF
cat > t/02-template.t <<'EOF'
use strict;
use warnings;
use Test::More;
use Gullwing::Template;

is(Gullwing::Template::fill('a {{x}} b', { x => 1 }), 'a 1 b', 'fills a var');
is(Gullwing::Template::fill('a {{ y }} b', {}), 'a  b', 'unknown var is empty');
like(Gullwing::Template::load('daily'), qr/daily digest/, 'loads daily');
done_testing;
EOF
cat > t/03-mbox.t <<'EOF'
use strict;
use warnings;
use Test::More;
use Gullwing::Mbox;

my $m = Gullwing::Mbox::parse_eml('t/data/sample.eml');
is($m->{subject}, 'Rotate the staging certs on Friday', 'subject');
like($m->{from}, qr/ops\@fenwick/, 'from');
done_testing;
EOF
cat > t/data/sample.eml <<'EOF'
From: Ana Ruiz <ops@fenwick-hosting.net>
To: ops-announce@lists.fenwick-hosting.net
Subject: Rotate the staging certs on Friday
Date: Mon, 23 Nov 2026 08:14:02 +0000
Content-Type: text/plain; charset=utf-8

Certs expire on the 30th. Rotation window Friday 14:00 UTC.
EOF
cat > cpanfile <<'EOF'
requires 'perl', '5.036';
requires 'Getopt::Long';
requires 'Email::MIME', '1.953';
requires 'HTTP::Tiny';
on test => sub { requires 'Test::More', '0.98'; };
EOF
cat > config/gullwing.conf.example <<'EOF'
# copy to /etc/gullwing/gullwing.conf on the mail host
archive_url = https://lists.fenwick-hosting.net/hyperkitty/api
lists       = dev, ops-announce, infra-announce
smtp_host   = localhost
log         = syslog   # the cron job logs through syslog/journald (unit gullwing-digest)
EOF
cat > Changes <<'EOF'
0.9.2  2026-11-20
  - weekly template shows the version
EOF
cat > .git/hooks/pre-commit <<'EOF'
#!/bin/sh
# syntax-check staged Perl before every commit
for f in $(git diff --cached --name-only --diff-filter=ACM | grep -E '\.(pm|t)$|^bin/'); do
    if ! perl -Ilib -c "$f" >/dev/null 2>.git/perl-c.err; then
        echo "pre-commit: perl -c failed for $f" >&2
        cat .git/perl-c.err >&2
        exit 1
    fi
done
EOF
chmod +x .git/hooks/pre-commit
git add -A && git commit -q -m "gullwing 0.9.2" && git push -q origin main 2>/dev/null
'''

def playbook_template(name, body, tag):
    return [WRITE("templates/%s.tt" % name, body),
            SH("perl -Ilib bin/gullwing render --template %s --sample t/data/sample.eml --list %s" % (name, tag)),
            GADD(["templates/%s.tt" % name]),
            GCOMMIT("templates: add %s digest" % name)]

S1 = [
    P("morning. I'm new on gullwing, what's in lib/ and templates? short version"),
    LS("lib/Gullwing"), LS("templates"), READ("lib/Gullwing/Template.pm"), READ("templates/daily.tt"),
    P("ops wants a 'security' digest template: subject + sender only, no body previews. add it"),
    *playbook_template("security", "[{{list}}] security digest, {{count}} item(s)\n\n{{items}}\n", "security"),
    P("run the tests before I push"),
    SH("prove t/", expect=False), SH("prove -l t/"),
    P("why is the weekly digest for infra-announce empty?? look at the archive api"),
    HTTP(ARCH + "/lists/", True, "200 OK\n[{\"name\": \"dev\"}, {\"name\": \"ops-announce\"}, {\"name\": \"infra-announce\"}]", 412.0),
    HTTP(ARCH + "/list/infra-announce@lists.fenwick-hosting.net/", True,
         "200 OK\n{\"name\": \"infra-announce\", \"thread_count\": 0, \"last_post\": \"2026-11-12T09:40:11Z\"}", 388.5),
    HTTP(ARCH + "/list/infra-announce@lists.fenwick-hosting.net/threads/?limit=20", False,
         "502 Bad Gateway (nginx) from lists.fenwick-hosting.net", 30012.0),
    P("ok so the list is just empty since the 12th, fine. push"),
    SH("git push origin main"),
]

S2 = [
    P("GW-87 dev digest should show attachment names. use Email::MIME for the parsing, it's in the cpanfile"),
    SH("perl -MEmail::MIME -e1", expect=False), SH("cpanm --installdeps .", expect=False), READ("cpanfile"),
    P("meh. do it without the module, a regex on the filename= param is fine for now"),
    READ("lib/Gullwing/Mbox.pm"),
    EDIT("lib/Gullwing/Mbox.pm", "    close $fh;\n    return { subject => $h{subject} // '(no subject)', from => $h{from} // '?', date => $h{date} // '' };",
         "    my @att;\n    while (my $l = <$fh>) { push @att, $1 if $l =~ /filename=\"?([^\";]+)\"?/i; }\n    close $fh;\n"
         "    return { subject => $h{subject} // '(no subject)', from => $h{from} // '?', date => $h{date} // '',\n"
         "             attachments => \\@att };"),
    WRITE("t/data/with-attachment.eml", "From: Li Wei <li@fenwick-hosting.net>\nSubject: Q4 capacity plan\n"
          "Content-Type: multipart/mixed; boundary=\"b1\"\n\n--b1\nContent-Type: text/plain\n\nsee attached\n--b1\n"
          "Content-Type: application/pdf\nContent-Disposition: attachment; filename=\"capacity-q4.pdf\"\n\n%PDF-1.4\n--b1--\n"),
    EDIT("t/03-mbox.t", "done_testing;", "my $a = Gullwing::Mbox::parse_eml('t/data/with-attachment.eml');\n"
         "is_deeply($a->{attachments}, ['capacity-q4.pdf'], 'attachment names');\ndone_testing;"),
    SH("prove -lv t/03-mbox.t"),
    P("the cron digest didn't go out last night. check the log"),
    READ("/var/log/gullwing/digest.log", expect=False),
    P("never mind, Ana is on it. commit the attachment change"),
    GADD(["lib/Gullwing/Mbox.pm"]), GADD(["t/03-mbox.t", "t/data/with-attachment.eml"]), GCOMMIT("mbox: collect attachment names (GW-87)"),
    SH("git push origin main"),
    P("what changed in templates since 0.9.2?"),
    SH("git log --oneline 0.9.2..HEAD -- templates 2>/dev/null || git log --oneline -- templates"),
]

S3 = [
    P("board wants a 'weekly-short' template: count and subjects, nothing else"),
    *playbook_template("weekly-short", "{{list}}: {{count}} this week\n{{items}}\n", "board"),
    P("GW-88 DKIM check on incoming digests: we need Mail::DKIM. install it"),
    SH("cpanm Mail::DKIM", expect=False),
    HTTP("https://fastapi.metacpan.org/v1/module/Mail::DKIM", True,
         "200 OK\n{\"name\": \"Mail::DKIM\", \"version\": \"1.20240923\", \"distribution\": \"Mail-DKIM\"}", 233.1),
    P("park GW-88. pull the last 20 threads of ops-announce from the archive, I want to eyeball subjects"),
    HTTP(ARCH + "/list/ops-announce@lists.fenwick-hosting.net/threads/?limit=20", False,
         "503 Service Unavailable: Retry-After: 30", 1204.4),
    HTTP(ARCH + "/list/ops-announce@lists.fenwick-hosting.net/threads/?limit=20", True,
         "200 OK\n{\"count\": 20, \"results\": [{\"subject\": \"Rotate the staging certs on Friday\"}, "
         "{\"subject\": \"mx2 maintenance\"}, ...]}", 941.0),
    P("fine. which templates exist now?"),
    SH("perl -Ilib bin/gullwing templates"), SH("grep -c '{{' templates/*.tt"),
    P("push pls"),
    SH("git push origin main"),
]

S4 = [
    P("GW-91 parser chokes on folded Subject headers (second line starts with a space). fix + test"),
    READ("lib/Gullwing/Mbox.pm"),
    EDIT("lib/Gullwing/Mbox.pm", "        if ($l =~ /^([\\w-]+):\\s*(.*)$/) { $last = lc $1; $h{$last} = $2; }",
         "        if ($l =~ /^([\\w-]+):\\s*(.*)$/) { $last = lc $1; $h{$last} = $2; }\n"
         "        elsif ($l =~ /^\\s+(.*)$/ && defined $last) { $h{$last} .= \" $1\"; }"),
    WRITE("t/data/folded.eml", "From: ops@fenwick-hosting.net\nSubject: Planned downtime of mx2 and\n the backup relay\n\nbody\n"),
    EDIT("t/03-mbox.t", "done_testing;", "is(Gullwing::Mbox::parse_eml('t/data/folded.eml')->{subject},\n"
         "   'Planned downtime of mx2 and the backup relay', 'folded subject');\ndone_testing;"),
    SH("prove t/", expect=False), SH("prove -l t/"),
    P("commit that"),
    GADD(["lib/Gullwing/Mbox.pm", "t/03-mbox.t"]), GADD(["t/data/folded.eml"]), GCOMMIT("mbox: unfold continued headers (GW-91)"),
    P("tuesday's digest is missing too. log?"),
    READ("/var/log/gullwing/digest.log", expect=False), READ("config/gullwing.conf.example"),
    P("ok leave cron to Ana. bump to 0.9.3 and note GW-87/GW-91 in Changes"),
    EDIT("lib/Gullwing.pm", "our $VERSION = '0.9.2';", "our $VERSION = '0.9.3';"),
    EDIT("Changes", "0.9.2  2026-11-20", "0.9.3  2026-12-03\n  - attachment names in digests (GW-87)\n  - folded headers (GW-91)\n\n0.9.2  2026-11-20"),
    SH("perl -Ilib -MGullwing -e 'print $Gullwing::VERSION, qq(\\n)'"),
    GADD(["lib/Gullwing.pm", "Changes"]), GCOMMIT("release 0.9.3"),
    SH("git tag v0.9.3 && git push origin main --tags"),
]

S5 = [
    P("GW-94 'gullwing templates' should print each template's first line next to the name. + a test for the cli"),
    READ("bin/gullwing"),
    EDIT("bin/gullwing", "    print \"$_\\n\" for sort map { s/\\.tt$//r } grep { /\\.tt$/ } readdir $dh;",
         "    for my $n (sort map { s/\\.tt$//r } grep { /\\.tt$/ } readdir $dh) {\n"
         "        open my $fh, '<', \"templates/$n.tt\" or next;\n        my $first = <$fh> // '';\n        chomp $first;\n"
         "        printf \"%-14s %s\\n\", $n, $first;\n    }"),
    SH("perl -Ilib bin/gullwing templates"),
    WRITE("t/04-cli.t", "use strict;\nuse warnings;\nuse Test::More;\n\nmy $out = `$^X -Ilib bin/gullwing templates`;\n"
          "like($out, qr/^daily\\s+\\[/m, 'daily listed with its first line')\nlike($out, qr/^security/m, 'security listed');\ndone_testing;\n"),
    GADD(["bin/gullwing", "t/04-cli.t"]), GCOMMIT("cli: templates shows first lines (GW-94)", expect=False),
    EDIT("t/04-cli.t", "'daily listed with its first line')\n", "'daily listed with its first line');\n"),
    SH("prove -l t/04-cli.t"),
    GADD(["t/04-cli.t"]), GCOMMIT("cli: templates shows first lines (GW-94)"),
    P("Jonas says cpanm is on the box now, try the DKIM install again"),
    SH("cpanm --notest Mail::DKIM", expect=False),
    P("told him. quick: is the archive answering for infra-announce?"),
    HTTP(ARCH + "/list/infra-announce@lists.fenwick-hosting.net/", True,
         "200 OK\n{\"name\": \"infra-announce\", \"thread_count\": 3, \"last_post\": \"2026-12-03T16:02:55Z\"}", 402.7),
    HTTP(ARCH + "/list/infra-announce@lists.fenwick-hosting.net/threads/?limit=5", False,
         "timeout: no response from lists.fenwick-hosting.net after 30000 ms", 30000.0),
    P("push"),
    SH("git push origin main"),
]

S6 = [
    P("template for the releases list pls: version + subjects"),
    *playbook_template("releases", "gullwing {{version}} / {{list}}\n{{items}}\n", "releases"),
    P("did friday's cron digest run? digest log"),
    READ("/var/log/gullwing/digest.log", expect=False),
    P("fetch thread list of dev from the archive, Ana needs the ids"),
    HTTP(ARCH + "/list/dev@lists.fenwick-hosting.net/threads/?limit=50", False,
         "502 Bad Gateway (nginx) from lists.fenwick-hosting.net", 29876.2),
    HTTP(ARCH + "/list/dev@lists.fenwick-hosting.net/threads/?limit=50", False,
         "read ECONNRESET (lists.fenwick-hosting.net:443)", 5120.9),
    HTTP(ARCH + "/list/dev@lists.fenwick-hosting.net/threads/?limit=50", True,
         "200 OK\n{\"count\": 50, \"results\": [{\"thread_id\": \"4412\", \"subject\": \"perl 5.40 on the mail host?\"}, ...]}", 1733.0),
    P("last thing: full test run + show me the log of this week"),
    SH("prove -lr t"), GLOG(8), READ("Changes"),
]

SESSIONS = [("s1", "2026-11-30", 8, S1), ("s2", "2026-12-01", 9, S2), ("s3", "2026-12-02", 8, S3),
            ("s4", "2026-12-03", 10, S4), ("s5", "2026-12-04", 9, S5), ("s6", "2026-12-05", 8, S6)]
