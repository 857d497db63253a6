#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs Piglit tests on Indium and, side by side, on Mesa's llvmpipe.

Both run through glvnd on the surfaceless EGL platform
(PIGLIT_PLATFORM=surfaceless_egl): Indium with
__EGL_VENDOR_LIBRARY_FILENAMES naming the build tree's vendor JSON,
llvmpipe with Mesa's vendor JSON and GALLIUM_DRIVER=llvmpipe.  Tests run
from Debian's piglit folder:

    tests/.../x.shader_test       bin/shader_runner FILE -auto -fbo
                                  (shader_runner_gles2/3 if its [require]
                                  asks for GL ES or GLSL ES)
    tests/.../x.vert (.frag, ...) bin/glslparsertest FILE RESULT VERSION
                                  (RESULT, VERSION and the required
                                  extensions from its [config])
    bin/NAME ARGS                 bin/NAME ARGS -auto -fbo

A test's result is the "PIGLIT: {"result": ...}" line it prints (warn
counts as pass): pass, fail or skip; crash when it dies of a signal or
prints no result; timeout when it runs longer than --timeout seconds.

Tests come from --list FILE (one test a line as above, or a glob of them,
relative to the piglit folder; "#" comments) and --folder DIR (every
.shader_test under DIR).  The output has one line per test whose results
differ between the two, a per-folder summary side by side, and the line
"Indium passes X of the Y tests llvmpipe passes (Z%)".

The expectations file lists Indium's known failures, "<test> <result>  #
reason" (result fail, crash or timeout).  The run fails (exit status 1)
on any failure, crash or timeout that the file does not list as such;
listed tests that now pass are printed so that the file stays exact.
--update-expectations rewrites the file with this run's failures (new
ones get the reason "TODO: triage"; entries of tests not run are kept).
--tap prints TAP (one case per folder) for meson.  --driver D runs one
driver alone (indium, llvmpipe or softpipe; bench/run.py times it).
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

from piglit_common import find_piglit, parse_config

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'programs'))
import xvfb  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MESA_JSON = '/usr/share/glvnd/egl_vendor.d/50_mesa.json'
PARSER_EXTS = ('.vert', '.geom', '.frag', '.tesc', '.tese', '.comp')
RESULTS = ('pass', 'fail', 'skip', 'crash', 'timeout')
# A list entry "window:bin/NAME ARGS" is a test Piglit runs in a window
# (run_concurrent False in its profile: front buffers, swaps, window-system
# framebuffers): it runs without -fbo on GLX, in a private Xvfb, one such
# test at a time.
WINDOW = 'window:'
FAILURES = ('fail', 'crash', 'timeout')


class Output:
    """Prints lines, as TAP diagnostics ("# ...") in TAP mode."""

    def __init__(self, tap):
        self.tap = tap

    def line(self, text=''):
        print('# ' + text if self.tap else text)

    def case(self, ok, number, text):
        if self.tap:
            print('%s %d - %s' % ('ok' if ok else 'not ok', number, text))
        else:
            print(text)


# ---- test selection ----

def is_glob(text):
    return any(c in text for c in '*?[')


def expand(piglit, entry):
    """The test names an entry of a list file stands for."""
    if entry.startswith('bin/') or entry.startswith(WINDOW):
        return [entry]
    if is_glob(entry):
        paths = glob.glob(os.path.join(piglit, entry), recursive=True)
        return sorted(os.path.relpath(p, piglit) for p in paths
                      if p.endswith('.shader_test') or
                      p.endswith(PARSER_EXTS))
    return [entry]


def read_list(piglit, path):
    tests = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            entry = line.split('#', 1)[0].strip()
            if entry:
                tests += expand(piglit, entry)
    return tests


def folder_tests(piglit, folder):
    base = os.path.join(piglit, folder)
    found = []
    for dirpath, _, files in os.walk(base):
        for name in files:
            if name.endswith('.shader_test'):
                found.append(os.path.relpath(os.path.join(dirpath, name),
                                             piglit))
    return sorted(found)


def shader_runner(path):
    """The shader_runner of a shader_test: like Piglit's framework, the
    GLES ones for tests whose [require] asks for GL ES or GLSL ES."""
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError:
        return 'bin/shader_runner'
    require = re.search(r'^\[require\](.*?)(^\[|\Z)', text, re.M | re.S)
    if require:
        m = re.search(r'^\s*(GL ES|GLSL ES)\s*>=?\s*(\d+)\.(\d+)',
                      require.group(1), re.M)
        if m:
            major = int(m.group(2))
            es3 = major >= 3 if m.group(1) == 'GL ES' else \
                (major, int(m.group(3))) >= (3, 0)
            return 'bin/shader_runner_gles3' if es3 else \
                'bin/shader_runner_gles2'
    return 'bin/shader_runner'


