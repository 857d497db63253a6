#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints the one closing line of a test run: "N passed, N failed" (and
", N skipped" when tests were skipped).

    test-summary.py TESTLOG.JSON        count a meson test log
    test-summary.py --add LINE LINE...  add up closing lines of several runs

Every Indium test speaks TAP, so the log's stdout of each test program is
read case by case: "ok" is a pass, "ok ... # SKIP" a skip, "not ok" a
failure.  A program that failed (crash, timeout, bad exit) without
reporting a failing case counts as one more failure, so that nothing is
lost; a program without TAP output counts as one case.  Exits 1 when
anything failed.
"""

import json
import re
import sys

TAP_LINE = re.compile(r'^(not ok|ok)\b(.*)$')
SUMMARY = re.compile(r'(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$')


def count_log(path):
    passed = failed = skipped = 0
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            entry = json.loads(line)
            p = fl = s = 0
            for out in entry.get('stdout', '').splitlines():
                m = TAP_LINE.match(out.strip())
                if not m:
                    continue
                directive = m.group(2).upper()
                if m.group(1) == 'ok':
                    if '# SKIP' in directive:
                        s += 1
                    else:
                        p += 1
                elif '# TODO' not in directive:
                    fl += 1
            result = entry.get('result')
            if result == 'SKIP' and p + fl + s == 0:
                s = 1
            elif result not in ('OK', 'SKIP', 'EXPECTEDFAIL') and fl == 0:
                fl += 1
            elif p + fl + s == 0 and result == 'OK':
                p = 1
            passed += p
            failed += fl
            skipped += s
    return passed, failed, skipped


def parse_line(line):
    m = SUMMARY.search(line)
    if not m:
        # A run that did not even reach its summary counts as a failure.
        return 0, 1, 0
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def main(argv):
    if len(argv) < 2 or argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 2
    if argv[1] == '--add':
        totals = [parse_line(line) for line in argv[2:]]
        passed, failed, skipped = (sum(t[i] for t in totals) for i in range(3))
    else:
        try:
            passed, failed, skipped = count_log(argv[1])
        except OSError as e:
            print(f'test-summary: {e}', file=sys.stderr)
            passed, failed, skipped = 0, 1, 0
    line = f'{passed} passed, {failed} failed'
    if skipped:
        line += f', {skipped} skipped'
    print(line)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
