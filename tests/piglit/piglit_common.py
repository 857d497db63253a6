# SPDX-License-Identifier: MIT
"""What the Piglit harnesses (glslparser.py, piglit.py) share: finding
Debian's piglit folder and reading the [config] header of a glslparser
test."""

import os
import re
import subprocess


def find_piglit():
    """The piglit folder holding tests/ and generated_tests/, or None."""
    candidates = []
    try:
        out = subprocess.run(['dpkg', '-L', 'piglit'], capture_output=True,
                             text=True, check=False).stdout
        for line in out.splitlines():
            if line.endswith('/piglit/tests'):
                candidates.append(os.path.dirname(line))
    except OSError:
        pass
    candidates.append('/usr/lib/x86_64-linux-gnu/piglit')
    for c in candidates:
        if os.path.isdir(os.path.join(c, 'tests', 'spec')):
            return c
    return None


def parse_config(path):
    """The [config] header of a test as a dict, or None without one."""
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read(8192)
    except OSError:
        return None
    lines = text.splitlines()
    config = None
    for line in lines:
        stripped = re.sub(r'^\s*(/\*+|\*+|//+)?\s*', '', line).rstrip()
        stripped = re.sub(r'\s*\*/\s*$', '', stripped)
        if config is None:
            if stripped.startswith('[config]'):
                config = {}
            continue
        if stripped.startswith('[end config]'):
            return config
        m = re.match(r'([A-Za-z_]+)\s*:\s*(.*)$', stripped)
        if m:
            config[m.group(1)] = m.group(2).strip()
    return None
