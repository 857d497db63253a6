#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a seed corpus for the GLSL fuzz target from Debian's Piglit.

Every glslparser test (.vert/.geom/.frag) and every shader section of the
shader_test files of the GLSL 1.10-3.30 and ESSL 1.00/3.00 folders becomes
one input: a mode byte (see glsl_fuzz.c: stage in bits 0-1, ES in bit 2,
compatibility in bit 3) followed by the source.

   make_seeds.py OUTDIR [PIGLIT_DIR]
"""
import hashlib
import os
import re
import sys

DIRS = ['glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40', 'glsl-1.50',
        'glsl-3.30', 'glsl-es-1.00', 'glsl-es-3.00']
STAGE = {'vert': 0, 'geom': 1, 'frag': 2,
         'vertex shader': 0, 'geometry shader': 1, 'fragment shader': 2}


def piglit_dir():
    for d in ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit'):
        if os.path.isdir(d):
            return d
    sys.exit('piglit not found (install the piglit package)')


def write(outdir, mode, source):
    data = bytes([mode]) + source.encode('utf-8', 'replace')
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(outdir, name), 'wb') as f:
        f.write(data)


def main():
    outdir = sys.argv[1]
    root = sys.argv[2] if len(sys.argv) > 2 else piglit_dir()
    os.makedirs(outdir, exist_ok=True)
    count = 0
    section = re.compile(r'^\[(vertex shader|geometry shader|'
                         r'fragment shader)\]\s*$')
    for top in ('tests/spec', 'generated_tests/spec'):
        for d in DIRS:
            es = 4 if '-es-' in d else 0
            for dirpath, _, files in os.walk(os.path.join(root, top, d)):
                for fn in files:
                    path = os.path.join(dirpath, fn)
                    ext = fn.rsplit('.', 1)[-1]
                    try:
                        text = open(path, encoding='utf-8',
                                    errors='replace').read()
                    except OSError:
                        continue
                    if ext in STAGE:
                        write(outdir, STAGE[ext] | es, text)
                        count += 1
                    elif ext == 'shader_test':
                        current, lines = None, []
                        for line in text.splitlines() + ['[end]']:
                            if line.startswith('['):
                                if current is not None:
                                    write(outdir, STAGE[current] | es,
                                          '\n'.join(lines) + '\n')
                                    count += 1
                                m = section.match(line)
                                current = m.group(1) if m else None
                                lines = []
                            elif current is not None:
                                lines.append(line)
    print(f'{count} seeds in {outdir}')


if __name__ == '__main__':
    main()
