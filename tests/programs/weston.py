#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A private headless weston for tests: its own XDG_RUNTIME_DIR (a new
temporary directory) and socket, the pixman renderer (so that it needs no
GL of its own and takes screenshots), --debug (so that clients may use
weston_screenshooter), always stopped whatever happens to the test.

As a module: `with Weston() as w: ... w.env() ...`.  As a command:

    weston.py [--size WxH] -- PROGRAM ARGS...

runs PROGRAM with WAYLAND_DISPLAY and XDG_RUNTIME_DIR set to the new
compositor and DISPLAY unset, and exits with its status; without weston
it prints a TAP plan that skips everything ("1..0 # SKIP") and exits 0.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

STARTUP_TIMEOUT = 30
SOCKET = 'indium-test'


class WestonError(Exception):
    """weston could not be started."""


class Weston:
    def __init__(self, size='640x480'):
        self.width, self.height = (int(v) for v in size.split('x'))
        self.runtime_dir = None
        self.proc = None
        self.log = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def start(self):
        exe = shutil.which('weston')
        if not exe:
            raise WestonError('weston is not installed')
        self.runtime_dir = tempfile.mkdtemp(prefix='indium-weston-')
        os.chmod(self.runtime_dir, 0o700)
        self.log = os.path.join(self.runtime_dir, 'weston.log')
        env = self._base_env(os.environ)
        self.proc = subprocess.Popen(
            [exe, '--backend=headless-backend.so', '--socket=' + SOCKET,
             '--idle-time=0', '--use-pixman', '--debug',
             '--width=%d' % self.width, '--height=%d' % self.height,
             '--log=' + self.log],
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        socket = os.path.join(self.runtime_dir, SOCKET)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline and self.proc.poll() is None:
            if os.path.exists(socket) and self._ready():
                return
            time.sleep(0.1)
        log = self.read_log()
        self.stop()
        raise WestonError('weston did not start: %s' % log.strip()[-500:])

    def _ready(self):
        """Whether the shell is up (clients then get xdg_wm_base)."""
        return 'launching' in self.read_log() or \
            'desktop-shell' in self.read_log()

    def read_log(self):
        try:
            with open(self.log, errors='replace') as f:
                return f.read()
        except OSError:
            return ''

    def stop(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
            self.proc = None
        if self.runtime_dir:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)
            self.runtime_dir = None

    def _base_env(self, base):
        env = dict(base)
        env['XDG_RUNTIME_DIR'] = self.runtime_dir
        env.pop('DISPLAY', None)
        env.pop('WAYLAND_DISPLAY', None)
        return env

    def env(self, base=None):
        """@p base (default os.environ) for a client of this compositor:
        WAYLAND_DISPLAY and XDG_RUNTIME_DIR set, no DISPLAY."""
        env = self._base_env(os.environ if base is None else base)
        env['WAYLAND_DISPLAY'] = SOCKET
        return env


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--size', default='640x480')
    parser.add_argument('command', nargs=argparse.REMAINDER)
    args = parser.parse_args(argv[1:])
    command = args.command[1:] if args.command[:1] == ['--'] else args.command
    if not command:
        parser.error('no program given')
    try:
        server = Weston(args.size)
        server.start()
    except WestonError as e:
        print('1..0 # SKIP %s' % e)
        return 0
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
    try:
        return subprocess.call(command, env=server.env())
    finally:
        server.stop()


if __name__ == '__main__':
    sys.exit(main(sys.argv))
