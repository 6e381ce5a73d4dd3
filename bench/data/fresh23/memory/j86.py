"""journal-86: hollyhock-theme (Shopify OS 2.0 theme), Amara / Jules, 2026-11-23 .. 11-28."""
from jlib import R, W, E, L, SH, H, GS, GD, GA, GC, GL, X

LHCI = ("Runtime error encountered: The CHROME_PATH environment variable must be set to a Chrome/Chromium executable "
        "no older than Chrome stable.")
NOSTORE = "No store was specified. Pass --store or set the SHOPIFY_FLAG_STORE environment variable."
SHOP = "https://hollyhock-dev.myshopify.com"
PUSH = "shopify theme push --store hollyhock-dev --theme 141273006321"

DAYS = ["2026-11-23 09:15", "2026-11-24 10:00", "2026-11-25 08:45", "2026-11-26 13:30", "2026-11-27 09:20",
        "2026-11-28 10:40"]

S1 = [
    "Amara here. HT-77: brewing-guide section on the PDP (temp / steep / grams). go",
    R("templates/product.json"), R("sections/main-product.liquid"), L("sections"),
    SH("grep -rn 'product.description' sections snippets"),
    "write it as its own section and put it under the description",
    W("sections/brewing-guide.liquid",
      "<div class=\"brewing-guide\">{{ section.settings.temperature }} / {{ section.settings.steep_time }}</div>\n"
      "{% schema %}{\"name\": \"Brewing guide\", \"settings\": [...]}{% endschema %}"),
    E("templates/product.json", "\"order\": [\"main\", \"recommendations\"]",
      "\"order\": [\"main\", \"brewing-guide\", \"recommendations\"]"),
    SH("shopify theme check"), GA("sections/brewing-guide.liquid", "templates/product.json"),
    "how heavy is the product page now? get me a lighthouse run",
    X(SH("lhci autorun --collect.url=http://127.0.0.1:9292/products/assam-gold"), LHCI),
    "skip that. does the product page on the dev store render at all?",
    X(H(SHOP + "/products/assam-gold"), "HTTP 429 Too Many Requests"), H(SHOP + "/products/assam-gold"),
    "add the css for it, small",
    W("assets/section-brewing-guide.css", ".brewing-guide { display: grid; gap: .5rem; }"),
    E("sections/brewing-guide.liquid", "<div class=\"brewing-guide\">",
      "{{ 'section-brewing-guide.css' | asset_url | stylesheet_tag }}\n<div class=\"brewing-guide\">"),
    E("sections/brewing-guide.liquid", "{{ section.settings.steep_time }}", "{{ section.settings.steep_time }} min"),
    SH("npx stylelint assets/section-brewing-guide.css"), GD(),
    "commit please",
    GA("assets/section-brewing-guide.css"), GA("sections/brewing-guide.liquid"),
    GC("HT-77 brewing guide section on product pages"), SH("git push origin ht-77-brewing-guide"),
]

S2 = [
    "Jules. push the brewing guide to the client's review theme, she looks at it tonight",
    X(SH("shopify theme push --theme 141273006321"), NOSTORE), SH(PUSH),
    "open the review theme's product page to be sure it's there",
    H(SHOP + "/products/assam-gold?preview_theme_id=141273006321"),
    "de.json: cart drawer strings untranslated ('Checkout', 'Your cart is empty')",
    R("locales/en.default.json"),
    E("locales/de.json", "\"checkout\": \"Checkout\"", "\"checkout\": \"Zur Kasse\""),
    GD("locales/de.json"),
    "also the empty text",
    E("locales/de.json", "\"empty\": \"Your cart is empty\"", "\"empty\": \"Dein Warenkorb ist leer\""),
    SH("jq -e .cart.empty locales/de.json"), SH("jq -e .cart.checkout locales/de.json"),
    "the cart drawer flickers on open in Safari, look at the js",
    R("assets/cart-drawer.js"), R("snippets/cart-drawer.liquid"),
    E("assets/cart-drawer.js", "this.classList.add('animate', 'active');",
      "requestAnimationFrame(() => this.classList.add('animate', 'active'));"),
    SH("npx prettier --write assets/cart-drawer.js"), SH("npx prettier --check assets/cart-drawer.js"),
    "commit both",
    GA("locales/de.json"), GA("assets/cart-drawer.js"), GC("German cart drawer strings; rAF before drawer animation"),
]