def command(piglit, test):
    """The command line of @test, or (None, reason) if it cannot run."""
    if test.startswith(WINDOW) or test.startswith('bin/'):
        window = test.startswith(WINDOW)
        cmd = test[len(WINDOW):].split() if window else test.split()
        if not os.path.isfile(os.path.join(piglit, cmd[0])):
            return None, 'not in this piglit'
        return cmd + (['-auto'] if window else ['-auto', '-fbo']), None
    path = os.path.join(piglit, test)
    if not os.path.isfile(path):
        return None, 'no such test'
    if test.endswith('.shader_test'):
        return [shader_runner(path), path, '-auto', '-fbo'], None
    if test.endswith(PARSER_EXTS):
        config = parse_config(path)
        if not config or 'expect_result' not in config:
            return None, 'no [config] header'
        # glslparsertest takes no -auto/-fbo; its options come first.
        # ESSL versions run in an ES context, as Piglit's own runner does
        # (the desktop program would need ARB_ES2/ES3_compatibility).
        version = config.get('glsl_version', '1.10').strip()
        es = version in ('1.00', '3.00', '3.10', '3.20') or \
            version.endswith('es')
        cmd = ['bin/glslparsertest_gles2' if es else 'bin/glslparsertest']
        if config.get('check_link', 'false').strip().lower() == 'true':
            cmd.append('--check-link')
        cmd += [path, config['expect_result'].strip(), version]
        return cmd + config.get('require_extensions', '').split(), None
    return None, 'unknown kind of test'


def folder_of(test):
    if test.startswith(WINDOW):
        return 'window'
    return 'bin' if test.startswith('bin/') else os.path.dirname(test)


# ---- running ----

def driver_env(driver, vendor_json):
    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'surfaceless_egl'
    if driver == 'indium':
        env['__EGL_VENDOR_LIBRARY_FILENAMES'] = vendor_json
        env.pop('GALLIUM_DRIVER', None)
    else:
        env['__EGL_VENDOR_LIBRARY_FILENAMES'] = MESA_JSON
        env['GALLIUM_DRIVER'] = driver
    return env


def window_env(driver, build, display):
    """The environment of a window test: GLX on the private Xvfb."""
    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'glx'
    env['DISPLAY'] = display
    if driver == 'indium':
        glvnd = os.path.abspath(os.path.join(build, 'src', 'gallium',
                                             'targets', 'glvnd'))
        env['__GLX_VENDOR_LIBRARY_NAME'] = 'indium'
        env['LD_LIBRARY_PATH'] = os.pathsep.join(
            p for p in (glvnd, env.get('LD_LIBRARY_PATH')) if p)
        env.pop('GALLIUM_DRIVER', None)
    else:
        env['__GLX_VENDOR_LIBRARY_NAME'] = 'mesa'
        env['GALLIUM_DRIVER'] = 'llvmpipe'
    return env


def parse_result(stdout):
    """The result of the last "PIGLIT: {...}" line with one, or None."""
    result = None
    for line in stdout.splitlines():
        if not line.startswith('PIGLIT:'):
            continue
        try:
            data = json.loads(line[len('PIGLIT:'):])
        except ValueError:
            continue
        if isinstance(data, dict) and 'result' in data:
            result = data['result']
    return result


def last_lines(text, n=3):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return ' | '.join(lines[-n:])[:300]


def run_one(piglit, cmd, env, timeout):
    """(result, detail, seconds)"""
    start = time.monotonic()
    # Tests that load data files (the ETC1 / ETC2 .ktx images) find them
    # under PIGLIT_SOURCE_DIR; the installed tree has them.
    env = dict(env)
    env.setdefault('PIGLIT_SOURCE_DIR', piglit)
    try:
        p = subprocess.Popen(cmd, cwd=piglit, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, text=True,
                             errors='replace', start_new_session=True)
    except OSError as e:
        return 'crash', str(e), 0.0
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return 'timeout', 'timeout after %gs' % timeout, timeout
    seconds = time.monotonic() - start
    if p.returncode < 0:
        detail = signal.Signals(-p.returncode).name
        if last_lines(err):
            detail += ': ' + last_lines(err)
        return 'crash', detail, seconds
    result = parse_result(out)
    if result is None:
        return 'crash', 'no result (exit status %d): %s' % (
            p.returncode, last_lines(err or out)), seconds
    if result == 'warn':
        result = 'pass'
    if result not in RESULTS:
        return 'fail', 'result "%s"' % result, seconds
    detail = last_lines(err or out) if result == 'fail' else ''
    return result, detail, seconds


