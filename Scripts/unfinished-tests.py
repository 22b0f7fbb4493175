#!/usr/bin/env python3
"""Names the tests a `swift test` log shows started and never finished.

Used by .ci/run when a test step runs past its time limit: the tests still running are the
ones to look at (a wait nothing resumes). Reads the log named on the command line.
"""
import re
import sys

# Counted, not collected in a set: suites may share a test's name (the log does not name the
# suite), and one that finished must not hide another of the same name that did not.
started, finished = {}, {}
# "◇ Test name(labels:) started", "✔ Test name(labels:) passed after …", "✘ Test name(…) with
# 3 test cases failed …"; a parameterized test's cases ("Test case passing …") are not counted.
pattern = re.compile(r"^. Test (?!case )(\w+\(.*?\))(?: with \d+ test cases?)? (started|passed|failed|skipped)")
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    match = pattern.match(line)
    if not match:
        continue
    name, what = match.groups()
    if what == "started":
        started[name] = started.get(name, 0) + 1
    elif what in ("passed", "failed", "skipped"):
        finished[name] = finished.get(name, 0) + 1
unfinished = [name for name in started if started[name] > finished.get(name, 0)]
print("tests started and never finished:" if unfinished else "every test that started finished")
for name in unfinished:
    print("  " + name)
