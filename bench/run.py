#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmarks Indium side by side with Mesa's llvmpipe and softpipe.

    run.py [--build DIR] [--runs N] [--quick] [--smoke] [--only WORKLOAD]...
           [--drivers indium,llvmpipe,softpipe] [--out DIR]

Runs every workload (bench_workloads.py) on each driver, --runs times
(default 3), alternating the drivers run by run: run 1 goes indium,
llvmpipe, softpipe, run 2 llvmpipe, softpipe, indium, and so on, all the
runs of one workload before the next workload, so that a change of load
on the machine spreads over the drivers instead of landing on one.
Prints the table of medians, speed ratios and peak RSS
(bench_report.py) and writes samples.csv, medians.csv, table.txt and
bench.png (gnuplot) into --out (default bench/results/).

--quick: one run, Indium only.  --smoke: the same on tiny sizes (a
64x64 framebuffer, one iteration, 20 shader pairs, glmark2's subset at
64x64 for a few frames, 3 Piglit tests): meson's "bench" suite, which
checks that every workload still runs and asserts nothing on time.
Exit status 1 when a workload failed on some driver.
"""

import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(TOP, 'tests', 'programs'))

import bench_drivers  # noqa: E402
import bench_report  # noqa: E402
import bench_workloads  # noqa: E402
import shader_pairs  # noqa: E402
import xvfb  # noqa: E402


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split('\n\n', 1)[1])
    ap.add_argument('--build', default=os.path.join(TOP, 'build'))
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--quick', action='store_true',
                    help='one run, Indium only')
    ap.add_argument('--smoke', action='store_true',
                    help='--quick on tiny sizes (the meson test)')
    ap.add_argument('--drivers', default=','.join(bench_drivers.DRIVERS))
    ap.add_argument('--only', action='append', default=[],
                    help='a workload group (micro, compile, glmark2, '
                    'glmark2-es2, piglit) or group/name; repeatable')
    ap.add_argument('--size', type=int, default=1024,
                    help='gl_bench framebuffer size')
    ap.add_argument('--iterations', type=int, default=0,
                    help='gl_bench iterations (default: per workload)')
    ap.add_argument('--compile-limit', type=int, default=0,
                    help='only the first N shader pairs (default: all)')
    ap.add_argument('--glmark2-duration', type=float, default=1.0,
                    help='seconds a glmark2 scene')
    ap.add_argument('--glmark2-size', default='800x600')
    ap.add_argument('--piglit-tests', type=int, default=0,
                    help='only the first N tests of the Piglit list')
    ap.add_argument('--timeout', type=float, default=900,
                    help='seconds a run may take')
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    args = ap.parse_args(argv)
    if args.quick or args.smoke:
        args.runs = 1
        args.drivers = 'indium'
    if args.smoke:
        args.size = 64
        args.iterations = 1
        args.compile_limit = args.compile_limit or 20
        args.glmark2_duration = 0.01
        args.glmark2_size = '64x64'
        args.piglit_tests = args.piglit_tests or 3
    args.drivers = [d for d in args.drivers.split(',') if d]
    for d in args.drivers:
        if d not in bench_drivers.DRIVERS:
            ap.error('unknown driver %s' % d)
    if args.runs < 1:
        ap.error('--runs must be at least 1')
    return args


def check_setup(ctx, drivers):
    problems = []
    if not os.path.isfile(ctx.gl_bench):
        problems.append('%s is missing (build first)' % ctx.gl_bench)
    if 'indium' in drivers and \
            not os.path.isfile(bench_drivers.indium_egl_json(ctx.build)):
        problems.append('%s is missing (build first)'
                        % bench_drivers.indium_egl_json(ctx.build))
    if any(d != 'indium' for d in drivers) and \
            not os.path.isfile(bench_drivers.MESA_EGL_JSON):
        problems.append('%s is missing (libegl-mesa0)'
                        % bench_drivers.MESA_EGL_JSON)
    return problems


def prepare_inputs(ctx, workloads):
    """The shader pair file and the Piglit list, in the work folder."""
    args = ctx.args
    if any(w.group == 'compile' for w in workloads):
        ctx.shader_pairs, n = shader_pairs.write(
            shader_pairs.PIGLIT, os.path.join(ctx.workdir, 'shader-pairs'),
            args.compile_limit or None, bench_workloads.COMPILE_CHUNK)
        print('bench: %d shader pairs from Piglit in %d files' % (
            n, len(ctx.shader_pairs)), flush=True)
    ctx.piglit_list = os.path.join(HERE, 'piglit-bench.list')
    if args.piglit_tests:
        with open(ctx.piglit_list) as f:
            tests = [l for l in f if l.strip() and not l.startswith('#')]
        ctx.piglit_list = os.path.join(ctx.workdir, 'piglit.list')
        with open(ctx.piglit_list, 'w') as f:
            f.writelines(tests[:args.piglit_tests])


def describe(sample):
    if sample.error:
        return 'FAILED (%s)' % sample.error
    head = sample.metrics[0] if sample.metrics else None
    text = '%.4g %s' % (head.value, head.unit) if head else 'no figure'
    return '%s, %.1f s, %.1f MiB%s' % (text, sample.seconds,
                                       sample.maxrss_kib / 1024.0,
                                       ', ' + sample.note if sample.note
                                       else '')


def run_all(ctx, workloads, drivers, runs):
    """{workload key: {driver: [Sample]}}, and the failures."""
    samples = {}
    failures = []
    for w in workloads:
        key = '%s/%s' % (w.group, w.name)
        by_driver = samples.setdefault(key, {d: [] for d in drivers})
        for r in range(runs):
            order = drivers[r % len(drivers):] + drivers[:r % len(drivers)]
            for d in order:
                s = w.run(d, ctx)
                if s.renderer and \
                        not bench_drivers.renderer_matches(d, s.renderer):
                    s.error = 'ran on "%s", not %s' % (s.renderer, d)
                print('bench: %s run %d/%d %s: %s' % (
                    key, r + 1, runs, d, describe(s)), flush=True)
                if s.error:
                    failures.append('%s on %s: %s' % (key, d, s.error))
                by_driver[d].append(s)
    return samples, failures


def machine():
    """One line about the machine: CPU, cores, memory, load."""
    cpu = ''
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    cpu = line.split(':', 1)[1].strip()
                    break
        with open('/proc/meminfo') as f:
            mem = int(f.readline().split()[1]) // 1024
    except OSError:
        mem = 0
    return '%s, %d cores, %d MiB, load average %.1f' % (
        cpu, os.cpu_count() or 0, mem, os.getloadavg()[0])


def main(argv):
    args = parse_args(argv)
    drivers = args.drivers
    with tempfile.TemporaryDirectory(prefix='indium-bench-') as workdir:
        ctx = bench_workloads.Context(args.build, args, workdir)
        problems = check_setup(ctx, drivers)
        if problems:
            for p in problems:
                print('bench: ' + p, file=sys.stderr)
            return 2
        workloads = bench_workloads.all_workloads(ctx, args.only)
        if not workloads:
            print('bench: no workload matches --only', file=sys.stderr)
            return 2
        server = None
        if any(w.group.startswith('glmark2') for w in workloads):
            try:
                server = xvfb.Xvfb('1024x768x24')
                server.start()
                ctx.display = server.display
            except xvfb.XvfbError as e:
                print('bench: no glmark2 workloads: %s' % e, flush=True)
                server = None
                workloads = [w for w in workloads
                             if not w.group.startswith('glmark2')]
        start = time.monotonic()
        start_machine = machine()
        try:
            prepare_inputs(ctx, workloads)
            samples, failures = run_all(ctx, workloads, drivers, args.runs)
        finally:
            if server:
                server.stop()
    minutes = (time.monotonic() - start) / 60
    lines = bench_report.table(samples, drivers)
    lines += ['', 'Medians of %d run(s) a driver, drivers alternating run '
              'by run; %.1f minutes.' % (args.runs, minutes),
              'Machine at the start: %s.' % start_machine,
              'Machine at the end: %s.' % machine()]
    print()
    print('\n'.join(lines))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, 'table.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    written = bench_report.write_csv(samples, drivers, args.out)
    png = bench_report.chart(samples, drivers, args.out)
    written += [png] if png else []
    print('bench: wrote %s' % ', '.join(written + [
        os.path.join(args.out, 'table.txt')]))
    for f in failures:
        print('bench: FAILED %s' % f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
