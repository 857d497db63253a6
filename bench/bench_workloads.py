# SPDX-License-Identifier: MIT
"""The workloads of bench/run.py.  Each has a group and a name and runs
once on one driver: run(driver, ctx) returns a Sample.

- gl_bench WORKLOAD (group "micro"): one gl_bench run; the figure it
  prints.
- compile: gl_bench's compile workload on every shader pair of
  shader_pairs.py, COMPILE_CHUNK pairs a process (Mesa 22.3 keeps about
  2.5 MB a program until its context goes: 6,000 programs in one
  process take 16 GB); programs/s over the sum of the processes' timed
  parts, peak RSS of the largest process.
- glmark2 and glmark2-es2 under Xvfb (groups "glmark2", "glmark2-es2"),
  the default scene list and the fixed subset of tests/programs
  (GLMARK2_SCENES), each scene at --glmark2-duration seconds; per-scene
  FPS and glmark2's score.
- piglit: tests/piglit/piglit.py on bench/piglit-bench.list, that driver
  alone, 2 jobs; the wall time in seconds (lower is better).
"""

import json
import os
import re
import sys

import bench_drivers
import bench_proc

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, 'tests', 'programs'))
import programs  # noqa: E402  (GLMARK2_SCENES, the result line format)


# Shader pairs a gl_bench process compiles (see above).
COMPILE_CHUNK = 500


class Metric:
    def __init__(self, name, unit, value, higher_better=True):
        self.name = name
        self.unit = unit
        self.value = value
        self.higher_better = higher_better


class Sample:
    """One run of one workload on one driver."""

    def __init__(self, metrics=(), maxrss_kib=0, seconds=0.0, renderer='',
                 error=None, note=''):
        self.metrics = list(metrics)
        self.maxrss_kib = maxrss_kib
        self.seconds = seconds
        self.renderer = renderer
        self.error = error
        self.note = note


class Context:
    """What the workloads share: the build, options, Xvfb, scratch."""

    def __init__(self, build, args, workdir, display=None):
        self.build = os.path.abspath(build)
        self.args = args
        self.workdir = workdir
        self.display = display
        self.gl_bench = os.path.join(self.build, 'bench', 'gl_bench')

    def env(self, driver):
        e = bench_drivers.env(driver, self.build)
        if self.display:
            e['DISPLAY'] = self.display
        return e


def failed(res, what):
    tail = ' | '.join(res.output.strip().splitlines()[-3:])[:300]
    return 'status %s%s' % (res.status, ': ' + tail if tail else '')


def bench_line(output):
    for line in output.splitlines():
        if line.startswith('BENCH '):
            try:
                return json.loads(line[6:])
            except ValueError:
                return None
    return None


class GlBench:
    group = 'micro'

    def __init__(self, name):
        self.name = name

    def run(self, driver, ctx):
        argv = [ctx.gl_bench, self.name, '--size', str(ctx.args.size)]
        if ctx.args.iterations:
            argv += ['--iterations', str(ctx.args.iterations)]
        res = bench_proc.run(argv, ctx.env(driver),
                             timeout=ctx.args.timeout)
        data = bench_line(res.output)
        if not res.ok or not data:
            return Sample(error=failed(res, self.name),
                          maxrss_kib=res.maxrss_kib)
        return Sample([Metric(self.name, data['unit'], data['value'])],
                      res.maxrss_kib, res.seconds, data.get('renderer', ''),
                      note='checksum %s' % data['checksum'])