# ---- expectations ----

def read_expectations(path):
    """{test: (result, reason)}"""
    exp = {}
    try:
        with open(path, encoding='utf-8') as f:
            for line in f:
                body, _, reason = line.partition('#')
                parts = body.strip().rsplit(None, 1)
                if len(parts) == 2:
                    exp[parts[0]] = (parts[1], reason.strip())
    except FileNotFoundError:
        pass
    return exp


def write_expectations(path, results, old):
    entries = {t: v for t, v in old.items() if t not in results}
    for test, by_driver in results.items():
        result = by_driver['indium'][0]
        if result in FAILURES:
            reason = old.get(test, (None, ''))[1] or 'TODO: triage'
            entries[test] = (result, reason)
    with open(path, 'w', encoding='utf-8') as f:
        f.write('# Piglit tests that fail on Indium (tests/piglit/piglit.py).'
                '\n# "<test> <result>  # reason"; result fail, crash or '
                'timeout.\n')
        for test in sorted(entries):
            result, reason = entries[test]
            f.write('%s %s  # %s\n' % (test, result, reason))


# ---- report ----

def summarize(results, drivers):
    """{folder: {driver: {result: count}}}"""
    folders = {}
    for test, by_driver in results.items():
        counts = folders.setdefault(folder_of(test), {
            d: dict.fromkeys(RESULTS, 0) for d in drivers})
        for d in drivers:
            counts[d][by_driver[d][0]] += 1
    return folders


def format_counts(c):
    return '%4d %4d %4d %4d %4d' % tuple(c[r] for r in RESULTS)


