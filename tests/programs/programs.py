#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Real programs from Debian on the build tree's Indium, under a private
Xvfb (xvfb.py) or a private headless weston (weston.py), reported as TAP.

    programs.py --build BUILD [--only NAME ...] [--expectations FILE]
                [--results FILE.json] [--list]

Each case:

- glxinfo: `glxinfo -B` reports Indium as vendor and renderer, direct
  rendering, and the core, compatibility and ES versions Indium
  advertises (at least 3.3 core, 3.0 compatibility, ES 3.0).
- driconf/forced, driconf/truncated: `glxinfo -B` with a ~/.drirc of
  its own (HOME is a new folder) reports the vendor and renderer the file
  forces for it; cut short, the file is reported once and ignored.
- eglinfo: the X11 platform of `eglinfo` reports EGL 1.5 from Indium
  with window configs.
- glxgears, es2gears: the program runs for a few seconds; its window is
  captured with xwd and must be neither blank nor corrupt: a readable
  image of the window's size, mostly black background, and the red,
  green and blue gears each present in their part of the window.
- glmark2/..., glmark2-es2/...: the whole default scene list with
  --validate (every scene runs, none may report "Validation: Failure"),
  and a fixed subset of scenes once with --validate and once as a
  short benchmark (every scene prints its "FPS:" line).  With
  INDIUM_PROGRAMS_FULL=1 the default benchmark of both runs as well
  (slow on a CPU renderer: ten seconds a scene).

On weston, without X (no DISPLAY):

- eglinfo-wayland: the Wayland platform of `eglinfo` reports EGL 1.5
  from Indium with window configs.
- weston-simple-egl: runs for a few seconds and stops on SIGINT with
  status 0; it must have presented frames (wl_buffer attaches counted in
  its WAYLAND_DEBUG log), and weston-screenshooter's screenshots of the
  output must show its window with the triangle's red, green and blue
  corners in one of them, and differ from each other (it animates).

Cases whose server cannot be started are skipped.

Programs are selected with the vendor variables `meson devenv` sets
(__GLX_VENDOR_LIBRARY_NAME, LD_LIBRARY_PATH, __EGL_VENDOR_LIBRARY_FILENAMES).
The expectations file lists known failures, one "NAME reason" per line;
a listed case that fails is reported as TODO, one that passes is a
failure (the list must be kept true).  Frame rates go to --results.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402
import weston  # noqa: E402
import xvfb  # noqa: E402
import xwd  # noqa: E402

TIMEOUT = 600

# The glmark2 subset: one of each kind of scene (glmark2's own option
# strings, as it prints them).
GLMARK2_SCENES = [
    'build:use-vbo=true',
    'texture:texture-filter=linear',
    'shading:shading=phong',
    'bump:bump-render=normals',
    'effect2d:kernel=0,1,0;1,-4,1;0,1,0;',
    'pulsar:light=false:quads=5:texture=false',
    'desktop:effect=shadow:windows=4',
    'buffer:columns=200:interleave=false:update-dispersion=0.9:'
    'update-fraction=0.5:update-method=map',
    'shadow',
    'refract',
    'conditionals:fragment-steps=5:vertex-steps=0',
    'function:fragment-complexity=low:fragment-steps=5',
    'loop:fragment-loop=false:fragment-steps=5:vertex-steps=5',
]

RESULT_LINE = re.compile(
    r'^\[(?P<scene>[\w-]+)\] (?P<options>.*?): '
    r'(?:Validation: (?P<validation>\w+)|FPS: (?P<fps>[\d.]+) .*'
    r'|(?P<other>.*))$')


class Case:
    """One TAP case: passed, a message, diagnostics printed when it fails
    and notes printed always."""

    def __init__(self, name, passed, message='', diag=(), notes=()):
        self.name = name
        self.passed = passed
        self.message = message
        self.diag = list(diag)
        self.notes = list(notes)


