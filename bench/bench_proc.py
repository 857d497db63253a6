# SPDX-License-Identifier: MIT
"""Running one benchmark child: its output, wall time and peak memory.

The peak is the child's maximum resident set (ru_maxrss of wait4(), in
KiB on Linux).  wait4() reports the child itself and every descendant it
waited for, the largest of them: for piglit.py that is the biggest test
program it ran, for glmark2 and gl_bench the program itself.
"""

import os
import resource
import signal
import subprocess
import tempfile
import time


# The address space a child may take: a runaway compile fails instead of
# bringing the out-of-memory killer onto a shared machine.
ADDRESS_SPACE_LIMIT = 8 << 30


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS,
                       (ADDRESS_SPACE_LIMIT, ADDRESS_SPACE_LIMIT))


class Result:
    def __init__(self, status, output, seconds, maxrss_kib):
        self.status = status        # exit status, -N for signal N, None: timeout
        self.output = output        # stdout and stderr, decoded
        self.seconds = seconds      # wall time
        self.maxrss_kib = maxrss_kib

    @property
    def ok(self):
        return self.status == 0


def run(argv, env, timeout=600, cwd=None):
    """Runs @argv to its end (or kills its process group after @timeout
    seconds) and returns a Result."""
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        try:
            p = subprocess.Popen(argv, env=env, cwd=cwd, stdout=out,
                                 stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL,
                                 start_new_session=True,
                                 preexec_fn=limit_memory)
        except OSError as e:
            return Result(127, str(e), 0.0, 0)
        status = None
        usage = None
        while True:
            pid, wstatus, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(wstatus)
                break
            if time.monotonic() - start > timeout:
                os.killpg(p.pid, signal.SIGKILL)
                _, _, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.01)
        seconds = time.monotonic() - start
        p.returncode = status if status is not None else -9
        out.seek(0)
        text = out.read().decode(errors='replace')
    return Result(status, text, seconds, usage.ru_maxrss if usage else 0)
