#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs Piglit's glslparser tests through indium-compile.

Every .vert/.geom/.frag file with a "[config]" comment header under
tests/spec/<dir> and generated_tests/spec/<dir> of Debian's piglit package
(for the GLSL versions Indium supports) is compiled with

    indium-compile --version <glsl_version> [--es] [--link] FILE

and the exit status is compared with the header's expect_result.  Like
Piglit's glslparsertest, a linked test gets a trivial complementary
shader: a vertex shader for a geometry shader, and in ES the other one of
vertex and fragment (ES programs need both).  A test
that requires an extension indium-compile does not support (or, with
"!GL_x", forbids one it supports) is skipped.  Results are compared with
the expectations file: lines "path: fail  # reason" list the known
disagreements ("crash" is allowed too), paths relative to the piglit
folder.  The output is TAP with one case per version directory, failing
on any disagreement, crash, hang or sanitizer report that the
expectations file does not list; a summary follows.

    glslparser.py --compiler PATH [--piglit DIR] [--expectations FILE]
                  [--jobs N] [--timeout S] [--filter TEXT] [--update]
                  [--dirs a,b,...]

--update rewrites the expectations file from this run's results (keeping
the reasons of entries that stay).
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

from piglit_common import find_piglit, parse_config

DIRS = ('glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40', 'glsl-1.50',
        'glsl-3.30', 'glsl-es-1.00', 'glsl-es-3.00')
EXTS = ('.vert', '.geom', '.frag')
HERE = os.path.dirname(os.path.abspath(__file__))

# Exit status indium-compile gets from the sanitizers (set below), so that
# a sanitizer report is a crash and not an ordinary compile failure.
SANITIZER_EXIT = 99


def parse_version(text, in_es_dir):
    """(version number, es) from "1.10", "3.00 es", "3.00", "1.00"."""
    m = re.match(r'(\d+)\.(\d+)\s*(es)?', text or '')
    if not m:
        return None, False
    v = int(m.group(1)) * 100 + int(m.group(2))
    es = bool(m.group(3)) or v in (100, 300, 310, 320) and in_es_dir
    return v, es or v == 100


def collect(piglit, filt, dirs=DIRS):
    """[(relative path, directory, config)] for every test, sorted."""
    tests = []
    for d in dirs:
        for root in ('tests/spec', 'generated_tests/spec'):
            base = os.path.join(piglit, root, d)
            for dirpath, _, files in os.walk(base):
                for name in files:
                    if not name.endswith(EXTS):
                        continue
                    full = os.path.join(dirpath, name)
                    rel = os.path.relpath(full, piglit)
                    if filt and filt not in rel:
                        continue
                    config = parse_config(full)
                    if config is not None and 'expect_result' in config:
                        tests.append((rel, d, config))
    tests.sort()
    return tests


def supported_extensions(compiler):
    out = subprocess.run([compiler, '--list-extensions'], capture_output=True,
                         text=True, check=False).stdout
    return set(out.split())


def skip_reason(config, extensions, d):
    version, _ = parse_version(config.get('glsl_version'), 'es' in d)
    if version is None:
        return 'no glsl_version'
    for ext in config.get('require_extensions', '').split():
        if ext.startswith('!'):
            if ext[1:] in extensions:
                return 'needs %s unsupported' % ext[1:]
        elif ext.startswith('GL_') and ext not in extensions:
            return 'needs %s' % ext
    return None


# The trivial shaders Piglit's glslparsertest links with a test.
DUMMY_SOURCES = {
    'vert': 'void main() { gl_Position = vec4(0.0); }\n',
    'frag': 'void main() { }\n',
}


def dummy_shader(tmpdir, stage, version, es):
    """Path of a trivial shader of @stage ('vert' or 'frag')."""
    path = os.path.join(tmpdir, 'dummy-%d%s.%s' % (version, 'es' if es
                                                     else '', stage))
    if not os.path.exists(path):
        profile = ' es' if es and version >= 300 else ''
        with open(path, 'w', encoding='utf-8') as f:
            f.write('#version %d%s\n%s' % (version, profile,
                                             DUMMY_SOURCES[stage]))
    return path


def link_partners(tmpdir, rel, version, es):
    """The complementary shaders glslparsertest links @rel with."""
    stage = os.path.splitext(rel)[1][1:]
    if stage == 'geom':
        return [dummy_shader(tmpdir, 'vert', version, es)]
    if es and stage in ('vert', 'frag'):
        other = 'frag' if stage == 'vert' else 'vert'
        return [dummy_shader(tmpdir, other, version, es)]
    return []


def run_one(compiler, piglit, tmpdir, rel, d, config, timeout):
    """'pass', 'fail', 'crash' or 'timeout', and the log's first line."""
    version, es = parse_version(config.get('glsl_version'), 'es' in d)
    cmd = [compiler, '--version', str(version)]
    if es:
        cmd.append('--es')
    cmd.append(os.path.join(piglit, rel))
    if config.get('check_link', 'false').lower() == 'true':
        cmd.append('--link')
        cmd += link_partners(tmpdir, rel, version, es)
    env = dict(os.environ)
    env['ASAN_OPTIONS'] = 'exitcode=%d:%s' % (SANITIZER_EXIT,
                                              env.get('ASAN_OPTIONS', ''))
    env['UBSAN_OPTIONS'] = 'halt_on_error=1:exitcode=%d:%s' % (
        SANITIZER_EXIT, env.get('UBSAN_OPTIONS', ''))
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           errors='replace', timeout=timeout, env=env,
                           check=False)
    except subprocess.TimeoutExpired:
        return 'timeout', 'timeout after %ss' % timeout
    first = (p.stderr.strip().splitlines() or [''])[0]
    first = first.replace(os.path.join(piglit, rel) + ': ', '')
    if p.returncode == 0:
        return 'pass', first
    if p.returncode == 1:
        return 'fail', first
    return 'crash', 'exit status %d: %s' % (p.returncode, first)


