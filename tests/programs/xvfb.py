#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A private Xvfb for tests: started on a display number of its own
choosing (-displayfd: the server picks a free one and writes it back) and
always stopped, whatever happens to the test.

As a module: `with Xvfb() as x: ... x.display ...`.  As a command:

    xvfb.py [--size WxHxD] -- PROGRAM ARGS...

runs PROGRAM with DISPLAY set to the new server and exits with its status;
without Xvfb it prints a TAP plan that skips everything ("1..0 # SKIP")
and exits 0, so that unit tests needing X are skipped, not failed.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

STARTUP_TIMEOUT = 30


class XvfbError(Exception):
    """Xvfb could not be started."""


class Xvfb:
    def __init__(self, size='1024x768x24'):
        self.size = size
        self.display = None
        self.proc = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def start(self):
        exe = shutil.which('Xvfb')
        if not exe:
            raise XvfbError('Xvfb is not installed')
        read_fd, write_fd = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [exe, '-displayfd', str(write_fd), '-screen', '0', self.size,
                 '-nolisten', 'tcp', '-noreset'],
                pass_fds=(write_fd,), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                start_new_session=True)
        finally:
            os.close(write_fd)
        number = b''
        deadline = time.monotonic() + STARTUP_TIMEOUT
        with os.fdopen(read_fd, 'rb') as pipe:
            os.set_blocking(pipe.fileno(), False)
            while time.monotonic() < deadline:
                try:
                    chunk = pipe.read()
                except BlockingIOError:
                    chunk = None
                if chunk:
                    number += chunk
                    if number.endswith(b'\n'):
                        break
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        if not number.strip().isdigit():
            err = b''
            if self.proc.poll() is not None:
                err = self.proc.stderr.read()
            self.stop()
            raise XvfbError('Xvfb did not start: %s'
                            % err.decode(errors='replace').strip())
        self.display = ':' + number.strip().decode()

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None

    def env(self, base=None):
        """@p base (default os.environ) with DISPLAY set to this server."""
        env = dict(os.environ if base is None else base)
        env['DISPLAY'] = self.display
        return env


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--size', default='1024x768x24')
    parser.add_argument('command', nargs=argparse.REMAINDER)
    args = parser.parse_args(argv[1:])
    command = args.command[1:] if args.command[:1] == ['--'] else args.command
    if not command:
        parser.error('no program given')
    try:
        server = Xvfb(args.size)
        server.start()
    except XvfbError as e:
        print('1..0 # SKIP %s' % e)
        return 0
    # The server goes even when the test runner kills us.
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
    try:
        return subprocess.call(command, env=server.env())
    finally:
        server.stop()


if __name__ == '__main__':
    sys.exit(main(sys.argv))