class Runner:
    def __init__(self, build, server, workdir):
        self.build = os.path.abspath(build)
        self.server = server
        self.workdir = workdir
        self.results = {}

    def env(self):
        glvnd = os.path.join(self.build, 'src', 'gallium', 'targets', 'glvnd')
        env = self.server.env()
        env['__GLX_VENDOR_LIBRARY_NAME'] = 'indium'
        env['LD_LIBRARY_PATH'] = os.pathsep.join(
            p for p in (glvnd, env.get('LD_LIBRARY_PATH')) if p)
        env['__EGL_VENDOR_LIBRARY_FILENAMES'] = os.path.join(
            glvnd, 'indium_build.json')
        env.pop('EGL_PLATFORM', None)
        return env

    def run(self, argv, timeout=TIMEOUT, env=None):
        """(exit status, stdout + stderr) of a program run to its end."""
        try:
            p = subprocess.run(argv, env=env or self.env(),
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=timeout)
        except FileNotFoundError:
            return None, '%s is not installed' % argv[0]
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b'').decode(errors='replace')
            return None, out + '\ntimed out after %d s' % timeout
        return p.returncode, p.stdout.decode(errors='replace')


def check_glxinfo(r):
    status, out = r.run(['glxinfo', '-B'])
    diag = out.splitlines()
    if status != 0:
        return [Case('glxinfo', False, 'exit status %s' % status, diag)]
    fields = dict(line.split(': ', 1) for line in out.splitlines()
                  if ': ' in line)
    problems = []

    def version(key, prefix=''):
        v = fields.get(key, '')
        m = re.match(re.escape(prefix) + r'(\d+)\.(\d+)', v)
        return (int(m.group(1)), int(m.group(2))) if m else None

    if fields.get('OpenGL vendor string') != 'Indium':
        problems.append('vendor is not Indium')
    if 'Indium' not in fields.get('OpenGL renderer string', ''):
        problems.append('renderer does not name Indium')
    if fields.get('direct rendering') != 'Yes':
        problems.append('not direct rendering')
    for key, prefix, least in (
            ('OpenGL core profile version string', '', (3, 3)),
            ('OpenGL version string', '', (3, 0)),
            ('OpenGL ES profile version string', 'OpenGL ES ', (3, 0))):
        v = version(key, prefix)
        if v is None or v < least:
            problems.append('%s: %r' % (key, fields.get(key)))
    return [Case('glxinfo', not problems, '; '.join(problems), diag)]


def check_eglinfo_platform(r, name, title):
    """eglinfo's section @p title ("X11", "Wayland") reports EGL 1.5 from
    Indium with window configs.  eglinfo exits with 1 when any platform
    fails to initialize (Wayland under Xvfb, X11 on weston): only the
    platform of the case must work."""
    status, out = r.run(['eglinfo'])
    header = title + ' platform:'
    if status not in (0, 1) or header not in out:
        return [Case(name, False, 'exit status %s' % status,
                     out.splitlines())]
    section = out.split(header, 1)[-1].split('platform:', 1)[0]
    lines = [line for line in section.splitlines()
             if not line.startswith('    ')]
    fields = dict(line.split(': ', 1) for line in lines if ': ' in line)
    problems = []
    if 'eglInitialize failed' in section:
        problems.append('eglInitialize failed')
    if fields.get('EGL vendor string') != 'Indium':
        problems.append('vendor %r' % fields.get('EGL vendor string'))
    if not fields.get('EGL version string', '').startswith('1.5'):
        problems.append('version %r' % fields.get('EGL version string'))
    if 'OpenGL_ES' not in fields.get('EGL client APIs', ''):
        problems.append('no OpenGL ES')
    if not re.search(r'win', section):
        problems.append('no window config')
    return [Case(name, not problems, '; '.join(problems), lines[:12])]


def check_eglinfo(r):
    return check_eglinfo_platform(r, 'eglinfo', 'X11')