def read_expectations(path):
    """{path: (result, reason)}"""
    exp = {}
    try:
        with open(path, encoding='utf-8') as f:
            for line in f:
                line = line.rstrip('\n')
                body, _, reason = line.partition('#')
                body = body.strip()
                if not body:
                    continue
                name, _, result = body.rpartition(':')
                exp[name.strip()] = (result.strip(), reason.strip())
    except FileNotFoundError:
        pass
    return exp


def write_expectations(path, results, old):
    with open(path, 'w', encoding='utf-8') as f:
        f.write('# Known disagreements of indium-compile with Piglit\'s '
                'glslparser tests.\n'
                '# "path: fail" = the result differs from expect_result; '
                '"path: crash".\n'
                '# Regenerate with tests/piglit/glslparser.py --update.\n')
        for rel in sorted(results):
            d, outcome, expected, detail = results[rel]
            if outcome == 'skip' or outcome == 'agree':
                continue
            status = 'crash' if outcome in ('crash', 'timeout') else 'fail'
            reason = old.get(rel, (None, ''))[1]
            if not reason and status == 'crash':
                reason = detail
            elif not reason and expected == 'fail':
                reason = 'accepted, should be rejected'
            elif not reason:
                reason = 'rejected: %s' % detail
            f.write('%s: %s  # %s\n' % (rel, status, reason[:160]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--compiler', required=True)
    ap.add_argument('--piglit')
    ap.add_argument('--expectations',
                    default=os.path.join(HERE,
                                         'glslparser-expectations.txt'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=float, default=10)
    ap.add_argument('--filter')
    ap.add_argument('--update', action='store_true')
    ap.add_argument('--dirs', help='comma-separated spec folders to run '
                    'instead of the GLSL version folders')
    args = ap.parse_args()
    dirs = tuple(args.dirs.split(',')) if args.dirs else DIRS

    piglit = args.piglit or find_piglit()
    if not piglit:
        print('1..0 # SKIP piglit is not installed')
        return 0
    extensions = supported_extensions(args.compiler)
    tests = collect(piglit, args.filter, dirs)
    expectations = read_expectations(args.expectations)

    results = {}
    todo = []
    for rel, d, config in tests:
        reason = skip_reason(config, extensions, d)
        expected = config['expect_result'].strip().lower()
        if reason:
            results[rel] = (d, 'skip', expected, reason)
        else:
            todo.append((rel, d, config, expected))

    # The dummy shaders are written before the threads start.
    tmp = tempfile.TemporaryDirectory(prefix='glslparser-')
    for rel, d, config, _ in todo:
        version, es = parse_version(config.get('glsl_version'), 'es' in d)
        link_partners(tmp.name, rel, version, es)
    with tmp, concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(run_one, args.compiler, piglit, tmp.name, rel,
                               d, config, args.timeout): (rel, d, expected)
                   for rel, d, config, expected in todo}
        for fut in concurrent.futures.as_completed(futures):
            rel, d, expected = futures[fut]
            got, detail = fut.result()
            if got in ('crash', 'timeout'):
                outcome = got
            else:
                outcome = 'agree' if got == expected else 'disagree'
            results[rel] = (d, outcome, expected, detail)

    if args.update:
        write_expectations(args.expectations, results, expectations)
        expectations = read_expectations(args.expectations)

    print('1..%d' % len(dirs))
    totals = dict(agree=0, disagree=0, skip=0, crash=0, fixed=0)
    for i, d in enumerate(dirs, 1):
        counts = dict(agree=0, disagree=0, skip=0, crash=0)
        unexpected, fixed = [], []
        for rel in sorted(r for r in results if results[r][0] == d):
            _, outcome, expected, detail = results[rel]
            counts['crash' if outcome == 'timeout' else outcome] += 1
            known = expectations.get(rel, (None, ''))[0]
            if outcome in ('crash', 'timeout'):
                if known != 'crash':
                    unexpected.append('%s: %s (%s)' % (rel, outcome, detail))
            elif outcome == 'disagree':
                if known != 'fail':
                    unexpected.append('%s: got %s, expected %s (%s)' % (
                        rel, 'fail' if expected == 'pass' else 'pass',
                        expected, detail))
            elif outcome == 'agree' and known:
                fixed.append(rel)
        for k in counts:
            totals[k] += counts[k]
        totals['fixed'] += len(fixed)
        summary = '%s: %d agree, %d disagree, %d skip, %d crash' % (
            d, counts['agree'], counts['disagree'], counts['skip'],
            counts['crash'])
        print('%s %d - %s' % ('not ok' if unexpected else 'ok', i, summary))
        for u in unexpected:
            print('#   unexpected: %s' % u)
        for f in fixed:
            print('#   now agrees (remove from the expectations): %s' % f)
    run = totals['agree'] + totals['disagree'] + totals['crash']
    pct = 100.0 * totals['agree'] / run if run else 0.0
    print('# total: %d agree, %d disagree, %d skip, %d crash; '
          'agreement %.2f%% of %d run; %d listed now agree' % (
              totals['agree'], totals['disagree'], totals['skip'],
              totals['crash'], pct, run, totals['fixed']))
    return 0


if __name__ == '__main__':
    sys.exit(main())
