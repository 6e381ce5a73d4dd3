"""Journal 31: 'shelfie', a Ruby on Rails 7 library-lending app (SQLite dev DB, RSpec, Tailwind via yarn)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jlib import *

CRED = ("ActiveSupport::EncryptedFile::MissingKeyError: Missing encryption key to decrypt file with. "
        "Ask your team for your master key and write it to config/master.key or put it in the ENV['RAILS_MASTER_KEY'].")
def GEMLOAD(v1, v2):
    return (f"Gem::LoadError: You have already activated rspec-core {v1}, but your Gemfile requires rspec-core {v2}. "
            "Prepending `bundle exec` to your command may solve this.")
def YARN(v4, v1):
    return (f"error This project's package.json defines \"packageManager\": \"yarn@{v4}\". However the current global version of Yarn is {v1}.\n\n"
            "Presence of the \"packageManager\" field indicates that the project is meant to be used with Corepack, a tool included by default with all official Node.js distributions starting from 16.9 and 14.19.")
OL = "https://openlibrary.org"

S = {}
S["s1"] = [
    P("get the loans feature branch running locally, then add a due date to loans"),
    L("."), R("Gemfile"), R("config/database.yml"),
    SH("bundle install", ms=18400),
    SH("bin/rails db:prepare", ms=5200),
    P("run the Loan model specs first so we know where we stand"),
    SH("rspec spec/models/loan_spec.rb", err=GEMLOAD("3.13.2", "3.12.3"), ms=1900),
    R("Gemfile.lock"),
    SH("bundle exec rspec spec/models/loan_spec.rb", ms=6200),
    P("check which API key the Open Library client is configured with"),
    R("config/initializers/open_library.rb"),
    SH("bin/rails credentials:show", err=CRED, ms=2100),
    R("config/credentials.yml.enc"),
    GET(OL + "/api/books?bibkeys=ISBN:9780140328721&format=json&jscmd=data"),
    P("add due_date to loans (migration + model default of 21 days)"),
    SH("bin/rails generate migration AddDueDateToLoans due_date:date", ms=3100),
    E("db/migrate/20251124093012_add_due_date_to_loans.rb"),
    R("app/models/loan.rb"), E("app/models/loan.rb"), E("app/models/loan.rb"),
    P("run the migration and commit it"),
    SH("bin/rails db:migrate", ms=4100), R("db/schema.rb"), ADD("db/schema.rb", "db/migrate"), CM("Add due_date to loans"),
    P("overdue scope with a spec"),
    W("spec/models/loan_overdue_spec.rb"), E("app/models/loan.rb"),
    SH("bundle exec rspec spec/models/loan_overdue_spec.rb",
       err="Failures:\n  1) Loan.overdue returns loans past their due date\n     expected: [#<Loan id: 3, due_date: \"2025-11-01\">]\n          got: []\n1 example, 1 failure", ms=5400),
    E("app/models/loan.rb"),
    SH("bundle exec rspec spec/models/loan_overdue_spec.rb", ms=5100),
    ST(), DF(), ADD("app/models/loan.rb", "spec/models/loan_overdue_spec.rb"), CM("Loan.overdue scope"),
]
S["s2"] = [
    P("ticket SHF-41: the book cover images on /books are broken, restyle the card while you're there"),
    R("app/views/books/_book.html.erb"), R("app/helpers/books_helper.rb"),
    SH("bin/rails routes -g books", ms=2700),
    GET(OL + "/works/OL45804W.json", err="HTTP 503 Service Unavailable"),
    GET(OL + "/works/OL45804W.json"),
    E("app/helpers/books_helper.rb"), E("app/views/books/_book.html.erb"),
    P("rebuild the tailwind css so the new card classes show up"),
    SH("yarn install", err=YARN("4.5.1", "1.22.22"), ms=900),
    R("package.json"),
    SH("corepack enable && yarn install", ms=14100),
    SH("yarn build:css", ms=3800),
    P("request spec for the books index"),
    W("spec/requests/books_spec.rb"),
    SH("bundle exec rspec spec/requests/books_spec.rb",
       err="Failures:\n  1) GET /books renders cover urls\n     Failure/Error: expect(response.body).to include(\"covers.openlibrary.org/b/id/\")\n1 example, 1 failure", ms=7300),
    R("app/helpers/books_helper.rb"), E("app/helpers/books_helper.rb"),
    SH("bundle exec rspec spec/requests/books_spec.rb", ms=6900),
    P("lint and commit SHF-41"),
    SH("bundle exec rubocop app/helpers app/views", err="app/helpers/books_helper.rb:14:81: C: Layout/LineLength: Line is too long. [97/80]\n2 files inspected, 1 offense detected, 1 offense autocorrectable", ms=2600),
    E("app/helpers/books_helper.rb"),
    SH("bundle exec rubocop app/helpers app/views", ms=2400),
    ST(), ADD("app/helpers/books_helper.rb", "app/views/books/_book.html.erb", "spec/requests/books_spec.rb", "app/assets/builds/application.css"),
    CM("SHF-41 fix cover urls and restyle book card"),
]
S["s3"] = [
    P("SHF-44: members should get a reminder email 2 days before a loan is due"),
    L("app/mailers"), R("app/mailers/application_mailer.rb"),
    W("app/mailers/loan_mailer.rb"), W("app/views/loan_mailer/due_soon.text.erb"), W("app/jobs/due_soon_reminder_job.rb"),
    P("the mailer needs the SMTP password from credentials, look it up"),
    SH("EDITOR=cat bin/rails credentials:edit", err=CRED, ms=2300),
    R("config/environments/development.rb"), E("config/environments/development.rb"),
    P("add a reminded_at column"),
    SH("bin/rails generate migration AddRemindedAtToLoans reminded_at:datetime", ms=2900),
    E("db/migrate/20251126101544_add_reminded_at_to_loans.rb"),
    P("migrate and commit the schema change"),
    SH("bin/rails db:migrate", ms=3900), R("db/schema.rb"), ADD("db/schema.rb", "db/migrate"), CM("Add reminded_at to loans"),
    P("job spec for the reminder"),
    W("spec/jobs/due_soon_reminder_job_spec.rb"),
    SH("bundle exec rspec spec/jobs/due_soon_reminder_job_spec.rb", ms=6600),
    SH("bundle exec rspec spec/mailers", ms=5600),
    SH("bin/rails runner 'DueSoonReminderJob.perform_now'", ms=4700),
    GET(OL + "/search.json?q=the+hobbit&limit=5", err="ReadTimeout: HTTPSConnectionPool(host='openlibrary.org', port=443): Read timed out. (read timeout=10)"),
    ST(), DF(), ADD("app", "spec"), CM("SHF-44 due-soon reminder mailer and job"),
]
S["s4"] = [
    P("flaky CI: spec/models/member_spec.rb fails every few runs, figure out why"),
    R("spec/models/member_spec.rb"), R("spec/factories/members.rb"),
    SH("rspec spec/models/member_spec.rb --seed 4242", err=GEMLOAD("3.13.2", "3.12.3"), ms=1700),
    SH("bundle exec rspec spec/models/member_spec.rb --seed 4242", ms=6400),
    SH("bundle exec rspec spec/models/member_spec.rb --seed 1187", err="Failures:\n  1) Member validations rejects duplicate card numbers\n     Failure/Error: expect(dup).not_to be_valid\n       expected #<Member card_number: \"C-0007\"> not to be valid\nRandomized with seed 1187", ms=6500),
    R("app/models/member.rb"), E("spec/factories/members.rb"),
    SH("bundle exec rspec spec/models/member_spec.rb --seed 1187", ms=6300),
    SH("bundle exec rspec spec/models", ms=14800),
    P("fetch metadata for the 12 ISBNs the librarian sent and seed them"),
    GET(OL + "/isbn/9780261103573.json"),
    GET(OL + "/isbn/9780007525546.json", err="HTTP 429 Too Many Requests"),
    GET(OL + "/isbn/9780547928227.json", err="HTTP 404 Not Found: /isbn/9780547928227.json"),
    W("db/seeds/books_batch_nov.rb"),
    SH("bin/rails runner db/seeds/books_batch_nov.rb", ms=4400),
    P("commit the factory fix and the seed file"),
    ST(), DF("spec/factories/members.rb"), ADD("spec/factories/members.rb", "db/seeds/books_batch_nov.rb"), CM("Unique card numbers in member factory; November seed batch"),
]
S["s5"] = [
    P("SHF-52: librarians want to extend a loan once by 14 days"),
    R("app/controllers/loans_controller.rb"), R("config/routes.rb"), E("config/routes.rb"),
    SH("bin/rails routes -g loans", ms=2600),
    E("app/controllers/loans_controller.rb"), W("app/views/loans/_extend_button.html.erb"),
    P("button styling needs a css rebuild"),
    SH("yarn install", err=YARN("4.5.1", "1.22.19"), ms=800),
    SH("corepack enable && yarn install && yarn build:css", ms=16300),
    P("add extended_at column for the one-time extension"),
    SH("bin/rails generate migration AddExtendedAtToLoans extended_at:datetime", ms=3000),
    E("db/migrate/20251128140233_add_extended_at_to_loans.rb"),
    SH("bin/rails db:migrate", err="SQLite3::SQLException: duplicate column name: extended_at\n/app/db/migrate/20251128140233_add_extended_at_to_loans.rb:3:in `change'", ms=3300),
    L("db/migrate"), E("db/migrate/20251128140233_add_extended_at_to_loans.rb"),
    P("run the migration for real and commit"),
    SH("bin/rails db:migrate", ms=3800), R("db/schema.rb"), ADD("db/schema.rb", "db/migrate"), CM("Add extended_at to loans"),
    P("staging deploy needs the master key, check credentials are readable"),
    SH("RAILS_ENV=production bin/rails credentials:show", err=CRED, ms=2500),
    P("request spec for the extend action"),
    W("spec/requests/loan_extensions_spec.rb"),
    SH("bundle exec rspec spec/requests/loan_extensions_spec.rb", ms=7100),
    ST(), ADD("app", "config/routes.rb", "spec"), CM("SHF-52 one-time loan extension"),
]
S["s6"] = [
    P("SHF-57: the nightly metadata sync job keeps dying, see what Open Library returns"),
    R("app/jobs/metadata_sync_job.rb"), R("log/development.log"),
    GET(OL + "/works/OL82563W/editions.json?limit=50", err="SSLError: [SSL: UNEXPECTED_EOF_WHILE_READING] EOF occurred in violation of protocol (_ssl.c:1006)"),
    GET(OL + "/works/OL82563W/editions.json?limit=50", err="HTTP 502 Bad Gateway (nginx)"),
    GET(OL + "/works/OL82563W/editions.json?limit=20"),
    R("app/services/open_library_client.rb"),
    E("app/services/open_library_client.rb"), E("app/jobs/metadata_sync_job.rb"),
    P("spec the retry/backoff in the client"),
    W("spec/services/open_library_client_spec.rb"), R("spec/rails_helper.rb"),
    SH("bundle exec rspec spec/services/open_library_client_spec.rb", ms=5800),
    SH("bin/rails runner 'MetadataSyncJob.perform_now(limit: 5)'", ms=8800),
    P("full suite before merging"),
    SH("bundle exec rspec", ms=48200),
    ST(), DF(), ADD("app/services/open_library_client.rb", "app/jobs/metadata_sync_job.rb", "spec"), CM("SHF-57 retry with backoff in OpenLibraryClient"),
]

TRUTH = {
  "planted": [
    {"id": "j31-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "credentials",
     "description": "Any `bin/rails credentials:*` command (show/edit, any RAILS_ENV) fails with MissingKeyError because config/master.key is absent and RAILS_MASTER_KEY is unset; it is never fixed in the journal (s1, s3, s5)."},
    {"id": "j31-p2", "kind": "rule", "ability": "shell.run", "anchor": "rspec",
     "description": "Running `rspec ...` directly fails with Gem::LoadError (activated rspec-core differs from Gemfile.lock); the same specs pass with `bundle exec rspec ...` (s1, s4)."},
    {"id": "j31-p3", "kind": "rule", "ability": "shell.run", "anchor": "yarn",
     "description": "`yarn install` fails because package.json pins yarn@4 via packageManager while global yarn is 1.22; `corepack enable && yarn install` works (s2, s5)."},
    {"id": "j31-p4", "kind": "playbook", "ability": "shell.run", "anchor": "schema.rb",
     "description": "After writing a migration: shell.run `bin/rails db:migrate` -> fs.read_file db/schema.rb -> git.add db/schema.rb db/migrate -> git.commit (s1, s3, s5)."},
    {"id": "j31-p5", "kind": "weak_link", "ability": "http.get", "anchor": "openlibrary.org",
     "description": "http.get to openlibrary.org is unreliable: 10 calls, 4 ok; failures are all different (503, read timeout, 429, 404, SSL EOF, 502)."},
  ],
  "queries": [
    {"q": "print the decrypted Rails credentials so I can see the SMTP settings", "planted_id": "j31-p1"},
    {"q": "rotate the Open Library API key stored in the encrypted credentials file", "planted_id": "j31-p1"},
    {"q": "staging: confirmar que las credenciales de producción se pueden leer antes del deploy", "planted_id": "j31-p1"},
    {"q": "run the model specs for the Member class", "planted_id": "j31-p2"},
    {"q": "how should I invoke rspec in this repo?", "planted_id": "j31-p2"},
    {"q": "quick check: rerun spec/requests/books_spec.rb after my fix", "planted_id": "j31-p2"},
    {"q": "install the JS dependencies so tailwind can build", "planted_id": "j31-p3"},
    {"q": "rebuild application.css after adding new utility classes", "planted_id": "j31-p3"},
    {"q": "node_modules fehlt, Frontend-Pakete installieren", "planted_id": "j31-p3"},
    {"q": "SHF-60 add an isbn13 column to books and commit the migration", "planted_id": "j31-p4"},
    {"q": "what's the usual routine after generating a migration here?", "planted_id": "j31-p4"},
    {"q": "add index on loans.member_id, migrate, commit the schema", "planted_id": "j31-p4"},
    {"q": "look up book metadata for a list of ISBNs from Open Library", "planted_id": "j31-p5"},
    {"q": "nightly metadata sync job: fetch editions for every work", "planted_id": "j31-p5"},
    {"q": "opnelibrary cover lookup for the new arrivals shelf", "planted_id": "j31-p5"},
  ],
  "negatives": [
    "write a FactoryBot factory for the Publisher model",
    "review the schema.rb diff in PR #88 for an accidentally dropped column",
    "add a translation key for the due-soon email subject in config/locales/en.yml",
    "add a CSV export of members to the admin page",
    "configure Sidekiq cron for the reminder job in production",
    "write the README section about local setup with Docker",
    "translate the reminder email into Spanish",
    "profile the N+1 queries on the books index",
  ],
  "notes": "Traps: negative 1 shares spec/model words but runs nothing; 2 shares schema.rb/migration words but is a read-only review; 3 shares 'key'/config words with the credentials pitfall but is a plain YAML edit. Rule failures occur exactly twice each (same signature) so they stay under the pitfall threshold; all other failures are one-offs fixed by a same-args retry after an edit.",
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    ev = write(os.path.join(here, "journal-31.jsonl"), S, base_ts=1764003600.0, seed=31)
    write_truth(os.path.join(here, "journal-31.truth.json"), TRUTH)
    print("journal-31:", len(ev), "events")
