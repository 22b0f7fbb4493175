#!/usr/bin/env bash
# Where posted events are delivered is one rule, told in one sentence (contract §19.4). This
# checks that every page that tells the rule says that sentence word for word (line breaks,
# indentation and `///` markers aside), and that no example in the documentation makes a
# poster without saying where its posts go: a code block's `poster()` or `poster(isolation:)`
# fails (in README, CONTRIBUTING, ARCHITECTURE, the articles and the doc comments, and on any
# line of the example programs and of the files the pages show excerpts of);
# `poster(deliveringOn:)` and `posterDeliveredByHand()` are the explicit spellings.
# Then it compiles what the pages say of them from outside the package (scratch path `$1`,
# default .build): `poster(deliveringOn:)` compiles where the caller runs on the actor it
# states, and not in a synchronous `init` that runs on none, where `poster()` still compiles.
set -euo pipefail
cd "$(dirname "$0")/.."

sentence="A bus delivers posted events on the first actor it learns — from \`poster(deliveringOn:)\`, or from \`poster()\`, \`events(of:)\` or \`next(_:)\` called on an actor — and never on another; until then, and always once it has vended \`posterDeliveredByHand()\`, they wait for its owner's next call into the bus or \`deliverPosted()\`."

# The pages that tell the rule: the articles that explain posting, and the doc comments of the
# calls that make a poster and of the poster itself.
pages=(
    Sources/EventBusKit/EventBusKit.docc/ConcurrencyAndIsolation.md
    Sources/EventBusKit/EventBusKit.docc/UsingEventBusKitInAnApp.md
    Sources/EventBusKit/EventBusKit.docc/WhenSomethingGoesWrong.md
    Sources/EventBusKit/EventBusKit.docc/OddSequences.md
    Sources/EventBusKit/EventBus+Posting.swift
    Sources/EventBusKit/EventBus+DeliveryModes.swift
    Sources/EventBusKit/EventPoster.swift
)

SENTENCE="$sentence" python3 - "${pages[@]}" <<'EOF'
import os, re, sys

sentence = os.environ["SENTENCE"]
failed = False
for page in sys.argv[1:]:
    text = open(page, encoding="utf-8").read()
    # A doc comment's lines lose their `///` marker; every run of white space reads as one.
    text = re.sub(r"^\s*///\s?", "", text, flags=re.M)
    text = re.sub(r"\s+", " ", text)
    if sentence not in text:
        print(f"{page}: does not say the posting rule's sentence word for word", file=sys.stderr)
        failed = True

# Examples: code blocks in README, CONTRIBUTING, ARCHITECTURE and the articles, and ```swift
# examples in doc comments.
sources = [page for page in ("README.md", "CONTRIBUTING.md", "ARCHITECTURE.md")
           if os.path.exists(page)] + sorted(
    os.path.join(root, name)
    for folder in ("Sources/EventBusKit",)
    for root, _, names in os.walk(folder)
    for name in names
    if name.endswith((".md", ".swift"))
)
implicit = re.compile(r"\.poster\((isolation:[^)]*)?\)")
for path in sources:
    in_block = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        body = re.sub(r"^\s*///\s?", "", line) if path.endswith(".swift") else line
        if body.lstrip().startswith("```"):
            in_block = not in_block
            continue
        if in_block and implicit.search(body):
            print(
                f"{path}:{number}: an example makes a poster without saying where its posts go; "
                "use poster(deliveringOn:) or posterDeliveredByHand()",
                file=sys.stderr)
            failed = True
# The example programs, and the files the pages show excerpts of (`<!-- snippet: from PATH -->`):
# every line of them is code a reader may copy.
shown = set()
for root, _, names in os.walk("Examples"):
    shown.update(os.path.join(root, name) for name in names if name.endswith(".swift"))
for path in sources:
    for target in re.findall(r"<!-- snippet: from (\S+) -->", open(path, encoding="utf-8").read()):
        if os.path.isdir(target):
            for root, _, names in os.walk(target):
                shown.update(os.path.join(root, n) for n in names if n.endswith(".swift"))
        elif os.path.exists(target):
            shown.add(target)
for path in sorted(shown):
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if implicit.search(line.split("//")[0]):
            print(
                f"{path}:{number}: an example makes a poster without saying where its posts go; "
                "use poster(deliveringOn:) or posterDeliveredByHand()",
                file=sys.stderr)
            failed = True
sys.exit(1 if failed else 0)
EOF

source Scripts/outside-client.sh "${1:-}" > /dev/null
# expect (compiles | fails), then the client's source.
compiles_or_fails() {
    local expect=$1 source=$2
    printf 'import EventBusKit\n%s\n' "$source" > "$work/Client.swift"
    if swiftc -typecheck -swift-version 6 "${client_flags[@]}" "$work/Client.swift" \
        > "$work/out.txt" 2>&1; then
        if [ "$expect" = fails ]; then
            echo "check-posting-rule: this compiles; the docs say it does not:" >&2
            cat "$work/Client.swift" >&2
            exit 1
        fi
        if grep -q "warning:" "$work/out.txt"; then cat "$work/out.txt" >&2; exit 1; fi
    elif [ "$expect" = compiles ]; then
        cat "$work/out.txt" >&2
        exit 1
    elif ! grep -q "poster(deliveringOn:fileID:line:)' in a synchronous nonisolated context" \
        "$work/out.txt"; then
        echo "check-posting-rule: this fails, but not for the reason the docs give:" >&2
        cat "$work/out.txt" >&2
        exit 1
    fi
}
compiles_or_fails compiles '@MainActor final class Model {
    let bus = EventBus()
    let poster: EventPoster
    init() { poster = bus.poster(deliveringOn: MainActor.shared) }
}
actor Service {
    let bus = EventBus()
    func start() -> EventPoster { bus.poster(deliveringOn: self) }
}'
compiles_or_fails fails 'actor Service {
    let bus = EventBus()
    let poster: EventPoster
    init() { poster = bus.poster(deliveringOn: self) }
}'
compiles_or_fails fails 'final class Plain {
    let bus = EventBus()
    let poster: EventPoster
    init() { poster = bus.poster(deliveringOn: MainActor.shared) }
}'
compiles_or_fails compiles 'actor Service {
    let bus = EventBus()
    let poster: EventPoster
    let byHand: EventPoster
    init() {
        poster = bus.poster()
        byHand = bus.posterDeliveredByHand()
    }
}'
echo "the posting rule's sentence is on each of its ${#pages[@]} pages, every example states its mode, and poster(deliveringOn:) compiles only on the actor it states"