class Compile:
    group = 'compile'
    name = 'compile'

    def run(self, driver, ctx):
        seconds = wall = 0.0
        work = linked = failed_links = maxrss = 0
        renderer = ''
        for path in ctx.shader_pairs:
            res = bench_proc.run([ctx.gl_bench, 'compile', '--shaders', path],
                                 ctx.env(driver), timeout=ctx.args.timeout)
            data = bench_line(res.output)
            maxrss = max(maxrss, res.maxrss_kib)
            wall += res.seconds
            if not res.ok or not data:
                return Sample(error=failed(res, path), maxrss_kib=maxrss)
            seconds += data['seconds']
            work += data['ok'] + data['failed']
            linked += data['ok']
            failed_links += data['failed']
            renderer = data.get('renderer', '')
        return Sample([Metric('compile', 'programs/s', work / seconds)],
                      maxrss, wall, renderer,
                      note='%d linked, %d failed' % (linked, failed_links))


class Glmark2:
    def __init__(self, program, scene_list):
        self.group = program
        self.program = program
        self.name = scene_list  # 'default' or 'subset'

    def run(self, driver, ctx):
        if not ctx.display:
            return Sample(error='no Xvfb')
        d = ctx.args.glmark2_duration
        argv = [self.program, '-s', ctx.args.glmark2_size]
        if self.name == 'default':
            argv += ['-b', ':duration=%g' % d]
        else:
            for scene in programs.GLMARK2_SCENES:
                argv += ['-b', '%s:duration=%g' % (scene, d)]
        res = bench_proc.run(argv, ctx.env(driver),
                             timeout=ctx.args.timeout)
        metrics = []
        broken = []
        for line in res.output.splitlines():
            m = programs.RESULT_LINE.match(line.strip())
            if not m:
                continue
            options = re.sub(r'(^|:)duration=[\d.]+(?=:|$)', '',
                             m.group('options')).strip(':') or '<default>'
            scene = '%s:%s' % (m.group('scene'), options)
            if m.group('fps') is not None:
                metrics.append(Metric(scene, 'fps', float(m.group('fps'))))
            else:
                broken.append('%s (%s)' % (scene, m.group('other')))
        score = re.search(r'glmark2 Score: (\d+)', res.output)
        renderer = re.search(r'GL_RENDERER:\s*(.*)', res.output)
        if not res.ok or not score:
            return Sample(metrics, res.maxrss_kib, res.seconds,
                          error=failed(res, self.program))
        metrics.insert(0, Metric('score', 'score', float(score.group(1))))
        return Sample(metrics, res.maxrss_kib, res.seconds,
                      renderer.group(1).strip() if renderer else '',
                      note='no FPS: ' + ', '.join(broken) if broken else '')


class Piglit:
    group = 'piglit'
    name = 'shader_runner'

    def run(self, driver, ctx):
        argv = [sys.executable, os.path.join(TOP, 'tests', 'piglit',
                                             'piglit.py'),
                '--build', ctx.build, '--list', ctx.piglit_list,
                '--jobs', '2', '--timeout', '120', '--driver', driver,
                '--expectations', os.devnull]
        res = bench_proc.run(argv, ctx.env(driver),
                             timeout=ctx.args.timeout * 4)
        total = re.search(r'^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)',
                          res.output, re.M)
        if res.status not in (0, 1) or not total:
            return Sample(error=failed(res, 'piglit.py'),
                          maxrss_kib=res.maxrss_kib)
        counts = [int(x) for x in total.groups()]
        return Sample([Metric('wall time (%d tests)' % sum(counts), 's',
                              res.seconds, higher_better=False)],
                      res.maxrss_kib, res.seconds,
                      note='pass %d fail %d skip %d crash %d timeout %d'
                      % tuple(counts))


def all_workloads(ctx, names):
    """The workloads selected by @names (groups or group/name; empty:
    all)."""
    micro = ['solid', 'blended', 'textured', 'small-triangles', 'vertices',
             'alu', 'texture-heavy', 'clear', 'readpixels']
    found = [GlBench(n) for n in micro] + [Compile()]
    for program in ('glmark2-es2', 'glmark2'):
        found += [Glmark2(program, 'default'), Glmark2(program, 'subset')]
    found.append(Piglit())
    if not names:
        return found
    return [w for w in found if w.group in names or
            '%s/%s' % (w.group, w.name) in names]