S3 = [
    "HT-81 index: testimonials section, 3 blocks, editable in the customizer",
    L("templates"), R("templates/index.json"), R("sections/image-banner.liquid"),
    SH("grep -rln 'blockquote' sections snippets"),
    "new section, blocks for the quotes, max 3",
    W("sections/customer-quotes.liquid",
      "<section class=\"quotes\">{% for block in section.blocks %}<blockquote>{{ block.settings.quote }}</blockquote>{% endfor %}</section>\n"
      "{% schema %}{\"name\": \"Customer quotes\", \"max_blocks\": 3, \"blocks\": [{\"type\": \"quote\"}]}{% endschema %}"),
    E("templates/index.json", "\"order\": [\"banner\", \"featured\"]", "\"order\": [\"banner\", \"customer-quotes\", \"featured\"]"),
    SH("shopify theme check"), GA("sections/customer-quotes.liquid", "templates/index.json"),
    "lighthouse on the home page before and after, please",
    X(SH("lhci autorun"), LHCI),
    "ok. does the black tea collection on the dev store still look right?",
    H(SHOP + "/collections/black-tea"),
    "and the home page with the new band?",
    X(H(SHOP + "/"), "HTTP 502 Bad Gateway"),
    "commit",
    GC("HT-81 customer quotes band on the home page"), GL(4),
]

S4 = [
    "Amara: fr.json typo 'Livraison gratuit' -> gratuite, and the fr newsletter label is untranslated",
    R("locales/en.default.json"),
    E("locales/fr.json", "\"free_shipping\": \"Livraison gratuit dès 40 €\"", "\"free_shipping\": \"Livraison gratuite dès 40 €\""),
    GD("locales/fr.json"),
    "the newsletter label too",
    E("locales/fr.json", "\"newsletter_label\": \"Subscribe\"", "\"newsletter_label\": \"S'abonner\""),
    E("locales/fr.json", "\"newsletter_placeholder\": \"Email\"", "\"newsletter_placeholder\": \"Adresse e-mail\""),
    X(SH("jq empty locales/fr.json"), "jq: error: parse error: Expected separator between values at line 88, column 5"),
    E("locales/fr.json", "\"S'abonner\"\n    \"newsletter_placeholder\"", "\"S'abonner\",\n    \"newsletter_placeholder\""),
    SH("jq empty locales/fr.json"),
    "perf numbers for /collections/green-tea please",
    X(SH("lhci collect --url=http://127.0.0.1:9292/collections/green-tea"), LHCI),
    "then just look at what the collection template loads",
    R("sections/main-collection-product-grid.liquid"), R("snippets/card-product.liquid"),
    E("snippets/card-product.liquid", "loading=\"eager\"", "loading=\"lazy\""),
    SH("du -h assets/*.js | sort -h | tail -5"),
    "check the live collection page on the dev store",
    X(H(SHOP + "/collections/green-tea"), "ETIMEDOUT: request timed out after 30000 ms"),
    X(H(SHOP + "/collections/green-tea"), "HTTP 429 Too Many Requests"),
    "leave it. commit what we have",
    GA("locales/fr.json"), GA("snippets/card-product.liquid"), GC("French cart/newsletter strings; lazy product cards"),
    SH("git push origin main"),
]

S5 = [
    "Jules. HT-84: pairs_with metafield -> section of up to 3 product cards on the PDP",
    R("templates/product.json"), R("snippets/card-product.liquid"),
    "new section then",
    W("sections/pairs-well-with.liquid",
      "{% assign picks = product.metafields.custom.pairs_with.value %}\n<ul class=\"pairs\">{% for p in picks limit: 3 %}"
      "{% render 'card-product', card_product: p %}{% endfor %}</ul>\n{% schema %}{\"name\": \"Pairs well with\"}{% endschema %}"),
    E("templates/product.json", "\"order\": [\"main\", \"brewing-guide\", \"recommendations\"]",
      "\"order\": [\"main\", \"pairs-well-with\", \"brewing-guide\", \"recommendations\"]"),
    SH("shopify theme check"), GA("sections/pairs-well-with.liquid", "templates/product.json"),
    "client needs to approve it tonight, put it on her review theme",
    X(SH("shopify theme push --theme 141273006321 --only sections/pairs-well-with.liquid templates/product.json"), NOSTORE),
    SH(PUSH + " --only sections/pairs-well-with.liquid templates/product.json"),
    "does the review theme show it?",
    H(SHOP + "/products/darjeeling-first-flush?preview_theme_id=141273006321"),
    "also fetch the discovery gift box PDP",
    X(H(SHOP + "/products/gift-box-discovery"), "ECONNRESET: socket hang up"), H(SHOP + "/products/gift-box-discovery"),
    "commit",
    GC("HT-84 pairs-well-with strip"), GS(),
]

S6 = [
    "Amara, Saturday: de newsletter label untranslated",
    R("locales/en.default.json"),
    E("locales/de.json", "\"newsletter_label\": \"Subscribe\"", "\"newsletter_label\": \"Abonnieren\""),
    GD("locales/de.json"),
    "and a last try at lighthouse for the product page",
    X(SH("lhci autorun --collect.url=http://127.0.0.1:9292/products/assam-gold"), LHCI),
    "ok, I'll use the CI job's numbers. what did the Actions run say last time? look at the workflow",
    R(".github/workflows/lighthouse.yml"), R("lighthouserc.json"),
    SH("gh run list --workflow lighthouse.yml --limit 3"),
    "commit the German string and we're done",
    GA("locales/de.json"), GC("German newsletter label"), GL(6),
    "one more: is the dev store home page up again?",
    H(SHOP + "/"),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
SEED = 86023
