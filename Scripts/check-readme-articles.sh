#!/usr/bin/env bash
# README's "Learn more" lists every article of the DocC catalog, each by its title: fails,
# naming the article, when an article (a `*.md` of Sources/EventBusKit/EventBusKit.docc other
# than the root page EventBusKit.md) is missing from that section, when the section links an
# article that does not exist, or when a link's text is not the article's `# Title`.
#
#   Scripts/check-readme-articles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - README.md Sources/EventBusKit/EventBusKit.docc <<'PYTHON'
import pathlib
import re
import sys

readme, catalog = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lines = readme.read_text(encoding="utf-8").splitlines()
try:
    start = lines.index("## Learn more") + 1
except ValueError:
    sys.exit('check-readme-articles: README.md has no "## Learn more" section')
end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
section = "\n".join(lines[start:end])

# Links into the catalog: [text](Sources/EventBusKit/EventBusKit.docc/Name.md); the text may
# wrap onto the next line.
prefix = catalog.as_posix() + "/"
linked = {}
for text, target in re.findall(r"\[([^\]]+)\]\(([^)\s]+)\)", section):
    if target.startswith(prefix) and target.endswith(".md"):
        linked[target[len(prefix):]] = " ".join(text.split())

articles = {}
for path in sorted(catalog.glob("*.md")):
    if path.name == "EventBusKit.md":
        continue  # the root page, not an article
    title = next(
        (l[2:].strip() for l in path.read_text(encoding="utf-8").splitlines() if l.startswith("# ")),
        None)
    articles[path.name] = title

failures = []
for name, title in articles.items():
    if name not in linked:
        failures.append(f'"{title}" ({prefix}{name}) is an article, but README\'s "Learn more" does not list it')
    elif linked[name] != title:
        failures.append(f'README\'s "Learn more" names {prefix}{name} "{linked[name]}"; its title is "{title}"')
for name, text in linked.items():
    if name not in articles:
        failures.append(f'README\'s "Learn more" lists "{text}" ({prefix}{name}), which is not an article of the catalog')

for failure in failures:
    print(f"check-readme-articles: {failure}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f'check-readme-articles: README\'s "Learn more" lists all {len(articles)} articles, by their titles')
PYTHON
