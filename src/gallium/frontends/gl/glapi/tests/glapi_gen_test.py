#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of glapi_gen.py and glapi_apis.py: deterministic output, the API
sets of a few commands, aliases, the glBegin/glEnd list, which stubs are
external symbols, and rejection of a bad description.  Prints TAP.

    glapi_gen_test.py GLAPI_GEN_PY GLAPI_APIS_PY GL_XML GL_H GLEXT_H
"""

import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read(outdir, name):
    with open(os.path.join(outdir, name), encoding='utf-8') as f:
        return f.read()


def stub_mask(table_c, name):
    """The API bits glapi_table.c gives @p name."""
    m = re.search(r'\{"' + name + r'", \(st_proc\)\w+, \(st_proc\)\w+,\n'
                  r'\s*([^}]*)\}', table_c)
    if not m:
        return None
    return set(re.findall(r'ST_API_BIT_(\w+)', m.group(1)))


def main():
    gen_path, apis_path, xml_path, gl_h, glext_h = sys.argv[1:6]
    gen = load(gen_path, 'glapi_gen')
    desc = load(apis_path, 'glapi_apis')
    results = []

    def check(name, ok):
        results.append((name, bool(ok)))

    with tempfile.TemporaryDirectory() as a, \
            tempfile.TemporaryDirectory() as b:
        for outdir in (a, b):
            subprocess.run([sys.executable, gen_path, apis_path, xml_path,
                            gl_h, glext_h, outdir], check=True)
        same = all(read(a, f) == read(b, f) for f in sorted(os.listdir(a)))
        check('output is deterministic', same and len(os.listdir(a)) == 9)

        table = read(a, 'glapi_table.c')
        names = re.findall(r'^   \{"(gl\w+)"', table, re.M)
        check('the table is sorted and unique',
              names == sorted(set(names), key=lambda n: n.encode()))
        check('glBegin is compatibility only',
              stub_mask(table, 'glBegin') == {'COMPAT'})
        check('glClear is in every API',
              stub_mask(table, 'glClear') == {'COMPAT', 'CORE', 'ES2'})
        check('glGenVertexArrays: core, ES 3.0, ARB_vertex_array_object',
              stub_mask(table, 'glGenVertexArrays') ==
              {'COMPAT', 'CORE', 'ES3'})
        check('GL 4.x commands are absent',
              stub_mask(table, 'glDispatchCompute') is None)

        stubs = read(a, 'glapi_stubs.c')
        check('an alias calls its target',
              re.search(r'glapi_stub_BindBufferARB\([^)]*\)\n\{[^}]*'
                        r'api_BindBuffer\(ctx', stubs) is not None)
        check('glVertex3f is allowed between glBegin and glEnd',
              re.search(r'glapi_stub_Vertex3f\(.*\n\{\n.*\n.*true,',
                        stubs) is not None)
        check('glGetError is not allowed between glBegin and glEnd',
              re.search(r'glapi_stub_GetError\(.*\n\{\n.*\n.*false,',
                        stubs) is not None)

        decls = read(a, 'glapi_table.h')
        check('glClear is an external symbol',
              '__asm__("glClear")' in decls)
        check('glBindVertexArrayOES (absent from glext.h) is not',
              'glapi_stub_BindVertexArrayOES(GLuint array);' in decls)
        check('glapi_api.h declares api_ of alias targets only',
              'api_BindBuffer(' in read(a, 'glapi_api.h') and
              'api_BindBufferARB(' not in read(a, 'glapi_api.h'))

    root = ET.parse(xml_path).getroot()
    commands = [c.find('proto/name').text
                for c in root.find('commands').findall('command')]
    unmatched = [r for r in desc.BEGIN_END_COMMANDS
                 if not any(re.fullmatch(r, c) for c in commands)]
    check('every glBegin/glEnd pattern names commands', not unmatched)

    desc.EXTENSIONS.append(('GL_ARB_shader_objects', ('CORE',)))
    try:
        gen.extension_commands(root, desc)
        check('an extension gl.xml lacks in an API is rejected', False)
    except SystemExit as e:
        check('an extension gl.xml lacks in an API is rejected',
              'does not support' in str(e))
    desc.EXTENSIONS.pop()

    print(f'1..{len(results)}')
    for i, (name, ok) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
    return 0 if all(ok for _, ok in results) else 1


if __name__ == '__main__':
    sys.exit(main())
