# SPDX-License-Identifier: MIT
"""The vertex/fragment shader pairs of Piglit's shader_test files of
GLSL 1.10 to 1.50, as gl_bench's compile workload reads them.

A pair is taken from every .shader_test under tests/spec/glsl-1.XX and
generated_tests/spec/glsl-1.XX (XX = 10, 20, 30, 40, 50) that has
exactly one "[vertex shader]" and one "[fragment shader]" section and
no other stage (the text up to the next section header; files with a
passthrough or external vertex shader, several compilation units, a
geometry or tessellation shader or no fragment shader are left out).  A shader without #version gets the version of the
[require] section ("GLSL >= 1.30": #version 130), as shader_runner does.
The four "*-explosion" tests (glsl-{fs,vs}-{inline,unroll}-explosion of
glsl-1.10) are left out: written to make a compiler's inlining or
unrolling explode, they dominate everything else (Mesa 22.3 takes 47 s
and 2.4 GB for them, the other 4,876 pairs take 20 s).
Versions up to 1.30 go to a compatibility context, 1.40 and 1.50 to the
core one.  The order is fixed (compatibility first, then by path), so
the same Piglit gives the same file.

As a command: shader_pairs.py [--piglit DIR] [--limit N] OUTPUT
"""

import argparse
import os
import re
import sys

VERSIONS = ('1.10', '1.20', '1.30', '1.40', '1.50')
SECTION = re.compile(r'^\[([^\]]+)\]\s*$', re.M)
PIGLIT = '/usr/lib/x86_64-linux-gnu/piglit'


def sections(text):
    """[(name, body)] of a shader_test, in order."""
    marks = list(SECTION.finditer(text))
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out.append((m.group(1).strip(), text[m.end():end].lstrip('\n')))
    return out


def required_version(require):
    m = re.search(r'^\s*GLSL\s*>=?\s*(\d+)\.(\d+)', require, re.M)
    return int(m.group(1)) * 100 + int(m.group(2)) if m else 110


def with_version(src, version):
    if re.search(r'^\s*#\s*version', src, re.M):
        return src
    return '#version %d\n%s' % (version, src)


def pair_of(path):
    """(compat, vs, fs) of one file, or None."""
    if path.endswith('-explosion.shader_test'):
        return None
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            secs = sections(f.read())
    except OSError:
        return None
    names = [n for n, _ in secs]
    if names.count('vertex shader') != 1 or \
            names.count('fragment shader') != 1:
        return None
    if any(n.endswith('shader') or ' shader ' in n
           for n in names if n not in ('vertex shader', 'fragment shader')):
        return None
    body = dict(secs)
    version = required_version(body.get('require', ''))
    if version > 150 or 'GLSL ES' in body.get('require', ''):
        return None
    vs = with_version(body['vertex shader'], version)
    fs = with_version(body['fragment shader'], version)
    m = re.search(r'^\s*#\s*version\s+(\d+)', vs, re.M)
    compat = (int(m.group(1)) if m else version) <= 130
    return compat, vs, fs


def find_files(piglit):
    files = []
    for top in ('tests/spec', 'generated_tests/spec'):
        for v in VERSIONS:
            base = os.path.join(piglit, top, 'glsl-' + v)
            for dirpath, _, names in os.walk(base):
                files += [os.path.join(dirpath, n) for n in names
                          if n.endswith('.shader_test')]
    return sorted(files)


def pairs(piglit, limit=None):
    """[(compat, name, vs, fs)] in the file's order."""
    found = []
    for path in find_files(piglit):
        p = pair_of(path)
        if p:
            found.append((p[0], os.path.relpath(path, piglit), p[1], p[2]))
    found.sort(key=lambda p: (not p[0], p[1]))
    return found[:limit] if limit else found


def write(piglit, output, limit=None, chunk=0):
    """Writes the pair file (with @chunk, files of @chunk pairs each:
    OUTPUT.0, OUTPUT.1, ...); returns the files and the number of
    pairs."""
    found = pairs(piglit, limit)
    if not chunk:
        chunk = max(1, len(found))
    files = []
    for start in range(0, len(found), chunk):
        path = output if chunk >= len(found) else '%s.%d' % (
            output, len(files))
        write_pairs(path, found[start:start + chunk])
        files.append(path)
    return files, len(found)


def write_pairs(output, found):
    with open(output, 'w', encoding='utf-8') as f:
        for compat, name, vs, fs in found:
            f.write('@@program %s %s\n@@vertex\n%s\n@@fragment\n%s\n' % (
                'compat' if compat else 'core', name,
                vs.replace('\n@@', '\n @@'), fs.replace('\n@@', '\n @@')))
    return len(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--piglit', default=PIGLIT)
    ap.add_argument('--limit', type=int)
    ap.add_argument('output')
    args = ap.parse_args()
    print('%d pairs' % write(args.piglit, args.output, args.limit)[1])


if __name__ == '__main__':
    sys.exit(main())
