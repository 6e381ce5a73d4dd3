"""journal-61: tallyroom, a Laravel 11 / PHP 8.3 SaaS for climbing gyms (memberships, check-ins, invoices).
Developers (one session each day): Sana s1/s6, Tomasz s2, Lucia s3, Dev s4, Kofi s5."""
from jlib import Journal

ST = "https://staging.tallyroom.app"
ROLLUP = ("Error: Cannot find module @rollup/rollup-linux-arm64-gnu. npm has a bug related to optional dependencies "
          "(https://github.com/npm/cli/issues/4828). Please try `npm i` again after removing both package-lock.json "
          "and node_modules directory.\n    at requireWithFriendlyError (node_modules/rollup/dist/native.js:59:9)")
MEM = ("PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted (tried to allocate %d bytes) in "
       "/home/dev/tallyroom/vendor/phpunit/phpunit/src/Framework/TestResult.php on line 812")
LOG = "EACCES: permission denied, open 'storage/logs/laravel.log'"


def build():
    j = Journal(61061)

    # ---- s1 Mon, Sana
    j.session("s1", "2026-11-30 08:47")
    j.say("TR-231 Subscription API: expose trial end date")
    j.read("app/Http/Resources/SubscriptionResource.php")
    j.read("app/Models/Subscription.php")
    j.edit("app/Http/Resources/SubscriptionResource.php", "'status' => $this->status,",
           "'status' => $this->status,\n            'trial_ends_at' => $this->trial_ends_at?->toIso8601String(),")
    j.run("php artisan route:list --path=api/v1/subscriptions", dur=900)
    j.run("php artisan test --filter=SubscriptionApiTest", dur=6120)
    j.say("nice. document it in the api docs as well pls")
    j.edit("app/Http/Controllers/Api/V1/SubscriptionController.php", " * @response 200 {\"id\": 12, \"status\": \"active\"}",
           " * @response 200 {\"id\": 12, \"status\": \"active\", \"trial_ends_at\": \"2026-12-14T00:00:00+00:00\"}")
    j.run("php artisan scribe:generate", dur=8840)
    j.add(["app/Http/Controllers/Api/V1/SubscriptionController.php", "app/Http/Resources/SubscriptionResource.php",
           "public/docs", ".scribe"])
    j.commit("TR-231: expose trial_ends_at on subscriptions, regenerate API docs")
    j.say("can you rebuild the frontend so I can see the new trial badge on the member dashboard")
    j.run("npm run build", err=ROLLUP, dur=2310)
    j.read("package.json")
    j.say("ok leave it then. is staging alive after this morning's deploy?")
    j.get(ST + "/up")
    j.get(ST + "/api/v1/plans", err="HTTP 502 Bad Gateway")

    # ---- s2 Tue, Tomasz
    j.session("s2", "2026-12-01 09:12")
    j.say("Faktury PDF: VAT dla klientow z Hiszpanii jest zly, popraw prosze (TR-240). Stawka powinna byc 21%, nie 10%.")
    j.read("app/Services/Tax/VatCalculator.php")
    j.read("config/tax.php")
    j.edit("config/tax.php", "'ES' => 10,", "'ES' => 21,")
    j.run("php artisan test", err=MEM % 20480, dur=41200)
    j.run("php -d memory_limit=1G artisan test", dur=58300)
    j.say("SendInvoiceEmail job ciagle pada lokalnie, zobacz w logach co sie dzieje")
    j.read("app/Jobs/SendInvoiceEmail.php")
    j.read("storage/logs/laravel.log", err=LOG)
    j.run("sudo -u www-data tail -n 200 storage/logs/laravel.log", dur=140)
    j.read("config/mail.php")
    j.edit("app/Jobs/SendInvoiceEmail.php", "public $tries = 1;", "public $tries = 3;\n    public $backoff = [10, 60, 300];")
    j.say("ok, commit")
    j.add(["config/tax.php", "app/Jobs/SendInvoiceEmail.php"])
    j.commit("TR-240: ES VAT 21%; retry SendInvoiceEmail with backoff")
    j.say("i jeszcze podbij stripe-php do 16.x")
    j.run("composer require stripe/stripe-php:^16.2 -W", dur=19400)
    j.get("https://packagist.org/packages/stripe/stripe-php")
    j.run("composer audit", dur=2600)
    j.diff(["composer.json", "composer.lock"])

    # ---- s3 Wed, Lucia
    j.session("s3", "2026-12-02 10:03")
    j.say("hola! el endpoint de check-ins tiene que devolver tambien el nombre del gimnasio (TR-244)")
    j.read("app/Http/Resources/CheckinResource.php")
    j.edit("app/Http/Resources/CheckinResource.php", "'gym_id' => $this->gym_id,",
           "'gym_id' => $this->gym_id,\n            'gym_name' => $this->gym->name,")
    j.edit("app/Http/Controllers/Api/V1/CheckinController.php", "Checkin::query()", "Checkin::query()->with('gym')")
    j.run("php artisan test --filter=CheckinApiTest", dur=5400)
    j.say("y actualiza la doc de la API, porfa")
    j.edit("app/Http/Controllers/Api/V1/CheckinController.php", " * @response 200 {\"id\": 881, \"gym_id\": 4}",
           " * @response 200 {\"id\": 881, \"gym_id\": 4, \"gym_name\": \"Boulderhaus Nord\"}")
    j.run("php artisan scribe:generate", dur=9110)
    j.add(["app/Http/Controllers/Api/V1/CheckinController.php", "app/Http/Resources/CheckinResource.php",
           "public/docs", ".scribe"])
    j.commit("TR-244: gym_name on check-ins, API docs")
    j.say("necesito una tabla gym_tags (id, gym_id, label, timestamps), migracion + modelo")
    j.run("php artisan make:model GymTag -m", dur=1300)
    j.edit("database/migrations/2026_12_02_104511_create_gym_tags_table.php", "$table->id();",
           "$table->id();\n            $table->foreignId('gym_id')->constrained();\n            $table->string('label');")
    j.run("php artisan migrate", err="SQLSTATE[HY000]: General error: 1005 Can't create table `tallyroom`.`gym_tags` "
          "(errno: 150 \"Foreign key constraint is incorrectly formed\")", dur=2100)
    j.edit("database/migrations/2026_12_02_104511_create_gym_tags_table.php", "$table->foreignId('gym_id')->constrained();",
           "$table->foreignId('gym_id')->constrained('gyms')->cascadeOnDelete();")
    j.run("php artisan migrate:fresh --seed", dur=14800)
    j.run("php artisan test --filter=GymTag", dur=3300)
    j.say("npm run dev no me arranca, mira a ver")
    j.run("npm run dev", err=ROLLUP, dur=1900)
    j.read("vite.config.js")
    j.say("el dashboard de horizon en staging dice que hay jobs atascados?")
    j.get(ST + "/horizon/api/stats")
    j.get(ST + "/horizon/api/jobs/failed")
    j.get(ST + "/horizon/api/masters", err="HTTP 503 Service Unavailable")

    # ---- s4 Thu, Dev (long messages)
    j.session("s4", "2026-12-03 08:31")
    j.say("Context: members on the annual plan get prorated wrong when they upgrade mid-cycle. Finance flagged three "
          "cases this week (TR-251). I'm fairly sure the bug is in ProrationService::calculate, where we divide by the "
          "days in the current month instead of the days in the billing period. Can you fix it and add a regression "
          "test for an annual->annual-plus upgrade on day 200? Run the feature tests before you hand it back to me.")
    j.read("app/Services/Billing/ProrationService.php")
    j.read("tests/Feature/Billing/ProrationTest.php")
    j.edit("app/Services/Billing/ProrationService.php", "$days = now()->daysInMonth;",
           "$days = $period->start->diffInDays($period->end);")
    j.edit("tests/Feature/Billing/ProrationTest.php", "}\n}", "}\n\n    public function test_annual_upgrade_on_day_200(): void\n    {\n"
           "        // TR-251\n    }\n}")
    j.run("php artisan test --filter=ProrationTest", dur=4200)
    j.run("php artisan test tests/Feature", err=MEM % 4096, dur=37600)
    j.run("php -d memory_limit=1G artisan test tests/Feature", dur=49900)
    j.say("Also, the nightly invoice run at 02:00 failed on my local box (the scheduler runs there as www-data). "
          "The exception should be in the application log, can you find out what happened?")
    j.read("storage/logs/laravel.log", err=LOG)
    j.run("sudo -u www-data tail -n 400 storage/logs/laravel.log", dur=180)
    j.read("app/Console/Commands/RunNightlyInvoices.php")
    j.read("app/Models/Invoice.php")
    j.say("Quick one: is staging answering? Support says the member app is slow.")
    j.get(ST + "/up", err="ETIMEDOUT: connect ETIMEDOUT 168.119.40.12:443")
    j.get(ST + "/up")
    j.say("Good. Please commit the proration fix with a message that references TR-251.")
    j.status()
    j.add(["app/Services/Billing/ProrationService.php", "tests/Feature/Billing/ProrationTest.php"])
    j.commit("TR-251: prorate over the billing period, not the calendar month")

    # ---- s5 Fri, Kofi (terse)
    j.session("s5", "2026-12-04 13:05")
    j.say("fix ci")
    j.read(".github/workflows/ci.yml")
    j.run("vendor/bin/pint --test", err="FAIL ..... 412 files, 2 style issues", dur=3900)
    j.run("vendor/bin/pint", dur=4100)
    j.run("vendor/bin/phpstan analyse --memory-limit=1G", dur=28700)
    j.say("assets for staging deploy")
    j.run("npm run build -- --mode staging", err=ROLLUP, dur=2050)
    j.run("npm run build", err=ROLLUP, dur=1980)
    j.say("queue worker log?")
    j.read("storage/logs/laravel.log", err=LOG)
    j.run("sudo -u www-data tail -n 100 storage/logs/laravel.log", dur=120)
    j.say("staging up?")
    j.get(ST + "/api/v1/health")
    j.get(ST + "/horizon/api/stats", err="HTTP 502 Bad Gateway")
    j.say("commit")
    j.diff(staged=False)
    j.add(["app", "tests", "config"])
    j.commit("pint")

    # ---- s6 Sat, Sana
    j.session("s6", "2026-12-05 09:40")
    j.say("pls add pagination to GET /api/v1/members, default 25 per page, max 100")
    j.read("app/Http/Controllers/Api/V1/MemberController.php")
    j.edit("app/Http/Controllers/Api/V1/MemberController.php", "->get();",
           "->paginate(min($request->integer('per_page', 25), 100));")
    j.edit("tests/Feature/Api/MemberApiTest.php", "assertJsonCount(3)", "assertJsonCount(3, 'data')")
    j.run("php artisan test --filter=MemberApiTest", dur=4700)
    j.run("php artisan route:list --path=api/v1/members", dur=850)
    j.say("update the docs for that")
    j.edit("app/Http/Controllers/Api/V1/MemberController.php", " * @queryParam search string",
           " * @queryParam per_page integer Items per page (max 100). Example: 25\n * @queryParam search string")
    j.run("php artisan scribe:generate", dur=8700)
    j.add(["app/Http/Controllers/Api/V1/MemberController.php", "tests/Feature/Api/MemberApiTest.php",
           "public/docs", ".scribe"])
    j.commit("members: paginate (25, max 100); API docs")
    j.say("check staging quickly")
    j.get(ST + "/up")
    j.get(ST + "/api/v1/members?page=2", err="HTTP 503 Service Unavailable")
    j.say("what does laravel say about cursor pagination vs offset for big tables")
    j.get("https://laravel.com/docs/11.x/pagination#cursor-pagination")
    return j