def check_eglinfo_wayland(r):
    return check_eglinfo_platform(r, 'eglinfo-wayland', 'Wayland')


DRIRC = """<?xml version="1.0"?>
<driconf>
  <device>
    <application name="glxinfo" executable="glxinfo">
      <option name="force_gl_vendor" value="Forced Vendor"/>
      <option name="force_gl_renderer" value="Forced Renderer"/>
    </application>
    <application name="other" executable="not-glxinfo">
      <option name="force_gl_vendor" value="Wrong"/>
    </application>
  </device>
</driconf>
"""


def check_driconf(r):
    """glxinfo with a ~/.drirc of its own: the forced strings, then the
    same file cut short (one error, the file ignored, Indium's strings)."""
    home = os.path.join(r.workdir, 'driconf-home')
    os.makedirs(home, exist_ok=True)
    drirc = os.path.join(home, '.drirc')
    env = r.env()
    env['HOME'] = home
    for var in list(env):
        if var.lower() in ('force_gl_vendor', 'force_gl_renderer') or \
                var.startswith('INDIUM_FORCE_GL_'):
            del env[var]
    cases = []
    for name, text, vendor, renderer, errors in (
            ('driconf/forced', DRIRC, 'Forced Vendor', 'Forced Renderer', 0),
            ('driconf/truncated', DRIRC[:200], 'Indium', None, 1)):
        with open(drirc, 'w') as f:
            f.write(text)
        status, out = r.run(['glxinfo', '-B'], env=env)
        fields = dict(line.split(': ', 1) for line in out.splitlines()
                      if ': ' in line)
        problems = []
        if status != 0:
            problems.append('exit status %s' % status)
        if fields.get('OpenGL vendor string') != vendor:
            problems.append('vendor %r' % fields.get('OpenGL vendor string'))
        got = fields.get('OpenGL renderer string', '')
        if renderer is not None and got != renderer:
            problems.append('renderer %r' % got)
        if renderer is None and 'Indium' not in got:
            problems.append('renderer %r' % got)
        # glxinfo loads libGL once: a bad file is reported once per vendor
        # library that reads it (libGLX_indium here).
        n = len(re.findall(r'indium: driconf: error: .*\.drirc:\d+: .*'
                           r'file ignored', out))
        if n != errors:
            problems.append('%d driconf errors, expected %d' % (n, errors))
        cases.append(Case(name, not problems, '; '.join(problems),
                          out.splitlines()[:12]))
    return cases


# The gears of glxgears and es2gears, as the default view shows them: a
# region (fractions of the window) and the dominant channel.
GEARS = [
    ('red gear', (0.0, 0.35, 0.7, 1.0), 0),
    ('green gear', (0.5, 0.3, 1.0, 0.9), 1),
    ('blue gear', (0.0, 0.0, 0.7, 0.5), 2),
]


def dominant(p, channel):
    others = [p[i] for i in range(3) if i != channel]
    return p[channel] >= 60 and all(p[channel] > 2 * o for o in others)