def report(out, results, drivers, expectations):
    """Prints the report; returns whether nothing unexpected happened."""
    main = drivers[0]
    reference = 'llvmpipe' in drivers[1:]
    for test in sorted(results):
        r = results[test]
        if reference and r[main][0] != r['llvmpipe'][0]:
            out.line('%s: indium %s, llvmpipe %s%s' % (
                test, r[main][0], r['llvmpipe'][0],
                ' (%s)' % r[main][1] if r[main][1] else ''))
        elif not reference and r[main][0] in FAILURES:
            out.line('%s: %s%s' % (test, r[main][0],
                                   ' (%s)' % r[main][1]
                                   if r[main][1] else ''))

    header = 'pass fail skip crsh tout'
    folders = summarize(results, drivers)
    width = max([len(f) for f in folders] + [len('folder')])
    out.line()
    out.line('%-*s %-24s   %s' % (width, 'folder', main,
                                   'llvmpipe' if reference else ''))
    out.line('%-*s %s   %s' % (width, '', header,
                               header if reference else ''))
    all_ok = True
    for number, folder in enumerate(sorted(folders), 1):
        unexpected, now_pass = [], []
        for test in sorted(t for t in results if folder_of(t) == folder):
            got = results[test][main][0]
            listed = expectations.get(test, (None, ''))[0]
            if got in FAILURES and got != listed:
                unexpected.append('%s: %s%s' % (
                    test, got, ' (listed as %s)' % listed if listed else ''))
            elif got not in FAILURES and listed:
                now_pass.append('%s: %s, listed as %s' % (test, got, listed))
        counts = folders[folder]
        text = '%-*s %s' % (width, folder, format_counts(counts[main]))
        if reference:
            text += '   ' + format_counts(counts['llvmpipe'])
        out.case(not unexpected, number, text)
        for u in unexpected:
            out.line('  unexpected: %s' % u)
        for p in now_pass:
            out.line('  unexpected pass (remove from the expectations): %s'
                     % p)
        all_ok = all_ok and not unexpected

    total = {d: dict.fromkeys(RESULTS, 0) for d in drivers}
    for counts in folders.values():
        for d in drivers:
            for r in RESULTS:
                total[d][r] += counts[d][r]
    text = '%-*s %s' % (width, 'total', format_counts(total[main]))
    if reference:
        text += '   ' + format_counts(total['llvmpipe'])
    out.line(text)
    if reference:
        ref_pass = [t for t in results if results[t]['llvmpipe'][0] == 'pass']
        both = [t for t in ref_pass if results[t][main][0] == 'pass']
        pct = 100.0 * len(both) / len(ref_pass) if ref_pass else 0.0
        out.line('Indium passes %d of the %d tests llvmpipe passes (%.1f%%)'
                 % (len(both), len(ref_pass), pct))
    return all_ok


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split('\n\n', 1)[1])
    ap.add_argument('--build', default=os.path.join(HERE, '..', '..',
                                                    'build'),
                    help='build folder (default: build/ of the source tree)')
    ap.add_argument('--vendor-json',
                    help='Indium\'s vendor JSON (default: the one of '
                    '--build)')
    ap.add_argument('--piglit', help='the piglit folder')
    ap.add_argument('--list', action='append', default=[],
                    help='file of tests, one a line')
    ap.add_argument('--folder', action='append', default=[],
                    help='run every .shader_test under this folder of '
                    'piglit (e.g. tests/spec/glsl-1.10)')
    ap.add_argument('--filter', help='only tests whose name contains this')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=float, default=60)
    ap.add_argument('--expectations',
                    default=os.path.join(HERE, 'shader-expectations.txt'))
    ap.add_argument('--update-expectations', action='store_true')
    ap.add_argument('--no-reference', action='store_true',
                    help='do not run llvmpipe')
    ap.add_argument('--driver', choices=('indium', 'llvmpipe', 'softpipe'),
                    help='run this driver alone (bench/run.py times it)')
    ap.add_argument('--json', help='write every result to this file')
    ap.add_argument('--tap', action='store_true', help='print TAP')
    args = ap.parse_args()
    out = Output(args.tap)

    piglit = args.piglit or find_piglit()
    if not piglit:
        print('1..0 # SKIP piglit is not installed' if args.tap else
              'piglit.py: piglit is not installed')
        return 0
    vendor_json = os.path.abspath(args.vendor_json or os.path.join(
        args.build, 'src', 'gallium', 'targets', 'glvnd',
        'indium_build.json'))
    if not os.path.isfile(vendor_json):
        print('piglit.py: %s does not exist (build first)' % vendor_json,
              file=sys.stderr)
        return 2
    if not args.list and not args.folder:
        ap.error('give --list or --folder')

    tests = []
    for path in args.list:
        tests += read_list(piglit, path)
    for folder in args.folder:
        tests += folder_tests(piglit, folder)
    if args.filter:
        tests = [t for t in tests if args.filter in t]
    tests = sorted(set(tests))
    drivers = ['indium'] + ([] if args.no_reference else ['llvmpipe'])
    if args.driver:
        drivers = [args.driver]
    envs = {d: driver_env(d, vendor_json) for d in drivers}

    # Window tests share one Xvfb and run one at a time.
    server = None
    window_envs = {}
    window_lock = threading.Lock()
    if any(t.startswith(WINDOW) for t in tests):
        try:
            server = xvfb.Xvfb()
            server.start()
            window_envs = {d: window_env(d, args.build,
                                         server.env()['DISPLAY'])
                           for d in drivers}
        except (xvfb.XvfbError, OSError) as e:
            server = None
            out.line('no Xvfb (%s): window tests are skipped' % e)

    def run_window(cmd, env):
        with window_lock:
            return run_one(piglit, cmd, env, args.timeout)

    results = {t: {} for t in tests}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {}
        for test in tests:
            cmd, why = command(piglit, test)
            window = test.startswith(WINDOW)
            if window and not window_envs:
                cmd, why = None, 'no Xvfb for a window test'
            for d in drivers:
                if cmd is None:
                    results[test][d] = ('skip', why, 0.0)
                elif window:
                    futures[pool.submit(run_window, cmd,
                                        window_envs[d])] = (test, d)
                else:
                    futures[pool.submit(run_one, piglit, cmd, envs[d],
                                        args.timeout)] = (test, d)
        # Progress on a terminal only: logs get the report alone.
        progress = sys.stderr.isatty() and not args.tap
        for done, fut in enumerate(
                concurrent.futures.as_completed(futures), 1):
            test, d = futures[fut]
            results[test][d] = fut.result()
            if progress:
                print('\r%d/%d' % (done, len(futures)), end='',
                      file=sys.stderr, flush=True)
        if progress:
            print('\r', end='', file=sys.stderr)
    if server:
        server.stop()

    expectations = read_expectations(args.expectations)
    if args.update_expectations:
        write_expectations(args.expectations, results, expectations)
        expectations = read_expectations(args.expectations)
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump({t: {d: dict(zip(('result', 'detail', 'seconds'), r))
                           for d, r in by_driver.items()}
                       for t, by_driver in sorted(results.items())},
                      f, indent=1)

    if args.tap:
        print('1..%d' % len({folder_of(t) for t in tests}))
    ok = report(out, results, drivers, expectations)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