def check_gears_image(image, name, keep):
    """Problems with a gears screenshot (empty list: fine)."""
    problems = []
    total = image.width * image.height
    black = sum(1 for p in image.pixels() if max(p) < 8)
    if black == total:
        return ['the window is black']
    if black < total * 0.3:
        problems.append('only %d%% background' % (100 * black // total))
    for gear, (fx0, fy0, fx1, fy1), channel in GEARS:
        x0, x1 = int(fx0 * image.width), int(fx1 * image.width)
        y0, y1 = int(fy0 * image.height), int(fy1 * image.height)
        n = sum(1 for p in image.pixels(x0, y0, x1, y1)
                if dominant(p, channel))
        # A gear covers several percent of the window.
        if n < (x1 - x0) * (y1 - y0) // 100:
            problems.append('%s: %d pixels in its region' % (gear, n))
    if problems and keep:
        xwd.write_ppm(image, os.path.join(keep, name + '.ppm'))
    return problems


def capture(r, window_name, path):
    """xwd of the window named @p window_name; the status of xwd."""
    with open(path, 'wb') as f:
        return subprocess.call(['xwd', '-silent', '-name', window_name],
                               env=r.env(), stdout=f,
                               stderr=subprocess.DEVNULL)


def check_gears(r, name, argv, window_name, seconds=3):
    log = os.path.join(r.workdir, name + '.log')
    shot = os.path.join(r.workdir, name + '.xwd')
    with open(log, 'wb') as out:
        try:
            proc = subprocess.Popen(argv, env=r.env(),
                                    stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT)
        except FileNotFoundError:
            return [Case(name, False, '%s is not installed' % argv[0])]
    try:
        # The window appears after start-up; then let it draw.
        deadline = time.monotonic() + 60
        status = 1
        while time.monotonic() < deadline and proc.poll() is None:
            status = capture(r, window_name, shot)
            if status == 0:
                break
            time.sleep(0.5)
        if status == 0:
            time.sleep(seconds)
            status = capture(r, window_name, shot)
        alive = proc.poll() is None
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    with open(log, errors='replace') as f:
        diag = f.read().splitlines()[-10:]
    if not alive:
        return [Case(name, False, 'exited early (status %s)' % proc.returncode,
                     diag)]
    if status != 0:
        return [Case(name, False, 'no window named %s' % window_name, diag)]
    try:
        image = xwd.read(shot)
    except xwd.XwdError as e:
        return [Case(name, False, 'corrupt screenshot: %s' % e, diag)]
    problems = check_gears_image(image, name, r.workdir)
    fps = [line for line in diag if 'FPS' in line]
    return [Case(name, not problems, '; '.join(problems), diag, fps)]


def glmark2_results(out):
    """The result lines of a glmark2 run, in order: (scene, options,
    validation or None, fps or None, other)."""
    results = []
    for line in out.splitlines():
        m = RESULT_LINE.match(line.strip())
        if m:
            results.append(m)
    return results


def check_glmark2(r, program, scenes, full=False):
    cases = []
    args = []
    for scene in scenes:
        args += ['-b', scene]
    status, out = r.run([program, '--validate'] + args)
    results = glmark2_results(out)
    errors = [line for line in out.splitlines() if line.startswith('Error')]
    for i, scene in enumerate(scenes):
        name = '%s/validate/%s' % (program, scene)
        if i >= len(results):
            cases.append(Case(name, False, 'no result (status %s)' % status,
                              errors[-5:]))
            continue
        v = results[i].group('validation')
        cases.append(Case(name, v in ('Success', 'Unknown'),
                          'validation: %s' % (v or results[i].group(0)),
                          errors if v not in ('Success', 'Unknown') else ()))
    # glmark2's whole default list, validated (each scene drawn and checked
    # once: the timed default benchmark is INDIUM_PROGRAMS_FULL's).
    status, out = r.run([program, '--validate'])
    default = glmark2_results(out)
    if status != 0 or not default:
        cases.append(Case(program + '/default-validate', False,
                          'status %s' % status, out.splitlines()[-10:]))
    for m in default:
        name = '%s/default-validate/%s:%s' % (program, m.group('scene'),
                                              m.group('options'))
        v = m.group('validation')
        cases.append(Case(name, v in ('Success', 'Unknown'),
                          'validation: %s' % (v or m.group(0))))
    # The same scenes as a short benchmark.
    args = []
    for scene in scenes:
        args += ['-b', scene + ':duration=0.5']
    status, out = r.run([program, '-s', '256x256'] + args)
    cases += fps_cases(r, program + '/benchmark', scenes, out, status)
    if full:
        status, out = r.run([program])
        default = ['%s:%s' % (m.group('scene'), m.group('options'))
                   for m in glmark2_results(out)]
        cases += fps_cases(r, program + '/default', default, out, status,
                           expect_all=False)
        if status != 0 or not default:
            cases.append(Case(program + '/default', False,
                              'status %s' % status, out.splitlines()[-10:]))
    return cases


def fps_cases(r, prefix, scenes, out, status, expect_all=True):
    results = glmark2_results(out)
    cases = []
    for i, scene in enumerate(scenes):
        name = '%s/%s' % (prefix, scene)
        if i >= len(results):
            cases.append(Case(name, False, 'no result (status %s)' % status))
            continue
        fps = results[i].group('fps')
        if fps is not None:
            r.results[name] = float(fps)
        cases.append(Case(name, fps is not None,
                          'no FPS: %s' % results[i].group(0),
                          notes=['%s FPS' % fps] if fps else ()))
    return cases


ATTACH = re.compile(r'-> wl_surface@\d+\.attach\(wl_buffer@')


def screenshot(r, directory):
    """A new weston-screenshooter PNG of the output, or None."""
    before = set(os.listdir(directory))
    subprocess.call(['weston-screenshooter'], env=r.env(), cwd=directory,
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL, timeout=60)
    new = sorted(f for f in set(os.listdir(directory)) - before
                 if f.endswith('.png'))
    return os.path.join(directory, new[-1]) if new else None


def triangle_problems(image):
    """What simple-egl's triangle lacks in @p image (empty: all there)."""
    problems = []
    for corner, channel in (('red', 0), ('green', 1), ('blue', 2)):
        n = sum(1 for p in image.pixels() if dominant(p, channel))
        if n < 100:
            problems.append('%s corner: %d pixels' % (corner, n))
    return problems


def check_simple_egl(r, name='weston-simple-egl', seconds=4, shots=4):
    shots_dir = os.path.join(r.workdir, name)
    os.makedirs(shots_dir, exist_ok=True)
    log = os.path.join(r.workdir, name + '.log')
    env = r.env()
    env['WAYLAND_DEBUG'] = 'client'
    with open(log, 'wb') as out:
        try:
            proc = subprocess.Popen(['weston-simple-egl'], env=env,
                                    stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT)
        except FileNotFoundError:
            return [Case(name, False, 'weston-simple-egl is not installed')]
    images = []
    try:
        time.sleep(seconds)
        for _ in range(shots):
            if proc.poll() is not None:
                break
            path = screenshot(r, shots_dir)
            if path:
                images.append(path)
            time.sleep(0.3)
        alive = proc.poll() is None
        if alive:
            proc.send_signal(signal.SIGINT)
        try:
            status = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            status = proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    with open(log, errors='replace') as f:
        text = f.read()
    diag = [line for line in text.splitlines()
            if not line.startswith('[')][-10:]
    frames = len(ATTACH.findall(text))
    # simple-egl prints "N frames in 5 seconds: F fps" every 5 s.
    rates = re.findall(r'frames in \d+ seconds: ([\d.]+) fps', text)
    notes = ['%d frames presented' % frames]
    if rates:
        r.results[name] = float(rates[-1])
        notes.append('%s FPS' % rates[-1])
    if not alive:
        return [Case(name, False, 'exited early (status %s)' % status, diag,
                     notes)]
    problems = []
    if status != 0:
        problems.append('exit status %s after SIGINT' % status)
    if frames < 10:
        problems.append('only %d frames presented' % frames)
    if not images:
        problems.append('no screenshot (weston-screenshooter failed)')
    decoded = []
    for path in images:
        try:
            decoded.append(png.read(path))
        except png.PngError as e:
            problems.append('corrupt screenshot %s: %s'
                            % (os.path.basename(path), e))
    if decoded:
        found = [triangle_problems(image) for image in decoded]
        if all(found):
            problems.append('no screenshot shows the triangle (%s)'
                            % '; '.join(found[0]))
        first = list(decoded[0].pixels())
        if len(decoded) > 1 and all(list(d.pixels()) == first
                                    for d in decoded[1:]):
            problems.append('the screenshots are all the same')
    return [Case(name, not problems, '; '.join(problems), diag, notes)]


TESTS = {
    'glxinfo': check_glxinfo,
    'driconf': check_driconf,
    'eglinfo': check_eglinfo,
    'glxgears': lambda r: check_gears(r, 'glxgears', ['glxgears'],
                                      'glxgears'),
    'es2gears': lambda r: check_gears(r, 'es2gears', ['es2gears_x11'],
                                      'es2gears'),
    'glmark2': lambda r: check_glmark2(r, 'glmark2', GLMARK2_SCENES,
                                       r.full),
    'glmark2-es2': lambda r: check_glmark2(r, 'glmark2-es2', GLMARK2_SCENES,
                                           r.full),
    'eglinfo-wayland': check_eglinfo_wayland,
    'weston-simple-egl': check_simple_egl,
}

# The cases that run on weston; the others run on Xvfb.
WAYLAND_TESTS = {'eglinfo-wayland', 'weston-simple-egl'}


def read_expectations(path):
    expected = {}
    if not path:
        return expected
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name, _, reason = line.partition(' ')
            expected[name] = reason.strip()
    return expected


def skipped(names, reason):
    cases = []
    for name in names:
        case = Case(name, True)
        case.skip = reason
        cases.append(case)
    return cases


def report(cases, expected):
    print('1..%d' % len(cases))
    failed = 0
    for n, case in enumerate(cases, 1):
        reason = expected.get(case.name)
        if getattr(case, 'skip', None):
            print('ok %d - %s # SKIP %s' % (n, case.name, case.skip))
            continue
        for d in case.notes + ([] if case.passed else case.diag):
            print('# ' + d)
        if reason is not None and not case.passed:
            print('not ok %d - %s # TODO %s (%s)' % (n, case.name, reason,
                                                    case.message))
        elif reason is not None:
            failed += 1
            print('not ok %d - %s: passes now, remove it from the '
                  'expectations' % (n, case.name))
        elif case.passed:
            print('ok %d - %s' % (n, case.name))
        else:
            failed += 1
            print('not ok %d - %s: %s' % (n, case.name, case.message))
    return failed


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split('\n', 2)[2])
    parser.add_argument('--build', required=True, help='the build folder')
    parser.add_argument('--only', nargs='*', choices=sorted(TESTS),
                        help='run only these')
    parser.add_argument('--expectations', help='known failures')
    parser.add_argument('--results', help='write frame rates here (JSON)')
    parser.add_argument('--keep', help='keep logs and screenshots here')
    parser.add_argument('--list', action='store_true')
    args = parser.parse_args(argv[1:])
    names = args.only or list(TESTS)
    if args.list:
        print('\n'.join(names))
        return 0
    expected = read_expectations(args.expectations)
    groups = [
        ('x11', [n for n in names if n not in WAYLAND_TESTS], xvfb.Xvfb,
         xvfb.XvfbError),
        ('wayland', [n for n in names if n in WAYLAND_TESTS], weston.Weston,
         weston.WestonError),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.keep or tmp
        os.makedirs(workdir, exist_ok=True)
        cases = []
        results = {}
        for _, group, server_class, server_error in groups:
            if not group:
                continue
            try:
                server = server_class()
                server.start()
            except server_error as e:
                cases += skipped(group, str(e))
                continue
            try:
                runner = Runner(args.build, server, workdir)
                runner.full = os.environ.get('INDIUM_PROGRAMS_FULL') == '1'
                for name in group:
                    cases += TESTS[name](runner)
                results.update(runner.results)
            finally:
                server.stop()
        failed = report(cases, expected)
        if args.results:
            with open(args.results, 'w') as f:
                json.dump(results, f, indent=1, sort_keys=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
